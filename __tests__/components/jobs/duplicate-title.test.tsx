import { jobToContent } from '@/components/jobs/wizard/convert';
import { jobContentFormSchema } from '@/components/jobs/wizard/validation';
import { copyTitle } from '@/lib/jobs/title';
import { jobDetail } from './helpers';

/** The wizard's duplicate draft starts from jobToContent(job, copyTitle(job.title)): its title must be one the form and the server accept. */
describe("the duplicate draft's title", () => {
  it("gets ' Copy' and stays within 150 characters, cutting the source title on a whole character", () => {
    for (const [title, expected] of [
      ['Flatbed Driver', 'Flatbed Driver Copy'],
      ['T'.repeat(150), `${'T'.repeat(145)} Copy`],
      // The first 145 code units end inside the truck emoji's surrogate pair: the emoji goes whole.
      [`${'x'.repeat(144)}\u{1F69A}yyyy`, `${'x'.repeat(144)} Copy`],
      // A cut that ends on a space does not leave two before ' Copy'.
      [`${'w'.repeat(144)} zzzzz`, `${'w'.repeat(144)} Copy`],
    ]) {
      const content = jobToContent(jobDetail({ title }), copyTitle(title));
      expect(content.title).toBe(expected);
      const parsed = jobContentFormSchema.safeParse(content);
      expect(parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === 'title')).toEqual([]);
    }
  });
});
