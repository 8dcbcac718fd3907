import type { Metadata } from 'next';
import Link from 'next/link';
import { AdStatusBadge, formatCtr, formatDay } from '@/components/ads/ad-status';
import { PauseResumeButton } from '@/components/ads/pause-button';
import { Pager } from '@/components/drivers/pager';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { AD_STATUSES } from '@/lib/ads/codes';
import { AD_PAGE_SIZE, searchAdsSchema, type SearchAdsInput } from '@/lib/ads/schemas';
import { searchAds } from '@/lib/ads/services';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { pageOffsetOf } from '@/lib/validation/row-id';
import { searchParam, type SearchParamValue } from '@/lib/validation/search-params';

/*
 * One table for every width. From `sm` up the row's actions stay at the right edge while it scrolls
 * sideways; below `sm` (640 px) each ad is a card whose facts are named (the header row is a bar of
 * sort links there): a phone showed two of nine columns, cut ("Sta", "No"), and scrolled sideways.
 */
const ACTIONS_PINNED = 'sm:sticky sm:right-0 sm:z-10 sm:shadow-[-1px_0_0_0_rgb(226_232_240)]';
const CELL = 'max-sm:block sm:px-4 sm:py-3';
/** A fact's name in a phone's card; its column header names it from `sm` up. */
const CardLabel = ({ children }: { children: string }) => (
  <span className="block text-xs text-slate-500 sm:hidden" aria-hidden>
    {children}
  </span>
);
export const metadata: Metadata = { title: 'Manage Ads' };

type Search = Partial<Record<'q' | 'status' | 'sort' | 'dir' | 'offset', SearchParamValue>>;

const COLUMNS = [
  { key: 'name', label: 'Ad' },
  { key: 'status', label: 'Status' },
  { key: 'starts_at', label: 'Starts' },
  { key: 'ends_at', label: 'Ends' },
  { key: 'impressions', label: 'Impressions', numeric: true },
  { key: 'clicks', label: 'Clicks', numeric: true },
  { key: 'ctr', label: 'CTR', numeric: true },
] as const;

/**
 * The ads grid: read here from the ads service (first paint without a client round trip); filter,
 * sort and pages are links and a GET form, so the address keeps them and Back works.
 */
export default async function ManageAdsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { actor } = await requireSession(pageGuardFor('/ads/manage'));
  const search = await searchParams;
  // Each parameter's first value; one the API would refuse (NUL) is no value (no filter, the default sort).
  const raw = { q: searchParam(search.q), status: searchParam(search.status), sort: searchParam(search.sort), dir: searchParam(search.dir) };
  const filters: SearchAdsInput['filters'] = [];
  if (raw.q.trim()) filters.push({ field: 'name', operator: 'ilike', value: raw.q.trim().slice(0, 200) });
  if (raw.status && AD_STATUSES.some((s) => s.value === raw.status)) filters.push({ field: 'status', operator: 'eq', value: raw.status });
  const sort = COLUMNS.some((c) => c.key === raw.sort) ? (raw.sort as SearchAdsInput['orders'][number]['field']) : 'created_at';
  const dir = raw.dir === 'asc' ? 'asc' : 'desc';
  const offset = pageOffsetOf(search.offset);
  const input = searchAdsSchema.parse({ filters, orders: [{ field: sort, direction: dir }] });
  const { items, pagination } = await searchAds(await getDb(), actor, input, { offset, limit: AD_PAGE_SIZE });
  const keep: Record<string, string> = Object.fromEntries(Object.entries(raw).filter(([, v]) => v));
  const sortHref = (key: string) => `/ads/manage?${new URLSearchParams({ ...keep, sort: key, dir: sort === key && dir === 'desc' ? 'asc' : 'desc' })}`;

  return (
    <>
      <PageHeader
        title="Manage Ads"
        subtitle="Advertisements on the Drivers Portal and the Company Portal: their schedule, reach and clicks."
        actions={
          <Link href="/ads/manage/new" className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
            Create ad
          </Link>
        }
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Search by name</span>
          <input name="q" defaultValue={raw.q} className="w-64 rounded-lg border border-slate-300 px-3 py-2" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Status</span>
          <select name="status" defaultValue={raw.status} className="rounded-lg border border-slate-300 px-3 py-2">
            <option value="">Any</option>
            {AD_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          Filter
        </button>
      </form>
      {items.length ? (
        <div className="sm:relative sm:overflow-x-auto sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white">
          <table className="min-w-full text-sm max-sm:block sm:divide-y sm:divide-slate-200">
            <thead className="max-sm:block sm:bg-slate-50">
              <tr className="max-sm:flex max-sm:flex-wrap max-sm:gap-2 max-sm:pb-3">
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" aria-sort={sort === c.key ? (dir === 'asc' ? 'ascending' : 'descending') : undefined} className={`font-semibold text-slate-700 max-sm:block sm:px-4 sm:py-3 ${'numeric' in c ? 'sm:text-right' : 'text-left'}`}>
                    <Link href={sortHref(c.key)} className="hover:text-brand-700 max-sm:inline-flex max-sm:min-h-10 max-sm:items-center max-sm:rounded-full max-sm:border max-sm:border-slate-300 max-sm:bg-white max-sm:px-3 max-sm:text-xs">
                      {c.label}
                      {sort === c.key ? (dir === 'asc' ? ' ↑' : ' ↓') : ''}
                    </Link>
                  </th>
                ))}
                {/* Pinned to the right edge: on a phone the table scrolls, and Pause and Edit sat 450 px off-screen. */}
                <th scope="col" className={`text-right font-semibold text-slate-700 max-sm:sr-only sm:px-4 sm:py-3 ${ACTIONS_PINNED} sm:bg-slate-50`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3 sm:divide-y sm:divide-slate-100">
              {items.map((ad) => (
                <tr key={ad.id} data-ad-row={ad.id} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:rounded-2xl max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-4 max-sm:shadow-sm">
                  <td className={`${CELL} max-sm:col-span-2`}>
                    <Link href={`/ads/manage/${ad.id}`} className="font-medium text-slate-900 hover:text-brand-700">
                      {ad.name}
                    </Link>
                    <p className="text-xs text-slate-500">{ad.advertiser}</p>
                  </td>
                  <td className={CELL}>
                    <CardLabel>Status</CardLabel>
                    <AdStatusBadge status={ad.status} />
                  </td>
                  <td className={`${CELL} whitespace-nowrap text-slate-700`}>
                    <CardLabel>Starts</CardLabel>
                    {formatDay(ad.starts_at)}
                  </td>
                  <td className={`${CELL} whitespace-nowrap text-slate-700`}>
                    <CardLabel>Ends</CardLabel>
                    {formatDay(ad.ends_at)}
                  </td>
                  <td className={`${CELL} tabular-nums sm:text-right`} data-col="impressions">
                    <CardLabel>Impressions</CardLabel>
                    {ad.impressions.toLocaleString('en-US')}
                  </td>
                  <td className={`${CELL} tabular-nums sm:text-right`} data-col="clicks">
                    <CardLabel>Clicks</CardLabel>
                    {ad.clicks.toLocaleString('en-US')}
                  </td>
                  <td className={`${CELL} tabular-nums sm:text-right`} data-col="ctr">
                    <CardLabel>CTR</CardLabel>
                    {formatCtr(ad.ctr)}
                  </td>
                  <td className={`${CELL} whitespace-nowrap bg-white text-right max-sm:col-span-2 max-sm:flex max-sm:justify-end max-sm:gap-2 ${ACTIONS_PINNED}`}>
                    <PauseResumeButton id={ad.id} name={ad.name} status={ad.status} />
                    <Link href={`/ads/manage/${ad.id}`} className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 max-sm:inline-flex max-sm:min-h-10 max-sm:items-center max-sm:px-3" aria-label={`Edit ${ad.name}`}>
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState title={filters.length ? 'No ads match these filters' : 'No ads yet'} action={<Link href="/ads/manage/new" className="font-semibold text-brand-700">Create the first ad</Link>}>
          {filters.length ? 'Try another name or status.' : 'Ads you create appear here with their impressions, clicks and click-through rate.'}
        </EmptyState>
      )}
      <Pager path="/ads/manage" params={keep} {...pagination} />
    </>
  );
}
