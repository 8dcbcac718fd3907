import type { Metadata } from 'next';
import Link from 'next/link';
import { RouteTabs } from '@/components/shell/route-tabs';
import { PageHeader } from '@/components/ui/states';
import { allows, pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';
import { outboxReadable } from '@/lib/mail/outbox';

// A layout's own title would end the admin template for the tabs below it; carry it on.
export const metadata: Metadata = { title: { default: 'User Management', template: 'Admin | %s' } };

const TABS = [
  { href: '/admin/user-management/applicants', label: 'Applicants' },
  { href: '/admin/user-management/drivers', label: 'Drivers' },
  { href: '/admin/user-management/admins', label: 'Admins' },
];

export default async function UserManagementLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser(pageGuardFor('/admin/user-management'));
  const outbox = outboxReadable() && allows(pageGuardFor('/admin/outbox'), user.roles, true);
  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Applicants, drivers and administrators."
        actions={
          outbox && (
            <Link href="/admin/outbox" className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              Mail outbox
            </Link>
          )
        }
      />
      <RouteTabs tabs={TABS} label="User management sections" />
      {children}
    </>
  );
}
