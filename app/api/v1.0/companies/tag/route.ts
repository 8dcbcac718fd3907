// POST /api/v1.0/companies/tag: add a tag to the company's list ({tag})
import { route, withStatus } from '@/lib/api/route';
import { tagSchema } from '@/lib/jobs/schemas';
import { createCompanyTag } from '@/lib/jobs/tags';
import { rowIdNumber } from '@/lib/validation/numbers';

export const POST = route({
  access: 'companyJobs',
  created: 'when-new',
  body: tagSchema.extend({ company_id: rowIdNumber().optional() }),
  handler: async ({ db, actor, body }) => {
    const { tag, created } = await createCompanyTag(db, actor, body.tag, body.company_id);
    return created ? withStatus(201, tag) : tag;
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
