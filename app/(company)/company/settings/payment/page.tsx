import type { Metadata } from 'next';
import { PaymentSettings } from '@/components/billing/payment-settings';
import { getDb } from '@/lib/db/client';
import { getGateway } from '@/lib/payments/gateway';

export const metadata: Metadata = { title: 'Payment' };

export default async function PaymentSettingsPage() {
  const gateway = await getGateway(await getDb());
  return <PaymentSettings hostedFieldsUrl={gateway.hostedFields().url} />;
}
