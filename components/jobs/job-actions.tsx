'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api/client';
import { useCancelJob, useCancelRenewal, useCloseJob, type JobSummary } from '@/lib/jobs/hooks';
import { useAdminBoost } from '@/lib/jobs/admin-boost';
import { awaitsPayment, canRenew, isOpenJob } from './status-badge';
import { paymentUrl } from './wizard/flow';
import { UPDATED } from '@/components/ui/messages';
import { ActionMenu, type ActionMenuItem } from '@/components/ui/action-menu';

// The payment dialog (hosted card fields, order lines) loads when a job is renewed, not with the list.
const JobActionDialogs = dynamic(() => import('./job-action-dialogs').then((m) => m.JobActionDialogs), { ssr: false });

export type ActionJob = Pick<
  JobSummary,
  'id' | 'title' | 'auto_renew' | 'closed_at' | 'cancelled_at' | 'expired_at' | 'expiration_date' | 'payment_status' | 'status'
>;
export type Pending = { kind: 'close' | 'cancel' | 'renewal' | 'renew' | 'boost'; job: ActionJob } | null;

export const JOB_CLOSED = 'The job was closed';
export const JOB_CANCELLED = 'The job was cancelled';
export const RENEWAL_CANCELLED = 'Auto-renew is off for this job';
export { UPDATED as JOB_UPDATED } from '@/components/ui/messages';

/** Close, cancel and cancel-renewal with their confirmations, shared by the list and the detail page. */
export function useJobActions() {
  const toast = useToast();
  const [pending, setPending] = useState<Pending>(null);
  const close = useCloseJob();
  const cancel = useCancelJob();
  const renewal = useCancelRenewal();
  const boost = useAdminBoost();

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toast.show('success', success);
      setPending(null);
    } catch (e) {
      toast.show('error', errorMessage(e));
    }
  };

  // The confirmations (and the dialog library) load when an action is chosen, not with the list (issue 16).
  const dialogs = pending ? (
    <JobActionDialogs
      pending={pending}
      onDismiss={() => setPending(null)}
      busy={{ close: close.isPending, cancel: cancel.isPending, boost: boost.isPending }}
      onConfirm={(kind, job) => {
        if (kind === 'close') return run(() => close.mutateAsync(job.id), JOB_CLOSED);
        if (kind === 'cancel') return run(() => cancel.mutateAsync(job.id), JOB_CANCELLED);
        return run(() => boost.mutateAsync(job.id), UPDATED);
      }}
      onCancelRenewal={(job, reason) => {
        // Optimistic: the list shows auto-renew off at once (spec §4); a failure rolls it back.
        setPending(null);
        renewal.mutate(
          { id: job.id, reason },
          { onSuccess: () => toast.show('success', RENEWAL_CANCELLED), onError: (e) => toast.show('error', errorMessage(e)) },
        );
      }}
    />
  ) : null;

  return {
    dialogs,
    ask: (kind: NonNullable<Pending>['kind'], target: ActionJob) => setPending({ kind, job: target }),
  };
}

type MenuItem = ActionMenuItem;

/**
 * The items a job offers, depending on its state: "Pay now" while unpaid, "Renew" once it expired
 * or ends within a week, "Add add-ons" while open (the add-ons screen charges new ones).
 */
export function jobMenuItems(job: ActionJob, ask: ReturnType<typeof useJobActions>['ask'], { detail = true } = {}): MenuItem[][] {
  const open = isOpenJob(job);
  const base = `/company/jobs/${job.id}`;
  const navigate: MenuItem[] = [
    ...(detail ? [{ label: 'View details', href: `${base}/detail` }] : []),
    ...(awaitsPayment(job) ? [{ label: 'Pay now', href: paymentUrl(job.id) }] : []),
    ...(open ? [{ label: 'Edit', href: `${base}/job-content` }, { label: 'Add add-ons', href: `${base}/addons` }] : []),
    { label: 'Duplicate', href: `${base}/job-content-duplicate` },
  ];
  const renew: MenuItem[] = canRenew(job) ? [{ label: 'Renew', onSelect: () => ask('renew', job) }] : [];
  const change: MenuItem[] = open
    ? [
        ...renew,
        ...(job.auto_renew ? [{ label: 'Cancel renewal', onSelect: () => ask('renewal', job) }] : []),
        { label: 'Close job', onSelect: () => ask('close', job) },
        { label: 'Cancel job', onSelect: () => ask('cancel', job), danger: true },
      ]
    : renew;
  return [navigate, change].filter((g) => g.length);
}

/** The "more" menu of a job row: arrow keys, Escape, focus back on the button (components/ui/action-menu.tsx). */
export function JobRowMenu({ job, ask, detail = true }: { job: ActionJob; ask: ReturnType<typeof useJobActions>['ask']; detail?: boolean }) {
  return (
    <ActionMenu
      label={`Actions for ${job.title}`}
      groups={jobMenuItems(job, ask, { detail })}
      triggerClassName="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-800 aria-expanded:bg-slate-100"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden>
        <path d="M10 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3ZM11.5 15.5a1.5 1.5 0 1 0-3 0 1.5 1.5 0 0 0 3 0Z" />
      </svg>
    </ActionMenu>
  );
}
