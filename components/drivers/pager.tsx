import Link from 'next/link';

/** Previous / next links for a server-rendered list; the other query parameters are kept. */
export function Pager({ path, params, offset, limit, total }: { path: string; params: Record<string, string>; offset: number; limit: number; total: number }) {
  if (total <= limit) return null;
  const href = (o: number) => `${path}?${new URLSearchParams({ ...params, offset: String(o) }).toString()}`;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
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
      {offset + limit < total ? (
        <Link href={href(offset + limit)} className={cls} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
