// POST /api/v1.0/payment/invoice/renewal: charge the posting amount and extend the job 30 days
import { route } from '@/lib/api/route';
import { renewJob } from '@/lib/payments/renewals';
import { jobChargeSchema } from '@/lib/payments/schemas';

export const POST = route({ access: 'companyJobs', body: jobChargeSchema, handler: ({ db, actor, body, ip }) => renewJob(db, actor!, body, {}, ip) });

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
