// PATCH /api/v1.0/jobs/{id}/cancel-renewal: turn auto-renew off with a reason
import { route } from '@/lib/api/route';
import { cancelRenewalSchema } from '@/lib/jobs/schemas';
import { cancelRenewal } from '@/lib/jobs/services';

export const PATCH = route<typeof cancelRenewalSchema, undefined, { id: string }>({
  access: 'companyJobs',
  body: cancelRenewalSchema,
  handler: ({ db, actor, params, body }) => cancelRenewal(db, actor, params.id, body.renewalCancelationReason),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
