import type { Metadata } from 'next';
import { CandidatesScreen } from '@/components/applicants/candidates-screen';
import { loadJobOr404 } from '../../_lib/load';

export const metadata: Metadata = { title: 'Candidates' };

export default async function CandidatesPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  return <CandidatesScreen jobId={job.id} />;
}
