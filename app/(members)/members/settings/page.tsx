import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/states';
import { requireUser } from '@/lib/auth/server';
import { pageGuardFor } from '@/lib/access';
import { SettingsTabs, type SettingsTab } from './settings-tabs';

export const metadata: Metadata = { title: 'Settings' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function MembersSettingsPage({ searchParams }: { searchParams: Search }) {
  await requireUser(pageGuardFor('/members/settings'));
  const tab: SettingsTab = (await searchParams).tab === 'password' ? 'password' : 'delete-account';
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your password and your account." />
      <SettingsTabs initial={tab} />
    </>
  );
}
