import type { Metadata } from 'next';
import { AdForm } from '@/components/ads/ad-form';
import { PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { requireSession } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Create ad' };

export default async function NewAdPage() {
  await requireSession(pageGuardFor('/ads/manage'));
  return (
    <>
      <PageHeader title="Create ad" subtitle="An image is cropped to 587 × 226; the preview shows what viewers will see." />
      <AdForm />
    </>
  );
}
