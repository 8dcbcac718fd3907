// GET/POST /api/v1.0/payment/company/billing: the company's saved card (a gateway token, never a number)
import { route } from '@/lib/api/route';
import { getCompanyCard, saveCompanyCard } from '@/lib/payments/payment-methods';
import { saveCardSchema } from '@/lib/payments/schemas';

export const GET = route({ access: 'companySettings', handler: ({ db, actor }) => getCompanyCard(db, actor!) });

export const POST = route({ access: 'companySettings', body: saveCardSchema, handler: ({ db, actor, body, ip }) => saveCompanyCard(db, actor!, body, ip) });

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
