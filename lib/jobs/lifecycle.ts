import { and, asc, eq, gt, inArray, isNull, lte, not, notInArray } from 'drizzle-orm';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import { jobsChanged } from '@/lib/cache/tags';
import type { Database } from '@/lib/db/client';
import { jobAddons, jobAddresses, jobs, type JobRow } from '@/lib/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { BOOST_DAYS, POSTING_DAYS, RENEW_WINDOW_DAYS } from './codes';
import { JOB_NOT_FOUND } from './access';
import { lockJobRow } from './job-row-lock';
import { paymentRefusal } from './ended';
import { portalDateText } from '@/lib/validation/portal-day';

/**
 * The posting lifecycle the payments flow and the tick drive. No actor here: callers (the
 * payments service, the tick) have already decided who may do this.
 */

const DAY_MS = 86_400_000;
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

type ChargeKey = { jobsPostToken: string; jobId?: never } | { jobId: number; jobsPostToken?: never };

/** The job a charge is for, by post token or id, with the amount to charge; 404 when none. */
export async function getJobForCharge(db: Database, key: ChargeKey) {
  const where = key.jobsPostToken !== undefined ? eq(jobs.jobsPostToken, key.jobsPostToken) : eq(jobs.id, Number(key.jobId));
  const [job] = await db.select().from(jobs).where(where);
  if (!job) throw notFound(JOB_NOT_FOUND);
  const addons = await db.select().from(jobAddons).where(eq(jobAddons.jobId, job.id));
  return {
    job,
    amountCents: job.costCents,
    alreadyPaid: job.paymentStatus !== 'pending',
    chargeable: paymentRefusal(job) === null,
    addons: addons.filter((a) => a.subscribed),
  };
}


/**
 * Why a paid job cannot be renewed at `now`, or null. An expired job (or one past its end date the
 * tick has not expired yet) can be renewed, which reopens it; a live one only within
 * RENEW_WINDOW_DAYS before its end date (docs/jobs-payments-integration.md). Checked on the server,
 * not only in the UI: a renewal moves the end date 30 days on, so a second tab or a late retry of
 * one that already went through is refused instead of charged for another period.
 */
export function renewalRefusal(job: Pick<JobRow, 'expirationDate' | 'expiredAt'>, now: Date): string | null {
  if (job.expiredAt || !job.expirationDate || job.expirationDate <= now) return null;
  const opens = addDays(job.expirationDate, -RENEW_WINDOW_DAYS);
  if (now >= opens) return null;
  return `This job runs until ${portalDateText(job.expirationDate)}: it can be renewed from ${portalDateText(opens)}, ${RENEW_WINDOW_DAYS} days before it ends.`;
}

/**
 * What a payment paid for: every address and subscribed add-on (`all`: a job published or renewed
 * outside an order, e.g. the demo seed), or the ids its order's lines name. Something added while
 * the charge was in flight is on no line and stays pending payment.
 */
export type PaidItems = 'all' | { addressIds: number[]; addonIds: number[] };

/** Marks addresses and add-ons paid through `until` (the job's end date after the payment's effect). */
export async function markItemsPaid(db: Database, jobId: number, until: Date, items: PaidItems) {
  // The job's row before its items (lib/jobs/job-row-lock.ts): an add-on order paid its addresses
  // and then started its boost on the job, and deadlocked with a suspension or an expiry of the
  // same job. Publishing and renewing hold the row already (they update the job first).
  await lockJobRow(db, jobId);
  if (items === 'all') {
    await db.update(jobAddresses).set({ paidThrough: until }).where(eq(jobAddresses.jobId, jobId));
    await db.update(jobAddons).set({ paidThrough: until }).where(and(eq(jobAddons.jobId, jobId), eq(jobAddons.subscribed, true)));
    return;
  }
  if (items.addressIds.length) {
    await db.update(jobAddresses).set({ paidThrough: until }).where(and(eq(jobAddresses.jobId, jobId), inArray(jobAddresses.id, items.addressIds)));
  }
  if (items.addonIds.length) {
    await db.update(jobAddons).set({ paidThrough: until, updatedAt: new Date() }).where(and(eq(jobAddons.jobId, jobId), inArray(jobAddons.id, items.addonIds)));
  }
}

/** Whether the payment bought a boost: the job's boost add-on is subscribed (`all`) or on the order. */
async function paidBoost(db: Database, jobId: number, items: PaidItems) {
  if (items !== 'all' && !items.addonIds.length) return false;
  const [boost] = await db
    .select({ id: jobAddons.id })
    .from(jobAddons)
    .where(and(eq(jobAddons.jobId, jobId), eq(jobAddons.addonType, 'boost'), items === 'all' ? eq(jobAddons.subscribed, true) : inArray(jobAddons.id, items.addonIds)));
  return !!boost;
}

/**
 * Publishes a posting once paid (or invoiced): approved and active, posted now for 30 days,
 * boosted for 7 days when the boost was paid for, next bill at expiry when auto-renew; the items
 * paid for are live through the end date. Idempotent: a second call for a paid job changes
 * nothing and answers it.
 */
export async function publishPaidJob(db: Database, jobId: number, now = new Date(), paymentStatus: 'paid' | 'invoiced' = 'paid', items: PaidItems = 'all'): Promise<JobRow> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(JOB_NOT_FOUND);
  if (job.paymentStatus !== 'pending') return job;
  if (job.closedAt || job.cancelledAt) throw conflict('This job is closed or cancelled and cannot be published.');
  const boost = await paidBoost(db, jobId, items);
  const expiration = addDays(now, POSTING_DAYS);
  const [published] = await db
    .update(jobs)
    .set({
      paymentStatus,
      paidAt: now,
      approved: true,
      active: true,
      publishedAt: now,
      postingDate: now,
      expirationDate: expiration,
      expiredAt: null,
      nextBillingDate: job.autoRenew ? expiration : null,
      boostActive: boost,
      boostEndsAt: boost ? addDays(now, BOOST_DAYS) : null,
      updatedAt: now,
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.paymentStatus, 'pending')))
    .returning();
  if (!published) return job;
  // What the posting's order charged, and nothing added while its charge was in flight.
  await markItemsPaid(db, jobId, expiration, items);
  return published;
}

/**
 * When a newly paid boost ends: 7 days after a boost still running (its paid days are kept, the
 * new ones follow), else 7 days from now. Issue 9: renewing while a boost runs used to restart it,
 * charging again for days already paid.
 */
export function boostEndAfter(job: Pick<JobRow, 'boostActive' | 'boostEndsAt'>, now: Date) {
  const from = job.boostActive && job.boostEndsAt && job.boostEndsAt > now ? job.boostEndsAt : now;
  return addDays(from, BOOST_DAYS);
}

/**
 * Renews a posting for another 30 days (after the renewal charge): from its current expiry when
 * still live, from now when it had lapsed. A paid boost runs 7 more days (after a running one).
 * The items the renewal charged (`items`) are paid through the new end; one added since waits.
 */
export async function extendJob(db: Database, jobId: number, now = new Date(), items: PaidItems = 'all'): Promise<JobRow> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(JOB_NOT_FOUND);
  if (job.closedAt || job.cancelledAt) throw conflict('This job is closed or cancelled and cannot be renewed.');
  const from = job.expirationDate && job.expirationDate > now && job.active && job.approved ? job.expirationDate : now;
  const expiration = addDays(from, POSTING_DAYS);
  const boost = await paidBoost(db, jobId, items);
  const [renewed] = await db
    .update(jobs)
    .set({
      approved: true,
      active: true,
      expiredAt: null,
      postingDate: from === now ? now : job.postingDate,
      expirationDate: expiration,
      nextBillingDate: job.autoRenew ? expiration : null,
      ...(boost ? { boostActive: true, boostEndsAt: boostEndAfter(job, now) } : {}),
      updatedAt: now,
    })
    .where(eq(jobs.id, jobId))
    .returning();
  await markItemsPaid(db, jobId, expiration, items);
  return renewed;
}

/** Starts a 7-day boost on a live job (after one still running): the admin boost and a paid boost add-on. */
export async function activateBoost(db: Database, jobId: number, now = new Date()): Promise<JobRow> {
  const [current] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!current) throw notFound(JOB_NOT_FOUND);
  const [job] = await db
    .update(jobs)
    .set({ boostActive: true, boostEndsAt: boostEndAfter(current, now), updatedAt: now })
    .where(eq(jobs.id, jobId))
    .returning();
  return job;
}

/**
 * Live postings past their expiry that auto-renew (not suspended, renewal not cancelled): the
 * renewals step charges them, `limit` at a time in id order after `afterId`.
 */
export function renewalDue(now: Date) {
  return and(
    eq(jobs.active, true),
    eq(jobs.approved, true),
    eq(jobs.autoRenew, true),
    lte(jobs.expirationDate, now),
    isNull(jobs.closedAt),
    isNull(jobs.cancelledAt),
    eq(jobs.suspended, false),
    isNull(jobs.renewalCanceledAt),
  );
}

export async function dueRenewals(db: Database, now: Date, page: { afterId?: number; limit?: number } = {}) {
  const query = db
    .select()
    .from(jobs)
    .where(and(renewalDue(now), gt(jobs.id, page.afterId ?? 0)))
    .orderBy(asc(jobs.id));
  return page.limit ? query.limit(page.limit) : query;
}

/**
 * Expires live postings 30 days after posting: approved and active go false (status inactive),
 * expired_at is set. Runs after the renewals step, so a renewed job is no longer due. In batches
 * (lib/db/batches.ts); what the budget leaves expires on the next tick. `spareRenewalsAfter`: the
 * renewals step stopped on its budget there, so the due renewals above that id, not yet charged,
 * stay live for the next tick's renewals step; `spareJobIds`: due renewals that failed on an error
 * of ours (not a decline), tried again next tick rather than expired unbilled.
 */
export async function expireJobs(db: Database, now: Date, options: BatchOptions & { spareRenewalsAfter?: number; spareJobIds?: number[] } = {}): Promise<number[]> {
  const spare = options.spareRenewalsAfter;
  const due = and(
    eq(jobs.active, true),
    eq(jobs.approved, true),
    lte(jobs.expirationDate, now),
    spare === undefined ? undefined : not(and(renewalDue(now), gt(jobs.id, spare))!),
    options.spareJobIds?.length ? notInArray(jobs.id, options.spareJobIds) : undefined,
  );
  const { rows } = await inBatches(
    (limit) =>
      db
        .update(jobs)
        .set({ approved: false, active: false, boostActive: false, nextBillingDate: null, expiredAt: now, updatedAt: now })
        .where(and(inArray(jobs.id, db.select({ id: jobs.id }).from(jobs).where(due).orderBy(asc(jobs.id)).limit(limit)), due))
        .returning({ id: jobs.id }),
    options,
  );
  const expired = rows.map((r) => r.id);
  // Off the public site: each batch has committed by now.
  jobsChanged(expired);
  return expired;
}

/** Ends boosts 7 days after they started (in batches, like expireJobs). */
export async function endBoosts(db: Database, now: Date, options: BatchOptions = {}): Promise<number[]> {
  const due = and(eq(jobs.boostActive, true), lte(jobs.boostEndsAt, now));
  const { rows } = await inBatches(
    (limit) =>
      db
        .update(jobs)
        .set({ boostActive: false, updatedAt: now })
        .where(and(inArray(jobs.id, db.select({ id: jobs.id }).from(jobs).where(due).orderBy(asc(jobs.id)).limit(limit)), due))
        .returning({ id: jobs.id }),
    options,
  );
  return rows.map((r) => r.id);
}
