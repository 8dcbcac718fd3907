import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { getPublicJob, publicCondition } from '@/lib/jobs/public';
import { MAX_JOB_ADDRESSES } from '@/lib/jobs/schemas';
import type { EndorsementCode, ExperienceCode, HomeTimeCode, JobTypeCode, SalaryType } from '@/lib/jobs/codes';
import { applicationOf } from './applications';
import { METERS_PER_MILE, earthMetersSql, earthOf, nearestAddressMilesSql } from './distance';
import { countInRadius, nearestInRadius } from './radius-search';
import { DEFAULT_TRAVEL_MILES, explainMatch, jobColumns, matchFactorsSql, matchPointsSql, type MatchExplanation, type MatchProfile } from './match';
import { matchDetails, wholeMilesShown } from './match-details';
import { nearRelation, pageOfShortScan, type NearAddress } from './nearest-scan';
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

/**
 * The whole miles to print beside the match: the figure its distance words read (wholeMilesShown).
 * Rounded on its own, 50.4 miles from a driver who travels 50 printed "50 miles" beside an unmet
 * distance factor saying "51 mi from home; travels up to 50 mi".
 */
function distanceShownOf(distance: number | null, profile: MatchProfile | null, match: MatchExplanation | null) {
  if (distance == null) return null;
  if (!profile || !match) return Math.round(distance);
  const met = match.factors.find((f) => f.key === 'distance')?.met ?? false;
  return wholeMilesShown(distance, profile.travelDistance ?? DEFAULT_TRAVEL_MILES, met);
}

function toPortalJob(r: Row, profile: MatchProfile | null) {
  const job = { jobType: r.job_type, homeTime: r.home_time, requiredExperience: r.required_experience, endorsements: enumArray(r.endorsements) };
  const distance = r.distance == null ? null : Number(r.distance);
  const match = profile ? explainMatch(profile, job, distance) : null;
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
    /** Whole miles as the card prints them (formatMiles), the figure the match's distance words read. */
    distanceShown: distanceShownOf(distance, profile, match),
    featured: r.featured,
    promoted: r.promoted,
    match,
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
 * `near`: a join that picks the page's jobs and already knows their distance (the best matches, ranked in it).
 */
function listSql(home: { lat: number; lng: number } | null, where: SQL[], order: SQL, page: { offset: number; limit: number }, now: Date, near?: { join: SQL; distance: SQL }) {
  return sql`
    select jobs.id, jobs.title, jobs.job_type, jobs.home_time, jobs.required_experience, jobs.endorsements, jobs.expected_pay_cents,
      jobs.salary_type, jobs.posting_date, c.company_name, fa.city, fa.state::text as state,
      ${near?.distance ?? nearestAddressMilesSql('jobs', home)} as distance, (jobs.boost_active and jobs.boost_ends_at > ${now}) as featured, ${PROMOTED} as promoted
    from jobs
    ${near?.join ?? sql``}
    join companies c on c.id = jobs.company_id
    left join lateral (
      select a.city, a.state from job_addresses a where a.job_id = jobs.id and a.paid_through >= jobs.expiration_date
      order by ${shownAddressOrder(home)} limit 1
    ) fa on true
    where ${sql.join(where, sql` and `)}
    order by ${order}
    limit ${page.limit} offset ${page.offset}`;
}

/**
 * Which of a job's live addresses a card names: the one its distance is measured to (the nearest to
 * home) when the driver has one, else the first. The first's city beside the nearest's distance
 * read "Dallas, TX · 694 miles" for a Chicago driver: 694 miles was Oklahoma City.
 */
const shownAddressOrder = (home: { lat: number; lng: number } | null) =>
  home ? sql`a.latitude is null, ${earthMetersSql(sql`ll_to_earth(a.latitude, a.longitude)`, [earthOf(home)])}, a.position, a.id` : sql`a.position, a.id`;

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
  // With a radius, the page's jobs and their miles come from the addresses nearest home
  // (lib/drivers/radius-search.ts), and so does the total.
  const [rows, counted] = byDistance
    ? await Promise.all([
        nearestInRadius(db, home, input.radius!, where, input.offset + input.limit).then((near) =>
          queryRows<Row>(db, listSql(home, where, sql`near.miles, jobs.id desc`, input, now, { join: sql`join ${near} on near.job_id = jobs.id`, distance: sql`near.miles` })),
        ),
        countInRadius(db, home, input.radius!, where, input),
      ])
    : await Promise.all([
        queryRows<Row>(db, listSql(home, where, sql`jobs.boost_active desc, coalesce(jobs.posting_date, jobs.created_at) desc, jobs.id desc`, input, now)),
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
 * How many jobs /members/home ranks, at most. No index can serve an order by computed match
 * points, so ranking every public job read and sorted them all (2.2 s at 100,000 jobs against
 * 6 ms on the demo seed); the ranked set is bounded first, in an order an index yields:
 * - a driver with a home: the BEST_MATCH_POOL public jobs nearest home (a
 *   nearest-first scan of the gist index job_addresses_listed_earth_idx, `<->` on earth values);
 * - a driver with a profile but no home: the BEST_MATCH_POOL jobs the job search shows first,
 *   boosted then newest (jobs_list_boosted_posted_idx).
 */
export const BEST_MATCH_POOL = 200;

/**
 * The `limit` listed addresses nearest home whose job is public, nearest first, each with its job
 * and meters. Listed addresses only (job_addresses_listed_earth_idx), each one's job checked as it
 * is read (a scalar subquery by id), not joined: joined, the planner guessed that few addresses
 * would pass the job's conditions and read every live job's addresses to sort them instead, 80 ms
 * at 100,000 jobs with 5,000 live, against 5 ms for the nearest-first scan. `jobs` inside is the
 * subquery's own: publicCondition names the table, and the innermost one of that name wins.
 */
function nearestPublicAddressesSql(home: { lat: number; lng: number }, limit: number, now: Date): SQL {
  return sql`select na.job_id, ${earthMetersSql(sql`ll_to_earth(na.latitude, na.longitude)`, [earthOf(home)])} as meters
      from job_addresses na
      where na.listed and na.latitude is not null
        and (select na.paid_through >= jobs.expiration_date and ${publicCondition(now)} from jobs where jobs.id = na.job_id)
      order by ll_to_earth(na.latitude, na.longitude) <-> ${earthOf(home)}
      limit ${sql.raw(String(limit))}`;
}

/**
 * How many addresses the short scan of the best matches reads for each job of the pool: a quarter
 * more than the pool, which holds it where most jobs have one place (docs/benchmarks.md: the wide
 * scan's 500 addresses were about a quarter of the statement's time at 100,000 jobs).
 */
const POOL_SCAN = 1.25;

/**
 * The `pool` public jobs nearest to home, each with its distance in miles (the least over its live
 * addresses, the same number as nearestAddressMilesSql), as a relation `near (job_id, miles)`.
 * First from a short scan of pool × POOL_SCAN addresses nearest home, where it decides them
 * (lib/drivers/nearest-scan.ts). Otherwise, in the ranking's statement, from the nearest
 * max(pool, page × MAX_JOB_ADDRESSES) addresses: enough for a page of distinct jobs even if every
 * job near home has MAX_JOB_ADDRESSES places (200 addresses could have been 4 jobs), the least
 * over a job's addresses among them being the least over all of them, as the nearest come first.
 */
async function nearestPublicJobs(db: Database, home: { lat: number; lng: number }, pool: number, page: number, now: Date): Promise<SQL> {
  const read = Math.ceil(pool * POOL_SCAN);
  const decided = pageOfShortScan(await queryRows<NearAddress>(db, nearestPublicAddressesSql(home, read, now)), read, pool);
  if (decided) return nearRelation(decided);
  const scanned = Math.max(pool, page * MAX_JOB_ADDRESSES);
  return sql`(select nj.job_id, min(nj.meters) / ${sql.raw(String(METERS_PER_MILE))} as miles from (${nearestPublicAddressesSql(home, scanned, now)}) nj
    group by nj.job_id order by min(nj.meters), nj.job_id desc limit ${sql.raw(String(pool))}) near`;
}

/** The ids of the first `pool` public jobs in the job search's order: boosted, then newest. */
function firstPublicJobsSql(pool: number, now: Date): SQL {
  return sql`jobs.id in (select jobs.id from jobs where ${publicCondition(now)}
    order by jobs.boost_active desc, coalesce(jobs.posting_date, jobs.created_at) desc, jobs.id desc
    limit ${sql.raw(String(pool))})`;
}

/**
 * /members/home: the public jobs that match the driver best, ranked in SQL by the same points as
 * the explanation; among equals a boosted job first, then the nearest. A driver without a profile
 * sees boosted jobs, then the newest.
 *
 * The ranking reads a bounded set (BEST_MATCH_POOL), never every public job. With a home, the
 * jobs within the driver's travel distance come first: a good match far beyond it is not a good
 * match, so it never ranks above a nearer one; jobs beyond it fill the page only when the travel
 * distance holds fewer jobs than a page (the nearest of them, ranked the same way; their
 * explanation says the distance is not met), so a driver in an empty area still sees the jobs
 * closest to home. `beyondTravel` says whether the page holds such jobs. Where the travel distance
 * holds more than the pool, the best matches are those among the pool's nearest jobs.
 */
export async function bestMatchingJobs(db: Database, userId: number, now = new Date(), limit = DRIVER_PAGE_SIZE, pool = BEST_MATCH_POOL) {
  const profile = await matchProfileOf(db, userId);
  const home = homeOf(profile);
  const tail = sql`jobs.boost_active desc, coalesce(jobs.posting_date, jobs.created_at) desc, jobs.id desc`;
  let rows: Row[];
  if (!profile) {
    rows = await queryRows<Row>(db, listSql(null, [sql`${publicCondition(now)}`], tail, { offset: 0, limit }, now));
  } else {
    // Both written into the SQL as constants.
    const size = Number.isSafeInteger(pool) && pool > 0 ? pool : BEST_MATCH_POOL;
    const page = Number.isSafeInteger(limit) && limit > 0 ? limit : DRIVER_PAGE_SIZE;
    const distance = home ? sql`near.miles` : nearestAddressMilesSql('jobs', null);
    // publicCondition is applied where the pool is chosen, and not again around the pool's ids:
    // repeated there, it led the planner to read every live job to find the pool's 200 (and again
    // for the page's 10). It counts live jobs as approved × active, a few hundred where 5,000 of
    // 100,000 are live (most have ended), so a scan of them looked cheaper than 200 lookups by id.
    const candidates = home
      ? sql`from ${await nearestPublicJobs(db, home, size, page, now)} join jobs on jobs.id = near.job_id`
      : sql`from jobs where ${publicCondition(now)} and ${firstPublicJobsSql(size, now)}`;
    const order: SQL[] = [];
    // Within the travel distance first (the match's own distance factor), then by the points.
    if (home) order.push(sql`${matchFactorsSql(profile, jobColumns(jobs), distance).distance} desc`);
    // A boost ranks a job first among equally good matches, never above a better one.
    order.push(sql`${matchPointsSql(profile, jobColumns(jobs), distance)} desc, jobs.boost_active desc, ${distance} asc nulls last`, tail);
    // Ranked inside (the pool's rows only: no address, company or add-on looked up for them), then
    // the page's rows read as every list reads them.
    const best = sql`join (
      select r.id, r.miles, r.rank from (
        select jobs.id, ${distance} as miles, row_number() over (order by ${sql.join(order, sql`, `)}) as rank ${candidates}
      ) r where r.rank <= ${sql.raw(String(page))}
    ) best on best.id = jobs.id`;
    rows = await queryRows<Row>(db, listSql(home, [sql`true`], sql`best.rank`, { offset: 0, limit: page }, now, { join: best, distance: sql`best.miles` }));
  }
  const items = rows.map((r) => toPortalJob(r, profile));
  return {
    items,
    hasProfile: profile != null,
    /** Some jobs on the page lie beyond the driver's travel distance (it holds fewer than a page). */
    beyondTravel: home != null && items.some((j) => j.match?.factors.some((f) => f.key === 'distance' && !f.met)),
  };
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
  const match = profile ? explainMatch(profile, pub.job, miles) : null;
  return {
    ...pub,
    distance: miles,
    distanceShown: distanceShownOf(miles, profile, match),
    match,
    matchDetails: profile ? matchDetails(profile, pub.job, miles) : null,
    application: await applicationOf(db, userId, pub.job.id),
  };
}
