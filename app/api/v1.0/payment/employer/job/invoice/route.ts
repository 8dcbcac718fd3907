// POST /api/v1.0/payment/employer/job/invoice: an invoice-billed company publishes a job on its contract
import { route } from '@/lib/api/route';
import { invoiceJob } from '@/lib/payments/job-payments';
import { invoiceJobSchema } from '@/lib/payments/schemas';

export const POST = route({ access: 'companyJobs', body: invoiceJobSchema, handler: ({ db, actor, body }) => invoiceJob(db, actor!, body) });

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
