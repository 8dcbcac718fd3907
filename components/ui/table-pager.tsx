import Link from 'next/link';

/** The footer of a server-rendered table: "1–50 of 120" with Previous / Next links. */
export function TablePager({ offset, limit, total, href }: { offset: number; limit: number; total: number; href: (offset: number) => string }) {
  const link = 'font-medium text-brand-700 hover:underline';
  return (
    <nav aria-label="Pages" className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
      <span>
        {offset + 1}–{Math.min(offset + limit, total)} of {total}
      </span>
      <span className="flex gap-3">
        {offset > 0 && <Link className={link} href={href(Math.max(0, offset - limit))}>Previous</Link>}
        {offset + limit < total && <Link className={link} href={href(offset + limit)}>Next</Link>}
      </span>
    </nav>
  );
}
