// POST /api/v1.0/payment/driver/subscriptions/search?offset=&limit=: drivers with their subscriptions (Admin Driver List)
import { paginated, route } from '@/lib/api/route';
import { pageQuerySchema } from '@/lib/admin/schemas';
import { driverSubscriptionSearchSchema } from '@/lib/subscriptions/schemas';
import { searchDriverSubscriptions } from '@/lib/subscriptions/services';

export const POST = route({
  access: 'admin',
  body: driverSubscriptionSearchSchema,
  query: pageQuerySchema,
  handler: async ({ db, actor, body, query }) => {
    const r = await searchDriverSubscriptions(db, actor, body, query);
    return paginated(r.data, r.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
