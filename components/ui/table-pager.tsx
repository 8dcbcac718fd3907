import Link from 'next/link';
import { hasNextPage, totalLabel } from '@/lib/paging/total';

type Props = { offset: number; limit: number; total: number; totalIsLowerBound?: boolean; href: (offset: number) => string };

/** The footer of a server-rendered table: "1–50 of 120" (or "of 1,000+" past the count's cap) with Previous / Next links. */
export function TablePager({ offset, limit, total, totalIsLowerBound = false, href }: Props) {
  const link = 'font-medium text-brand-700 hover:underline';
  return (
    <nav aria-label="Pages" className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
      <span>
        {offset + 1}–{Math.min(offset + limit, total)} of {totalLabel(total, totalIsLowerBound)}
      </span>
      <span className="flex gap-3">
        {offset > 0 && <Link className={link} href={href(Math.max(0, offset - limit))}>Previous</Link>}
        {hasNextPage(offset, limit, total, totalIsLowerBound) && <Link className={link} href={href(offset + limit)}>Next</Link>}
      </span>
    </nav>
  );
}
