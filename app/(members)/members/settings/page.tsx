import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/states';
import { requireUser } from '@/lib/auth/server';
import { ROLES, pageGuardFor } from '@/lib/access';
import { getDb } from '@/lib/db/client';
import { getDriverProfile } from '@/lib/drivers/profile';
import { SettingsTabs } from './settings-tabs';
import { SETTINGS_TABS, type SettingsTab } from './tabs';

export const metadata: Metadata = { title: 'Settings' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function MembersSettingsPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser(pageGuardFor('/members/settings'));
  // Only drivers have a driver profile; staff looking at the portal get the account tabs.
  const profile = user.roles.includes(ROLES.DRIVER) ? await getDriverProfile(await getDb(), user.id) : null;
  const asked = (await searchParams).tab;
  const available = SETTINGS_TABS.filter((t) => profile || t.value !== 'profile').map((t) => t.value);
  const tab: SettingsTab = available.includes(asked as SettingsTab) ? (asked as SettingsTab) : available[0];
  return (
    <>
      <PageHeader title="Settings" subtitle={profile ? 'Your driver profile, password, time zone, picture, sessions and account.' : 'Your password, time zone, picture, sessions and account.'} />
      <SettingsTabs initial={tab} profile={profile} />
    </>
  );
}
