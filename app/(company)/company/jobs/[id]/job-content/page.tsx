import type { Metadata } from 'next';
import { ContentScreen } from '@/components/jobs/wizard/content-screen';
import { loadJobOr404 } from '../../_lib/load';

export const metadata: Metadata = { title: 'Edit job content' };

export default async function EditJobContentPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  return <ContentScreen mode="edit" job={job} />;
}
