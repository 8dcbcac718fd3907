import type { Metadata } from 'next';
import Link from 'next/link';
import { RouteTabs } from '@/components/shell/route-tabs';
import { PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';

// A layout's own title would end the admin template for the tabs below it; carry it on.
export const metadata: Metadata = { title: { default: 'User Management', template: 'Admin | %s' } };

const TABS = [
  { href: '/admin/user-management/applicants', label: 'Applicants' },
  { href: '/admin/user-management/drivers', label: 'Drivers' },
  { href: '/admin/user-management/admins', label: 'Admins' },
];

export default async function UserManagementLayout({ children }: { children: React.ReactNode }) {
  await requireUser(pageGuardFor('/admin/user-management'));
  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Applicants, drivers and administrators."
        actions={
          <Link href="/admin/outbox" className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            Mail outbox
          </Link>
        }
      />
      <RouteTabs tabs={TABS} label="User management sections" />
      {children}
    </>
  );
}
