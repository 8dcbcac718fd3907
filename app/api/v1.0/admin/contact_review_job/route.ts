// POST /api/v1.0/admin/contact_review_job: an admin writes to a job's company about a posting under review (mailed, kept with the job)
import { route } from '@/lib/api/route';
import { contactReviewJob } from '@/lib/admin/contact-review';
import { contactReviewJobSchema } from '@/lib/admin/schemas';

export const POST = route({
  access: 'admin',
  body: contactReviewJobSchema,
  created: 'always',
  handler: async ({ db, actor, body, ip }) => contactReviewJob(db, actor, body, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
