// POST /api/v1.0/admin/invoices/{id}/mark-paid: an admin records that a due invoice was paid (audited)
import { route } from '@/lib/api/route';
import { notFound } from '@/lib/errors';
import { markInvoicePaid } from '@/lib/payments/admin-invoices';

export const POST = route<undefined, undefined, { id: string }>({
  access: 'admin',
  handler: ({ db, actor, params, ip }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound('Invoice not found.');
    return markInvoicePaid(db, actor!, id, { ip });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
