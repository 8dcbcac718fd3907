// GET /api/v1.0/jobs/{id}/applicants/{applicantId}: the applicant's full profile, stage history and notes
import { route } from '@/lib/api/route';
import { applicantDetail } from '@/lib/applications/pipeline';

export const GET = route<undefined, undefined, { id: string; applicantId: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => applicantDetail(db, actor, params.id, params.applicantId),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
