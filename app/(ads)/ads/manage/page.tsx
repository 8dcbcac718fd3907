import type { Metadata } from 'next';
import Link from 'next/link';
import { AD_COLUMNS, AdsTable, type AdColumnKey } from '@/components/ads/ads-table';
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

export const metadata: Metadata = { title: 'Manage Ads' };

type Search = Partial<Record<'q' | 'status' | 'sort' | 'dir' | 'offset', SearchParamValue>>;

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
  const sort = AD_COLUMNS.some((c) => c.key === raw.sort) ? (raw.sort as SearchAdsInput['orders'][number]['field']) : 'created_at';
  const dir = raw.dir === 'asc' ? 'asc' : 'desc';
  const offset = pageOffsetOf(search.offset);
  const input = searchAdsSchema.parse({ filters, orders: [{ field: sort, direction: dir }] });
  const { items, pagination } = await searchAds(await getDb(), actor, input, { offset, limit: AD_PAGE_SIZE });
  const keep: Record<string, string> = Object.fromEntries(Object.entries(raw).filter(([, v]) => v));
  const sortHref = (key: AdColumnKey) => `/ads/manage?${new URLSearchParams({ ...keep, sort: key, dir: sort === key && dir === 'desc' ? 'asc' : 'desc' })}`;

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
        <AdsTable items={items} sort={sort} dir={dir} sortHref={sortHref} />
      ) : (
        <EmptyState title={filters.length ? 'No ads match these filters' : 'No ads yet'} action={<Link href="/ads/manage/new" className="font-semibold text-brand-700">Create the first ad</Link>}>
          {filters.length ? 'Try another name or status.' : 'Ads you create appear here with their impressions, clicks and click-through rate.'}
        </EmptyState>
      )}
      <Pager path="/ads/manage" params={keep} {...pagination} />
    </>
  );
}
