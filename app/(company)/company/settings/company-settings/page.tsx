import type { Metadata } from 'next';
import { COMPANY_FIELDS, CompanySettingsForm } from '@/components/billing/company-settings-form';
import { NoCompany } from '@/components/billing/no-company';
import { getSessionUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Company settings' };

export default async function CompanySettingsPage() {
  const user = await getSessionUser();
  if (!user?.companyId) return <NoCompany />;
  return <CompanySettingsForm companyId={user.companyId} fields={COMPANY_FIELDS} title="Company" description="How your company appears to drivers, and where billing emails go." />;
}
