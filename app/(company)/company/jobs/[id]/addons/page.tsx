import type { Metadata } from 'next';
import { AddonsScreen } from '@/components/jobs/wizard/addons-screen';
import { loadJobOr404 } from '../../_lib/load';

export const metadata: Metadata = { title: 'Edit add-ons' };

export default async function EditJobAddonsPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  return <AddonsScreen mode="edit" job={job} />;
}
