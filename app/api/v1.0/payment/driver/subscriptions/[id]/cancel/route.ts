// PATCH /api/v1.0/payment/driver/subscriptions/{id}/cancel: an admin stops a driver's subscription renewal, with the reason
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/admin/params';
import { cancelSubscriptionSchema } from '@/lib/subscriptions/schemas';
import { cancelDriverSubscription } from '@/lib/subscriptions/services';

export const PATCH = route<typeof cancelSubscriptionSchema, undefined, { id: string }>({
  access: 'admin',
  body: cancelSubscriptionSchema,
  handler: ({ db, actor, params, body, ip }) => cancelDriverSubscription(db, actor, idParam(params.id, 'Subscription not found.'), body, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
