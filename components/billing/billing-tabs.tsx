'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { clsx } from 'clsx';
import { BILLING_TABS } from './settings-tabs';

/** Billing history | Order history, as a segmented control (exact path match). */
export function BillingTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Billing views" className="inline-flex rounded-lg bg-slate-100 p-1 text-sm font-medium">
      {BILLING_TABS.map((t) => {
        const active = pathname === t.href;
        return (
          <Link
            key={t.href}
            href={t.href}
            aria-current={active ? 'page' : undefined}
            className={clsx('rounded-md px-3 py-1.5 transition', active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
          >
            {t.label}
          </Link>
        );
      })}
    </nav>
  );
}
