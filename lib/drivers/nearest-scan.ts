import { sql, type SQL } from 'drizzle-orm';
import { intArray } from '@/lib/db/int-array';
import { METERS_PER_MILE } from './distance';

/*
 * A short nearest-first scan of job addresses, and whether it decides the nearest jobs: the
 * Drivers Portal's radius search (lib/drivers/radius-search.ts) and best matches
 * (lib/drivers/jobs.ts) read a few addresses nearest home first, and many only where those few
 * leave the answer open.
 */

/** An address read by the short scan: its job, and meters from home. */
export type NearAddress = { job_id: number; meters: number };

/**
 * The first `take` jobs (nearest address first, then newest id) from the addresses a short scan
 * read nearest first (`read` at most), or null when they do not decide them. Every address the scan
 * did not read is at least as far as the farthest it read (the index's order: chords, of which the
 * meters are a rising function, so equal up to rounding, hence the slack). So when the take-th
 * job (by its nearest address read) is nearer than that farthest one, every one of the first
 * `take` jobs and each one's nearest address are among those read; so they are when the scan read
 * every address there is (fewer than it could). Otherwise (jobs with many addresses near home, or
 * the take-th job at the scan's edge, tied with addresses not read), null. Exported for its
 * property test.
 */
export function pageOfShortScan(addresses: NearAddress[], read: number, take: number): { job_id: number; miles: number }[] | null {
  const nearest = new Map<number, number>();
  for (const { job_id, meters } of addresses) {
    const m = Number(meters);
    const id = Number(job_id);
    const known = nearest.get(id);
    if (known === undefined || m < known) nearest.set(id, m);
  }
  // Ordered by miles, as the lists are (two distances a hair apart can be the same miles, and then
  // the id decides); miles never fall as meters grow, so the edge is still told in meters.
  const ranked = [...nearest].map(([job_id, meters]) => ({ job_id, meters, miles: meters / METERS_PER_MILE })).sort((a, b) => a.miles - b.miles || b.job_id - a.job_id);
  const whole = addresses.length < read;
  if (!whole) {
    const farthest = addresses.reduce((max, a) => Math.max(max, Number(a.meters)), 0);
    const last = ranked[take - 1];
    if (!last || !(last.meters < farthest * (1 - 1e-12))) return null;
  }
  return ranked.slice(0, take).map(({ job_id, miles }) => ({ job_id, miles }));
}

/**
 * Decided jobs and their miles as a relation `near (job_id, miles)` to join, in one parameter per
 * column. Miles as JavaScript numbers: their shortest text reads back to the very same doubles.
 */
export function nearRelation(rows: { job_id: number; miles: number }[]): SQL {
  return sql`unnest(${intArray(rows.map((r) => r.job_id))}, ${`{${rows.map((r) => String(r.miles)).join(',')}}`}::float8[]) near (job_id, miles)`;
}
