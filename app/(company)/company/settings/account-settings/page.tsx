import type { Metadata } from 'next';
import { AccountSummary } from '@/components/billing/account-summary';

export const metadata: Metadata = { title: 'Account settings' };

export default function AccountSettingsPage() {
  return <AccountSummary />;
}
