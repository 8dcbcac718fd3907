'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { clsx } from 'clsx';
import { useState } from 'react';
import { BrandMark } from './brand-mark';
import { activeItem, pickGroup } from './nav-pick';
import { PortalSwitcher } from './portal-switcher';
import type { ShellNav, ShellNavItem } from './shell-nav';

// The confirmation (and the dialog library under it) loads the first time Log out is pressed, not
// with every portal page (issue 16: first-load JS).
const LogoutDialog = dynamic(() => import('./logout-dialog').then((m) => m.LogoutDialog), { ssr: false });

/** `impersonating`: an admin acting as this user (the logout dialog offers the way back). */
export type ShellUser = { name?: string | null; email?: string | null; impersonating?: boolean };

/** The Recommend item is an action: whoever builds the dialog listens for this event. */
export const RECOMMEND_EVENT = 'tna:recommend';

type NavBodyProps = {
  user: ShellUser;
  /** The groups, items and icons the layout worked out on the server for the user's roles. */
  nav: ShellNav;
  productName: string;
  collapsed: boolean;
  /** Desktop rail only: the collapse button. */
  onToggle?: () => void;
  /** Called after a link or action is used (the mobile drawer closes). */
  onNavigate?: () => void;
};

/** Everything inside the nav: brand, portal switcher, the portal's items, the user and Log out. */
export function NavBody({ user, nav, productName, collapsed, onToggle, onNavigate }: NavBodyProps) {
  const pathname = usePathname() ?? '/';
  const group = pickGroup(nav, pathname);
  const items = group?.items ?? [];
  const active = activeItem(pathname, items);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [askedLogout, setAskedLogout] = useState(false);

  return (
    <div className="flex h-full flex-col gap-5 px-3 py-4">
      <div className={clsx('flex items-center gap-3', collapsed ? 'flex-col' : 'px-1')}>
        <Link href={group?.home ?? '/'} className="flex min-w-0 items-center gap-3 rounded-lg focus-visible:outline-white" onClick={onNavigate}>
          <BrandMark />
          {!collapsed && (
            <span className="min-w-0">
              <span className="block truncate text-base font-bold tracking-tight text-white">{productName}</span>
              <span className="block truncate text-xs text-slate-400">Trucking jobs network</span>
            </span>
          )}
        </Link>
        {onToggle && (
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
            aria-expanded={!collapsed}
            aria-controls="side-nav"
            className={clsx('rounded-lg p-1.5 text-slate-400 transition hover:bg-white/10 hover:text-white focus-visible:outline-white', !collapsed && 'ml-auto')}
          >
            {collapsed ? nav.icons.expand : nav.icons.collapse}
          </button>
        )}
      </div>

      <PortalSwitcher portals={nav.switcher} current={group} collapsed={collapsed} icons={nav.icons} />

      <nav aria-label={group ? `${group.label} navigation` : 'Navigation'} className="flex-1 overflow-y-auto">
        {group && !collapsed && <p className="mb-2 px-3 text-[11px] font-semibold uppercase tracking-wider text-slate-400">{group.label}</p>}
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.label}>
              <NavEntry item={item} active={item === active} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex flex-col gap-2 border-t border-white/10 pt-4">
        {!collapsed && (user.name || user.email) && (
          <div className="flex items-center gap-3 px-2">
            <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/10 text-sm font-semibold text-white">
              {initials(user.name || user.email || '')}
            </span>
            <span className="min-w-0">
              {user.name && <span className="block truncate text-sm font-medium text-white">{user.name}</span>}
              {user.email && <span className="block truncate text-xs text-slate-400">{user.email}</span>}
            </span>
          </div>
        )}
        <button type="button" onClick={() => {
            setAskedLogout(true);
            setConfirmLogout(true);
          }}
          onPointerEnter={preloadLogoutDialog}
          onFocus={preloadLogoutDialog} title={collapsed ? 'Log out' : undefined} className={itemClass(false, collapsed)}>
          {nav.icons.logout}
          <span className={clsx(collapsed && 'sr-only')}>Log out</span>
        </button>
      </div>
      {askedLogout && <LogoutDialog open={confirmLogout} onOpenChange={setConfirmLogout} impersonating={user.impersonating} />}
    </div>
  );
}

/** Starts loading the confirmation when the pointer or focus reaches Log out, so it opens at once. */
function preloadLogoutDialog() {
  void import('./logout-dialog');
}

function NavEntry({ item, active, collapsed, onNavigate }: { item: ShellNavItem; active: boolean; collapsed: boolean; onNavigate?: () => void }) {
  const content = (
    <>
      <span aria-hidden className={clsx('flex shrink-0', active ? 'text-white' : 'text-slate-400 group-hover:text-white')}>
        {item.icon}
      </span>
      <span className={clsx('truncate', collapsed && 'sr-only')}>{item.label}</span>
    </>
  );
  if (item.action === 'recommend') {
    return (
      <button
        type="button"
        title={collapsed ? item.label : undefined}
        className={itemClass(false, collapsed)}
        onClick={() => {
          onNavigate?.();
          window.dispatchEvent(new CustomEvent(RECOMMEND_EVENT));
        }}
      >
        {content}
      </button>
    );
  }
  return (
    <Link href={item.href!} aria-current={active ? 'page' : undefined} title={collapsed ? item.label : undefined} className={itemClass(active, collapsed)} onClick={onNavigate}>
      {content}
    </Link>
  );
}

function itemClass(active: boolean, collapsed: boolean) {
  return clsx(
    'group flex w-full items-center gap-3 rounded-lg text-sm font-medium transition focus-visible:outline-white',
    collapsed ? 'justify-center p-2.5' : 'px-3 py-2.5',
    active ? 'bg-brand-600 text-white shadow-sm shadow-black/20' : 'text-slate-300 hover:bg-white/10 hover:text-white',
  );
}

function initials(name: string) {
  const parts = name.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}
