import type { Metadata } from 'next';
import { JobDetailView } from '@/components/jobs/detail/job-detail';
import { loadJobOr404 } from '../../_lib/load';

export const metadata: Metadata = { title: 'Job detail' };

export default async function JobDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  return <JobDetailView initial={job} />;
}
