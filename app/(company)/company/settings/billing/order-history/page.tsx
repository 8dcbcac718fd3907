import type { Metadata } from 'next';
import { InvoiceHistory } from '@/components/billing/invoice-history';

export const metadata: Metadata = { title: 'Order history' };

export default function OrderHistoryPage() {
  return <InvoiceHistory status="paid" />;
}
