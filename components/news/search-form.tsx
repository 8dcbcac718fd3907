import { hasNextPage, totalLabel } from '@/lib/paging/total';

/** A GET form that searches the list by name (the page reads ?q= on the server). */
export function SearchForm({ q, label = 'Search channels' }: { q: string; label?: string }) {
  return (
    <form role="search" className="mb-4 flex gap-2">
      <label className="sr-only" htmlFor="news-search">
        {label}
      </label>
      <input id="news-search" name="q" defaultValue={q} placeholder="Search by name" className="h-10 w-full max-w-sm rounded-lg border border-slate-300 px-3 text-sm" />
      <button type="submit" className="h-10 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50">
        Search
      </button>
    </form>
  );
}

type PagerProps = { offset: number; limit: number; total: number; total_is_lower_bound?: boolean; href: (offset: number) => string };

/** Previous/next links over offset pages of `limit`; a capped total reads "1,000+". */
export function Pager({ offset, limit, total, total_is_lower_bound: lowerBound = false, href }: PagerProps) {
  if (total <= limit && !lowerBound) return null;
  // Past the last row (an old link, an edited address) there is no range to show ("1001–3 of 3"):
  // the page's empty state leads back to the first page instead.
  if (offset >= total && !lowerBound) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      {offset > 0 ? <a href={href(Math.max(0, offset - limit))}>← Previous</a> : <span />}
      <span className="text-slate-500">
        {offset + 1}–{Math.min(total, offset + limit)} of {totalLabel(total, lowerBound)}
      </span>
      {hasNextPage(offset, limit, total, lowerBound) ? <a href={href(offset + limit)}>Next →</a> : <span />}
    </nav>
  );
}
