// POST /api/v1.0/jobs/{id}/applicants/delete-tags: {applicantId, tagId} or {applicantId, cleanAll: true}
import { route } from '@/lib/api/route';
import { deleteApplicantTagsSchema } from '@/lib/applications/schemas';
import { deleteApplicantTags } from '@/lib/applications/tags';

export const POST = route<typeof deleteApplicantTagsSchema, undefined, { id: string }>({
  access: 'companyJobs',
  body: deleteApplicantTagsSchema,
  handler: ({ db, actor, params, body }) => deleteApplicantTags(db, actor, params.id, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
