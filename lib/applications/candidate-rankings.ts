import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { intArray } from '@/lib/db/int-array';
import { trailingRuns } from '@/lib/async/trailing-runs';

/**
 * A job's candidates ranked once and kept (migration 0035), instead of every driver in its reach
 * scored on every page: the list then reads its page in order from candidate_rankings_order_idx,
 * however many drivers live nearby (issue 16: the first page at 100,000 drivers within 2× of the
 * demo seed's).
 *
 * A kept ranking is used only while it is still right. The job's side is the `inputs` key (its match
 * fields and located addresses), compared on every read. The drivers' side is the version of the map
 * cells around the job: a trigger on driver_profiles bumps the cell of a home whose ranked fields
 * change (before and after a move), in the same transaction as the change. The version is read
 * before the drivers are, so a change committed during the ranking either is in it or leaves the
 * stored version behind, and the next read ranks again. What changes without the profiles
 * (applications, withdrawals, accounts switched off or deleted) is left out when the page is read.
 * A read that finds the ranking stale answers from the profiles as they are and keeps the ranking
 * after its answer (lib/applications/candidates.ts): writing a thousand rows is never waited for.
 */

type Point = { lat: number; lng: number };

/**
 * The rules' version, part of the key: a deploy that changes how candidates are ranked (the factors,
 * the radius, the stepped miles) raises it, and every kept ranking is made again on its next read.
 */
const RANKING_RULES = 2;

/** Cells are CELL_DEGREES square; the formula is tna_candidate_cell's (migration 0035), kept equal by a test. */
const CELL_DEGREES = 4;
const LNG_CELLS = 360 / CELL_DEGREES;
export const cellOf = (lat: number, lng: number) =>
  Math.floor((lat + 90) / CELL_DEGREES) * 100 + (Math.floor((lng + 180) / CELL_DEGREES) % LNG_CELLS);

/** Fewer than any degree of latitude has (68.7–69.4): the area found is a little wider, never narrower. */
const MILES_PER_DEGREE = 68;

/**
 * Every cell holding a place within `miles` of any of the points. Along a great circle the latitude
 * moves at most miles / 69 degrees, and the longitude at most that over the cosine of the farthest
 * latitude from the equator in reach.
 */
export function cellsAround(points: Point[], miles: number): number[] {
  const cells = new Set<number>();
  const dLat = miles / MILES_PER_DEGREE;
  for (const p of points) {
    const lat0 = Math.max(-90, p.lat - dLat);
    const lat1 = Math.min(90, p.lat + dLat);
    const farthest = Math.min(89.9, Math.max(Math.abs(lat0), Math.abs(lat1)));
    const dLng = dLat / Math.cos((farthest * Math.PI) / 180);
    const lngSteps =
      dLng >= 180
        ? Array.from({ length: LNG_CELLS }, (_, i) => i)
        : range(Math.floor((p.lng - dLng + 180) / CELL_DEGREES), Math.floor((p.lng + dLng + 180) / CELL_DEGREES)).map((i) => ((i % LNG_CELLS) + LNG_CELLS) % LNG_CELLS);
    for (const latStep of range(Math.floor((lat0 + 90) / CELL_DEGREES), Math.floor((lat1 + 90) / CELL_DEGREES))) {
      for (const lngStep of lngSteps) cells.add(latStep * 100 + lngStep);
    }
  }
  return [...cells].sort((a, b) => a - b);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The job's side of a ranking: what the ranking read of the job, in one string. */
export type RankingJob = { id: number; jobType: string; homeTime: string | null; requiredExperience: string | null; endorsements: readonly string[] | null };
function rankingInputs(job: RankingJob, points: Point[]) {
  return JSON.stringify([RANKING_RULES, job.jobType, job.homeTime, job.requiredExperience, [...(job.endorsements ?? [])].sort(), points.map((p) => [p.lat, p.lng])]);
}

/** Advisory lock space of rankings (lib/jobs/payment-in-flight.ts and others hold 7_341_0xx–7_341_2xx). */
export const RANKING_LOCK_SPACE = 7_341_300;

/** Whether the job's kept ranking is the one the job and the profiles give now, with the key and the cells' version. */
async function rankingState(t: Database, job: RankingJob, points: Point[], distanceLimit: boolean, reach: number) {
  const inputs = rankingInputs(job, points);
  const cells = intArray(cellsAround(points, reach));
  const [row] = await queryRows<{ inputs: string | null; ranked: string | null; version: string }>(
    t,
    sql`select s.inputs, s.cells_version::text as ranked,
        (select coalesce(sum(c.version), 0) from candidate_cells c where c.cell = any(${cells}))::text as version
      from (select 1) one left join candidate_ranking_states s on s.job_id = ${job.id} and s.distance_limit = ${distanceLimit}`,
  );
  return { fresh: row.inputs === inputs && row.ranked === row.version, inputs, version: row.version };
}

/** Whether the kept ranking of the job can be read as it is (one short statement). */
export async function isRanked(db: Database, job: RankingJob, points: Point[], distanceLimit: boolean, reach: number) {
  return (await rankingState(db, job, points, distanceLimit, reach)).fresh;
}

type Ranking = { job: RankingJob; points: Point[]; distanceLimit: boolean; reach: number; rank: () => SQL };

/** Each database's rankings in this process, one job and distanceLimit at a time (lib/async/trailing-runs.ts). */
const runsOf = new WeakMap<Database, (key: string, ranking: Ranking) => Promise<void>>();

/**
 * Makes the job's kept ranking the one `rank` would make now, unless it is already; `rank` is the
 * statement that inserts it (candidate_rankings rows of this job and distanceLimit). Two at once take
 * turns on the job's lock, and the second finds it done. Within one process a burst of stale reads
 * of one job makes at most one ranking and one more after it: before, each read's ranking opened a
 * transaction and held a pool connection while it waited on the lock, and twenty employers opening
 * one job's candidates took every connection the pool had.
 */
export function ensureRanked(db: Database, job: RankingJob, points: Point[], distanceLimit: boolean, reach: number, rank: () => SQL) {
  let runs = runsOf.get(db);
  if (!runs) runsOf.set(db, (runs = trailingRuns((r: Ranking) => rankNow(db, r))));
  return runs(`${job.id}:${distanceLimit}`, { job, points, distanceLimit, reach, rank });
}

async function rankNow(db: Database, { job, points, distanceLimit, reach, rank }: Ranking) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql`select pg_advisory_xact_lock(${RANKING_LOCK_SPACE}, ${job.id})`);
    // Read before the drivers are (the statements below see at least what it saw): see the header.
    const now = await rankingState(t, job, points, distanceLimit, reach);
    if (now.fresh) return;
    await t.execute(sql`delete from candidate_rankings where job_id = ${job.id} and distance_limit = ${distanceLimit}`);
    await t.execute(rank());
    await t.execute(sql`insert into candidate_ranking_states (job_id, distance_limit, inputs, cells_version, ranked_at)
      values (${job.id}, ${distanceLimit}, ${now.inputs}, ${now.version}::bigint, now())
      on conflict (job_id, distance_limit) do update set inputs = excluded.inputs, cells_version = excluded.cells_version, ranked_at = excluded.ranked_at`);
  });
}

/** Jobs whose kept rankings one tick drops at most (a short statement each; the rest next tick). */
const DROP_AT_ONCE = 200;

/**
 * Tick step: the kept rankings of jobs that have ended or are suspended go (they show no candidates,
 * lib/applications/candidates.ts showsCandidates); a suspended job shown again is ranked afresh on
 * its next read. Only jobs someone has read the candidates of hold a ranking at all.
 */
export async function dropEndedRankings(db: Database) {
  const ended = await queryRows<{ job_id: number }>(
    db,
    sql`select s.job_id from candidate_ranking_states s join jobs j on j.id = s.job_id
      where j.closed_at is not null or j.cancelled_at is not null or j.expired_at is not null or j.suspended
      group by s.job_id limit ${DROP_AT_ONCE}`,
  );
  if (!ended.length) return { dropped: 0 };
  const ids = intArray(ended.map((r) => Number(r.job_id)));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Each job's ranking lock first, in id order: a keeper writing one of these rankings meanwhile
    // (a read from before the job ended) finishes first, and its rows go with its state; without it,
    // the first delete missed the keeper's new rows and the second took its state, leaving rows that
    // nothing would ever find again.
    await t.execute(sql`select pg_advisory_xact_lock(${RANKING_LOCK_SPACE}, x.id) from (select id from unnest(${ids}) as id order by id) x`);
    await t.execute(sql`delete from candidate_rankings where job_id = any(${ids})`);
    await t.execute(sql`delete from candidate_ranking_states where job_id = any(${ids})`);
  });
  return { dropped: ended.length };
}
