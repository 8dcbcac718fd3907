'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';

/** Tabs that are routes (sub-pages): the tab of the current path is marked as the current page. */
export function RouteTabs({ tabs, label }: { tabs: { href: string; label: string }[]; label: string }) {
  const pathname = usePathname() ?? '';
  const list = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls sideways: the current tab is brought into it (Billing and Payment,
  // the last two, opened with the row at its start, so the page's own tab was off screen).
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200">
      {/* Phones scroll the tabs sideways; wider screens wrap them rather than hide some behind a scroll. */}
      <ul ref={list} className="relative -mb-px flex gap-x-4 overflow-x-auto md:flex-wrap md:overflow-x-visible xl:gap-x-6">
        {tabs.map((t) => {
          const active = pathname === t.href || pathname.startsWith(t.href + '/');
          return (
            <li key={t.href}>
              <Link
                href={t.href}
                aria-current={active ? 'page' : undefined}
                className={clsx(
                  'inline-block whitespace-nowrap border-b-2 px-1 pb-3 text-sm font-medium transition',
                  active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700',
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
