import type { PaymentSummary } from '@/lib/payments/summary';
import { formatMoney } from './format';

/** An order's lines and total, as the payment screens show them. */
export function OrderLines({ summary }: { summary: Pick<PaymentSummary, 'lines' | 'total'> }) {
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm">
        {summary.lines.map((l, i) => (
          <li key={i} className="flex items-start justify-between gap-3 py-2.5">
            <span className="text-slate-600">{l.description}</span>
            <span className="shrink-0 font-medium tabular-nums text-slate-900">{formatMoney(l.amount)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-4">
        <span className="text-sm font-semibold text-slate-900">Total</span>
        <span className="text-2xl font-bold tabular-nums text-slate-900" data-testid="order-total">
          {formatMoney(summary.total)}
        </span>
      </div>
    </>
  );
}

/** The note shown instead of a card for invoice-billed (CONTRACT) companies. */
export function InvoiceNote({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700">
      <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden>
        <path fillRule="evenodd" d="M4.5 2A1.5 1.5 0 0 0 3 3.5v13A1.5 1.5 0 0 0 4.5 18h11a1.5 1.5 0 0 0 1.5-1.5V7.6a1.5 1.5 0 0 0-.44-1.06l-4.1-4.1A1.5 1.5 0 0 0 11.4 2H4.5ZM7 10.75a.75.75 0 0 0 0 1.5h6a.75.75 0 0 0 0-1.5H7Zm0 3a.75.75 0 0 0 0 1.5h4a.75.75 0 0 0 0-1.5H7Z" clipRule="evenodd" />
      </svg>
      <div>
        <p className="font-semibold text-slate-900">Invoice</p>
        <p className="mt-0.5">{children}</p>
      </div>
    </div>
  );
}
