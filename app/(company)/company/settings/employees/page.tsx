import type { Metadata } from 'next';
import { NoCompany } from '@/components/billing/no-company';
import { EmployeesPanel } from '@/components/companies/employees-panel';
import { StaffCompanySettings } from '@/components/companies/staff-company-settings';
import { ADMIN_ROLES, ROLES, hasAny } from '@/lib/access';
import { getSessionUser } from '@/lib/auth/server';
import { companyFromQuery } from '@/lib/companies/chosen';

export const metadata: Metadata = { title: 'Employees' };

type Search = Record<string, string | string[] | undefined>;

/** /company/settings/employees: a company admin manages the company's people; a company user reads the list. */
export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await getSessionUser();
  if (user && hasAny(user.roles, ADMIN_ROLES) && !user.companyId) {
    const companyId = companyFromQuery((await searchParams).company);
    return (
      <StaffCompanySettings companyId={companyId}>
        {companyId && <EmployeesPanel key={companyId} companyId={companyId} canManage selfId={user.id} admin />}
      </StaffCompanySettings>
    );
  }
  if (!user?.companyId) return <NoCompany />;
  const canManage = hasAny(user.roles, [ROLES.COMPANY_ADMIN, ...ADMIN_ROLES]);
  return <EmployeesPanel companyId={user.companyId} canManage={canManage} selfId={user.id} />;
}
