import type { Metadata } from 'next';
import { NoCompany } from '@/components/billing/no-company';
import { getSessionUser } from '@/lib/auth/server';
import { InvoiceHistory } from '@/components/billing/invoice-history';

export const metadata: Metadata = { title: 'Order history' };

export default async function OrderHistoryPage() {
  if (!(await getSessionUser())?.companyId) return <NoCompany billing />;
  return <InvoiceHistory status="paid" />;
}
