'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { usePathname } from 'next/navigation';
import { clsx } from 'clsx';
import { useState } from 'react';
import { BrandMark, Icon } from './icons';
import { navGroupFor } from './nav-model';
import { NavBody, type ShellUser } from './side-nav';
import { useNavCollapse } from './use-nav-collapse';
import { RecommendDialogHost } from '@/components/recommend/recommend-dialog-host';

/**
 * The frame of every portal: a collapsible side nav (16rem / 5.5rem) beside the page, and on phones
 * (under 500 px) a top bar whose menu button opens the same nav as a drawer.
 */
export function PortalShell({ user, productName, children }: { user: ShellUser; productName: string; children: React.ReactNode }) {
  const { collapsed, manualOverride, toggle } = useNavCollapse();
  const [drawer, setDrawer] = useState(false);
  const pathname = usePathname() ?? '/';
  const group = navGroupFor(pathname, user.roles);

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
        <NavBody user={user} productName={productName} collapsed={collapsed} onToggle={toggle} />
      </aside>

      <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur min-[500px]:hidden">
        <RadixDialog.Root open={drawer} onOpenChange={setDrawer}>
          <RadixDialog.Trigger aria-label="Open navigation" className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100">
            <Icon name="menu" className="size-6" />
          </RadixDialog.Trigger>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
            <RadixDialog.Content className="fixed inset-y-0 left-0 z-50 w-[min(18rem,85vw)] bg-slate-900 shadow-2xl focus:outline-none">
              <RadixDialog.Title className="sr-only">Navigation</RadixDialog.Title>
              <RadixDialog.Description className="sr-only">Pages of the portal</RadixDialog.Description>
              <RadixDialog.Close aria-label="Close navigation" className="absolute right-3 top-4 z-10 rounded-lg p-1.5 text-slate-400 hover:bg-white/10 hover:text-white">
                <Icon name="close" />
              </RadixDialog.Close>
              <NavBody user={user} productName={productName} collapsed={false} onNavigate={() => setDrawer(false)} />
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
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
