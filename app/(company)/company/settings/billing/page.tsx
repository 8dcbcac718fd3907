import type { Metadata } from 'next';
import { NoCompany } from '@/components/billing/no-company';
import { getSessionUser } from '@/lib/auth/server';
import { InvoiceHistory } from '@/components/billing/invoice-history';

export const metadata: Metadata = { title: 'Billing history' };

export default async function BillingHistoryPage() {
  if (!(await getSessionUser())?.companyId) return <NoCompany billing />;
  return <InvoiceHistory status="all" />;
}
