import type { Invoice } from './orders';

/**
 * Invoice terms of invoice-billed (CONTRACT) companies: net 30, due 30 days after the invoice date
 * (docs/payments.md, "Invoices and settlement").
 */
export const INVOICE_NET_DAYS = 30;
const DAY_MS = 86_400_000;

export const dueDateFrom = (invoiceDate: Date) => new Date(invoiceDate.getTime() + INVOICE_NET_DAYS * DAY_MS);

/**
 * Where an order stands for the accountant, one word everywhere (billing history, order history,
 * the PDF, the API): paid (money received: a card approved, or an invoice settled), due (invoiced,
 * not yet settled), declined, processing, closed, disabled.
 */
export type PaymentState = 'paid' | 'due' | 'declined' | 'processing' | 'closed' | 'disabled';

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  due: 'Due',
  declined: 'Declined',
  processing: 'Processing',
  closed: 'Closed',
  disabled: 'Disabled',
};

export function paymentStateOf(inv: Pick<Invoice, 'status' | 'paidAt'>): PaymentState {
  switch (inv.status) {
    case 'APPROVED':
      return inv.paidAt ? 'paid' : 'due';
    case 'DECLINED':
      return 'declined';
    case 'PROCESSING_PAYMENT':
      return 'processing';
    case 'CLOSED':
      return 'closed';
    default:
      return 'disabled';
  }
}

/** An accepted order that owes nothing on acceptance: a card charge, or a $0 order (admin boost). */
export const settlesAtOnce = (paymentMethod: Invoice['paymentMethod'], amountCents: number) => paymentMethod !== 'CONTRACT' || amountCents === 0;
