'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { clsx } from 'clsx';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The width of the fade at a scrolling edge of the row, in px (w-8, 2rem). */
const FADE = 32;

/** Tabs that are routes (sub-pages): the tab of the current path is marked as the current page. */
export function RouteTabs({ tabs, label }: { tabs: { href: string; label: string }[]; label: string }) {
  const pathname = usePathname() ?? '';
  const list = useRef<HTMLUListElement>(null);
  // Which edges have more tabs beyond them: a fade there says the row scrolls (on a phone it showed
  // nothing, and a tab cut at the edge, "ttings", looked like a bug).
  const [more, setMore] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const row = list.current;
    if (!row) return;
    const max = row.scrollWidth - row.clientWidth;
    const next = { start: max > 1 && row.scrollLeft > 1, end: max > 1 && row.scrollLeft < max - 1 };
    setMore((m) => (m.start === next.start && m.end === next.end ? m : next));
  }, []);
  // On a phone the row scrolls sideways: the current tab is brought into it (Billing and Payment,
  // the last two, opened with the row at its start, so the page's own tab was off screen), centred,
  // but never with its start (nor, when it fits, its end) under a fade.
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current && row.scrollWidth > row.clientWidth) {
      const { offsetLeft: left, offsetWidth: width } = current;
      const centred = left - (row.clientWidth - width) / 2;
      row.scrollLeft = Math.max(0, Math.min(Math.max(centred, left + width + FADE - row.clientWidth), left - FADE));
    }
    measure();
  }, [pathname, measure]);
  useEffect(() => {
    const row = list.current;
    if (!row || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [measure]);
  const mask = more.start || more.end ? `linear-gradient(to right, ${more.start ? `transparent, #000 ${FADE}px` : '#000'}, ${more.end ? `#000 calc(100% - ${FADE}px), transparent` : '#000'})` : undefined;
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200">
      {/* Phones scroll the tabs sideways, faded at an edge with more beyond it; wider screens wrap them
          rather than hide some behind a scroll. The scroll padding keeps a tab reached by Tab clear of a fade. */}
      <ul
        ref={list}
        onScroll={measure}
        data-more-start={more.start || undefined}
        data-more-end={more.end || undefined}
        style={mask ? { maskImage: mask, WebkitMaskImage: mask } : undefined}
        className="relative -mb-px flex scroll-px-8 gap-x-4 overflow-x-auto md:flex-wrap md:overflow-x-visible xl:gap-x-6"
      >
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
