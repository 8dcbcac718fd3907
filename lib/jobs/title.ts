import { cutWhole } from '@/lib/validation/text';

/**
 * The job title's limit and the title a copy of a job gets. Client-safe and zod-free: the wizard's
 * duplicate draft (components/jobs/wizard/convert.ts) and duplicateJob (lib/jobs/services.ts)
 * both name their copy here, so the two agree.
 */

/** The longest job title, counted as zod's .max counts a string (UTF-16 code units); jobs spec §5. */
export const JOB_TITLE_MAX = 150;

const COPY_SUFFIX = ' Copy';

/**
 * `<title> Copy` (spec §4), within JOB_TITLE_MAX: a title too long for the suffix is cut first, on
 * a whole character (never half of a surrogate pair) and without the spaces the cut leaves at its
 * end, so the copy's title is one the server accepts when it is saved back or paid for.
 */
export function copyTitle(title: string): string {
  const room = JOB_TITLE_MAX - COPY_SUFFIX.length;
  if (title.length <= room) return `${title}${COPY_SUFFIX}`;
  return `${cutWhole(title, room).trimEnd()}${COPY_SUFFIX}`;
}
