import type { Metadata } from 'next';
import Link from 'next/link';
import { CompanyGrid } from '@/components/admin/company-grid';
import { PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Company List' };

const linkClass = 'rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';

export default async function CompanyListPage() {
  await requireUser(pageGuardFor('/admin/company-list'));
  return (
    <>
      <PageHeader
        title="Company List"
        subtitle="Manage companies, their users, jobs and billing."
        actions={
          <span className="flex flex-wrap gap-2">
            <Link href="/admin/invoices" className={linkClass}>
              Invoices
            </Link>
            <Link href="/admin/audit-log" className={linkClass}>
              Audit log
            </Link>
          </span>
        }
      />
      <CompanyGrid />
    </>
  );
}
