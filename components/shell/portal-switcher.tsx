'use client';

import Link from 'next/link';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import type { ShellIcons, ShellPortalLink } from './shell-nav';

/**
 * Lists the portals the user can reach; rendered only when there are two or more. A disclosure of
 * links (the WAI pattern for site navigation) rather than a menu library: it sits in every portal
 * page's first-load JS (issue 16). Escape or a click elsewhere closes it; the arrow keys move
 * between the portals.
 */
export function PortalSwitcher({ portals, current, collapsed, icons }: { portals: ShellPortalLink[]; current?: { key: string; label: string }; collapsed?: boolean; icons: ShellIcons }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (portals.length < 2) return null;

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('[data-portal-link]') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      trigger.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const at = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => focusLink(e.key === 'ArrowDown' ? 0 : -1));
    } else focusLink(at < 0 ? 0 : at + (e.key === 'ArrowDown' ? 1 : -1));
  };
  const label = `Switch portal (current: ${current?.label ?? 'none'})`;

  return (
    <div ref={root} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={clsx(
          'group flex w-full items-center gap-3 rounded-xl border border-white/10 bg-white/5 text-left text-sm text-white transition hover:bg-white/10 focus-visible:outline-white',
          collapsed ? 'justify-center p-2.5' : 'px-3 py-2.5',
        )}
      >
        {icons.switch}
        {!collapsed && (
          <span className="min-w-0 flex-1">
            <span className="block text-[11px] font-medium uppercase tracking-wider text-slate-400">Switch portal</span>
            <span className="block truncate font-semibold">{current?.label ?? 'Choose a portal'}</span>
          </span>
        )}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={clsx(
          'absolute z-50 min-w-[max(14rem,100%)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl',
          collapsed ? 'left-full top-0 ml-2' : 'left-0 top-full mt-2',
        )}
      >
        <p className="px-2.5 py-1.5 text-xs font-medium text-slate-500">Switch to another portal</p>
        <ul>
          {portals.map((p) => (
            <li key={p.key}>
              <Link
                data-portal-link
                href={p.home}
                aria-current={p.key === current?.key ? 'page' : undefined}
                onClick={() => setOpen(false)}
                className="flex items-center justify-between gap-3 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50 focus-visible:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                {p.label}
                {p.key === current?.key && icons.check}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
