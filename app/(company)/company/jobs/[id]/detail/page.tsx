import type { Metadata } from 'next';
import { JobDetailView } from '@/components/jobs/detail/job-detail';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import { loadJobOr404, pageActor } from '../../_lib/load';

export const metadata: Metadata = { title: 'Job detail' };

export default async function JobDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await loadJobOr404((await params).id);
  const { actor } = await pageActor();
  // Admins (super admin, admin) may boost a job without payment.
  return <JobDetailView initial={job} isAdmin={hasAny(actor.roles, ADMIN_ROLES)} />;
}
