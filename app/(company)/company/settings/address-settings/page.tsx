import type { Metadata } from 'next';
import { NoCompany } from '@/components/billing/no-company';
import { CompanyAddressSettings } from '@/components/companies/company-address-settings';
import { StaffCompanySettings } from '@/components/companies/staff-company-settings';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import { getSessionUser } from '@/lib/auth/server';
import { companyFromQuery } from '@/lib/companies/chosen';

export const metadata: Metadata = { title: 'Address settings' };

type Search = Record<string, string | string[] | undefined>;

const TEXT = { title: 'Company address', description: "Your company's address, shown on receipts and used to place your company on the map." };

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await getSessionUser();
  // Admins belong to no company: they choose the one to manage (the API checks their role again).
  if (user && hasAny(user.roles, ADMIN_ROLES) && !user.companyId) {
    const companyId = companyFromQuery((await searchParams).company);
    return <StaffCompanySettings companyId={companyId}>{companyId && <CompanyAddressSettings key={companyId} companyId={companyId} {...TEXT} />}</StaffCompanySettings>;
  }
  if (!user?.companyId) return <NoCompany />;
  return <CompanyAddressSettings companyId={user.companyId} {...TEXT} />;
}
