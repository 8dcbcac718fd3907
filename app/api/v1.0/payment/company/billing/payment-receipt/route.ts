// POST /api/v1.0/payment/company/billing/payment-receipt: the PDF receipt of one paid order
import { route } from '@/lib/api/route';
import { receiptPdf } from '@/lib/payments/receipt';
import { receiptSchema } from '@/lib/payments/schemas';

export const POST = route({
  access: 'companySettings',
  body: receiptSchema,
  handler: async ({ db, actor, body }) => {
    const { filename, pdf } = await receiptPdf(db, actor!, body.invoiceId);
    return new Response(new Uint8Array(pdf), {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
    });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
