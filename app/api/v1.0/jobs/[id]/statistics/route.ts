// GET /api/v1.0/jobs/{id}/statistics: posting counts, views, applications per day, candidates, cost per applicant
import { route } from '@/lib/api/route';
import { jobActivityStatistics } from '@/lib/applications/statistics';

export const GET = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => jobActivityStatistics(db, actor, params.id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
