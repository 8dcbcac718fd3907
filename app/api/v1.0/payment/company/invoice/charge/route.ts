// POST /api/v1.0/payment/company/invoice/charge: pay a job named by its jobs_post_token (card or contract)
import { route } from '@/lib/api/route';
import { chargeJob } from '@/lib/payments/job-payments';
import { chargeSchema } from '@/lib/payments/schemas';

export const POST = route({ access: 'companyJobs', body: chargeSchema, handler: ({ db, actor, body, ip }) => chargeJob(db, actor!, body, {}, ip) });

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
