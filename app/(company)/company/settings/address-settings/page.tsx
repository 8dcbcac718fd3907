import type { Metadata } from 'next';
import { ADDRESS_FIELDS, CompanySettingsForm } from '@/components/billing/company-settings-form';
import { NoCompany } from '@/components/billing/no-company';
import { getSessionUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Address settings' };

export default async function AddressSettingsPage() {
  const user = await getSessionUser();
  if (!user?.companyId) return <NoCompany />;
  return <CompanySettingsForm companyId={user.companyId} fields={ADDRESS_FIELDS} title="Company address" description="Your company's address, shown on receipts and used to place your company on the map." />;
}
