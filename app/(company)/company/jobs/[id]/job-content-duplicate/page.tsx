import type { Metadata } from 'next';
import { ContentScreen } from '@/components/jobs/wizard/content-screen';
import { choosesCompanyForNewJob } from '@/lib/jobs/access';
import { loadJobOr404, pageActor } from '../../_lib/load';

export const metadata: Metadata = { title: 'Duplicate job' };

export default async function DuplicateJobContentPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  const { actor } = await pageActor();
  return <ContentScreen mode="duplicate" job={job} chooseCompany={choosesCompanyForNewJob(actor)} />;
}
