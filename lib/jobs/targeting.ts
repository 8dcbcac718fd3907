/** A job's targeting after it is created: its addresses and add-ons, each a charge on a live job. */
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { jobChanged } from '@/lib/cache/tags';
import type { Database } from '@/lib/db/client';
import { jobAddons, jobAddresses, jobReleasedAddresses } from '@/lib/db/schema';
import { unprocessable } from '@/lib/errors';
import { loadOwnedJob } from './access';
import { addressRows, placeKey, refreshCost, upsertAddons } from './cost';
import { getJob } from './detail';
import { lockJobForChange } from './job-row-lock';
import { assertNotEnded } from './ended';
import { addressIsLive, paidForPeriod } from './paid-items';
import { assertNoPaymentInFlight } from './payment-in-flight';
import { recordStaffJobAction } from './staff-audit';
import type { Addon, Address } from './schemas';
import { toAddon } from './serialize';

export const KEEP_A_PAID_ADDRESS =
  'Keep at least one paid address until the new ones are paid: the live job shows where it is through them. Add the new address, pay for it, then remove the old one.';

/**
 * PATCH /jobs/{id}/addresses: replaces the targeting addresses; the cost follows. An address the
 * list keeps keeps its row, so what was paid for it stays paid; a new one on a paid job waits for
 * payment (lib/jobs/paid-items.ts) and is not public until then; a removed one is gone (no refund),
 * but put back within the period it was paid for, it is live again at no charge.
 */
export async function updateAddresses(db: Database, actor: Actor | null, id: number | string, addresses: Address[]) {
  const owned = await loadOwnedJob(db, actor, id);
  assertNotEnded(owned);
  await db.transaction(async (tx) => {
    // One step with any order being opened on the job: it sees this change, or this change sees it.
    // The job's row before its addresses (lib/jobs/job-row-lock.ts): addresses first, then the job
    // (the new rows' trigger, refreshCost) deadlocked with a close, a suspension or an expiry. What
    // is paid and live is decided on the job as it is once locked, not as first read.
    const job = await lockJobForChange(tx as unknown as Database, owned.id);
    assertNotEnded(job);
    const rows = await tx.select().from(jobAddresses).where(eq(jobAddresses.jobId, job.id));
    const existing = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      if (!existing.has(placeKey(row))) existing.set(placeKey(row), row);
    }
    const kept: number[] = [];
    const moved = new Map<number, SQL>();
    const added: (ReturnType<typeof addressRows>[number] & { paidThrough?: Date })[] = [];
    // Paid places taken off the list earlier: one put back while what was paid still covers the
    // period comes back paid (an accountant saw Denver charged twice in one period otherwise).
    const released = new Map((await tx.select().from(jobReleasedAddresses).where(eq(jobReleasedAddresses.jobId, job.id))).map((r) => [r.placeKey, r.paidThrough]));
    const restored: string[] = [];
    for (const row of addressRows(job.id, addresses)) {
      const saved = existing.get(placeKey(row));
      if (saved === undefined) {
        const paidThrough = released.get(placeKey(row));
        if (paidThrough && paidForPeriod(job, { paidThrough })) {
          added.push({ ...row, paidThrough });
          restored.push(placeKey(row));
        } else added.push(row);
        continue;
      }
      existing.delete(placeKey(row));
      kept.push(saved.id);
      if (saved.position !== row.position) moved.set(saved.id, sql`when ${saved.id} then ${row.position}::int`);
    }
    // The kept rows that changed place, in one statement.
    if (moved.size) {
      await tx
        .update(jobAddresses)
        .set({ position: sql`case ${jobAddresses.id} ${sql.join([...moved.values()], sql` `)} end` })
        .where(and(eq(jobAddresses.jobId, job.id), inArray(jobAddresses.id, [...moved.keys()])));
    }
    // A charge in flight was priced on the addresses it saw: none of them goes until it settles
    // (one added meanwhile stays pending payment, and is paid on its own).
    if (existing.size) await assertNoPaymentInFlight(tx as unknown as Database, job.id);
    // A live job shows where it is through its paid addresses: replacing them all with unpaid ones
    // would leave it public with no location until someone pays (and a JobPosting with none).
    const live = rows.filter((r) => addressIsLive(job, r));
    if (live.length && !live.some((r) => kept.includes(r.id))) throw unprocessable(KEEP_A_PAID_ADDRESS, 'addresses');
    // What the removed rows were paid through is remembered by place (no refund, but no second charge).
    const releasing = [...existing.values()].filter((r) => r.paidThrough && paidForPeriod(job, r));
    if (releasing.length) {
      await tx
        .insert(jobReleasedAddresses)
        .values(releasing.map((r) => ({ jobId: job.id, placeKey: placeKey(r), paidThrough: r.paidThrough! })))
        .onConflictDoUpdate({ target: [jobReleasedAddresses.jobId, jobReleasedAddresses.placeKey], set: { paidThrough: sql`greatest(${jobReleasedAddresses.paidThrough}, excluded.paid_through)` } });
    }
    if (restored.length) await tx.delete(jobReleasedAddresses).where(and(eq(jobReleasedAddresses.jobId, job.id), inArray(jobReleasedAddresses.placeKey, restored)));
    await tx.delete(jobAddresses).where(kept.length ? and(eq(jobAddresses.jobId, job.id), notInArray(jobAddresses.id, kept)) : eq(jobAddresses.jobId, job.id));
    if (added.length) await tx.insert(jobAddresses).values(added);
    await refreshCost(tx as unknown as Database, job.id);
    // Staff changing a customer's targeting changes what it is charged: the places added and removed.
    if (added.length || existing.size) {
      await recordStaffJobAction(tx as unknown as Database, actor, job, 'job.staff_addresses', { added: added.map(placeKey), removed: [...existing.values()].map(placeKey) });
    }
  });
  jobChanged(owned.id);
  return getJob(db, actor, owned.id);
}

/** GET /jobs/{id}/addons */
export async function listAddons(db: Database, actor: Actor | null, id: number | string) {
  const job = await loadOwnedJob(db, actor, id);
  const rows = await db.select().from(jobAddons).where(eq(jobAddons.jobId, job.id)).orderBy(asc(jobAddons.id));
  return rows.map((a) => toAddon(a, job));
}

/**
 * POST and PATCH /jobs/{id}/addons: sets the listed add-ons (others stay as they are). On a live
 * job a newly subscribed add-on is charged by the payments flow; a boost runs once paid.
 */
export async function setAddons(db: Database, actor: Actor | null, id: number | string, addons: Addon[]) {
  const owned = await loadOwnedJob(db, actor, id);
  assertNotEnded(owned);
  await db.transaction(async (tx) => {
    // The job's row before its add-ons (lib/jobs/job-row-lock.ts): add-ons first, then the job
    // (refreshCost) deadlocked with an add-on order's approval paying them.
    const job = await lockJobForChange(tx as unknown as Database, owned.id);
    assertNotEnded(job);
    // As for addresses: an add-on a charge in flight may be paying for is not switched off under it.
    const dropped = addons.filter((a) => !a.subscribed).map((a) => a.addon_type);
    if (dropped.length) {
      const [on] = await tx
        .select({ id: jobAddons.id })
        .from(jobAddons)
        .where(and(eq(jobAddons.jobId, job.id), eq(jobAddons.subscribed, true), inArray(jobAddons.addonType, dropped)))
        .limit(1);
      if (on) await assertNoPaymentInFlight(tx as unknown as Database, job.id);
    }
    await upsertAddons(tx as unknown as Database, job.id, addons);
    await refreshCost(tx as unknown as Database, job.id);
    // A subscribed add-on on a live job is charged to the customer: staff setting one is audited.
    await recordStaffJobAction(tx as unknown as Database, actor, job, 'job.staff_addons', { addons: addons.map((a) => ({ addon_type: a.addon_type, subscribed: a.subscribed })) });
  });
  jobChanged(owned.id);
  return listAddons(db, actor, owned.id);
}
