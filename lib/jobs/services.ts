import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit';
import { changedFields } from '@/lib/audit/changed-fields';
import { jobChanged } from '@/lib/cache/tags';
import type { Database } from '@/lib/db/client';
import { companies, jobAddons, jobAddresses, jobs, type JobRow } from '@/lib/db/schema';
import { conflict, forbidden, unprocessable } from '@/lib/errors';
import { assertVersion } from '@/lib/api/if-match';
import { centsToDollars, dollarsToCents, type AddonType } from './codes';
import { assertJobRole, companyScope, isJobStaff, loadOwnedJob } from './access';
import { addressRows, refreshCost, upsertAddons } from './cost';
import { getJob } from './detail';
import { assertNotEnded } from './ended';
import { releaseJobVideo } from './multimedia';
import { recordStaffJobAction } from './staff-audit';
import { assertNoPaymentInFlight, lockJobCharges } from './payment-in-flight';
import { lockJobForChange } from './job-row-lock';
import { addressCostCents } from './pricing';
import { renderDescription } from './sanitize';
import { hasForeignImage } from './rich-text-rules';
import type { CreateJob, UpdateJob } from './schemas';
import { copyTitle } from './title';
import { toAddon } from './serialize';
import { jobContact } from './contact';
import { enqueueTemplate } from '@/lib/mail';
import { publicUrl } from '@/lib/config';
import { portalDateText } from '@/lib/validation/portal-day';

/** A random, unguessable, URL-safe token naming a posting in the invoice charge call. */
export const newPostToken = () => randomBytes(24).toString('base64url');

type ContentFields = Omit<UpdateJob, 'auto_renew'>;

export const FOREIGN_JOB_IMAGE = 'Images from other sites cannot be shown in a job description. Remove them, then save again.';

/**
 * Content fields of a payload → jobs columns (amounts in cents, description rendered and sanitized).
 * A description showing an image from another site is refused: the pages' CSP would show it broken.
 * The stored one sent back unchanged is let through, so an older job stays editable.
 */
function contentColumns(input: ContentFields, storedHtml: string | null = null): Partial<typeof jobs.$inferInsert> {
  const out: Partial<typeof jobs.$inferInsert> = {};
  if (input.title !== undefined) out.title = input.title;
  if (input.job_type !== undefined) out.jobType = input.job_type;
  if (input.additional_experience !== undefined) out.additionalExperience = input.additional_experience || null;
  if (input.home_time !== undefined) out.homeTime = input.home_time;
  if (input.required_experience !== undefined) out.requiredExperience = input.required_experience;
  if (input.job_description !== undefined) {
    const { json, html } = renderDescription(input.job_description);
    if (html !== storedHtml && hasForeignImage(html)) throw unprocessable(FOREIGN_JOB_IMAGE, 'job_description');
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

/** The jobs columns an edit sets, by their API names: a staff edit's entry names those it changed. */
const JOB_FIELDS = {
  title: 'title',
  jobType: 'job_type',
  additionalExperience: 'additional_experience',
  homeTime: 'home_time',
  requiredExperience: 'required_experience',
  jobDescriptionHtml: 'job_description',
  driverUnload: 'driver_unload',
  expectedPayCents: 'expected_pay',
  salaryType: 'salary_type',
  signonBonusCents: 'signon_bonus',
  startingBonusCents: 'starting_bonus',
  benefits: 'benefits',
  endorsements: 'endorsements',
  videoUrl: 'video_url',
  autoRenew: 'auto_renew',
} as const;

/** PATCH /jobs/{id}: content fields and auto-renew. */
export async function updateJob(db: Database, actor: Actor | null, id: number | string, input: UpdateJob, expectedVersion?: string | null) {
  const owned = await loadOwnedJob(db, actor, id);
  assertNotEnded(owned);
  assertVersion(expectedVersion, owned.updatedAt, 'job');
  const { auto_renew, ...content } = input;
  // Decided on the job as it is once locked: the next bill from an end date a renewal had just
  // moved, or a save landing on a job closed meanwhile, came from a reading taken before.
  const { job, set } = await db.transaction(async (tx) => {
    // The charges' lock too (auto-renew turned off here is seen by an auto-renewal's order, as
    // cancelRenewal is).
    const job = await lockJobForChange(tx as unknown as Database, owned.id);
    assertNotEnded(job);
    // Still the version the caller saw, also against a save that landed since it was read.
    assertVersion(expectedVersion, job.updatedAt, 'job');
    const set = contentColumns(content, job.jobDescriptionHtml);
    if (auto_renew !== undefined && auto_renew !== job.autoRenew) {
      set.autoRenew = auto_renew;
      // Turning renewal back on clears an earlier cancellation; the next bill is the expiry.
      set.renewalCanceledAt = auto_renew ? null : new Date();
      set.renewalCancellationReason = auto_renew ? null : job.renewalCancellationReason;
      set.nextBillingDate = auto_renew && job.approved && job.active ? job.expirationDate : null;
    }
    if (!Object.keys(set).length) return { job, set };
    await tx.update(jobs).set({ ...set, updatedAt: new Date() }).where(eq(jobs.id, job.id));
    // Renewal turned on by staff charges the customer's saved card at the next bill: its from/to is kept.
    const fields = changedFields(set, job, JOB_FIELDS);
    const renewal = set.autoRenew === undefined ? {} : { auto_renew: { from: job.autoRenew, to: set.autoRenew } };
    if (fields.length) await recordStaffJobAction(tx as unknown as Database, actor, job, 'job.staff_update', { fields, ...renewal });
    return { job, set };
  });
  // A replaced or removed uploaded video leaves no file behind.
  if (set.videoUrl !== undefined && set.videoUrl !== job.videoUrl) await releaseJobVideo(db, job.companyId, job.videoUrl);
  jobChanged(job.id);
  return getJob(db, actor, job.id);
}

/** Close and cancel: once only (their own message when repeated), and never on an ended job. */
function assertOpen(job: JobRow, action: 'close' | 'cancel') {
  if (action === 'close' && job.closedAt) throw conflict('This job is already closed.');
  if (action === 'cancel' && job.cancelledAt) throw conflict('This job is already cancelled.');
  assertNotEnded(job);
}

/** Ends a posting: off the public site, no renewal, no boost. */
const endPosting = (now: Date) => ({ active: false, autoRenew: false, nextBillingDate: null, boostActive: false, updatedAt: now });

/** Close or cancel: the job ends as `closedAt` or `cancelledAt` says, with staff's entry in the same step. */
async function endJob(db: Database, actor: Actor | null, id: number | string, action: 'close' | 'cancel', now: Date) {
  const owned = await loadOwnedJob(db, actor, id);
  await db.transaction(async (tx) => {
    // One step with an order being opened (lib/jobs/payment-in-flight.ts): checked outside it, an
    // order opened between the check and the close was charged, then not applied to a closed job.
    // Decided on the job as it is once locked: a second tab's close or cancel is refused, not repeated.
    const job = await lockJobForChange(tx as unknown as Database, owned.id);
    assertOpen(job, action);
    await assertNoPaymentInFlight(tx as unknown as Database, job.id);
    await tx
      .update(jobs)
      .set({ ...endPosting(now), ...(action === 'close' ? { closedAt: now } : { cancelledAt: now }) })
      .where(eq(jobs.id, job.id));
    // Irreversible and not refunded: staff ending a customer's job is audited.
    await recordStaffJobAction(tx as unknown as Database, actor, job, action === 'close' ? 'job.staff_close' : 'job.staff_cancel', { payment_status: job.paymentStatus });
  });
  jobChanged(owned.id);
  return getJob(db, actor, owned.id);
}

/** POST /jobs/{id}/close: the position is filled; the job leaves the public site. */
export const closeJob = (db: Database, actor: Actor | null, id: number | string, now = new Date()) => endJob(db, actor, id, 'close', now);

/** POST /jobs/{id}/cancel: the posting is withdrawn (an unpaid one can no longer be paid). */
export const cancelJob = (db: Database, actor: Actor | null, id: number | string, now = new Date()) => endJob(db, actor, id, 'cancel', now);

/** PATCH /jobs/{id}/cancel-renewal: auto-renew off at once, with the reason. */
export async function cancelRenewal(db: Database, actor: Actor | null, id: number | string, reason: string, now = new Date()) {
  const job = await loadOwnedJob(db, actor, id);
  assertNotEnded(job);
  await db.transaction(async (tx) => {
    // One step with an auto-renewal's order being opened: committed first, the order's check sees
    // it and nothing is charged; the tick, working through its batch, charged a renewal cancelled
    // minutes before it reached the job.
    await lockJobCharges(tx as unknown as Database, job.id);
    await tx
      .update(jobs)
      .set({ autoRenew: false, nextBillingDate: null, renewalCanceledAt: now, renewalCancellationReason: reason, updatedAt: now })
      .where(eq(jobs.id, job.id));
    await recordStaffJobAction(tx as unknown as Database, actor, job, 'job.staff_cancel_renewal', { reason, auto_renew: { from: job.autoRenew, to: false } });
  });
  return getJob(db, actor, job.id);
}

/**
 * POST /jobs/{id}/duplicate: a new unpublished job with the same content, addresses, add-ons and
 * tags; the title gets ' Copy' (cut to fit the title's limit: copyTitle) and the hyperlink is
 * cleared when that add-on is off (spec §4).
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
        title: copyTitle(source.title),
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

/**
 * The company hears of a hold and of its end (the job leaves the site, and stops renewing, without
 * anything they did): `job_suspended` says when it will expire if the hold stays, `job_released`
 * whether it is live again or ended meanwhile (lib/jobs/lifecycle.ts expireJobs does not spare it).
 */
async function tellCompanyOfHold(db: Database, job: JobRow) {
  // A closed or cancelled job is over for the company already: nothing changes for them.
  if (job.closedAt || job.cancelledAt) return;
  const to = await jobContact(db, job);
  if (!to) return;
  const live = job.approved && job.active;
  const expiresAt = live && job.expirationDate ? portalDateText(job.expirationDate) : null;
  const jobUrl = publicUrl(`/company/jobs/${job.id}/detail`).toString();
  await enqueueTemplate(db, to.email, job.suspended ? 'job_suspended' : 'job_released', { firstName: to.firstName, jobTitle: job.title, expiresAt, jobUrl });
}

/**
 * PATCH /admin/jobs/{id}/suspend: an admin hold; a suspended job is inactive and off the public site.
 * A customer's paid job taken down (or put back) by an admin is in the audit log with who did it.
 */
export async function setSuspended(db: Database, actor: Actor | null, id: number | string, suspended: boolean, ip?: string) {
  assertJobRole(actor);
  if (!hasAny(actor.roles, ADMIN_ROLES)) throw forbidden();
  const job = await loadOwnedJob(db, actor, id);
  await db.transaction(async (tx) => {
    if (suspended) {
      // As a close (endJob): one step with an order being opened. A charge in flight would renew or
      // publish the job once approved, and the customer paid for time off the site; an order opened
      // after this sees the job suspended and is refused before any charge (pricedOnJobAsIs).
      await lockJobForChange(tx as unknown as Database, job.id);
      await assertNoPaymentInFlight(tx as unknown as Database, job.id);
    }
    // Only a change is told and recorded; the condition makes two admins' same click one change.
    const [held] = await tx
      .update(jobs)
      .set({ suspended, updatedAt: new Date() })
      .where(and(eq(jobs.id, job.id), ne(jobs.suspended, suspended)))
      .returning();
    if (held) {
      await tellCompanyOfHold(tx as unknown as Database, held);
      await recordAudit(tx as unknown as Database, {
        actorUserId: actor.userId,
        impersonatorId: actor.impersonatorId ?? null,
        action: suspended ? 'job.suspend' : 'job.release',
        subjectType: 'job',
        subjectId: job.id,
        companyId: job.companyId,
        details: { title: job.title },
        ip,
      });
    }
  });
  jobChanged(job.id);
  return getJob(db, actor, job.id);
}
