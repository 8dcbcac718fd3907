import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { queryRows, type Database } from '@/lib/db/client';
import { jobAddresses, type JobRow } from '@/lib/db/schema';
import { EXPERIENCE, JOB_TYPES, labelOf, type EndorsementCode, type ExperienceCode, type HomeTimeCode, type JobTypeCode } from '@/lib/jobs/codes';
import type { CdlStatus } from '@/lib/drivers/codes';
import { matchDetails } from '@/lib/drivers/match-details';
import { METERS_PER_MILE, earthMetersSql, earthOf } from '@/lib/drivers/distance';
import { loadOwnedJob } from '@/lib/jobs/access';
import { DEFAULT_TRAVEL_MILES, MATCH_FACTORS, explanationFromMet, matchFactorsSql, type MatchFactorKey } from '@/lib/drivers/match';
import { ensureRanked, isRanked } from './candidate-rankings';
import { afterResponse } from '@/lib/api/after-response';

/**
 * Matched candidates of a job (jobs spec §7, issue 10): drivers who have not applied, ranked in
 * SQL by the one match explanation (lib/drivers/match.ts), nearest first among equals. The ranking
 * is kept until the job or a profile near it changes (./candidate-rankings.ts, migration 0035): a
 * page reads it in order from an index instead of scoring every driver nearby. The first read after
 * a change ranks its page as it reads it, and the ranking is kept after the answer.
 *
 * Only drivers whose home lies within CANDIDATE_RADIUS_MILES of one of the job's addresses are
 * candidates: that box (earth_box around each address, OR-ed) is what the gist index on
 * ll_to_earth(driver_profiles.latitude, longitude) serves, so ranking never scans every driver; the
 * box's corners, up to 1.4 times as far, are cut off by the distance itself.
 * distance_limit=true keeps, inside that, the drivers within their own travel distance, and finds
 * them through each driver's reach instead (withinReachOfAny, driver_profiles_reach_idx).
 */
export const CANDIDATE_RADIUS_MILES = 250;
export const CANDIDATE_PAGE_SIZE = 10;

type Point = { lat: number; lng: number };

/**
 * Whether a job has candidates to show: not once it has ended (closed, cancelled, expired) or was
 * suspended. A closed job went on listing the drivers near it, to the company that closed it.
 */
export const showsCandidates = (job: Pick<JobRow, 'closedAt' | 'cancelledAt' | 'expiredAt' | 'suspended'>) =>
  !job.closedAt && !job.cancelledAt && !job.expiredAt && !job.suspended;

/**
 * A candidate's distance as the company sees it: the miles to the nearest address rounded up to a
 * step of CANDIDATE_DISTANCE_STEP, never under 10 ("within 10 miles"). The exact figure, to 0.01
 * mile from addresses the company places itself, let three job addresses find a driver who never
 * applied to within yards of their home (a privacy review). The card shows the city anyway; the
 * step keeps the distance at that grain. Everything the company sees is decided on the stepped
 * figure (candidateMilesSql): the distance factor, the travel-distance and radius filters, the
 * order. Decided on the exact one, moving an address until a factor flipped found it all the same.
 * The miles themselves are measured from the home's grid point (candidateGridEarth), not the home.
 * Applicants, who chose to apply, see their own distance.
 */
export const CANDIDATE_DISTANCE_STEP = 5;
export const CANDIDATE_MIN_MILES = 10;
/**
 * The rule in words a test can read; the list itself gets the figure from candidateMilesSql, and a
 * test keeps the two equal. A null distance (no home) reads 10 in SQL (`greatest` skips nulls):
 * every reader measures located homes only, which is what keeps such a driver out.
 */
export const candidateMiles = (miles: number) => Math.max(CANDIDATE_MIN_MILES, Math.ceil(miles / CANDIDATE_DISTANCE_STEP) * CANDIDATE_DISTANCE_STEP);
export const candidateMilesSql = (miles: SQL) =>
  sql`greatest(${sql.raw(String(CANDIDATE_MIN_MILES))}, ceil(${miles} / ${sql.raw(String(CANDIDATE_DISTANCE_STEP))}) * ${sql.raw(String(CANDIDATE_DISTANCE_STEP))})`;

/** The job's located addresses: the live ones (paid for the current period), or all located ones while none is live. */
export async function jobPoints(db: Database, job: JobRow): Promise<Point[]> {
  const rows = await db
    .select({ lat: jobAddresses.latitude, lng: jobAddresses.longitude, paidThrough: jobAddresses.paidThrough })
    .from(jobAddresses)
    .where(and(eq(jobAddresses.jobId, job.id), isNotNull(jobAddresses.latitude), isNotNull(jobAddresses.longitude)));
  const live = rows.filter((r) => r.paidThrough && job.expirationDate && r.paidThrough >= job.expirationDate);
  return (live.length ? live : rows).filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.lng)).map((r) => ({ lat: r.lat!, lng: r.lng! }));
}

/**
 * Where a candidate lives, as far as any company can measure: the home snapped to a grid of
 * a tenth of a degree (about 7 miles north–south, 5 east–west in the mainland). Stepping the
 * shown figure was not enough (a privacy review): a stepped figure flips at exact distances, so
 * moving a job address until 10 mi became 15 put it exactly 10 miles from the home, and four such
 * flips found it to the yard. Every distance a company's candidates depend on is measured from
 * the grid point (a tenth of a degree) instead, so the flips find the grid point: a cell of a few miles, the grain of the
 * city the card names anyway. The index condition still reads the home itself, in a box widened
 * by the grid's half-diagonal, so that no driver's presence depends on where in the cell they live.
 */
/** The farthest a home lies from its grid point (half a cell's diagonal at the mainland's north, 49°), in miles, rounded up. */
const GRID_MARGIN_MILES = 5;
/**
 * A home's grid point as an earth value, rounded in SQL: one expression for every reader, so all
 * of them find the same cell. In floating point (tenths, rounded), not numeric: the conversion to
 * numeric and back for every driver in the radius made the candidates list 25% slower at scale.
 */
export const candidateGridEarth = (lat: SQL, lng: SQL) => sql`ll_to_earth(round((${lat}) * 10) / 10, round((${lng}) * 10) / 10)`;

/** Written exactly as the index expression, so the planner matches it. */
const home = sql`ll_to_earth(dp.latitude, dp.longitude)`;
/**
 * The home's grid point: what every distance below is measured from. Stored with the profile
 * (driver_profiles.grid_earth, migration 0027: generated from candidateGridEarth's expression), not
 * worked out again for each driver in the radius on every page.
 */
const gridHome = sql`dp.grid_earth`;

/** A test true at any of the points (a BitmapOr of gist scans, one per point). */
const atAny = (points: Point[], test: (p: SQL) => SQL) => sql`(${sql.join(points.map((p) => test(earthOf(p))), sql` or `)})`;

/** The index condition: inside the box around any address, widened by the grid's margin. */
function nearAny(points: Point[], miles: number): SQL {
  const meters = sql.raw(String((miles + GRID_MARGIN_MILES) * METERS_PER_MILE));
  return atAny(points, (p) => sql`earth_box(${p}, ${meters}) @> ${home}`);
}

/**
 * With distance_limit, the index condition is each driver's own reach: the box around their grid
 * point as far as they travel (at most the radius, DEFAULT_TRAVEL_MILES when the profile does not
 * say; a mile over, so that rounding at the edge leaves nobody out), which holds any job address
 * they can reach. driver_profiles_reach_idx (migration 0029) holds these boxes, written exactly as
 * here. A driver who travels 25 miles is no longer read for every job within 250.
 */
const reachBox = sql.raw(
  `earth_box(dp.grid_earth, (least(${CANDIDATE_RADIUS_MILES}, coalesce(dp.travel_distance, ${DEFAULT_TRAVEL_MILES})) + 1) * ${METERS_PER_MILE}::float8)`,
);
function withinReachOfAny(points: Point[]): SQL {
  return atAny(points, (p) => sql`${reachBox} @> ${p}`);
}

/** Miles from the driver's grid point to the nearest of the points. */
function nearestMiles(points: Point[]): SQL {
  return sql`(${earthMetersSql(gridHome, points.map(earthOf))} / ${sql.raw(String(METERS_PER_MILE))})`;
}

type CandidateRow = {
  user_id: number;
  experience: ExperienceCode | null;
  years_of_experience: number | null;
  cdl_status: CdlStatus | null;
  endorsements: string[] | string | null;
  home_time: HomeTimeCode | null;
  travel_distance: number | null;
  work_experiences: string[] | string | null;
  city: string | null;
  miles: number | null;
  points: number;
  total: number;
} & Record<`f_${MatchFactorKey}`, boolean>;

/** Postgres arrays come back as text from a raw query on some drivers ("{a,b}"). */
const arrayOf = (v: string[] | string | null): string[] => (Array.isArray(v) ? v : typeof v === 'string' ? v.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : []);

/** GET /jobs/{id}/candidates: one page (10) of the ranked candidates with the exact total and each one's factors. */
export async function listCandidates(
  db: Database,
  actor: Actor | null,
  jobId: number | string,
  opts: { distanceLimit: boolean; offset: number; limit: number },
) {
  const job = await loadOwnedJob(db, actor, jobId);
  const points = showsCandidates(job) ? await jobPoints(db, job) : [];
  if (!points.length) return { data: [], pagination: { offset: opts.offset, limit: opts.limit, total: 0 } };
  // The kept ranking while it is right; otherwise this page is ranked as it is read, and the ranking
  // is kept after the answer has gone (candidate-rankings.ts): the read after a change costs what a
  // read cost before rankings were kept, not that plus writing a thousand rows.
  const kept = await isRanked(db, job, points, opts.distanceLimit, CANDIDATE_REACH_MILES);
  const rows = await queryRows<CandidateRow>(db, kept ? keptPageSql(job, opts) : rankedSql(job, points, opts));
  const total = rows[0] ? Number(rows[0].total) : kept ? await countKept(db, job, opts.distanceLimit) : await countLive(db, job, points, opts.distanceLimit);
  if (!kept) await keepRankedLater(db, job, points, opts.distanceLimit);
  return {
    data: rows.map((r) => {
      const met = Object.fromEntries(MATCH_FACTORS.map((m) => [m.key, Boolean(r[`f_${m.key}`])])) as Record<MatchFactorKey, boolean>;
      const explanation = explanationFromMet(met);
      const works = arrayOf(r.work_experiences);
      const miles = r.miles == null ? null : Number(r.miles);
      const profile = {
        cdlStatus: r.cdl_status,
        endorsements: arrayOf(r.endorsements) as EndorsementCode[],
        yearsOfExperience: r.years_of_experience,
        experience: r.experience,
        workExperiences: works as JobTypeCode[],
        homeTime: r.home_time,
        travelDistance: r.travel_distance,
      };
      return {
        id: r.user_id,
        user_id: r.user_id,
        experience: r.experience ? labelOf(EXPERIENCE, r.experience) : null,
        string_experience: r.experience ? labelOf(EXPERIENCE, r.experience) : null,
        distance: miles,
        cdl_status: r.cdl_status && r.cdl_status !== 'none' ? r.cdl_status : null,
        job_matching: explanation.matching,
        work_experiences: works.map((w) => labelOf(JOB_TYPES, w)).join(', '),
        years_of_experience: r.years_of_experience,
        city: r.city,
        factors: explanation.factors,
        /** Why each factor is met or not, in words (lib/drivers/match-details.ts). */
        details: matchDetails(profile, job, miles),
      };
    }),
    pagination: { offset: opts.offset, limit: opts.limit, total },
  };
}

/**
 * The job's candidates, unranked: drivers near enough, each with the miles to the nearest address.
 * The ranking kept for the job reads them all (rankingSql); those who applied or withdrew, and
 * accounts that are not live, are left out when a page is read (notExcludedSql), since they change
 * without the profiles. A page ranked as it is read (rankedSql) leaves them out here (`excluded`).
 */
function candidateRowsSql(job: JobRow, points: Point[], distanceLimit: boolean, excluded = false): SQL {
  return sql`
    select c.user_id, c.cdl_status, c.endorsements, c.years_of_experience, c.experience, c.work_experiences, c.home_time, c.travel_distance, c.city, c.miles
    from (
      select dp.user_id, dp.cdl_status, dp.endorsements, dp.years_of_experience, dp.experience, dp.work_experiences,
        dp.home_time, dp.travel_distance, dp.city, ${candidateMilesSql(nearestMiles(points))} as miles
      from driver_profiles dp
      where dp.latitude is not null and dp.longitude is not null
        and ${distanceLimit ? withinReachOfAny(points) : nearAny(points, CANDIDATE_RADIUS_MILES)}
      -- A fence: each profile's distance is worked out once here, not again for every place the
      -- outer query reads it (the filters, the match factors, the order: inlined, it was computed
      -- four times a profile, 20 of 56 ms at 100,000 drivers); and the drivers in the box but
      -- beyond the radius (two in three) are dropped before they are scored.
      offset 0
    ) c
    -- The box is the index's; its corners lie past the radius, so the radius itself is checked too.
    where c.miles <= ${sql.raw(String(CANDIDATE_RADIUS_MILES))}
      ${distanceLimit ? sql`and c.miles <= coalesce(c.travel_distance, ${sql.raw(String(DEFAULT_TRAVEL_MILES))})` : sql``}
      ${excluded ? sql`and ${notExcludedSql(sql`c.user_id`, job.id)}` : sql``}`;
}

/**
 * Not a candidate of the job, whatever the ranking says: an applicant, a driver who withdrew, an
 * account that is not live.
 * Each set is read once into a hash (`not in`: a hashed subplan; every id here is not null, so it
 * means what `not exists` does). As anti-joins, the planner sized them by the statistics: a job that
 * had received 5,000 applications since the last analyze was read as one of 10, and every candidate
 * was compared with every applicant in a nested loop (244 ms at 100,000 drivers; 8.5 ms as a hash).
 * A set is hashed while it fits in work_mem × hash_mem_multiplier (8 MB by default, about 260,000
 * ids): past that (a job with that many applications, or as many accounts deleted), raise work_mem.
 * Live accounts only: checked against the few that are not (users_not_live_idx) rather than by
 * reading every candidate's account, a quarter of the statement at 100,000 drivers.
 */
function notExcludedSql(userId: SQL, jobId: number): SQL {
  return sql`${userId} not in (select u.id from users u where u.deleted_at is not null or not u.active)
      and ${userId} not in (select ap.user_id from applications ap where ap.job_id = ${jobId})
      -- A driver who withdrew from this job said no: not a match to hand back to the company.
      and ${userId} not in (select aw.user_id from application_withdrawals aw where aw.job_id = ${jobId})`;
}

/** The factors of a candidate's profile (columns of `c`) against the job, and the miles as `miles`. */
function factorsOf(job: JobRow, c: string, miles: SQL) {
  const col = (name: string) => sql.raw(`${c}.${name}`);
  return matchFactorsSql(
    {
      cdlStatus: col('cdl_status'),
      endorsements: col('endorsements'),
      yearsOfExperience: col('years_of_experience'),
      experience: col('experience'),
      workExperiences: col('work_experiences'),
      homeTime: col('home_time'),
      travelDistance: col('travel_distance'),
    },
    { jobType: job.jobType, homeTime: job.homeTime, requiredExperience: job.requiredExperience, endorsements: job.endorsements },
    miles,
  );
}

/** Each factor as a column of its own, `f_<key>`: read back for the page's rows only. */
function factorColumnsSql(f: ReturnType<typeof factorsOf>) {
  return sql.join(
    Object.entries(f).map(([key, met]) => sql`${met} as ${sql.identifier(`f_${key}`)}`),
    sql`, `,
  );
}

/** A candidate's points (0–100), from the factors. */
function pointsSql(f: ReturnType<typeof factorsOf>) {
  return sql.join(
    MATCH_FACTORS.map((m) => sql`(case when ${f[m.key]} then ${sql.raw(String(m.weight))} else 0 end)`),
    sql` + `,
  );
}

/**
 * How far from a job point a candidate's home can lie: the radius, the grid's margin, and a mile of
 * rounding at the reach's edge, with room to spare. The map cells within it are the ones whose
 * drivers' changes make the job's kept ranking stale (candidate-rankings.ts).
 */
const CANDIDATE_REACH_MILES = CANDIDATE_RADIUS_MILES + GRID_MARGIN_MILES + 5;

/**
 * The statement that ranks every candidate of the job (points, stepped miles), kept until a change
 * of the job or of a profile near it (candidate-rankings.ts): the only statement that scores them.
 */
export function rankingSql(job: JobRow, points: Point[], distanceLimit: boolean): SQL {
  return sql`insert into candidate_rankings (job_id, distance_limit, user_id, points, miles)
    select ${job.id}, ${distanceLimit}, c.user_id, ${pointsSql(factorsOf(job, 'c', sql`c.miles`))}, c.miles
    from (${candidateRowsSql(job, points, distanceLimit)}) c`;
}

/**
 * Makes the kept ranking of the job the one the job and the profiles give now, once the answer has
 * gone (at once, awaited, outside a request).
 */
const keepRankedLater = (db: Database, job: JobRow, points: Point[], distanceLimit: boolean) =>
  afterResponse('Keeping the candidates ranking', () => ensureRanked(db, job, points, distanceLimit, CANDIDATE_REACH_MILES, () => rankingSql(job, points, distanceLimit)));

/** The kept ranking of the job, without the drivers who are no longer candidates (notExcludedSql). */
const keptSql = (job: JobRow, distanceLimit: boolean) => sql`
  select r.user_id, r.points, r.miles from candidate_rankings r
  where r.job_id = ${job.id} and r.distance_limit = ${distanceLimit} and ${notExcludedSql(sql`r.user_id`, job.id)}`;

/**
 * One page of the kept ranking, in its order (candidate_rankings_order_idx), with the total of the
 * candidates beside it, and each page row's factors worked out from the profile as it is (the
 * ranking is kept only while the profiles it read are unchanged, so they sum to its points).
 */
function keptPageSql(job: JobRow, opts: { distanceLimit: boolean; offset: number; limit: number }) {
  return sql`
    with page as (
      select r.*, count(*) over () as total
      from (${keptSql(job, opts.distanceLimit)}) r
      order by r.points desc, r.miles asc, r.user_id asc
      limit ${opts.limit} offset ${opts.offset}
    )
    select dp.user_id, dp.cdl_status, dp.endorsements, dp.years_of_experience, dp.experience, dp.work_experiences,
      dp.home_time, dp.travel_distance, dp.city, p.miles, p.points, p.total, ${factorColumnsSql(factorsOf(job, 'dp', sql`p.miles`))}
    from page p join driver_profiles dp on dp.user_id = p.user_id
    order by p.points desc, p.miles asc, p.user_id asc`;
}

/** The candidates counted from the kept ranking (a page past the end has no row to carry the total). */
async function countKept(db: Database, job: JobRow, distanceLimit: boolean) {
  const [row] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${keptSql(job, distanceLimit)}) x`);
  return Number(row?.total ?? 0);
}

/**
 * A page of the candidates ranked as it is read, with the total beside it: what a read answers while
 * the kept ranking is stale. Ranking reads every candidate anyway, so the window's count costs little
 * beside it; each candidate's points are worked out once, the factors only for the page's rows.
 */
export function rankedSql(job: JobRow, points: Point[], opts: { distanceLimit: boolean; offset: number; limit: number }) {
  const f = factorsOf(job, 'c', sql`c.miles`);
  return sql`
    with c as (${candidateRowsSql(job, points, opts.distanceLimit, true)}),
    page as (
      select c.*, ${pointsSql(f)} as points, count(*) over () as total
      from c
      order by points desc, miles asc, user_id asc
      limit ${opts.limit} offset ${opts.offset}
    )
    select c.*, ${factorColumnsSql(f)}
    from page c
    order by points desc, miles asc, user_id asc`;
}

/** The candidates counted as they are, without ranking them (no factors, no order). */
async function countLive(db: Database, job: JobRow, points: Point[], distanceLimit: boolean) {
  const [row] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${candidateRowsSql(job, points, distanceLimit, true)}) x`);
  return Number(row?.total ?? 0);
}

/** How many candidates a job has (the statistics' and job list's total_candidates). */
export async function candidateCount(db: Database, job: JobRow, distanceLimit = true) {
  const points = showsCandidates(job) ? await jobPoints(db, job) : [];
  if (!points.length) return 0;
  if (await isRanked(db, job, points, distanceLimit, CANDIDATE_REACH_MILES)) return countKept(db, job, distanceLimit);
  const total = await countLive(db, job, points, distanceLimit);
  await keepRankedLater(db, job, points, distanceLimit);
  return total;
}

export type Candidate = Awaited<ReturnType<typeof listCandidates>>['data'][number];
