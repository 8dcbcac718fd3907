// GET /api/v1.0/jobs/{id}/statistics: simple counts for a job
import { route } from '@/lib/api/route';
import { jobStatistics } from '@/lib/jobs/services';

export const GET = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => jobStatistics(db, actor, params.id),
});
