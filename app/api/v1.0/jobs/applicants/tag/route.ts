// POST /api/v1.0/jobs/applicants/tag: {jobId, applicantId, tagId} tags an applicant of a job
import { route } from '@/lib/api/route';
import { tagApplicantSchema } from '@/lib/applications/schemas';
import { tagApplicant } from '@/lib/applications/tags';

export const POST = route<typeof tagApplicantSchema>({
  access: 'companyJobs',
  body: tagApplicantSchema,
  created: 'always',
  handler: async ({ db, actor, body }) => tagApplicant(db, actor, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
