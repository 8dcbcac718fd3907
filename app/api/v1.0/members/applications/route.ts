// GET /api/v1.0/members/applications: the signed-in driver's own applications, newest first
import { paginated, route } from '@/lib/api/route';
import { listDriverApplications } from '@/lib/drivers/applications';
import { driverPageSchema } from '@/lib/drivers/schemas';

export const GET = route({
  access: 'drivers',
  query: driverPageSchema,
  handler: async ({ db, actor, query }) => {
    const { items, pagination } = await listDriverApplications(db, actor!.userId, query);
    return paginated(items, pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
