// GET /api/v1.0/admin/invoices: invoices of invoice-billed companies (state=due by default), for admins
import { paginated, route } from '@/lib/api/route';
import { adminInvoiceQuery, listCompanyInvoices } from '@/lib/payments/admin-invoices';

export const GET = route({
  access: 'admin',
  query: adminInvoiceQuery,
  handler: async ({ db, actor, query }) => {
    const { items, ...counted } = await listCompanyInvoices(db, actor!, query);
    return paginated(items, { offset: query.offset, limit: query.limit, ...counted });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
