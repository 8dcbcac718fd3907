// GET /api/v1.0/user/{id}/driver-score: a driver's profile strength 0–100 with its parts
import { route } from '@/lib/api/route';
import { driverScore } from '@/lib/applications/driver-score';

export const GET = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => driverScore(db, actor, params.id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
