import type { Metadata } from 'next';
import { ContentScreen } from '@/components/jobs/wizard/content-screen';
import { choosesCompanyForNewJob } from '@/lib/jobs/access';
import { pageActor } from '../_lib/load';

export const metadata: Metadata = { title: 'Create a new job' };

export default async function NewJobPage() {
  const { actor } = await pageActor();
  return <ContentScreen mode="new" chooseCompany={choosesCompanyForNewJob(actor)} />;
}
