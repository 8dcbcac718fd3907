import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { capOf, cappedTotal, type CappedTotal } from '@/lib/db/count';
import { literalInt } from '@/lib/db/page';
import { MAX_JOB_ADDRESSES } from '@/lib/jobs/schemas';
import { METERS_PER_MILE, earthMetersSql, earthOf } from './distance';
import { nearRelation, pageOfShortScan, type NearAddress } from './nearest-scan';

/*
 * The Drivers Portal's job search with a radius (/members/jobs, nearest first): the page and its
 * total found from the job addresses nearest home, never by measuring every job in the radius.
 * The page in one or two steps: a short nearest-first scan decides it where it can (nearestInRadius),
 * and a wide one where it cannot (nearestInRadiusSql).
 *
 * Measuring every job first (the distance a subquery per job, then the sort) read each public job
 * in the radius three times to show ten: at 100,000 jobs, 97 ms at 250 miles, 1.4 s at 1,000 and
 * 2.7 s at 3,000 (the radius goes that far). The planner could not see it coming: it estimates a
 * box of the address index at a few dozen rows whatever its size.
 */

type Home = { lat: number; lng: number };

/** Home as an earth value and the radius in meters, both written into the SQL as constants. */
const around = (home: Home, radiusMiles: number) => ({ at: earthOf(home), radius: sql.raw(`${Math.max(0, radiusMiles) * METERS_PER_MILE}::float8`) });

/**
 * The live addresses of jobs matching `where` (conditions on `jobs`: the name is this query's own)
 * within `meters` of home: the box is what the gist index job_addresses_listed_earth_idx serves
 * (listed addresses only: `na.listed`), the distance trims its corners. As jobsWithinSql
 * (lib/drivers/distance.ts) has them.
 */
function addressesWithin(at: SQL, where: SQL[], meters: SQL): SQL {
  return sql`from job_addresses na join jobs on jobs.id = na.job_id
    where na.listed and na.latitude is not null and na.paid_through >= jobs.expiration_date and ${sql.join(where, sql` and `)}
      and earth_box(${at}, ${meters}) @> ll_to_earth(na.latitude, na.longitude)
      and ${earthMetersSql(sql`ll_to_earth(na.latitude, na.longitude)`, [at])} <= ${meters}`;
}

/**
 * How many addresses the short nearest-first scan reads for each job of the page: most jobs have
 * one or two (at 100,000 jobs of one address each, the wide scan's 500 addresses and their reading
 * again took 7 ms of a page's 9.5, docs/benchmarks.md, where the first 30 decide it).
 */
const FIRST_SCAN_PER_JOB = 3;
/** The deepest page (offset + limit) the short scan answers: ten pages of ten, 300 addresses. */
const SHORT_SCAN_MAX_TAKE = 100;

/**
 * The first `take` jobs of the radius in the list's order, as a relation `near (job_id, miles)` to
 * join the page's jobs to: the short scan's answer (take × FIRST_SCAN_PER_JOB addresses nearest
 * home) where it decides the page, as a list; otherwise nearestInRadiusSql, the wide scan, run in
 * the page's statement. Two statements, each planned quickly (1.4 and 1.0 ms at 100,000 jobs),
 * where one holding both scans took 7 ms to plan.
 */
export async function nearestInRadius(db: Database, home: Home, radiusMiles: number, where: SQL[], take: number): Promise<SQL> {
  const { at, radius } = around(home, radiusMiles);
  const page = Math.max(1, take);
  // Deep pages (an offset the schema allows up to 1,000,000) stay in the database: their short scan
  // would carry every address read to the server and back as a list.
  if (page > SHORT_SCAN_MAX_TAKE) return sql`(${nearestInRadiusSql(home, radiusMiles, where, take)}) near`;
  const read = Math.min(page * FIRST_SCAN_PER_JOB, Number.MAX_SAFE_INTEGER);
  const addresses = await queryRows<NearAddress>(
    db,
    sql`select na.job_id, ${earthMetersSql(sql`ll_to_earth(na.latitude, na.longitude)`, [at])} as meters ${addressesWithin(at, where, radius)}
      order by ll_to_earth(na.latitude, na.longitude) <-> ${at}
      limit ${literalInt(read)}`,
  );
  const decided = pageOfShortScan(addresses, read, page);
  return decided ? nearRelation(decided) : sql`(${nearestInRadiusSql(home, radiusMiles, where, take)}) near`;
}

/**
 * The first `take` jobs of the radius in the list's order (miles to the nearest live address, then
 * newest id first), each with its miles: the same rows and order as measuring every job. Wherever
 * the short scan leaves the page undecided (nearestInRadius).
 *
 * The addresses nearest home are read first (a nearest-first scan of the gist index), at most
 * take × MAX_JOB_ADDRESSES of them, so they belong to at least `take` jobs; every job nearer than
 * the farthest of them has its nearest address among them, and so does every job that ranks in
 * the first `take`. Then every address as near as that farthest one (a hair further: a job whose
 * miles round to the same figure ties with it and is ordered by its id) is read again, so that a
 * job tied at the edge is not left to the scan's order. When the scan read every address in the
 * radius (fewer than it may read), they are the answer as they are.
 */
export function nearestInRadiusSql(home: Home, radiusMiles: number, where: SQL[], take: number): SQL {
  const { at, radius } = around(home, radiusMiles);
  const scanned = literalInt(Math.min(Math.max(1, take) * MAX_JOB_ADDRESSES, Number.MAX_SAFE_INTEGER));
  const meters = earthMetersSql(sql`ll_to_earth(na.latitude, na.longitude)`, [at]);
  return sql`with scanned as (
      select na.job_id, ${meters} as meters ${addressesWithin(at, where, radius)}
      order by ll_to_earth(na.latitude, na.longitude) <-> ${at}
      limit ${scanned}
    ),
    reach as (select count(*) < ${scanned} as whole, least(${radius}, max(meters) * (1 + 1e-12)) as meters from scanned),
    found as (
      select job_id, meters from scanned where (select whole from reach)
      union all
      select na.job_id, ${meters} ${addressesWithin(at, where, sql`(select meters from reach)`)} and not (select whole from reach)
    )
    select job_id, min(meters) / ${sql.raw(String(METERS_PER_MILE))} as miles from found
    group by job_id
    order by miles, job_id desc
    limit ${literalInt(Math.max(1, take))}`;
}

/**
 * The radius's total up to the list's cap (lib/db/count.ts), counting jobs through their
 * addresses without reading every address in the radius: the first cap + 1 addresses hold every
 * job when they are all there is, and more than the cap when no job has two of them. Otherwise
 * (jobs with several addresses in the radius), up to MAX_JOB_ADDRESSES times as many, which either
 * hold every address in the radius or more than the cap of jobs.
 */
export async function countInRadius(db: Database, home: Home, radiusMiles: number, where: SQL[], page: { offset: number; limit: number }): Promise<CappedTotal> {
  const { at, radius } = around(home, radiusMiles);
  const cap = capOf(page);
  let jobs = 0;
  for (const read of [cap + 1, Math.min((cap + 1) * MAX_JOB_ADDRESSES, Number.MAX_SAFE_INTEGER)]) {
    const [row] = await queryRows<{ jobs: number; addresses: number }>(
      db,
      sql`select count(distinct x.job_id)::int as jobs, count(*)::int as addresses from (select na.job_id ${addressesWithin(at, where, radius)} limit ${literalInt(read)}) x`,
    );
    jobs = Number(row.jobs);
    if (Number(row.addresses) < read || jobs > cap) break;
  }
  return cappedTotal(jobs, cap);
}
