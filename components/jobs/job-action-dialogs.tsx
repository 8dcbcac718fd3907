'use client';

import dynamic from 'next/dynamic';
import { ConfirmDialog } from '@/components/ui/dialog';
import type { ActionJob, Pending } from './job-actions';
import { CancelRenewalDialog } from './list/cancel-renewal-dialog';

const PayDialog = dynamic(() => import('@/components/billing/pay-dialog').then((m) => m.PayDialog), { ssr: false });

type Props = {
  pending: NonNullable<Pending>;
  onDismiss: () => void;
  busy: { close: boolean; cancel: boolean; boost: boolean };
  onConfirm: (kind: 'close' | 'cancel' | 'boost', job: ActionJob) => void | Promise<void>;
  onCancelRenewal: (job: ActionJob, reason: string) => void;
};

/**
 * The confirmations of a job's actions (close, cancel, boost, renew, cancel renewal): loaded by
 * useJobActions (job-actions.tsx) the first time an action is chosen; the mutations stay there.
 */
export function JobActionDialogs({ pending, onDismiss, busy, onConfirm, onCancelRenewal }: Props) {
  const job = pending.job;
  return (
    <>
      <ConfirmDialog
        open={pending.kind === 'close'}
        onOpenChange={(o) => !o && onDismiss()}
        title="Close this job?"
        description={
          <>
            <span className="font-medium text-slate-800">{job.title}</span> leaves the job board and will not renew. Use this when the position is filled.
          </>
        }
        confirmLabel="Close job"
        cancelLabel="Keep it open"
        tone="danger"
        loading={busy.close}
        onConfirm={() => onConfirm('close', job)}
      />
      <ConfirmDialog
        open={pending.kind === 'cancel'}
        onOpenChange={(o) => !o && onDismiss()}
        title="Cancel this job?"
        description={
          <>
            <span className="font-medium text-slate-800">{job.title}</span> is withdrawn and will not renew. This cannot be undone.
          </>
        }
        confirmLabel="Cancel job"
        cancelLabel="Keep job"
        tone="danger"
        loading={busy.cancel}
        onConfirm={() => onConfirm('cancel', job)}
      />
      <ConfirmDialog
        open={pending.kind === 'boost'}
        onOpenChange={(o) => !o && onDismiss()}
        title="Boost this job?"
        description={
          <>
            <span className="font-medium text-slate-800">{job.title}</span> is boosted for 7 days at no charge to the company. An order of $0 keeps the record.
          </>
        }
        confirmLabel="Boost job"
        cancelLabel="Not now"
        loading={busy.boost}
        onConfirm={() => onConfirm('boost', job)}
      />
      {pending.kind === 'renew' && (
        // Pays and toasts 'Payment completed successfully' itself; its mutation refreshes the jobs queries.
        <PayDialog jobId={pending.job.id} kind="renewal" open onOpenChange={(o) => !o && onDismiss()} />
      )}
      <CancelRenewalDialog
        open={pending.kind === 'renewal'}
        onOpenChange={(o) => !o && onDismiss()}
        jobTitle={job.title}
        pending={false}
        onConfirm={(reason) => onCancelRenewal(job, reason)}
      />
    </>
  );
}
