import type { Metadata } from 'next';
import { ApplicantsScreen } from '@/components/applicants/applicants-screen';
import { loadJobOr404 } from '../../_lib/load';

export const metadata: Metadata = { title: 'Applicants' };

export default async function ApplicantsPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  return <ApplicantsScreen job={{ id: job.id, title: job.title, companyId: job.company_id }} />;
}
