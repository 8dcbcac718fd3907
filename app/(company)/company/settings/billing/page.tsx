import type { Metadata } from 'next';
import { InvoiceHistory } from '@/components/billing/invoice-history';

export const metadata: Metadata = { title: 'Billing history' };

export default function BillingHistoryPage() {
  return <InvoiceHistory status="all" />;
}
