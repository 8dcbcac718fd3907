'use client';

import { ConfirmDialog } from '@/components/ui/dialog';
import { BOOST_DAYS } from '@/lib/jobs/codes';

/**
 * "Boost this job?": an admin's boost features the job for BOOST_DAYS, makes a $0 order and mails
 * the company, so it is asked first. Loaded when first asked (the company list's first load stays
 * within its JS budget).
 */
export function BoostConfirmDialog({ job, loading, onCancel, onConfirm }: { job: { id: number; title: string }; loading: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Boost this job?"
      description={`“${job.title}” is featured for ${BOOST_DAYS} days at no charge to the company, which is told by email. Your name and the time are recorded.`}
      confirmLabel="Boost"
      cancelLabel="Cancel"
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}
