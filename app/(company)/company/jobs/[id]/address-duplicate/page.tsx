import type { Metadata } from 'next';
import { AddressScreen } from '@/components/jobs/wizard/address-screen';
import { loadJobOr404 } from '../../_lib/load';

export const metadata: Metadata = { title: 'Duplicate job: addresses' };

export default async function DuplicateJobAddressPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  return <AddressScreen mode="duplicate" job={job} />;
}
