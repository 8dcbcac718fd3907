// GET /api/v1.0/user/{id}/driver-score: a driver's profile strength 0–100 with its parts
import { route } from '@/lib/api/route';
import { driverScore } from '@/lib/applications/driver-score';

export const GET = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => driverScore(db, actor, params.id),
});
