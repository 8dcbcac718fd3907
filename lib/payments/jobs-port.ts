import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { jobAddons, jobAddresses, jobs, type JobRow } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { notFound } from '@/lib/errors';
import { isJobStaff, JOB_NOT_FOUND } from '@/lib/jobs/access';
import { labelOf, ADDON_TYPES } from '@/lib/jobs/codes';
import type { LineInput } from './orders';

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
  const where = 'jobsPostToken' in by ? eq(jobs.jobsPostToken, by.jobsPostToken) : eq(jobs.id, by.jobId);
  const [job] = await db.select().from(jobs).where(where);
  // Another company's job answers exactly like a missing one.
  if (!job || (actor && !isJobStaff(actor) && actor.companyId !== job.companyId)) throw notFound(JOB_NOT_FOUND);
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
  return job.addresses.map((a) => ({
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

const DAY = 86_400_000;
const POSTING_MS = 30 * DAY;
const BOOST_MS = 7 * DAY;

/** A paid or invoiced job goes live for 30 days (with its boost, if subscribed). */
export async function publishJob(tx: Database, job: ChargeableJob, how: 'paid' | 'invoiced', now: Date) {
  const boosted = job.addons.some((a) => a.addonType === 'boost' && a.subscribed);
  await tx
    .update(jobs)
    .set({
      approved: true,
      active: true,
      paymentStatus: how,
      paidAt: now,
      publishedAt: job.publishedAt ?? now,
      postingDate: job.postingDate ?? now,
      expirationDate: new Date(now.getTime() + POSTING_MS),
      nextBillingDate: job.autoRenew ? new Date(now.getTime() + POSTING_MS) : null,
      expiredAt: null,
      ...(boosted ? { boostActive: true, boostEndsAt: new Date(now.getTime() + BOOST_MS) } : {}),
      updatedAt: now,
    })
    .where(eq(jobs.id, job.id));
}

/** A renewal: 30 more days from the later of now and the current end date. */
export async function extendJob(tx: Database, job: ChargeableJob, now: Date) {
  const from = Math.max(now.getTime(), job.expirationDate?.getTime() ?? 0);
  const expirationDate = new Date(from + POSTING_MS);
  await tx
    .update(jobs)
    .set({ approved: true, active: true, expirationDate, nextBillingDate: job.autoRenew ? expirationDate : null, expiredAt: null, updatedAt: now })
    .where(eq(jobs.id, job.id));
  return expirationDate;
}

export async function startBoost(tx: Database, jobId: number, now: Date) {
  const boostEndsAt = new Date(now.getTime() + BOOST_MS);
  await tx.update(jobs).set({ boostActive: true, boostEndsAt, updatedAt: now }).where(and(eq(jobs.id, jobId)));
  return boostEndsAt;
}
