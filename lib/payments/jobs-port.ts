import { asc, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { jobAddons, jobAddresses, jobs, type JobRow } from '@/lib/db/schema';
import { activateBoost, boostEndAfter, extendJob, getJobForCharge, markItemsPaid, publishPaidJob, type PaidItems } from '@/lib/jobs/lifecycle';
import { lockJobRow } from '@/lib/jobs/job-row-lock';
import { addonIsPending, addressIsPending } from '@/lib/jobs/paid-items';
import type { Actor } from '@/lib/auth/actor';
import { notFound } from '@/lib/errors';
import { isJobStaff, JOB_NOT_FOUND } from '@/lib/jobs/access';
import { labelOf, ADDON_TYPES } from '@/lib/jobs/codes';
import type { LineInput } from './orders';
import { portalDateText } from '@/lib/validation/portal-day';

/*
 * What payments needs from the jobs domain, in one place: load a job for a charge, and the
 * job-side effects of a payment (publish, extend, boost).
 */

export type ChargeableJob = JobRow & {
  addresses: (typeof jobAddresses.$inferSelect)[];
  addons: (typeof jobAddons.$inferSelect)[];
};

export async function loadChargeableJob(
  db: Database,
  actor: Actor | null,
  by: { jobsPostToken: string } | { jobId: number },
): Promise<ChargeableJob> {
  const { job } = await getJobForCharge(db, 'jobsPostToken' in by ? { jobsPostToken: by.jobsPostToken } : { jobId: by.jobId });
  // Another company's job answers exactly like a missing one.
  if (actor && !isJobStaff(actor) && actor.companyId !== job.companyId) throw notFound(JOB_NOT_FOUND);
  const [addresses, addons] = await Promise.all([
    db.select().from(jobAddresses).where(eq(jobAddresses.jobId, job.id)).orderBy(asc(jobAddresses.position), asc(jobAddresses.id)),
    db.select().from(jobAddons).where(eq(jobAddons.jobId, job.id)).orderBy(asc(jobAddons.id)),
  ]);
  return { ...job, addresses, addons };
}

export const isPublished = (job: JobRow) => job.paymentStatus !== 'pending';

function placeOf(a: ChargeableJob['addresses'][number]) {
  return [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') || a.street1 || 'Address';
}

export function postingLines(job: ChargeableJob, kind: 'job_posting' | 'renewal' = 'job_posting'): LineInput[] {
  return addressLines(job.addresses, kind);
}

function addressLines(addresses: ChargeableJob['addresses'], kind: 'job_posting' | 'renewal'): LineInput[] {
  return addresses.map((a) => ({
    kind,
    description: `${kind === 'renewal' ? 'Renewal' : 'Job posting'}: ${placeOf(a)}`,
    amountCents: Number(a.costCents),
    addressId: a.id,
  }));
}

export function addonLines(addons: ChargeableJob['addons']): LineInput[] {
  return addons.map((a) => ({
    kind: 'addon',
    description: `${labelOf(ADDON_TYPES, a.addonType)} add-on`,
    amountCents: Number(a.costCents),
    addonType: a.addonType,
    addonId: a.id,
  }));
}


/**
 * When a boost's 7 paid days run, on its line (the payment step and the order say the same):
 * - after a boost still running (a paid one, or an admin's), which is not restarted: the new days
 *   follow it (lifecycle boostEndAfter);
 * - else from the payment. Also on an early renewal, whose period starts later: the boost is sold as
 *   7 days, not as a share of the period, and starts when it is paid for, as a first posting's does
 *   (decided 2026-11-28, docs/payments.md). The line gives the end date, so the buyer sees it before
 *   paying.
 */
function boostDates(lines: LineInput[], job: ChargeableJob, now: Date): LineInput[] {
  const running = job.boostActive && job.boostEndsAt && job.boostEndsAt > now;
  const until = portalDateText(boostEndAfter(job, now));
  const note = running
    ? `Boost add-on: 7 more days after the running boost ends ${portalDateText(job.boostEndsAt!)} (until ${until})`
    : `Boost add-on: 7 days from payment (until ${until})`;
  return lines.map((l) => (l.addonType === 'boost' ? { ...l, description: note } : l));
}

/** A renewal's lines: the posting (every address) and every subscribed add-on. */
export function renewalLines(job: ChargeableJob, now = new Date()): LineInput[] {
  return [...postingLines(job, 'renewal'), ...boostDates(addonLines(job.addons.filter((a) => a.subscribed)), job, now)];
}

type OrderLine = { addressId: number | null; addonId: number | null };

/** The addresses and add-ons an order's lines name: exactly what it paid for. */
export const itemsOf = (lines: OrderLine[]): Exclude<PaidItems, 'all'> => ({
  addressIds: lines.map((l) => l.addressId).filter((id): id is number => id != null),
  addonIds: lines.map((l) => l.addonId).filter((id): id is number => id != null),
});

/** A paid or invoiced job goes live with what its order paid for (the jobs domain's lifecycle decides dates and boost). */
export const publishJob = (tx: Database, job: ChargeableJob, how: 'paid' | 'invoiced', now: Date, lines: OrderLine[]) =>
  publishPaidJob(tx, job.id, now, how, itemsOf(lines));

/** A renewal: 30 more days for what its order paid for; answers the new end date. */
export async function renewJobPeriod(tx: Database, job: ChargeableJob, now: Date, lines: OrderLine[]) {
  const renewed = await extendJob(tx, job.id, now, itemsOf(lines));
  return renewed.expirationDate!;
}

/** The job as it is now, in the settling transaction (it may have changed while its charge was in flight). */
export async function currentJob(tx: Database, jobId: number) {
  const [row] = await tx.select({ closedAt: jobs.closedAt, cancelledAt: jobs.cancelledAt, suspended: jobs.suspended }).from(jobs).where(eq(jobs.id, jobId));
  return row ?? null;
}

export async function startBoost(tx: Database, jobId: number, now: Date) {
  const boosted = await activateBoost(tx, jobId, now);
  return boosted.boostEndsAt!;
}

/**
 * What a live job has that is not paid for yet (lib/jobs/paid-items.ts): addresses and add-ons
 * added since its posting or renewal was paid, as order lines. The 'addons' order pays them.
 */
export function pendingLines(job: ChargeableJob, now = new Date()): LineInput[] {
  const addons = boostDates(addonLines(job.addons.filter((a) => addonIsPending(job, a))), job, now);
  return [...addressLines(job.addresses.filter((a) => addressIsPending(job, a)), 'job_posting'), ...addons];
}

export const PAY_PENDING_FIRST =
  'Pay for the pending changes first: a renewal pays for the next period, and they are not paid for this one.';

/**
 * Why a renewal of a job whose period still runs must wait, or null: it has changes not paid for
 * this period. The renewal made them live at once, paid through the new end, so they ran free for
 * the rest of this period (up to 7 days), and paying them first cost more than renewing first
 * ($800 against $550 for the same job: an accountant's review). An auto-renewal comes when the
 * period has ended, so it never waits.
 */
export function renewalPendingRefusal(job: ChargeableJob, now = new Date()): string | null {
  if (!job.expirationDate || job.expirationDate <= now) return null;
  return pendingLines(job, now).length ? PAY_PENDING_FIRST : null;
}

/** An approved 'addons' order: the addresses and add-ons its lines name are live, paid through the job's current end. */
export async function markLinesPaid(tx: Database, jobId: number, lines: OrderLine[]) {
  // The end date once the job is locked: read before, a renewal committed meanwhile was undone (its
  // items set back to the old end, unpaid for the period the customer had just paid for).
  const job = await lockJobRow(tx, jobId);
  if (!job.expirationDate) return;
  await markItemsPaid(tx, jobId, job.expirationDate, itemsOf(lines));
}
