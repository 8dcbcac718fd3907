'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { clsx } from 'clsx';
import { useState } from 'react';
import { SORT_OPTIONS, STATUS_OPTIONS, paramsToSearch } from '@/components/jobs/list/params';
import { BrandMark } from '../brand-mark';
import { Icon } from '../icons';
import { LogoutDialog } from '../logout-dialog';
import { useJobListControls } from './job-list-controls';
import { SearchIcon } from '@/components/ui/search-icon';

const JOBS = '/company/jobs';
const NEW_JOB = '/company/jobs/new';

/**
 * The alternate layout's header (newLayout flag): the product with its tagline, the search
 * 'Search by job' with filter and sort buttons, and the nav Create New Job / Posted Jobs, then
 * Log out. On the jobs list the controls filter it as it stands; elsewhere Enter opens the list
 * with the search.
 */
export function AltHeader({ productName }: { productName: string }) {
  const controls = useJobListControls()!;
  const pathname = usePathname() ?? '/';
  const router = useRouter();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const onList = pathname === JOBS;
  const openList = () => {
    if (!onList) router.push(`${JOBS}${paramsToSearch({ companyId: null, page: 1, query: controls.text.trim(), status: controls.status, sort: controls.sort })}`);
  };

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:px-6 lg:px-10">
        <Link href={JOBS} className="flex min-w-0 items-center gap-3 rounded-lg">
          <BrandMark />
          <span className="min-w-0 leading-tight">
            <span className="block truncate text-base font-bold tracking-tight text-slate-900">{productName}</span>
            <span className="block truncate text-xs font-medium text-brand-600">Powered by AI</span>
          </span>
        </Link>

        <form
          role="search"
          className="order-last flex w-full items-center gap-2 md:order-none md:w-auto md:flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            openList();
          }}
        >
          <div className="relative min-w-0 flex-1">
            <SearchIcon />
            <input
              type="search"
              value={controls.text}
              onChange={(e) => controls.setText(e.target.value)}
              placeholder="Search by job"
              aria-label="Search by job"
              maxLength={200}
              className="w-full rounded-full border border-slate-300 bg-slate-50 py-2 pl-9 pr-3 text-sm outline-none transition focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <ChoiceMenu
            label="Filter"
            icon={<FilterIcon />}
            title="Filter by status"
            options={STATUS_OPTIONS}
            value={controls.status}
            active={controls.status !== ''}
            onChange={(v) => {
              controls.setStatus(v as typeof controls.status);
              openList();
            }}
          />
          <ChoiceMenu
            label="Sort"
            icon={<SortIcon />}
            title="Sort jobs"
            options={SORT_OPTIONS}
            value={controls.sort}
            active={controls.sort !== 'posting_date:desc'}
            onChange={(v) => {
              controls.setSort(v as typeof controls.sort);
              openList();
            }}
          />
        </form>

        <nav aria-label="Company navigation" className="ml-auto flex items-center gap-1">
          <NavLink href={NEW_JOB} current={pathname === NEW_JOB} primary>
            Create New Job
          </NavLink>
          <NavLink href={JOBS} current={onList}>
            Posted Jobs
          </NavLink>
          <button
            type="button"
            onClick={() => setConfirmLogout(true)}
            className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            <Icon name="logout" className="size-4" />
            <span className="sr-only sm:not-sr-only">Log out</span>
          </button>
        </nav>
      </div>
      <LogoutDialog open={confirmLogout} onOpenChange={setConfirmLogout} />
    </header>
  );
}

function NavLink({ href, current, primary, children }: { href: string; current: boolean; primary?: boolean; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={clsx(
        'whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition',
        primary ? 'bg-brand-600 text-white hover:bg-brand-700' : current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {children}
    </Link>
  );
}

type Option = { value: string; label: string };

function ChoiceMenu({ label, title, icon, options, value, active, onChange }: { label: string; title: string; icon: React.ReactNode; options: Option[]; value: string; active: boolean; onChange: (value: string) => void }) {
  const chosen = options.find((o) => o.value === value)?.label;
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={`${title} (now: ${chosen})`}
        className={clsx(
          'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-2 text-sm font-medium transition',
          active ? 'border-brand-300 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        )}
      >
        {icon}
        <span className="sr-only sm:not-sr-only">{label}</span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl">
          <Menu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-500">{title}</Menu.Label>
          <Menu.RadioGroup value={value} onValueChange={onChange}>
            {options.map((o) => (
              <Menu.RadioItem
                key={o.value}
                value={o.value}
                className="flex cursor-default items-center justify-between gap-3 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700"
              >
                {o.label}
                <Menu.ItemIndicator>
                  <Icon name="check" className="size-4 text-brand-600" />
                </Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

const FilterIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} className="size-4" aria-hidden>
    <path strokeLinecap="round" strokeLinejoin="round" d="M12 3c2.755 0 5.455.232 8.083.678.533.09.917.556.917 1.096v1.044a2.25 2.25 0 0 1-.659 1.591l-5.432 5.432a2.25 2.25 0 0 0-.659 1.591v2.927a2.25 2.25 0 0 1-1.244 2.013L9.75 21v-6.568a2.25 2.25 0 0 0-.659-1.591L3.659 7.409A2.25 2.25 0 0 1 3 5.818V4.774c0-.54.384-1.006.917-1.096A48.32 48.32 0 0 1 12 3Z" />
  </svg>
);

const SortIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} className="size-4" aria-hidden>
    <path strokeLinecap="round" strokeLinejoin="round" d="M3 7.5 7.5 3m0 0L12 7.5M7.5 3v13.5m13.5 0L16.5 21m0 0L12 16.5m4.5 4.5V7.5" />
  </svg>
);
