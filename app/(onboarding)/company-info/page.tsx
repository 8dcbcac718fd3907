import type { Metadata } from 'next';
import { CompanyInfoStep } from '@/components/signup/company-info-form';
import { requireUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Company information' };

export default async function CompanyInfoPage() {
  const user = await requireUser('authenticated', { allowNoCompany: true });
  return <CompanyInfoStep userId={user.id} firstName={(user.name ?? '').split(' ')[0]} />;
}
