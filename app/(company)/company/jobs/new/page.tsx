import type { Metadata } from 'next';
import { ContentScreen } from '@/components/jobs/wizard/screens';
import { pageActor } from '../_lib/load';

export const metadata: Metadata = { title: 'Create a new job' };

export default async function NewJobPage() {
  await pageActor();
  return <ContentScreen mode="new" />;
}
