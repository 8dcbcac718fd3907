import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/shell/placeholder-page';
import { pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Company List' };

export default async function CompanyListPage() {
  await requireUser(pageGuardFor('/admin/company-list'));
  return (
    <PlaceholderPage title="Company List" subtitle="Manage companies, their jobs and billing." emptyTitle="The company list is not available yet">
      Companies, their job counts, billing type and status will be listed here, with search and editing.
    </PlaceholderPage>
  );
}
