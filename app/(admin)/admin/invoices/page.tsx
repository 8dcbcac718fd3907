import type { Metadata } from 'next';
import { AdminInvoices } from '@/components/billing/admin-invoices';
import { PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Invoices' };

export default async function AdminInvoicesPage() {
  await requireUser(pageGuardFor('/admin/invoices'));
  return (
    <>
      <PageHeader title="Invoices" subtitle="Invoice-billed companies pay outside the portal: record each payment here when it arrives." />
      <AdminInvoices />
    </>
  );
}
