import Link from 'next/link';
import { hasNextPage, totalLabel } from '@/lib/paging/total';

type Props = { path: string; params: Record<string, string>; offset: number; limit: number; total: number; total_is_lower_bound?: boolean };

/** Previous / next links for a server-rendered list; the other query parameters are kept. Past a capped count the page count reads "1,000+"-style. */
export function Pager({ path, params, offset, limit, total, total_is_lower_bound: lowerBound = false }: Props) {
  if (total <= limit && !lowerBound) return null;
  const href = (o: number) => `${path}?${new URLSearchParams({ ...params, offset: String(o) }).toString()}`;
  const page = Math.floor(offset / limit) + 1;
  const pages = totalLabel(Math.max(1, Math.ceil(total / limit)), lowerBound);
  const cls = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
      {offset > 0 ? (
        <Link href={href(Math.max(0, offset - limit))} className={cls} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-500">
        Page {page} of {pages}
      </p>
      {hasNextPage(offset, limit, total, lowerBound) ? (
        <Link href={href(offset + limit)} className={cls} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
