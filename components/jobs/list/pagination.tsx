import { clsx } from 'clsx';
import { totalLabel } from '@/lib/paging/total';

/** Page numbers around the current one, with gaps: 1 … 4 5 6 … 12. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

type Props = { page: number; pages: number; total: number; totalIsLowerBound?: boolean; pageSize: number; count: number; onPage: (page: number) => void };

export function Pagination({ page, pages, total, totalIsLowerBound = false, pageSize, count, onPage }: Props) {
  const from = count ? (page - 1) * pageSize + 1 : 0;
  const to = from ? from + count - 1 : 0;
  const btn = 'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2.5 text-sm font-medium transition disabled:pointer-events-none disabled:opacity-40';
  return (
    <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-500">
        Showing <span className="font-medium text-slate-700">{from}</span>–<span className="font-medium text-slate-700">{to}</span> of{' '}
        <span className="font-medium text-slate-700">{totalLabel(total, totalIsLowerBound)}</span>
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-1">
          <button type="button" className={clsx(btn, 'text-slate-600 hover:bg-white hover:shadow-sm')} onClick={() => onPage(page - 1)} disabled={page <= 1}>
            ‹ Previous
          </button>
          {pageWindow(page, pages).map((p, i) =>
            p === 'gap' ? (
              <span key={`gap${i}`} className="px-1 text-slate-500">
                …
              </span>
            ) : (
              <button
                key={p}
                type="button"
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onPage(p)}
                className={clsx(btn, p === page ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-white hover:shadow-sm')}
              >
                {p}
              </button>
            ),
          )}
          <button type="button" className={clsx(btn, 'text-slate-600 hover:bg-white hover:shadow-sm')} onClick={() => onPage(page + 1)} disabled={page >= pages}>
            Next ›
          </button>
        </div>
      )}
    </nav>
  );
}
