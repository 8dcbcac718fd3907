import type { Metadata } from 'next';
import { AddressScreen } from '@/components/jobs/wizard/address-screen';
import { loadJobOr404 } from '../../_lib/load';

export const metadata: Metadata = { title: 'Edit addresses' };

export default async function EditJobAddressPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  return <AddressScreen mode="edit" job={job} />;
}
