import type { Metadata } from 'next';
import { SignedInSessions } from '@/components/accounts/signed-in-sessions';
import { AccountSettingsForm } from '@/components/companies/account-settings-form';

export const metadata: Metadata = { title: 'Account settings' };

export default function AccountSettingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <AccountSettingsForm />
      <SignedInSessions />
    </div>
  );
}
