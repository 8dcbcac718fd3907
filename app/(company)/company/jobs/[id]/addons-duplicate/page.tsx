import type { Metadata } from 'next';
import { AddonsScreen } from '@/components/jobs/wizard/addons-screen';
import { loadJobOr404 } from '../../_lib/load';

export const metadata: Metadata = { title: 'Duplicate job: add-ons' };

export default async function DuplicateJobAddonsPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  return <AddonsScreen mode="duplicate" job={job} />;
}
