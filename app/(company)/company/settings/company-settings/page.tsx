import type { Metadata } from 'next';
import { COMPANY_FIELDS, CompanySettingsForm } from '@/components/billing/company-settings-form';
import { NoCompany } from '@/components/billing/no-company';
import { LogoSettings } from '@/components/companies/logo-settings';
import { StaffCompanySettings } from '@/components/companies/staff-company-settings';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import { getSessionUser } from '@/lib/auth/server';
import { companyFromQuery } from '@/lib/companies/chosen';

export const metadata: Metadata = { title: 'Company settings' };

type Search = Record<string, string | string[] | undefined>;

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await getSessionUser();
  const props = { fields: COMPANY_FIELDS, title: 'Company', description: 'How your company appears to drivers, and where billing emails go.' };
  // Admins belong to no company: they choose the one to manage (the API checks their role again).
  if (user && hasAny(user.roles, ADMIN_ROLES) && !user.companyId) {
    const companyId = companyFromQuery((await searchParams).company);
    return <StaffCompanySettings companyId={companyId}>{companyId && <CompanySettingsForm key={companyId} companyId={companyId} {...props} />}</StaffCompanySettings>;
  }
  if (!user?.companyId) return <NoCompany />;
  return (
    <div className="flex flex-col gap-6">
      <CompanySettingsForm companyId={user.companyId} {...props} />
      <LogoSettings companyId={user.companyId} />
    </div>
  );
}
