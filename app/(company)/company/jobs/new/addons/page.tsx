import type { Metadata } from 'next';
import { AddonsScreen } from '@/components/jobs/wizard/addons-screen';
import { pageActor } from '../../_lib/load';

export const metadata: Metadata = { title: 'Add-ons' };

export default async function NewJobAddonsPage() {
  await pageActor();
  return <AddonsScreen mode="new" />;
}
