import type { Metadata } from 'next';
import { RouteTabs } from '@/components/shell/route-tabs';
import { PageHeader } from '@/components/ui/states';
import { SETTINGS_TABS } from '@/components/billing/settings-tabs';

export const metadata: Metadata = { title: 'Settings' };

/** /company/settings/*: one page per section, as route tabs (jobs spec §2). */
export default function SettingsLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader title="Settings" subtitle="Your account, your company, and how you pay." />
      <RouteTabs label="Settings sections" tabs={SETTINGS_TABS} />
      {children}
    </div>
  );
}
