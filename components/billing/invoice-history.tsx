'use client';

import { useState } from 'react';
import { clsx } from 'clsx';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api/client';
import { downloadReceipt, useInvoices } from '@/lib/payments/invoice-hooks';
import type { InvoiceView } from '@/lib/payments/invoices';
import { BillingTabs } from './billing-tabs';
import { ListStatus, Pager } from './list-parts';
import { formatDate, formatMoney } from './format';

const PAGE_SIZE = 10;

const STATE_STYLE: Record<InvoiceView['payment_state'], string> = {
  paid: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  due: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  declined: 'bg-red-50 text-red-700 ring-red-600/20',
  processing: 'bg-amber-50 text-amber-700 ring-amber-600/20',
  closed: 'bg-slate-100 text-slate-600 ring-slate-500/20',
  disabled: 'bg-slate-100 text-slate-600 ring-slate-500/20',
};

const ACTION: Record<string, string> = { new_job: 'New job', addons: 'Add-ons', renewal: 'Renewal', admin_boost: 'Boost (admin)' };

/** Paid, Due (an invoice not settled yet, with its due date), Declined, …: the API's payment_state. */
export function StatusBadge({ inv }: { inv: Pick<InvoiceView, 'payment_state' | 'payment_state_label' | 'due_date'> }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span className={clsx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', STATE_STYLE[inv.payment_state])}>{inv.payment_state_label}</span>
      {inv.payment_state === 'due' && inv.due_date && <span className="whitespace-nowrap text-xs text-slate-500">by {formatDate(inv.due_date)}</span>}
    </span>
  );
}

function PaymentMethod({ inv }: { inv: InvoiceView }) {
  // No card behind it: an invoice, or an order of $0 (an admin's boost) the API says so of.
  if (inv.payment_method.code === 'CONTRACT' || !inv.payment_method.masked_number) return <span className="text-slate-700">{inv.payment_method.description}</span>;
  return (
    <span className="whitespace-nowrap text-slate-700">
      {inv.payment_method.card_type ?? 'Credit Card'} <span className="font-mono text-xs text-slate-500">{inv.payment_method.masked_number?.slice(-9)}</span>
    </span>
  );
}

/**
 * What the order charged, line by line (addresses and add-ons, each with its amount), so the
 * lines add up to the order's amount on the screen as on its receipt. A one-line order says it all
 * in its title and amount.
 */
function OrderItems({ inv }: { inv: InvoiceView }) {
  if (inv.lines.length < 2 && !inv.addons.length) return null;
  return (
    <ul className="mt-1.5 space-y-0.5 text-xs text-slate-600" aria-label={`What ${inv.number} charged`} data-testid="invoice-lines">
      {inv.lines.map((l) => (
        <li key={l.id} className="flex max-w-80 justify-between gap-3">
          <span className="min-w-0 truncate" title={l.description}>
            {l.description}
          </span>
          <span className="shrink-0 tabular-nums">{formatMoney(l.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

function ReceiptButton({ inv }: { inv: InvoiceView }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!inv.document) return null;
  const kind = inv.document;
  const label = kind === 'invoice' ? 'Invoice' : 'Receipt';
  return (
    <Button
      variant="ghost"
      className="px-2 py-1 text-brand-700"
      loading={busy}
      aria-label={`Download the ${kind} of ${inv.number}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadReceipt(inv.id, inv.number, kind);
        } catch (e) {
          toast.show('error', errorMessage(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

/**
 * Billing history (every order) and order history (paid orders, with receipts): amount, status,
 * transaction id, billing date, payment method, add-ons and the job.
 */
export function InvoiceHistory({ status }: { status: 'all' | 'paid' }) {
  const [offset, setOffset] = useState(0);
  const query = useInvoices(status, offset, PAGE_SIZE);
  const items = query.data?.data ?? [];
  const total = query.data?.pagination?.total ?? 0;
  const totalIsLowerBound = query.data?.pagination?.total_is_lower_bound ?? false;
  const paidView = status === 'paid';

  return (
    <section aria-labelledby="history-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id="history-title" className="text-base font-semibold text-slate-900">
            {paidView ? 'Order history' : 'Billing history'}
          </h2>
          <p className="text-sm text-slate-500">{paidView ? 'Paid orders and their receipts; an invoice appears here once it is paid.' : 'Every charge and invoice of your company, including declined payments and invoices still due.'}</p>
        </div>
        <div className="flex items-center gap-3">
          {query.isFetching && !query.isPending && <Spinner size="small" label="Refreshing" />}
          <BillingTabs />
        </div>
      </div>

      <ListStatus
        query={query}
        count={items.length}
        loadingLabel="Loading orders"
        emptyTitle={paidView ? 'No paid orders yet' : 'No billing activity yet'}
        emptyText="Orders appear here when you publish a job, add add-ons or renew a posting."
      />
      {items.length > 0 && (
        <>
          {/* Wide screens: a table that fits the page (add-ons and the transaction id share cells), so it never scrolls sideways.
              `relative` keeps the header's screen-reader text inside the table's box. */}
          <div className="relative hidden overflow-x-auto xl:block" data-testid="billing-table">
            <table className="w-full text-left text-sm">
              <thead className="whitespace-nowrap bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-5 py-3">Billing date</th>
                  <th scope="col" className="px-3 py-3">Order</th>
                  <th scope="col" className="px-3 py-3">Payment method</th>
                  <th scope="col" className="px-3 py-3 text-right">Amount</th>
                  <th scope="col" className="px-3 py-3">Status</th>
                  <th scope="col" className="px-5 py-3"><span className="sr-only">Receipt or invoice</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((inv) => (
                  <tr key={inv.id} className="align-top hover:bg-slate-50/60" data-testid="invoice-row">
                    <td className="whitespace-nowrap px-5 py-3 text-slate-700">{formatDate(inv.billing_date ?? inv.created_at)}</td>
                    <td className="px-3 py-3">
                      <p className="max-w-72 truncate font-medium text-slate-900" title={inv.title ?? undefined}>{inv.title ?? '-'}</p>
                      <p className="text-xs text-slate-500">
                        {ACTION[inv.action_type]} · <span className="whitespace-nowrap">{inv.number}</span>
                        {inv.auto_renew && ' · auto-renew'}
                      </p>
                      <OrderItems inv={inv} />
                      {inv.status === 'DECLINED' && inv.error && <p className="mt-1 max-w-64 text-xs text-red-600">{inv.error}</p>}
                    </td>
                    <td className="px-3 py-3"><PaymentMethod inv={inv} /></td>
                    <td className="whitespace-nowrap px-3 py-3 text-right font-semibold tabular-nums text-slate-900">{formatMoney(inv.amount)}</td>
                    <td className="px-3 py-3">
                      <StatusBadge inv={inv} />
                      {inv.transaction_id && (
                        <p className="mt-1 max-w-40 break-all font-mono text-xs text-slate-500" title="Transaction ID">
                          <span className="sr-only">Transaction ID </span>
                          {inv.transaction_id}
                        </p>
                      )}
                    </td>
                    <td className="px-5 py-2 text-right"><ReceiptButton inv={inv} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Narrow screens: one card per order. */}
          <ul className="divide-y divide-slate-100 xl:hidden">
            {items.map((inv) => (
              <li key={inv.id} className="space-y-2 px-5 py-4 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{inv.title ?? '-'}</p>
                    <p className="text-xs text-slate-500">{ACTION[inv.action_type]} · {inv.number}</p>
                  </div>
                  <p className="font-semibold tabular-nums text-slate-900">{formatMoney(inv.amount)}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <StatusBadge inv={inv} />
                  <span>{formatDate(inv.billing_date ?? inv.created_at)}</span>
                  <PaymentMethod inv={inv} />
                </div>
                <OrderItems inv={inv} />
                {inv.transaction_id && <p className="font-mono text-xs text-slate-500">{inv.transaction_id}</p>}
                {inv.status === 'DECLINED' && inv.error && <p className="text-xs text-red-600">{inv.error}</p>}
                <ReceiptButton inv={inv} />
              </li>
            ))}
          </ul>

          <Pager offset={offset} pageSize={PAGE_SIZE} total={total} totalIsLowerBound={totalIsLowerBound} onOffset={setOffset} />
        </>
      )}
    </section>
  );
}
