import type { Metadata } from 'next';
import { NoCompany } from '@/components/billing/no-company';
import { getSessionUser } from '@/lib/auth/server';
import { PaymentSettings } from '@/components/billing/payment-settings';
import { getDb } from '@/lib/db/client';
import { getGateway } from '@/lib/payments/gateway';

export const metadata: Metadata = { title: 'Payment' };

export default async function PaymentSettingsPage() {
  if (!(await getSessionUser())?.companyId) return <NoCompany billing />;
  const gateway = await getGateway(await getDb());
  return <PaymentSettings hostedFieldsUrl={gateway.hostedFields().url} />;
}
