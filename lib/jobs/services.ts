import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { jobChanged } from '@/lib/cache/tags';
import type { Database } from '@/lib/db/client';
import { applications, companies, companyTags, invoices, jobAddons, jobAddresses, jobTags, jobs, type JobRow } from '@/lib/db/schema';
import { conflict, forbidden, unprocessable } from '@/lib/errors';
import { centsToDollars, dollarsToCents, type AddonType } from './codes';
import { assertJobRole, companyScope, isJobStaff, loadOwnedJob } from './access';
import { assertNotEnded } from './ended';
import { addressIsLive } from './paid-items';
import { locate } from './geocode';
import { releaseJobVideo } from './multimedia';
import { addonCostCents, addressCostCents, postingCostCents } from './pricing';
import { renderDescription } from './sanitize';
import type { Addon, Address, CreateJob, UpdateJob } from './schemas';
import { startOfUtcDay, toAddon, toJobDetail, type JobTag } from './serialize';

/** A random, unguessable, URL-safe token naming a posting in the invoice charge call. */
export const newPostToken = () => randomBytes(24).toString('base64url');

type ContentFields = Omit<UpdateJob, 'auto_renew'>;

/** Content fields of a payload → jobs columns (amounts in cents, description rendered and sanitized). */
function contentColumns(input: ContentFields): Partial<typeof jobs.$inferInsert> {
  const out: Partial<typeof jobs.$inferInsert> = {};
  if (input.title !== undefined) out.title = input.title;
  if (input.job_type !== undefined) out.jobType = input.job_type;
  if (input.additional_experience !== undefined) out.additionalExperience = input.additional_experience || null;
  if (input.home_time !== undefined) out.homeTime = input.home_time;
  if (input.required_experience !== undefined) out.requiredExperience = input.required_experience;
  if (input.job_description !== undefined) {
    const { json, html } = renderDescription(input.job_description);
    out.jobDescription = json;
    out.jobDescriptionHtml = html;
  }
  if (input.driver_unload !== undefined) out.driverUnload = input.driver_unload;
  if (input.expected_pay !== undefined) out.expectedPayCents = dollarsToCents(input.expected_pay);
  if (input.salary_type !== undefined) out.salaryType = input.salary_type;
  if (input.signon_bonus !== undefined) out.signonBonusCents = dollarsToCents(input.signon_bonus);
  if (input.starting_bonus !== undefined) out.startingBonusCents = dollarsToCents(input.starting_bonus);
  if (input.benefits !== undefined) out.benefits = input.benefits;
  if (input.endorsements !== undefined) out.endorsements = input.endorsements;
  if (input.video_url !== undefined) out.videoUrl = input.video_url ?? null;
  return out;
}

function addressRows(jobId: number, addresses: Address[]) {
  return addresses.map((a, position) => {
    const placed = locate(a);
    return {
      jobId,
      position,
      street1: placed.street1,
      city: placed.city,
      state: placed.state,
      postalCode: placed.postal_code ?? null,
      country: 'US',
      latitude: placed.latitude,
      longitude: placed.longitude,
      costCents: addressCostCents(),
    };
  });
}

/** Writes the add-on choices of a job (one row per type, insert or update). */
async function upsertAddons(db: Database, jobId: number, addons: Addon[]) {
  for (const a of addons) {
    await db
      .insert(jobAddons)
      .values({ jobId, addonType: a.addon_type, subscribed: a.subscribed, externalUrl: a.external_url, costCents: addonCostCents(a.addon_type) })
      .onConflictDoUpdate({
        target: [jobAddons.jobId, jobAddons.addonType],
        set: { subscribed: a.subscribed, externalUrl: a.external_url, costCents: addonCostCents(a.addon_type), updatedAt: new Date() },
      });
  }
}

/** Recomputes a job's cost from its addresses and subscribed add-ons (the price table decides). */
export async function refreshCost(db: Database, jobId: number) {
  const [counts] = await db
    .select({ addresses: sql<number>`(select count(*)::int from ${jobAddresses} where ${jobAddresses.jobId} = ${jobId})` })
    .from(sql`(select 1) as one`);
  const addons = await db.select({ addon_type: jobAddons.addonType, subscribed: jobAddons.subscribed }).from(jobAddons).where(eq(jobAddons.jobId, jobId));
  const costCents = postingCostCents(counts.addresses, addons);
  await db.update(jobs).set({ costCents, updatedAt: new Date() }).where(eq(jobs.id, jobId));
  return costCents;
}

async function creationResult(db: Database, job: JobRow) {
  const addons = await db.select().from(jobAddons).where(eq(jobAddons.jobId, job.id)).orderBy(asc(jobAddons.id));
  const [fresh] = await db.select({ costCents: jobs.costCents }).from(jobs).where(eq(jobs.id, job.id));
  return {
    jobs_post_token: job.jobsPostToken,
    jobs: [{ id: job.id, cost: centsToDollars(fresh.costCents), cost_cents: fresh.costCents, addons: addons.map((a) => toAddon(a, job)) }],
  };
}

/** The company a new job belongs to: the caller's own; staff may name one (`company_id`). */
async function companyForNewJob(db: Database, actor: Actor, requested?: number) {
  const companyId = isJobStaff(actor) ? (requested ?? actor.companyId ?? undefined) : companyScope(actor);
  if (!companyId) throw unprocessable('Choose the company this job belongs to.', 'company_id');
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw unprocessable('Choose the company this job belongs to.', 'company_id');
  return companyId;
}

/**
 * POST /jobs: saves a posting that waits for payment (approved and active stay false until
 * paid or invoiced). Answers the post token and the job with its cost and add-ons.
 */
export async function createJob(db: Database, actor: Actor | null, input: CreateJob) {
  assertJobRole(actor);
  const companyId = await companyForNewJob(db, actor, input.company_id);
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({
        ...(contentColumns(input) as typeof jobs.$inferInsert),
        companyId,
        employerId: actor.userId,
        autoRenew: input.auto_renew,
        jobsPostToken: newPostToken(),
      })
      .returning();
    await tx.insert(jobAddresses).values(addressRows(job.id, input.addresses));
    await upsertAddons(tx as unknown as Database, job.id, input.addons);
    await refreshCost(tx as unknown as Database, job.id);
    return creationResult(tx as unknown as Database, job);
  });
}

async function tagsOf(db: Database, jobIds: number[]): Promise<Map<number, JobTag[]>> {
  const map = new Map<number, JobTag[]>();
  if (!jobIds.length) return map;
  const rows = await db
    .select({ jobId: jobTags.jobId, id: jobTags.id, tag_id: companyTags.id, tag: companyTags.tag })
    .from(jobTags)
    .innerJoin(companyTags, eq(companyTags.id, jobTags.tagId))
    .where(inArray(jobTags.jobId, jobIds))
    .orderBy(asc(companyTags.tag));
  for (const { jobId, ...tag } of rows) map.set(jobId, [...(map.get(jobId) ?? []), tag]);
  return map;
}

/** Job detail of a job row (addresses, add-ons, tags loaded alongside). */
export async function jobDetail(db: Database, job: JobRow, now = new Date()) {
  const [addresses, addons, tags, [applicants]] = await Promise.all([
    db.select().from(jobAddresses).where(eq(jobAddresses.jobId, job.id)).orderBy(asc(jobAddresses.position), asc(jobAddresses.id)),
    db.select().from(jobAddons).where(eq(jobAddons.jobId, job.id)).orderBy(asc(jobAddons.id)),
    tagsOf(db, [job.id]),
    db
      .select({ total: sql<number>`count(*)::int`, today: sql<number>`(count(*) filter (where ${applications.createdAt} >= ${startOfUtcDay(now).toISOString()}))::int` })
      .from(applications)
      .where(eq(applications.jobId, job.id)),
  ]);
  return toJobDetail(job, addresses, addons, tags.get(job.id) ?? [], now, { total: Number(applicants.total), today: Number(applicants.today) });
}

/** GET /jobs/{id} */
export async function getJob(db: Database, actor: Actor | null, id: number | string) {
  return jobDetail(db, await loadOwnedJob(db, actor, id));
}

/** PATCH /jobs/{id}: content fields and auto-renew. */
export async function updateJob(db: Database, actor: Actor | null, id: number | string, input: UpdateJob) {
  const job = await loadOwnedJob(db, actor, id);
  assertNotEnded(job);
  const { auto_renew, ...content } = input;
  const set = contentColumns(content);
  if (auto_renew !== undefined && auto_renew !== job.autoRenew) {
    set.autoRenew = auto_renew;
    // Turning renewal back on clears an earlier cancellation; the next bill is the expiry.
    set.renewalCanceledAt = auto_renew ? null : new Date();
    set.renewalCancellationReason = auto_renew ? null : job.renewalCancellationReason;
    set.nextBillingDate = auto_renew && job.approved && job.active ? job.expirationDate : null;
  }
  if (Object.keys(set).length) await db.update(jobs).set({ ...set, updatedAt: new Date() }).where(eq(jobs.id, job.id));
  // A replaced or removed uploaded video leaves no file behind.
  if (set.videoUrl !== undefined && set.videoUrl !== job.videoUrl) await releaseJobVideo(db, job.companyId, job.videoUrl);
  jobChanged(job.id);
  return getJob(db, actor, job.id);
}

/** The same place (what a saved list compares by): street, city, state, ZIP, case-insensitive. */
const placeKey = (a: { street1: string | null; city: string | null; state: string | null; postalCode: string | null }) =>
  [a.street1, a.city, a.state, a.postalCode].map((v) => (v ?? '').trim().toLowerCase()).join('|');

export const KEEP_A_PAID_ADDRESS =
  'Keep at least one paid address until the new ones are paid: the live job shows where it is through them. Add the new address, pay for it, then remove the old one.';

/**
 * PATCH /jobs/{id}/addresses: replaces the targeting addresses; the cost follows. An address the
 * list keeps keeps its row, so what was paid for it stays paid; a new one on a paid job waits for
 * payment (lib/jobs/paid-items.ts) and is not public until then; a removed one is gone (no refund).
 */
export async function updateAddresses(db: Database, actor: Actor | null, id: number | string, addresses: Address[]) {
  const job = await loadOwnedJob(db, actor, id);
  assertNotEnded(job);
  await db.transaction(async (tx) => {
    const existing = new Map<string, number>();
    const rows = await tx.select().from(jobAddresses).where(eq(jobAddresses.jobId, job.id));
    for (const row of rows) {
      if (!existing.has(placeKey(row))) existing.set(placeKey(row), row.id);
    }
    const kept: number[] = [];
    const added = [];
    for (const row of addressRows(job.id, addresses)) {
      const id = existing.get(placeKey(row));
      if (id === undefined) {
        added.push(row);
        continue;
      }
      existing.delete(placeKey(row));
      kept.push(id);
      await tx.update(jobAddresses).set({ position: row.position }).where(eq(jobAddresses.id, id));
    }
    // A charge in flight was priced on the addresses it saw: none of them goes until it settles
    // (one added meanwhile stays pending payment, and is paid on its own).
    if (existing.size) await assertNoPaymentInFlight(tx as unknown as Database, job.id);
    // A live job shows where it is through its paid addresses: replacing them all with unpaid ones
    // would leave it public with no location until someone pays (and a JobPosting with none).
    const live = rows.filter((r) => addressIsLive(job, r));
    if (live.length && !live.some((r) => kept.includes(r.id))) throw unprocessable(KEEP_A_PAID_ADDRESS, 'addresses');
    await tx.delete(jobAddresses).where(kept.length ? and(eq(jobAddresses.jobId, job.id), notInArray(jobAddresses.id, kept)) : eq(jobAddresses.jobId, job.id));
    if (added.length) await tx.insert(jobAddresses).values(added);
    await refreshCost(tx as unknown as Database, job.id);
  });
  jobChanged(job.id);
  return getJob(db, actor, job.id);
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
  const job = await loadOwnedJob(db, actor, id);
  assertNotEnded(job);
  await db.transaction(async (tx) => {
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
  });
  jobChanged(job.id);
  return listAddons(db, actor, job.id);
}

/** Close and cancel: once only (their own message when repeated), and never on an ended job. */
function assertOpen(job: JobRow, action: 'close' | 'cancel') {
  if (action === 'close' && job.closedAt) throw conflict('This job is already closed.');
  if (action === 'cancel' && job.cancelledAt) throw conflict('This job is already cancelled.');
  assertNotEnded(job);
}

/**
 * Close, cancel and removing what is charged (an address, a subscribed add-on) wait while a charge
 * for the job is in flight (an order in PROCESSING_PAYMENT): the processor may approve it a few
 * seconds later (a retried charge takes 5 s), and the payment would then publish or renew what no
 * longer exists, or charge for items just removed. The tick settles a stuck order within minutes.
 */
async function assertNoPaymentInFlight(db: Database, jobId: number) {
  const [inFlight] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), eq(invoices.status, 'PROCESSING_PAYMENT')))
    .limit(1);
  if (inFlight) throw conflict('A payment for this job is in progress; try again in a minute.');
}

/** Ends a posting: off the public site, no renewal, no boost. */
const endPosting = (now: Date) => ({ active: false, autoRenew: false, nextBillingDate: null, boostActive: false, updatedAt: now });

/** POST /jobs/{id}/close: the position is filled; the job leaves the public site. */
export async function closeJob(db: Database, actor: Actor | null, id: number | string, now = new Date()) {
  const job = await loadOwnedJob(db, actor, id);
  assertOpen(job, 'close');
  await assertNoPaymentInFlight(db, job.id);
  await db.update(jobs).set({ ...endPosting(now), closedAt: now }).where(eq(jobs.id, job.id));
  jobChanged(job.id);
  return getJob(db, actor, job.id);
}

/** POST /jobs/{id}/cancel: the posting is withdrawn (an unpaid one can no longer be paid). */
export async function cancelJob(db: Database, actor: Actor | null, id: number | string, now = new Date()) {
  const job = await loadOwnedJob(db, actor, id);
  assertOpen(job, 'cancel');
  await assertNoPaymentInFlight(db, job.id);
  await db.update(jobs).set({ ...endPosting(now), cancelledAt: now }).where(eq(jobs.id, job.id));
  jobChanged(job.id);
  return getJob(db, actor, job.id);
}

/** PATCH /jobs/{id}/cancel-renewal: auto-renew off at once, with the reason. */
export async function cancelRenewal(db: Database, actor: Actor | null, id: number | string, reason: string, now = new Date()) {
  const job = await loadOwnedJob(db, actor, id);
  assertNotEnded(job);
  await db
    .update(jobs)
    .set({ autoRenew: false, nextBillingDate: null, renewalCanceledAt: now, renewalCancellationReason: reason, updatedAt: now })
    .where(eq(jobs.id, job.id));
  return getJob(db, actor, job.id);
}

/**
 * POST /jobs/{id}/duplicate: a new unpublished job with the same content, addresses, add-ons and
 * tags; the title gets ' Copy' and the hyperlink is cleared when that add-on is off (spec §4).
 */
export async function duplicateJob(db: Database, actor: Actor | null, id: number | string) {
  const source = await loadOwnedJob(db, actor, id);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [job] = await tx
      .insert(jobs)
      .values({
        companyId: source.companyId,
        employerId: actor!.userId,
        title: `${source.title} Copy`,
        jobType: source.jobType,
        additionalExperience: source.additionalExperience,
        homeTime: source.homeTime,
        requiredExperience: source.requiredExperience,
        jobDescription: source.jobDescription,
        jobDescriptionHtml: source.jobDescriptionHtml,
        driverUnload: source.driverUnload,
        expectedPayCents: source.expectedPayCents,
        salaryType: source.salaryType,
        signonBonusCents: source.signonBonusCents,
        startingBonusCents: source.startingBonusCents,
        benefits: source.benefits,
        endorsements: source.endorsements,
        videoUrl: source.videoUrl,
        autoRenew: source.autoRenew,
        jobsPostToken: newPostToken(),
        duplicatedFromId: source.id,
      })
      .returning();
    const addresses = await tx.select().from(jobAddresses).where(eq(jobAddresses.jobId, source.id)).orderBy(asc(jobAddresses.position));
    if (addresses.length) await tx.insert(jobAddresses).values(addresses.map(({ id: _id, paidThrough: _paid, ...a }) => ({ ...a, jobId: job.id, costCents: addressCostCents() })));
    const addons = await tx.select().from(jobAddons).where(eq(jobAddons.jobId, source.id));
    await upsertAddons(
      t,
      job.id,
      addons.map((a) => ({
        addon_type: a.addonType as AddonType,
        subscribed: a.subscribed,
        external_url: a.addonType === 'hyperlink' && !a.subscribed ? null : a.externalUrl,
      })),
    );
    await tx.execute(sql`insert into job_tags (job_id, tag_id) select ${job.id}, tag_id from job_tags where job_id = ${source.id}`);
    await refreshCost(t, job.id);
    return creationResult(t, job);
  });
}

/** GET /jobs/{id}/statistics: simple counts (applicants arrive with the applicants issue). */
export async function jobStatistics(db: Database, actor: Actor | null, id: number | string, now = new Date()) {
  const job = await loadOwnedJob(db, actor, id);
  const [{ addresses }] = await db
    .select({ addresses: sql<number>`count(*)::int` })
    .from(jobAddresses)
    .where(eq(jobAddresses.jobId, job.id));
  const day = 86_400_000;
  const days = (from: Date | null, to: Date | null) => (from && to ? Math.max(0, Math.ceil((to.getTime() - from.getTime()) / day)) : 0);
  const live = job.approved && job.active && !job.suspended;
  return {
    job_id: job.id,
    total_applicants: 0,
    today_applicants: 0,
    total_candidates: 0,
    addresses,
    days_live: live ? days(job.postingDate, now) : days(job.postingDate, job.closedAt ?? job.cancelledAt ?? job.expiredAt),
    days_remaining: live ? days(now, job.expirationDate) : 0,
    boost_remaining_days: job.boostActive && job.boostEndsAt ? days(now, job.boostEndsAt) : 0,
  };
}

/** PATCH /admin/jobs/{id}/suspend: an admin hold; a suspended job is inactive and off the public site. */
export async function setSuspended(db: Database, actor: Actor | null, id: number | string, suspended: boolean) {
  assertJobRole(actor);
  if (!hasAny(actor.roles, ADMIN_ROLES)) throw forbidden();
  const job = await loadOwnedJob(db, actor, id);
  await db.update(jobs).set({ suspended, updatedAt: new Date() }).where(eq(jobs.id, job.id));
  jobChanged(job.id);
  return getJob(db, actor, job.id);
}
