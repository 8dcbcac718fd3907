import type { Metadata } from 'next';
import { AddressScreen } from '@/components/jobs/wizard/address-screen';
import { pageActor } from '../../_lib/load';

export const metadata: Metadata = { title: 'Targeting address' };

export default async function NewJobAddressPage() {
  await pageActor();
  return <AddressScreen mode="new" />;
}
