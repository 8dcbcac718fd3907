// GET/POST /api/v1.0/payment/company/invoice: the company's orders (billing history; status=paid: order history)
import { paginated, route } from '@/lib/api/route';
import { listInvoices } from '@/lib/payments/invoices';
import { invoiceListQuery } from '@/lib/payments/schemas';

export const GET = route({
  access: 'companySettings',
  query: invoiceListQuery,
  handler: async ({ db, actor, query }) => {
    const { items, ...counted } = await listInvoices(db, actor!, query);
    return paginated(items, { offset: query.offset, limit: query.limit, ...counted });
  },
});

/** The same list with the filters in the body (the spec lists POST beside GET). */
export const POST = route({
  access: 'companySettings',
  body: invoiceListQuery,
  handler: async ({ db, actor, body }) => {
    const { items, ...counted } = await listInvoices(db, actor!, body);
    return paginated(items, { offset: body.offset, limit: body.limit, ...counted });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
