import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { accountIsLive } from '@/lib/accounts/live-account';
import { applicationStageEvents, applicationWithdrawals, applications, companies, jobs, users } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit';
import { conflict, notFound, unauthorized } from '@/lib/errors';
import { consumeOrThrow, limiter, waitInWords } from '@/lib/rate-limit';
import { rowIdOf } from '@/lib/validation/row-id';
import { publicCondition } from '@/lib/jobs/public';
import { DRIVER_STATUS_OF_STAGE } from './codes';
import { nearestAddressMilesSql } from './distance';
import { DEFAULT_TRAVEL_MILES } from './match';
import { matchProfileOf } from './profile';
import type { ApplyInput } from './schemas';

export const ALREADY_APPLIED = 'You have already applied to this job.';
export const JOB_NOT_OPEN = 'This job is no longer accepting applications: it is closed, expired or not published.';

/** Whether drivers may apply to the job now: the public pages' rule. */
const openSql = (now: Date) => sql<boolean>`coalesce(${publicCondition(now)}, false)`;

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/**
 * The driver's account, locked (FOR SHARE) until the transaction ends, or 401 when it was deleted or
 * switched off meanwhile. deleteAccount locks it for update, so a deletion and this writer queue:
 * one that comes after the deletion is refused, and a deletion that comes after waits for it and
 * then scrubs what it wrote.
 */
async function lockLiveAccount(t: Database, userId: number) {
  const [account] = await t.select({ live: accountIsLive() }).from(users).where(eq(users.id, userId)).for('share');
  if (!account?.live) throw unauthorized();
}

/**
 * POST /jobs/{id}/apply: a driver applies once to a live job. The distance from home to the job's
 * nearest live address, and whether it is within the driver's travel distance, are kept with the
 * application (the applicants list filters and sorts on them). The company hears of it in the
 * hourly digest (lib/drivers/digest.ts), not one mail per application.
 */
export async function applyToJob(db: Database, actor: Actor, jobId: number, input: ApplyInput, now = new Date()) {
  if (!validId(jobId)) throw notFound('Job not found.');
  const [job] = await db
    .select({ id: jobs.id, open: openSql(now), companyId: jobs.companyId, title: jobs.title, companyName: companies.companyName })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, jobId));
  if (!job) throw notFound('Job not found.');
  if (!job.open) throw conflict(JOB_NOT_OPEN);

  const profile = await matchProfileOf(db, actor.userId);
  const home = profile?.latitude != null && profile.longitude != null ? { lat: profile.latitude, lng: profile.longitude } : null;

  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Checked only when the request began, an application inserted during the deletion kept the
    // message (and, in its sort keys, the name) of a driver who had just erased them.
    await lockLiveAccount(t, actor.userId);
    // The job held (FOR SHARE) and checked again: a close, cancel or suspension takes its row
    // (lockJobForChange), which the application's foreign key alone (a key share) does not wait
    // for, so a close committed after the check above let the application land on the closed job.
    // The distance is measured under the same hold, from the addresses as they are.
    const [held] = await t.select({ open: openSql(now) }).from(jobs).where(eq(jobs.id, jobId)).for('share');
    if (!held?.open) throw conflict(JOB_NOT_OPEN);
    const [{ miles }] = await t
      .select({ miles: nearestAddressMilesSql('jobs', home) })
      .from(jobs)
      .where(eq(jobs.id, jobId));
    const withinRange = miles == null ? null : miles <= (profile?.travelDistance ?? DEFAULT_TRAVEL_MILES);
    const [row] = await t
      .insert(applications)
      .values({ jobId, userId: actor.userId, message: input.message ?? null, distanceMiles: miles, withinRange, createdAt: now, stageChangedAt: now })
      .onConflictDoNothing({ target: [applications.jobId, applications.userId] })
      .returning();
    if (!row) throw conflict(ALREADY_APPLIED);
    // An applicant again, no longer someone who withdrew (lib/applications/candidates.ts).
    await t.delete(applicationWithdrawals).where(and(eq(applicationWithdrawals.jobId, jobId), eq(applicationWithdrawals.userId, actor.userId)));
    await t.insert(applicationStageEvents).values({ applicationId: row.id, stage: 'new', changedBy: actor.userId, createdAt: now });
    await recordAudit(t, {
      actorUserId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action: 'application.create',
      subjectType: 'application',
      subjectId: row.id,
      companyId: job.companyId,
      details: { jobId },
    });
    return toDriverApplication({ ...row, jobTitle: job.title, companyName: job.companyName });
  });
}

type DriverApplicationRow = {
  id: number;
  jobId: number;
  jobTitle: string | null;
  companyName: string | null;
  message: string | null;
  stage: keyof typeof DRIVER_STATUS_OF_STAGE;
  distanceMiles: number | null;
  withinRange: boolean | null;
  createdAt: Date;
  /** Whether the job is still open to drivers (public): a closed, expired or suspended one is not. */
  jobOpen?: boolean;
};

/**
 * What the driver sees of an application: never the employer's stage, only the coarse status. A job
 * that is no longer open reads Closed, whatever its stage: it said Applied, with a link to a page
 * that no longer exists.
 */
function toDriverApplication(r: DriverApplicationRow) {
  const open = r.jobOpen ?? true;
  return {
    id: r.id,
    job_id: r.jobId,
    job_title: r.jobTitle,
    company_name: r.companyName,
    message: r.message,
    job_open: open,
    status: open ? DRIVER_STATUS_OF_STAGE[r.stage] : ('Closed' as const),
    distance: r.distanceMiles,
    within_range: r.withinRange,
    applied_at: r.createdAt.toISOString(),
  };
}
export type DriverApplication = ReturnType<typeof toDriverApplication>;

/** GET /members/applications: the driver's own, newest first (applications_user_created_idx). */
export async function listDriverApplications(db: Database, userId: number, page: { offset: number; limit: number }, now = new Date()) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: applications.id,
        jobId: applications.jobId,
        jobTitle: jobs.title,
        companyName: companies.companyName,
        message: applications.message,
        stage: applications.stage,
        distanceMiles: applications.distanceMiles,
        withinRange: applications.withinRange,
        createdAt: applications.createdAt,
        jobOpen: sql<boolean>`coalesce(${publicCondition(now)}, false)`,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(eq(applications.userId, userId))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(applications).where(eq(applications.userId, userId)),
  ]);
  return { items: rows.map(toDriverApplication), pagination: { ...page, total: Number(total) } };
}

export const APPLICATION_NOT_FOUND = 'Application not found.';
/** Withdrawals a driver may make in a day: enough for any real change of mind, not for applying and withdrawing in a loop to reach a company's inbox again and again. */
export const WITHDRAWALS_PER_DAY = 20;

/**
 * DELETE /members/applications/{id}: the driver withdraws an application of their own. It is
 * deleted, with the company's stage history, notes and tags on it (they cascade): the driver took
 * back what they had shared, so the company keeps nothing of it but the audit entry, which names no
 * one but the driver's id. The driver also stays out of the job's matched candidates
 * (application_withdrawals). While the job is open the driver may apply again, as a new application.
 * Another driver's application, or one already withdrawn, is 404: never a hint that it exists.
 */
export async function withdrawApplication(db: Database, actor: Actor, rawId: string | undefined) {
  const id = rowIdOf(rawId);
  if (id == null) throw notFound(APPLICATION_NOT_FOUND);
  await consumeOrThrow(
    await limiter('application-withdraw', WITHDRAWALS_PER_DAY, 86_400),
    String(actor.userId),
    (seconds) => `You have withdrawn many applications today. Please try again in ${waitInWords(seconds)}.`,
  );
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // First, as every writer takes the account before its applications: racing a deletion, the
    // withdrawal held the application's row and waited for the account, the deletion held the
    // account and waited for the application, and PostgreSQL cancelled one of them (a 500).
    await lockLiveAccount(t, actor.userId);
    const [row] = await t
      .delete(applications)
      .where(and(eq(applications.id, id), eq(applications.userId, actor.userId)))
      .returning({ jobId: applications.jobId });
    if (!row) throw notFound(APPLICATION_NOT_FOUND);
    // Kept out of the job's matched candidates: the company is not handed back as a match someone
    // who just withdrew.
    await t
      .insert(applicationWithdrawals)
      .values({ jobId: row.jobId, userId: actor.userId })
      .onConflictDoUpdate({ target: [applicationWithdrawals.jobId, applicationWithdrawals.userId], set: { withdrawnAt: sql`now()` } });
    const [job] = await t.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, row.jobId));
    await recordAudit(t, {
      actorUserId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action: 'application.withdraw',
      subjectType: 'application',
      subjectId: id,
      companyId: job?.companyId ?? null,
      details: { jobId: row.jobId },
    });
    return { id, job_id: row.jobId, message: 'Your application has been withdrawn.' };
  });
}

/** Whether the driver applied to a job already, and when (the portal job page shows it instead of Apply). */
export async function applicationOf(db: Database, userId: number, jobId: number) {
  const [row] = await db
    .select({ createdAt: applications.createdAt, stage: applications.stage })
    .from(applications)
    .where(and(eq(applications.userId, userId), eq(applications.jobId, jobId)));
  return row ? { appliedAt: row.createdAt.toISOString(), status: DRIVER_STATUS_OF_STAGE[row.stage] } : null;
}
