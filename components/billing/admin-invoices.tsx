'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api/client';
import { useAdminInvoices, useMarkInvoicePaid, type AdminInvoiceView } from '@/lib/payments/invoice-hooks';
import { offsetAfterEmptyPage } from '@/lib/paging/total';
import { formatDate, formatMoney } from './format';
import { StatusBadge } from './invoice-history';
import { ListStatus, Pager } from './list-parts';

const PAGE_SIZE = 20;
const VIEWS = [
  { key: 'due', label: 'Due' },
  { key: 'paid', label: 'Paid' },
  { key: 'all', label: 'All' },
] as const;

export const MARKED_PAID = 'Invoice marked paid';

/**
 * Admins' view of invoice-billed companies' invoices (due first, oldest debt first) with the one
 * manual action on them: record that an invoice was paid (audited on the server).
 */
export function AdminInvoices() {
  const [state, setState] = useState<(typeof VIEWS)[number]['key']>('due');
  const [offset, setOffset] = useState(0);
  const [confirming, setConfirming] = useState<AdminInvoiceView | null>(null);
  const query = useAdminInvoices(state, offset, PAGE_SIZE);
  const mark = useMarkInvoicePaid();
  const toast = useToast();
  const items = query.data?.data ?? [];
  const total = query.data?.pagination?.total ?? 0;
  const totalIsLowerBound = query.data?.pagination?.total_is_lower_bound ?? false;
  // A page left empty once its last invoice was marked paid (the due list shrinks as it is worked
  // through; another admin may have marked some too): back to the last page that still has rows,
  // set while rendering (React's pattern for state that follows data).
  const back = query.isSuccess && !query.isPlaceholderData ? offsetAfterEmptyPage(offset, PAGE_SIZE, items.length, total) : null;
  if (back !== null) setOffset(back);

  async function onConfirm() {
    if (!confirming) return;
    try {
      await mark.mutateAsync(confirming.id);
      toast.show('success', MARKED_PAID);
      setConfirming(null);
    } catch (e) {
      toast.show('error', errorMessage(e));
      setConfirming(null);
    }
  }

  return (
    <section aria-labelledby="admin-invoices-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id="admin-invoices-title" className="text-base font-semibold text-slate-900">
          Invoices of invoice-billed companies
        </h2>
        <nav aria-label="Invoice state" className="inline-flex rounded-lg bg-slate-100 p-1 text-sm font-medium">
          {VIEWS.map((v) => (
            <button
              key={v.key}
              type="button"
              aria-pressed={state === v.key}
              onClick={() => {
                setState(v.key);
                setOffset(0);
              }}
              className={state === v.key ? 'rounded-md bg-white px-3 py-1.5 text-slate-900 shadow-sm' : 'rounded-md px-3 py-1.5 text-slate-600 hover:text-slate-900'}
            >
              {v.label}
            </button>
          ))}
        </nav>
      </div>

      <ListStatus
        query={query}
        count={items.length}
        loadingLabel="Loading invoices"
        emptyTitle={state === 'due' ? 'No invoices are due' : 'No invoices'}
        emptyText="Invoices appear here when an invoice-billed company publishes, renews or adds to a job."
      />
      {items.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {items.map((inv) => (
            <li key={inv.id} data-testid="admin-invoice-row" className="flex flex-wrap items-start justify-between gap-3 px-5 py-4 text-sm">
              <div className="min-w-0 space-y-1">
                <p className="font-medium text-slate-900">
                  {inv.company.name} <span className="font-normal text-slate-500">· {inv.number}</span>
                </p>
                <p className="truncate text-slate-600">{inv.title ?? '-'}</p>
                <p className="text-xs text-slate-500">
                  Invoiced {formatDate(inv.billing_date)} · due {formatDate(inv.due_date)}
                  {inv.paid_at && ` · paid ${formatDate(inv.paid_at)}`}
                </p>
              </div>
              <div className="flex items-center gap-4">
                <span className="font-semibold tabular-nums text-slate-900">{formatMoney(inv.amount)}</span>
                <StatusBadge inv={inv} />
                {inv.payment_state === 'due' && (
                  <Button variant="secondary" className="px-3 py-1.5" onClick={() => setConfirming(inv)} aria-label={`Mark ${inv.number} paid`}>
                    Mark paid
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {(total > PAGE_SIZE || totalIsLowerBound) && <Pager offset={offset} pageSize={PAGE_SIZE} total={total} totalIsLowerBound={totalIsLowerBound} onOffset={setOffset} />}

      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Mark this invoice paid?"
        description={confirming ? `${confirming.number} of ${confirming.company.name}, ${formatMoney(confirming.amount)}. Your name and the time are recorded.` : undefined}
        confirmLabel="Mark paid"
        cancelLabel="Cancel"
        loading={mark.isPending}
        onConfirm={onConfirm}
      />
    </section>
  );
}
