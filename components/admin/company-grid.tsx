'use client';

import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dynamic from 'next/dynamic';
import { Fragment, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ListStatus, Pager } from '@/components/billing/list-parts';
import type { CompanyListRow } from '@/lib/admin/company-search';
import { useCompanyList, type GridFilter } from '@/lib/admin/hooks';
import { phoneText } from '@/lib/auth/phone';
import { totalLabel } from '@/lib/paging/total';
import { usDate } from '@/lib/subscriptions/labels';
import { Spinner } from '@/components/ui/states';
import { useDebounced } from './use-debounced';

// The form (react-hook-form, zod) loads when an admin opens it, not with the grid.
const CompanyFormDialog = dynamic(() => import('./company-form-dialog').then((m) => m.CompanyFormDialog), { ssr: false });
// A row's users and jobs (with impersonation, boost and contact review) load when a row is expanded.
const preloadRowDetail = () => void import('./company-row-detail');
const CompanyRowDetail = dynamic(() => import('./company-row-detail').then((m) => m.CompanyRowDetail), {
  ssr: false,
  loading: () => <Spinner size="small" label="Loading company details" />,
});

const PAGE_SIZE = 50;

const FIELDS: { value: GridFilter['field']; label: string; placeholder: string }[] = [
  { value: 'company_name', label: 'Company name', placeholder: 'Search by company name' },
  { value: 'type', label: 'Type', placeholder: 'Enterprise or Self-Service' },
  { value: 'billing_type', label: 'Billing type', placeholder: 'Credit Card or Invoice' },
  { value: 'created_at', label: 'Created', placeholder: 'mm/dd/yyyy (or mm/yyyy)' },
];
const OPERATORS: { value: GridFilter['operator']; label: string }[] = [
  { value: 'ilike', label: 'contains' },
  { value: 'not_ilike', label: 'does not contain' },
  { value: 'equals', label: 'equals' },
  { value: 'not_equals', label: 'not equals' },
];

const STATUS_STYLE: Record<string, string> = {
  Active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  Inactive: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  New: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  Idle: 'bg-amber-50 text-amber-800 ring-amber-600/20',
};

const features = tableFeatures({});
const col = createColumnHelper<typeof features, CompanyListRow>();
const columns = col.columns([
  col.accessor('companyName', { header: 'Company' }),
  col.accessor('companyType', { header: 'Type' }),
  col.accessor('billingType', { header: 'Billing' }),
  col.accessor('activeJobs', {
    header: 'Jobs (active / total)',
    // Counted up to 1,000 (lib/admin/company-search.ts): past it, "1,000+".
    cell: ({ row: { original: r } }) => `${totalLabel(r.activeJobs ?? 0, r.activeJobsIsLowerBound ?? false)} / ${totalLabel(r.totalJobs ?? 0, r.totalJobsIsLowerBound ?? false)}`,
  }),
  col.accessor('phone', { header: 'Phone', cell: (c) => phoneText(c.getValue()) }),
  col.accessor('joiningDate', { header: 'Joined', cell: (c) => usDate(c.getValue()) }),
  col.accessor('status', {
    header: 'Status',
    cell: (c) => <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLE[c.getValue() ?? ''] ?? ''}`}>{c.getValue()}</span>,
  }),
]);
const NO_ROWS: CompanyListRow[] = [];

/**
 * The actions column (Edit) stays at the right edge while the table scrolls sideways below `lg`:
 * on a 390 px phone it sat off-screen with nothing showing the table scrolls. The shadow on its left
 * edge shows the columns passing under it.
 */
const PINNED_END = 'max-lg:sticky max-lg:right-0 max-lg:z-10 max-lg:shadow-[-6px_0_6px_-4px_rgb(15_23_42/0.12),-1px_0_0_0_rgb(226_232_240)]';

/**
 * The admin company list: a grid over POST /companies/search with the spec's filter (a field, an
 * operator, a value; company name contains by default), newest first, 50 a page. A row expands to
 * the company's users (impersonate from there) and latest jobs.
 */
export function CompanyGrid() {
  const [filter, setFilter] = useState<GridFilter>({ field: 'company_name', operator: 'ilike', value: '' });
  const settled = useDebounced(filter);
  const [offset, setOffset] = useState(0);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const query = useCompanyList(settled, offset, PAGE_SIZE);
  const data = query.data?.data ?? NO_ROWS;
  const total = query.data?.pagination?.total ?? 0;
  const totalIsLowerBound = query.data?.pagination?.total_is_lower_bound ?? false;
  const table = useTable({ features, columns, data, getRowId: (row) => String(row.id) });
  const field = FIELDS.find((f) => f.value === filter.field)!;
  const change = (next: Partial<GridFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setOffset(0);
  };
  const colSpan = useMemo(() => columns.length + 2, []);

  return (
    <section aria-labelledby="company-grid-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id="company-grid-title" className="sr-only">
          Companies
        </h2>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Filter by
          <select value={filter.field} onChange={(e) => change({ field: e.target.value as GridFilter['field'], value: '' })} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
            {FIELDS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Operator
          <select value={filter.operator} onChange={(e) => change({ operator: e.target.value as GridFilter['operator'] })} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
            {OPERATORS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Value
          {filter.field === 'type' || filter.field === 'billing_type' ? (
            <select value={filter.value} onChange={(e) => change({ value: e.target.value })} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
              <option value="">Any</option>
              {(filter.field === 'type' ? ['Enterprise', 'Self-Service'] : ['Credit Card', 'Invoice']).map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
          ) : (
            <input type="search" value={filter.value} placeholder={field.placeholder} onChange={(e) => change({ value: e.target.value })} className="rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          )}
        </label>
        <Button onClick={() => setEditing('new')}>Create company</Button>
      </div>

      <ListStatus query={query} count={data.length} loadingLabel="Loading companies" emptyTitle="No companies found" emptyText="No company matches this filter." />
      {data.length > 0 && (
        // A size container: the expanded row's detail is as wide as what shows of the table, not the table.
        <div className="@container overflow-x-auto">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  <th scope="col" className="w-10 px-3 py-3">
                    <span className="sr-only">Expand</span>
                  </th>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col" className="px-3 py-3 font-semibold">
                      <table.FlexRender header={header} />
                    </th>
                  ))}
                  <th scope="col" className={`bg-slate-50 px-3 py-3 text-right font-semibold ${PINNED_END}`}>
                    Actions
                  </th>
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.getRowModel().rows.map((row) => {
                const company = row.original;
                const open = expanded === company.id;
                return (
                  <Fragment key={row.id}>
                    <tr data-testid="company-row" className={open ? 'group bg-brand-50/40' : 'group hover:bg-slate-50'}>
                      <td className="px-3 py-3">
                        <button
                          type="button"
                          aria-expanded={open}
                          aria-controls={`company-${company.id}-detail`}
                          aria-label={`${open ? 'Collapse' : 'Expand'} ${company.companyName}`}
                          onClick={() => setExpanded(open ? null : company.id)}
                          // The detail's code starts loading on the way to the click.
                          onPointerEnter={preloadRowDetail}
                          onFocus={preloadRowDetail}
                          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                        >
                          <svg viewBox="0 0 20 20" fill="currentColor" className={`size-4 transition ${open ? 'rotate-90' : ''}`} aria-hidden>
                            <path d="M7.2 4.7a.75.75 0 0 1 1.06 0l4.77 4.77a.75.75 0 0 1 0 1.06L8.26 15.3a.75.75 0 1 1-1.06-1.06L11.44 10 7.2 5.76a.75.75 0 0 1 0-1.06Z" />
                          </svg>
                        </button>
                      </td>
                      {row.getAllCells().map((cell) => (
                        <td key={cell.id} className={cell.column.id === 'companyName' ? 'px-3 py-3 font-medium text-slate-900' : 'whitespace-nowrap px-3 py-3 text-slate-600'}>
                          <table.FlexRender cell={cell} />
                        </td>
                      ))}
                      <td data-testid="company-actions" className={`whitespace-nowrap px-3 py-3 text-right ${open ? 'bg-brand-50' : 'bg-white group-hover:bg-slate-50'} ${PINNED_END}`}>
                        <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(company.id)} aria-label={`Edit ${company.companyName}`}>
                          Edit
                        </Button>
                      </td>
                    </tr>
                    {open && (
                      <tr id={`company-${company.id}-detail`}>
                        <td colSpan={colSpan} className="bg-slate-50/60 px-5 py-4">
                          {/*
                            Kept in view while the table scrolls sideways and as wide as the visible
                            part: on a phone the detail was 896 px wide in a 356 px view, its users'
                            Edit and Impersonate and its jobs' links off-screen.
                          */}
                          <div className="sticky left-5 w-[calc(100cqw-2.5rem)]" data-testid="company-detail">
                            <CompanyRowDetail company={company} />
                          </div>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {(total > PAGE_SIZE || totalIsLowerBound) && <Pager offset={offset} pageSize={PAGE_SIZE} total={total} totalIsLowerBound={totalIsLowerBound} onOffset={setOffset} />}
      {editing !== null && <CompanyFormDialog companyId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
