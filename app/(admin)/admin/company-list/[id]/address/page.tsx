import type { Metadata } from 'next';
import { AddressScreen } from '@/components/jobs/wizard/address-screen';
import { adminJobOr404 } from '../../_load';

export const metadata: Metadata = { title: 'Edit job addresses' };

/** An admin edits a company's job addresses with the company wizard's address step. */
export default async function AdminJobAddressPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await adminJobOr404((await params).id);
  return <AddressScreen mode="edit" job={job} />;
}
