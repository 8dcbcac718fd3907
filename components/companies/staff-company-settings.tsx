'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect } from 'react';
import { EmptyState } from '@/components/ui/states';
import { accountKey, useAccountOwner } from '@/lib/browser/account-storage';
import { useCompanyChoice } from '@/lib/companies/hooks';
import { CompanyPicker } from './company-picker';

/**
 * `children`: the section to show once a company is chosen (its form, its addresses, its employees),
 * rendered by the page on the server, so this picker does not bring every settings form with it.
 */
type Props = { children: React.ReactNode };

/** This tab's last chosen company, so the other settings tabs open on it (account-scoped, gone at logout). */
function useRememberedCompany(companyId: number | null, onRemembered: (id: number) => void) {
  const key = accountKey('settings.company', useAccountOwner());
  useEffect(() => {
    if (!key) return;
    try {
      if (companyId) return void window.sessionStorage.setItem(key, String(companyId));
      const kept = Number(window.sessionStorage.getItem(key));
      if (Number.isSafeInteger(kept) && kept > 0) onRemembered(kept);
    } catch {
      // Storage blocked: the admin chooses again on each tab.
    }
  }, [key, companyId, onRemembered]);
}

/**
 * Company settings for admins, who belong to no company: they choose the company first (it rides
 * in the address bar as ?company=, so a reload or a shared link keeps it; the other tabs open on
 * it too), then edit it.
 */
export function StaffCompanySettings({ companyId, children }: Props & { companyId: number | null }) {
  const router = useRouter();
  const pathname = usePathname() ?? '';
  const chosen = useCompanyChoice(companyId);
  const open = useCallback((id: number) => router.replace(`${pathname}?company=${id}`), [router, pathname]);
  useRememberedCompany(companyId, open);
  return (
    <div className="flex flex-col gap-6">
      <div className="max-w-xl">
        <CompanyPicker
          value={chosen.data ?? null}
          onChange={(c) => open(c.id)}
          hint="You manage every company: choose the one whose settings you want to see or change."
          autoFocus={!companyId}
        />
      </div>
      {companyId ? (
        children
      ) : (
        <EmptyState title="Choose a company">Search for the company by its name or city, then change its details here.</EmptyState>
      )}
    </div>
  );
}
