import { clsx } from 'clsx';
import { JOB_STATUSES, RENEW_WINDOW_DAYS, labelOf } from '@/lib/jobs/codes';
import type { JobSummary } from '@/lib/jobs/hooks';
import { formatDate } from './format';

const STYLES: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  canceled: 'bg-red-50 text-red-700 ring-red-600/15',
  inactive: 'bg-slate-100 text-slate-600 ring-slate-500/15',
};

/** The derived status (spec §4) as a badge: Active, Inactive or Cancelled. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', STYLES[status] ?? STYLES.inactive)} data-status={status}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {labelOf(JOB_STATUSES, status)}
    </span>
  );
}

type Lifecycle = Pick<JobSummary, 'status' | 'payment_status' | 'closed_at' | 'cancelled_at' | 'expired_at'> & { suspended?: boolean };

/** Why a job is not live, in a few words: closed, cancelled, expired, suspended, or waiting for payment. */
export function statusNote(job: Lifecycle): string | null {
  if (job.closed_at) return `Closed ${formatDate(job.closed_at)}`;
  if (job.cancelled_at) return `Cancelled ${formatDate(job.cancelled_at)}`;
  if (job.expired_at) return `Expired ${formatDate(job.expired_at)}`;
  // An administrator's suspension comes before payment: a suspended job cannot be paid for.
  if (job.suspended) return 'Suspended by an administrator';
  if (job.payment_status === 'pending') return 'Waiting for payment';
  return null;
}

/** A job that is still open (not closed, cancelled or expired) can be edited, closed and cancelled. */
export const isOpenJob = (job: Pick<JobSummary, 'closed_at' | 'cancelled_at' | 'expired_at'>) => !job.closed_at && !job.cancelled_at && !job.expired_at;

/** An open posting nobody paid for yet (a suspended one cannot be paid until the suspension is lifted). */
export const awaitsPayment = (job: Lifecycle) => isOpenJob(job) && !job.suspended && job.payment_status === 'pending';

/**
 * A paid job that has expired, or ends within RENEW_WINDOW_DAYS, can be renewed for 30 more days
 * (a closed or cancelled one cannot: the renewal call refuses it). The server holds the same window
 * (lib/jobs/lifecycle.ts): this only decides whether the button is offered.
 */
export function canRenew(job: Lifecycle & Pick<JobSummary, 'expiration_date'>, now = new Date()) {
  if (job.closed_at || job.cancelled_at || job.suspended || job.payment_status === 'pending') return false;
  if (job.expired_at) return true;
  if (!job.expiration_date) return false;
  return new Date(job.expiration_date).getTime() - now.getTime() <= RENEW_WINDOW_DAYS * 86_400_000;
}

/** An address or add-on saved on a paid job and not paid yet: not public until paid. */
export function PendingPaymentBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-600/20" data-testid="pending-payment">
      Pending payment
    </span>
  );
}

type Items = { addresses: { pending_payment: boolean }[]; addons: { pending_payment: boolean }[] };

/** A live job with new addresses or add-ons waiting for payment (paid through the action=addons page). */
export const hasPendingItems = (job: Items) => job.addresses.some((a) => a.pending_payment) || job.addons.some((a) => a.pending_payment);
