import type { Metadata } from 'next';
import { AdSlot } from '@/components/ads/ad-slot';
import { JobDetailView } from '@/components/jobs/detail/job-detail';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import { loadJobOr404, pageActor } from '../../_lib/load';

export const metadata: Metadata = { title: 'Job detail' };

export default async function JobDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  const { actor } = await pageActor();
  // Admins (super admin, admin) may boost a job without payment.
  return (
    <>
      <JobDetailView initial={job} isAdmin={hasAny(actor.roles, ADMIN_ROLES)} />
      {/* The Company Portal's ad placement (docs/ads.md): employers' ads, after the job so it never
          pushes the job's own content down; nothing at all when there is no ad. */}
      <AdSlot placement="company_job_detail" className="mx-auto mt-6 w-full max-w-[587px]" />
    </>
  );
}
