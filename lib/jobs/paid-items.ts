import type { JobAddonRow, JobAddressRow, JobRow } from '@/lib/db/schema';

/*
 * What of a job is paid for. A job's targeting addresses and add-ons each carry `paid_through`:
 * the end of the posting period they were paid (or invoiced) for. Publishing and renewing a job
 * pay for everything it has; an address or add-on added to a live job is paid for on its own
 * (the payments 'addons' order). Until then it is pending: saved and shown to its owner as
 * "Pending payment", never public. Nothing here charges: lib/payments decides when to call
 * markItemsPaid (lib/jobs/lifecycle.ts).
 */

type PeriodOf = Pick<JobRow, 'paymentStatus' | 'expirationDate'>;

/** Whether an address or add-on is paid for the job's current posting period. */
export function paidForPeriod(job: PeriodOf, item: { paidThrough: Date | null }) {
  if (job.paymentStatus === 'pending' || !job.expirationDate || !item.paidThrough) return false;
  return item.paidThrough.getTime() >= job.expirationDate.getTime();
}

/** Live on the site: the job is paid and so is this address. */
export const addressIsLive = (job: PeriodOf, a: Pick<JobAddressRow, 'paidThrough'>) => paidForPeriod(job, a);

/** In effect: subscribed and paid for this period (the hyperlink is published, a boost was started). */
export const addonIsLive = (job: PeriodOf, a: Pick<JobAddonRow, 'subscribed' | 'paidThrough'>) => a.subscribed && paidForPeriod(job, a);

/**
 * Waiting for payment on a paid job: an address, or a subscribed add-on, not paid for this period.
 * (On a job that was never paid, everything waits with the posting itself and nothing is
 * "pending" on its own.)
 */
export const addressIsPending = (job: PeriodOf, a: Pick<JobAddressRow, 'paidThrough'>) => job.paymentStatus !== 'pending' && !paidForPeriod(job, a);
export const addonIsPending = (job: PeriodOf, a: Pick<JobAddonRow, 'subscribed' | 'paidThrough'>) => a.subscribed && addressIsPending(job, a);
