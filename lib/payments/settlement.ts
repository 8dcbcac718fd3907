import { portalDaysLater } from '@/lib/validation/portal-day';
import type { Invoice } from './orders';

/**
 * Invoice terms of invoice-billed (CONTRACT) companies: net 30, due 30 days after the invoice date
 * (docs/payments.md, "Invoices and settlement").
 */
export const INVOICE_NET_DAYS = 30;

/**
 * 30 calendar days in the portal's zone, at the invoice's time of day: both dates are printed in
 * that zone (portalDateText), and 30 × 24 hours across a daylight-saving change printed a due date
 * 29 or 31 days after the invoice date (10/15/2026 00:30 Eastern was due 11/13).
 */
export const dueDateFrom = (invoiceDate: Date) => portalDaysLater(invoiceDate, INVOICE_NET_DAYS);

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
