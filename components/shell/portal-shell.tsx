'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { BrandMark } from './brand-mark';
import { pickGroup } from './nav-pick';
import type { ShellNav } from './shell-nav';
import { NavBody, type ShellUser } from './side-nav';
import { useNavCollapse } from './use-nav-collapse';
import { RecommendDialogHost } from '@/components/recommend/recommend-dialog-host';

// The drawer (and the dialog library under it) loads when the menu button is first used: phones
// only, and not with every page (issue 16: first-load JS).
const NavDrawer = dynamic(() => import('./nav-drawer').then((m) => m.NavDrawer), { ssr: false });
const preloadDrawer = () => void import('./nav-drawer');

/**
 * The frame of every portal: a collapsible side nav (16rem / 5.5rem) beside the page, and on phones
 * (under 500 px) a top bar whose menu button opens the same nav as a drawer.
 */
export function PortalShell({ user, nav, productName, children }: { user: ShellUser; nav: ShellNav; productName: string; children: React.ReactNode }) {
  const { collapsed, manualOverride, toggle } = useNavCollapse();
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const pathname = usePathname() ?? '/';
  const group = pickGroup(nav, pathname);

  return (
    <div className="min-h-dvh bg-slate-50">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      <aside
        id="side-nav"
        data-collapsed={collapsed}
        data-manual={manualOverride}
        aria-label="Side navigation"
        className={clsx(
          'fixed inset-y-0 left-0 z-30 hidden bg-slate-900 transition-[width] duration-200 min-[500px]:block',
          collapsed ? 'w-[5.5rem]' : 'w-[16rem]',
        )}
      >
        <NavBody user={user} nav={nav} productName={productName} collapsed={collapsed} onToggle={toggle} />
      </aside>

      <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur min-[500px]:hidden">
        <button
          ref={menuButton}
          type="button"
          aria-label="Open navigation"
          aria-haspopup="dialog"
          aria-expanded={drawer}
          onPointerDown={preloadDrawer}
          onClick={() => {
            setDrawerUsed(true);
            setDrawer(true);
          }}
          className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100"
        >
          {nav.icons.menu}
        </button>
        {drawerUsed && <NavDrawer open={drawer} onOpenChange={setDrawer} returnFocusTo={menuButton} user={user} nav={nav} productName={productName} />}
        <BrandMark className="size-8" />
        <span className="min-w-0 leading-tight">
          <span className="block truncate text-sm font-semibold text-slate-900">{productName}</span>
          <span className="block truncate text-xs text-slate-500">{group?.label}</span>
        </span>
      </header>

      <div className={clsx('transition-[padding] duration-200', collapsed ? 'min-[500px]:pl-[5.5rem]' : 'min-[500px]:pl-[16rem]')}>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          {children}
        </main>
      </div>
      <RecommendDialogHost />
    </div>
  );
}
