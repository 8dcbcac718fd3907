import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { queryRows, type Database } from '@/lib/db/client';
import { applications, driverProfiles, jobs, type DriverProfileRow } from '@/lib/db/schema';
import { jobsWithinSql } from '@/lib/drivers/distance';
import { notFound } from '@/lib/errors';
import { isJobStaff } from '@/lib/jobs/access';
import { CANDIDATE_RADIUS_MILES, candidateGridEarth } from './candidates';

export const DRIVER_NOT_FOUND = 'Driver not found.';

/**
 * The parts of a driver's profile strength (issue 10; the spec shows no fields): each part earns
 * up to its weight, the weights add up to 100. What an employer looks at first weighs most.
 */
export const SCORE_PARTS = [
  { key: 'cdl', label: 'CDL', weight: 25 },
  { key: 'experience', label: 'Years of experience', weight: 25 },
  { key: 'endorsements', label: 'Endorsements', weight: 15 },
  { key: 'work_experiences', label: 'Work experiences', weight: 10 },
  { key: 'contact', label: 'Phone and home located', weight: 15 },
  { key: 'preferences', label: 'Home time and travel distance', weight: 10 },
] as const;

const CDL_SHARE = { A: 1, B: 0.8, C: 0.6, none: 0 } as const;

export function scoreOf(p: Pick<DriverProfileRow, 'cdlStatus' | 'yearsOfExperience' | 'endorsements' | 'workExperiences' | 'latitude' | 'homeTime' | 'travelDistance'>, phone: string | null) {
  const share: Record<(typeof SCORE_PARTS)[number]['key'], number> = {
    cdl: CDL_SHARE[p.cdlStatus ?? 'none'],
    experience: Math.min(p.yearsOfExperience ?? 0, 10) / 10,
    endorsements: Math.min(p.endorsements.length, 3) / 3,
    work_experiences: Math.min(p.workExperiences.length, 3) / 3,
    contact: (phone ? 1 / 3 : 0) + (p.latitude != null ? 2 / 3 : 0),
    preferences: (p.homeTime ? 0.5 : 0) + (p.travelDistance != null ? 0.5 : 0),
  };
  const parts = SCORE_PARTS.map((part) => ({ ...part, points: Math.round(part.weight * share[part.key]) }));
  return { score: parts.reduce((n, part) => n + part.points, 0), parts };
}

/**
 * May this company see the driver? When the driver applied to one of its jobs, or is a candidate of
 * one of its open jobs (as listCandidates has them: not ended, not withdrawn from): home within the
 * candidate radius of a live address (paid for the job's
 * period, as the driver search counts them: lib/drivers/distance.ts). An address still waiting for
 * payment is saved, not published, and must not reach drivers' profiles.
 */
async function companyKnowsDriver(db: Database, companyId: number, userId: number, profile: DriverProfileRow, active: boolean) {
  const [applied] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applications.userId, userId), eq(jobs.companyId, companyId)))
    .limit(1);
  if (applied) return true;
  // A candidate only while their account is on, as listCandidates has them (a switched-off driver
  // is no one's candidate; the companies they applied to keep what they were given).
  if (!active || profile.latitude == null || profile.longitude == null) return false;
  // Measured from the home's grid point, as the candidates list is: a yes/no at exactly 250 miles
  // from the home, probed address by address, would find the home the list hides.
  const home = candidateGridEarth(sql`${profile.latitude}::float8`, sql`${profile.longitude}::float8`);
  const [near] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from jobs j
      where j.company_id = ${companyId} and j.active and j.approved and not j.suspended
        and j.closed_at is null and j.cancelled_at is null and j.expired_at is null
        and not exists (select 1 from application_withdrawals aw where aw.job_id = j.id and aw.user_id = ${userId})
        and ${jobsWithinSql(sql`j.id`, home, CANDIDATE_RADIUS_MILES)}
      limit 1`,
  );
  return !!near;
}

/** GET /user/{id}/driver-score: admins and internal staff, or a company that has the driver as applicant or candidate; 404 for anyone else. */
export async function driverScore(db: Database, actor: Actor | null, id: number | string) {
  if (!actor) throw notFound(DRIVER_NOT_FOUND);
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > 2_147_483_647) throw notFound(DRIVER_NOT_FOUND);
  const [row] = await queryRows<{ phone: string | null; active: boolean }>(db, sql`select phone, active from users where id = ${userId} and deleted_at is null`);
  const [profile] = await db.select().from(driverProfiles).where(eq(driverProfiles.userId, userId));
  if (!row || !profile) throw notFound(DRIVER_NOT_FOUND);
  const staff = hasAny(actor.roles, ADMIN_ROLES) || isJobStaff(actor);
  if (!staff && !(actor.companyId && (await companyKnowsDriver(db, actor.companyId, userId, profile, row.active)))) throw notFound(DRIVER_NOT_FOUND);
  return { user_id: userId, ...scoreOf(profile, row.phone) };
}
