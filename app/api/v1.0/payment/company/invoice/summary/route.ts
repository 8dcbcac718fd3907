// GET /api/v1.0/payment/company/invoice/summary: the order a job's payment would make (lines, total, card)
import { route } from '@/lib/api/route';
import { paymentSummary, summaryQuery } from '@/lib/payments/summary';

export const GET = route({ access: 'companyJobs', query: summaryQuery, handler: ({ db, actor, query }) => paymentSummary(db, actor!, query) });

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
