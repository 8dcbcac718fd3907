'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, Spinner, Alert } from '@/components/ui/states';
import { api, errorMessage } from '@/lib/api/client';
import type { OutboxItem } from '@/lib/mail/outbox';
import { portalDateTimeText } from '@/lib/validation/portal-date';

const PAGE_SIZE = 10;
type Row = Omit<OutboxItem, 'created_at' | 'sent_at'> & { created_at: string; sent_at: string | null };

const STATUS_STYLE: Record<Row['status'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  sent: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

const when = (iso: string) => portalDateTimeText(new Date(iso));

function useDebounced<T>(value: T, ms = 300) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The admin outbox: search by recipient, pages of ten, a mail opens in a dialog with its text and html. */
export function OutboxGrid({ initialSearch = '' }: { initialSearch?: string }) {
  const [search, setSearch] = useState(initialSearch);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<Row | null>(null);
  const q = useDebounced(search.trim());

  const query = useQuery({
    queryKey: ['admin-outbox', { q, page }],
    queryFn: () => {
      const params = new URLSearchParams({ offset: String(page * PAGE_SIZE), limit: String(PAGE_SIZE) });
      if (q) params.set('q', q);
      return api<Row[]>(`/admin/outbox?${params}`);
    },
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination?.total ?? 0;
  const last = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="relative block w-full sm:max-w-sm">
          <span className="sr-only">Search by recipient</span>
          <svg viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden>
            <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.452 4.391l3.328 3.329a.75.75 0 1 1-1.06 1.06l-3.329-3.328A7 7 0 0 1 2 9Z" clipRule="evenodd" />
          </svg>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            placeholder="Search by recipient"
            className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-9 pr-3 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
        </label>
        <p className="text-sm text-slate-500" aria-live="polite">
          {query.isFetching ? <Spinner size="small" label="Loading mail" /> : `${total} ${total === 1 ? 'email' : 'emails'}`}
        </p>
      </div>

      {query.isError ? (
        <Alert type="error">{errorMessage(query.error)}</Alert>
      ) : query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="large" label="Loading mail" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState title={q ? 'No email for this recipient' : 'The outbox is empty'}>
          {q ? 'Check the spelling of the address, or search for a part of it.' : 'Emails appear here as soon as the portal sends them.'}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="hidden bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3">Date</th>
                <th scope="col" className="px-4 py-3">To</th>
                <th scope="col" className="px-4 py-3">Subject</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} className="flex flex-col gap-1 px-4 py-3 hover:bg-slate-50 md:table-row md:p-0">
                  <td className="whitespace-nowrap text-xs text-slate-500 md:px-4 md:py-3 md:text-sm">{when(row.created_at)}</td>
                  <td className="break-all font-medium text-slate-900 md:px-4 md:py-3">{row.to}</td>
                  <td className="text-slate-700 md:px-4 md:py-3">
                    {row.subject}
                    <span className="ml-2 hidden rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600 lg:inline">{row.kind}</span>
                  </td>
                  <td className="md:px-4 md:py-3">
                    <span className={clsx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize', STATUS_STYLE[row.status])}>{row.status}</span>
                  </td>
                  <td className="md:px-4 md:py-3 md:text-right">
                    <Button variant="ghost" className="-ml-3 px-3 py-1.5 text-brand-700 md:ml-0" onClick={() => setOpen(row)} aria-label={`View “${row.subject}” to ${row.to}`}>
                      View
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
            <span>
              {page * PAGE_SIZE + 1}–{Math.min(total, (page + 1) * PAGE_SIZE)} of {total}
            </span>
            <div className="flex gap-2">
              <Button variant="secondary" className="px-3 py-1.5" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button variant="secondary" className="px-3 py-1.5" disabled={page >= last} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          </div>
        </div>
      )}

      <Dialog open={!!open} onOpenChange={(v) => !v && setOpen(null)} title={open?.subject ?? ''} size="lg" description={open ? <MailMeta row={open} /> : undefined}>
        {open && <MailBody row={open} />}
      </Dialog>
    </div>
  );
}

function MailMeta({ row }: { row: Row }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      <dt className="text-slate-500">To</dt>
      <dd className="break-all text-slate-800">{row.to}</dd>
      <dt className="text-slate-500">Created</dt>
      <dd className="text-slate-800">{when(row.created_at)}</dd>
      <dt className="text-slate-500">Status</dt>
      <dd className="text-slate-800">
        <span className="capitalize">{row.status}</span>
        {row.sent_at ? ` on ${when(row.sent_at)}` : ''} · {row.attempts} {row.attempts === 1 ? 'attempt' : 'attempts'}
        {row.last_error ? ` · last error: ${row.last_error}` : ''}
      </dd>
    </dl>
  );
}

function MailBody({ row }: { row: Row }) {
  const [view, setView] = useState<'html' | 'text'>(row.html ? 'html' : 'text');
  return (
    <div className="flex flex-col gap-3">
      {row.html && (
        <div role="group" aria-label="Show as" className="inline-flex self-start rounded-lg bg-slate-100 p-1 text-xs font-medium">
          {(['html', 'text'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={clsx('rounded-md px-3 py-1', view === v ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-700')}
            >
              {v === 'html' ? 'Formatted' : 'Plain text'}
            </button>
          ))}
        </div>
      )}
      {view === 'html' && row.html ? (
        // A sandboxed frame: the mail's html can neither run script nor reach the portal.
        <iframe title="Email content" sandbox="" srcDoc={row.html} className="h-[55vh] w-full rounded-lg border border-slate-200 bg-white" />
      ) : (
        <pre className="max-h-[55vh] overflow-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 font-sans text-sm text-slate-800">{row.text}</pre>
      )}
    </div>
  );
}
