// POST /api/v1.0/payment/employer/job/addons: pay the subscribed, unpaid add-ons of a live job
import { route } from '@/lib/api/route';
import { payAddons } from '@/lib/payments/job-payments';
import { jobChargeSchema } from '@/lib/payments/schemas';

export const POST = route({ access: 'companyJobs', body: jobChargeSchema, handler: ({ db, actor, body, ip }) => payAddons(db, actor!, body, {}, ip) });

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
