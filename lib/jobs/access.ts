import { and, eq, type SQL } from 'drizzle-orm';
import { ROLES, hasAny, type Role } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { jobs, type JobRow } from '@/lib/db/schema';
import { AppError, forbidden, notFound } from '@/lib/errors';

/** Staff who reach every company's jobs (jobs spec §6: admins; DESIGN.md: internal users too). */
export const JOB_STAFF_ROLES: readonly Role[] = [ROLES.SUPER_ADMIN, ROLES.ADMIN, ROLES.INTERNAL_USER];
const JOB_ROLES: readonly Role[] = [...JOB_STAFF_ROLES, ROLES.COMPANY_ADMIN, ROLES.EMPLOYER];

export const JOB_NOT_FOUND = 'Job not found.';
export const NO_COMPANY = 'Create your company first.';

export function isJobStaff(actor: Actor) {
  return hasAny(actor.roles, JOB_STAFF_ROLES);
}

/** Staff without a company of their own choose the company a new job is for (the wizard asks first). */
export function choosesCompanyForNewJob(actor: Actor) {
  return isJobStaff(actor) && !actor.companyId;
}

/** Refuses callers outside the jobs roles (the route table checks too; a service never trusts it). */
export function assertJobRole(actor: Actor | null): asserts actor is Actor {
  if (!actor) throw new AppError(401, 'Unauthorized');
  if (!hasAny(actor.roles, JOB_ROLES)) throw forbidden();
}

/**
 * The company whose jobs a caller works on: a company user's own, always; staff name one
 * (`requested`) or act on their own company when they have one; undefined means every company.
 */
export function companyScope(actor: Actor, requested?: number | null): number | undefined {
  assertJobRole(actor);
  if (isJobStaff(actor)) return requested ?? undefined;
  if (!actor.companyId) throw forbidden(NO_COMPANY);
  return actor.companyId;
}

/** The SQL condition that keeps a caller on its own company's jobs (none for staff). */
export function ownJobsCondition(actor: Actor): SQL | undefined {
  const company = companyScope(actor);
  return company === undefined ? undefined : eq(jobs.companyId, company);
}

/** A job the caller may reach, or 404 (another company's job is indistinguishable from none). */
export async function loadOwnedJob(db: Database, actor: Actor | null, id: number | string): Promise<JobRow> {
  assertJobRole(actor);
  const jobId = Number(id);
  if (!Number.isSafeInteger(jobId) || jobId <= 0 || jobId > 2_147_483_647) throw notFound(JOB_NOT_FOUND);
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), ownJobsCondition(actor)));
  if (!job) throw notFound(JOB_NOT_FOUND);
  return job;
}
