'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import { clsx } from 'clsx';
import type { Portal } from '@/lib/access';
import { Icon } from './icons';

/** Lists the portals the user can reach; rendered only when there are two or more. */
export function PortalSwitcher({ portals, current, collapsed }: { portals: Portal[]; current?: Portal; collapsed?: boolean }) {
  if (portals.length < 2) return null;
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={`Switch portal (current: ${current?.label ?? 'none'})`}
        title={`Switch portal (current: ${current?.label ?? 'none'})`}
        className={clsx(
          'group flex w-full items-center gap-3 rounded-xl border border-white/10 bg-white/5 text-left text-sm text-white transition hover:bg-white/10 focus-visible:outline-white',
          collapsed ? 'justify-center p-2.5' : 'px-3 py-2.5',
        )}
      >
        <Icon name="switch" className="text-slate-300" />
        {!collapsed && (
          <span className="min-w-0 flex-1">
            <span className="block text-[11px] font-medium uppercase tracking-wider text-slate-400">Switch portal</span>
            <span className="block truncate font-semibold">{current?.label ?? 'Choose a portal'}</span>
          </span>
        )}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          side={collapsed ? 'right' : 'bottom'}
          align="start"
          sideOffset={8}
          className="z-50 min-w-[max(14rem,var(--radix-dropdown-menu-trigger-width))] rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
        >
          <Menu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-500">Switch to another portal</Menu.Label>
          {portals.map((p) => (
            <Menu.Item key={p.key} asChild>
              <Link
                href={p.home}
                aria-current={p.key === current?.key ? 'page' : undefined}
                className="flex items-center justify-between gap-3 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700"
              >
                {p.label}
                {p.key === current?.key && <Icon name="check" className="size-4 text-brand-600" />}
              </Link>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
