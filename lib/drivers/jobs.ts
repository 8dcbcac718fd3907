import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { getPublicJob, publicCondition } from '@/lib/jobs/public';
import type { EndorsementCode, ExperienceCode, HomeTimeCode, JobTypeCode, SalaryType } from '@/lib/jobs/codes';
import { applicationOf } from './applications';
import { jobsWithinSql, nearestAddressMilesSql } from './distance';
import { explainMatch, jobColumns, matchPointsSql, type MatchProfile } from './match';
import { matchDetails } from './match-details';
import { matchProfileOf } from './profile';
import { DRIVER_PAGE_SIZE, type DriverJobSearch } from './schemas';
import { minPayCentsByType } from './weekly-pay';
import { jobs } from '@/lib/db/schema';

/*
 * The Drivers Portal's view of jobs: only public ones (lib/jobs/public.ts publicCondition), each
 * with its distance from the driver's home and the match explanation (lib/drivers/match.ts).
 */

type Row = {
  id: number;
  title: string;
  job_type: JobTypeCode;
  home_time: HomeTimeCode;
  required_experience: ExperienceCode;
  endorsements: EndorsementCode[] | string;
  expected_pay_cents: number | string;
  salary_type: SalaryType;
  posting_date: Date | string | null;
  company_name: string;
  city: string | null;
  state: string | null;
  distance: number | string | null;
  featured: boolean;
  promoted: boolean;
};

/** PGlite and node-postgres both answer enum arrays as '{H,N}' text when the type is not registered. */
const enumArray = <T extends string>(v: T[] | string): T[] => (Array.isArray(v) ? v : v.replace(/^\{|\}$/g, '').split(',').filter(Boolean) as T[]);

function toPortalJob(r: Row, profile: MatchProfile | null) {
  const job = { jobType: r.job_type, homeTime: r.home_time, requiredExperience: r.required_experience, endorsements: enumArray(r.endorsements) };
  const distance = r.distance == null ? null : Number(r.distance);
  return {
    id: r.id,
    title: r.title,
    companyName: r.company_name,
    jobType: r.job_type,
    homeTime: r.home_time,
    expectedPayCents: Number(r.expected_pay_cents),
    salaryType: r.salary_type,
    postingDate: r.posting_date ? new Date(r.posting_date).toISOString() : null,
    city: r.city,
    state: r.state,
    distance,
    featured: r.featured,
    promoted: r.promoted,
    match: profile ? explainMatch(profile, job, distance) : null,
  };
}
export type PortalJob = ReturnType<typeof toPortalJob>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the paid add-ons buy on the Drivers Portal (docs/drivers.md): a running boost puts the job
 * first in the job search and first among equally good matches, labelled Featured; a promote paid
 * for the current period labels it Promoted and sets its card apart. Live as the public page counts
 * a hyperlink live: subscribed and paid through the job's expiry (lib/jobs/paid-items.ts).
 */
const PROMOTED = sql`exists (
  select 1 from job_addons ad
  where ad.job_id = jobs.id and ad.addon_type = 'promote' and ad.subscribed and ad.paid_through >= jobs.expiration_date
)`;

/**
 * The columns every list selects, the first live address's place and the distance from home.
 * Featured says what the boost says now: the tick clears boost_active after its end, and until it
 * runs an ended boost is not labelled (it may still sort first for that while, read from the index).
 */
function listSql(home: { lat: number; lng: number } | null, where: SQL[], order: SQL, page: { offset: number; limit: number }, now: Date) {
  return sql`
    select jobs.id, jobs.title, jobs.job_type, jobs.home_time, jobs.required_experience, jobs.endorsements, jobs.expected_pay_cents,
      jobs.salary_type, jobs.posting_date, c.company_name, fa.city, fa.state::text as state,
      ${nearestAddressMilesSql('jobs', home)} as distance, (jobs.boost_active and jobs.boost_ends_at > ${now}) as featured, ${PROMOTED} as promoted
    from jobs
    join companies c on c.id = jobs.company_id
    left join lateral (
      select a.city, a.state from job_addresses a where a.job_id = jobs.id and a.paid_through >= jobs.expiration_date order by a.position, a.id limit 1
    ) fa on true
    where ${sql.join(where, sql` and `)}
    order by ${order}
    limit ${page.limit} offset ${page.offset}`;
}

const homeOf = (p: { latitude: number | null; longitude: number | null } | null) =>
  p?.latitude != null && p.longitude != null ? { lat: p.latitude, lng: p.longitude } : null;

/**
 * /members/jobs: every public job, filtered by keywords (title, trigram index), job type, home
 * time, minimum weekly pay (any pay period, as a weekly estimate) and a radius from home (the gist index on job addresses); pages of 10.
 * Nearest first when a radius is given (the driver asked for distance), otherwise boosted jobs
 * first, then newest (jobs_list_boosted_posted_idx).
 */
export async function searchPortalJobs(db: Database, userId: number, input: DriverJobSearch, now = new Date()) {
  const profile = await matchProfileOf(db, userId);
  const home = homeOf(profile);
  const where: SQL[] = [sql`${publicCondition(now)}`];
  if (input.q) where.push(sql`jobs.title ilike ${'%' + escapeLike(input.q) + '%'}`);
  if (input.job_type) where.push(sql`jobs.job_type = ${input.job_type}`);
  if (input.home_time) where.push(sql`jobs.home_time = ${input.home_time}`);
  if (input.min_pay != null) {
    // Every pay period as a weekly estimate (lib/drivers/weekly-pay.ts): one indexed range per salary type.
    const byType = minPayCentsByType(input.min_pay * 100).map(([type, cents]) => sql`(jobs.salary_type = ${type} and jobs.expected_pay_cents >= ${cents})`);
    where.push(sql`(${sql.join(byType, sql` or `)})`);
  }
  const byDistance = input.radius != null && home != null;
  if (byDistance) where.push(jobsWithinSql(sql.raw('jobs.id'), home, input.radius!));
  const order = byDistance
    ? sql`distance asc nulls last, jobs.id desc`
    : sql`jobs.boost_active desc, coalesce(jobs.posting_date, jobs.created_at) desc, jobs.id desc`;
  const [rows, counted] = await Promise.all([
    queryRows<Row>(db, listSql(home, where, order, input, now)),
    countUpTo(db, sql`select 1 from jobs join companies c on c.id = jobs.company_id where ${sql.join(where, sql` and `)}`, input),
  ]);
  return {
    items: rows.map((r) => toPortalJob(r, profile)),
    pagination: { offset: input.offset, limit: input.limit, ...counted },
    hasHome: home != null,
    /** How the list is ordered, said beside the count: 'distance' (a radius from home) or 'boosted' (boosted first, then newest). */
    order: byDistance ? ('distance' as const) : ('boosted' as const),
    radiusIgnored: input.radius != null && home == null,
  };
}

/**
 * /members/home: the public jobs that match the driver best, ranked in SQL by the same points as
 * the explanation; among equals a boosted job first, then the nearest. A driver without a profile
 * sees boosted jobs, then the newest.
 */
export async function bestMatchingJobs(db: Database, userId: number, now = new Date(), limit = DRIVER_PAGE_SIZE) {
  const profile = await matchProfileOf(db, userId);
  const home = homeOf(profile);
  const points = profile ? matchPointsSql(profile, jobColumns(jobs), nearestAddressMilesSql('jobs', home)) : sql`0::int`; // a bare 0 in ORDER BY would name a column position (a 500 for drivers without a profile)
  // A boost ranks a job first among equally good matches, never above a better one.
  const order = sql`${points} desc, jobs.boost_active desc, distance asc nulls last, coalesce(jobs.posting_date, jobs.created_at) desc, jobs.id desc`;
  const rows = await queryRows<Row>(db, listSql(home, [sql`${publicCondition(now)}`], order, { offset: 0, limit }, now));
  return { items: rows.map((r) => toPortalJob(r, profile)), hasProfile: profile != null };
}

/** The portal job page: the public job, its distance from home, the explanation and the driver's application. */
export async function portalJob(db: Database, userId: number, jobId: number, now = new Date()) {
  const pub = await getPublicJob(db, jobId, now);
  if (!pub) return null;
  const profile = await matchProfileOf(db, userId);
  const home = homeOf(profile);
  const [{ distance }] = await queryRows<{ distance: number | string | null }>(
    db,
    sql`select ${nearestAddressMilesSql('jobs', home)} as distance from jobs where jobs.id = ${pub.job.id}`,
  );
  const miles = distance == null ? null : Number(distance);
  return {
    ...pub,
    distance: miles,
    match: profile ? explainMatch(profile, pub.job, miles) : null,
    matchDetails: profile ? matchDetails(profile, pub.job, miles) : null,
    application: await applicationOf(db, userId, pub.job.id),
  };
}
