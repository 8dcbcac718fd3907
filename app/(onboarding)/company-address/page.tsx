import type { Metadata } from 'next';
import { CompanyAddressStep } from '@/components/signup/company-address-form';
import { requireUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Company address' };

export default async function CompanyAddressPage() {
  const user = await requireUser('authenticated', { allowNoCompany: true });
  return <CompanyAddressStep userId={user.id} />;
}
