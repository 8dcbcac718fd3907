import type { Metadata } from 'next';
import { log } from '@/lib/log';
import { JobList } from '@/components/jobs/list/job-list';
import { paramsFromSearch, searchBody, type ListSearch } from '@/components/jobs/list/params';
import { LinkButton } from '@/components/jobs/controls';
import { PageHeader } from '@/components/ui/states';
import type { JobListResult } from '@/lib/jobs/hooks';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { searchJobs } from '@/lib/jobs/search';
import { pageActor } from './_lib/load';

export const metadata: Metadata = { title: 'Posted jobs' };

/**
 * Posted jobs: the first page is read here, straight from the jobs service with the session's
 * company; the client list takes over from it (React Query over POST /jobs/search). A failure of
 * this first read is only logged (spec §2): the client list then loads and shows its own error.
 */
export default async function JobsPage({ searchParams }: { searchParams: Promise<ListSearch> }) {
  const { db, actor } = await pageActor();
  const params = paramsFromSearch(await searchParams, actor.companyId);
  let initialData: JobListResult | undefined;
  try {
    const r = await searchJobs(db, actor, searchJobsSchema.parse(searchBody(params)));
    initialData = { data: r.items, pagination: r.pagination };
  } catch (error) {
    log.error('Job list prefetch failed', { error });
  }
  return (
    <>
      <PageHeader title="Posted jobs" subtitle="Your company's job postings, their status and renewals." actions={<LinkButton href="/company/jobs/new">Create New Job</LinkButton>} />
      <JobList initialParams={params} initialData={initialData} />
    </>
  );
}
