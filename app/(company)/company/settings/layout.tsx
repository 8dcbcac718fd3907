import type { Metadata } from 'next';
import { config } from '@/lib/config';
import { RouteTabs } from '@/components/shell/route-tabs';
import { PageHeader } from '@/components/ui/states';
import { settingsTabsFor } from '@/components/billing/settings-tabs';
import { getSessionUser } from '@/lib/auth/server';

// Each section's tab title names the section it is in: 'Billing history | Settings | Company Portal | TNA'.
export const metadata: Metadata = { title: { template: `%s | Settings | Company Portal | ${config.productName}`, default: 'Settings' } };

/** /company/settings/*: one page per section, as route tabs (jobs spec §2). */
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const user = await getSessionUser();
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader title="Settings" subtitle="Your account, your company, and how you pay." />
      <RouteTabs label="Settings sections" tabs={settingsTabsFor(user?.companyId)} />
      {children}
    </div>
  );
}
