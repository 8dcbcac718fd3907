import type { Metadata } from 'next';
import { ContentScreen } from '@/components/jobs/wizard/content-screen';
import { adminJobOr404 } from '../../_load';

export const metadata: Metadata = { title: 'Edit job content' };

/** An admin edits a company's job with the company wizard's content step. */
export default async function AdminJobContentPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await adminJobOr404((await params).id);
  return <ContentScreen mode="edit" job={job} />;
}
