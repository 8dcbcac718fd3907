'use client';

import { usePathname, useRouter } from 'next/navigation';
import { CompanySettingsForm } from '@/components/billing/company-settings-form';
import { EmptyState } from '@/components/ui/states';
import { useCompanyChoice } from '@/lib/companies/hooks';
import { CompanyPicker } from './company-picker';

type Props = Omit<React.ComponentProps<typeof CompanySettingsForm>, 'companyId'> & { companyId: number | null };

/**
 * Company settings for admins, who belong to no company: they choose the company first (it rides
 * in the address bar as ?company=, so a reload or a shared link keeps it), then edit it.
 */
export function StaffCompanySettings({ companyId, ...form }: Props) {
  const router = useRouter();
  const pathname = usePathname() ?? '';
  const chosen = useCompanyChoice(companyId);
  return (
    <div className="flex flex-col gap-6">
      <div className="max-w-xl">
        <CompanyPicker
          value={chosen.data ?? null}
          onChange={(c) => router.replace(`${pathname}?company=${c.id}`)}
          hint="You manage every company: choose the one whose settings you want to see or change."
          autoFocus={!companyId}
        />
      </div>
      {companyId ? (
        <CompanySettingsForm key={companyId} companyId={companyId} {...form} />
      ) : (
        <EmptyState title="Choose a company">Search for the company by its name or city, then change its details here.</EmptyState>
      )}
    </div>
  );
}
