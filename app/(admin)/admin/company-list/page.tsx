import type { Metadata } from 'next';
import Link from 'next/link';
import { PlaceholderPage } from '@/components/shell/placeholder-page';
import { pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Company List' };

export default async function CompanyListPage() {
  await requireUser(pageGuardFor('/admin/company-list'));
  return (
    <>
      <PlaceholderPage title="Company List" subtitle="Manage companies, their jobs and billing." emptyTitle="The company list is not available yet">
        Companies, their job counts, billing type and status will be listed here, with search and editing.
      </PlaceholderPage>
      {/* Until the list exists, the one billing task admins have: invoices of invoice-billed companies. */}
      <p className="mt-4 text-sm text-slate-600">
        Billing:{' '}
        <Link href="/admin/invoices" className="font-medium text-brand-700 hover:underline">
          invoices of invoice-billed companies
        </Link>{' '}
        (mark an invoice paid).
      </p>
    </>
  );
}
