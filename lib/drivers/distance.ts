import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * Distances between a driver's home and a job, in miles, measured by PostgreSQL's earthdistance
 * (on PGlite too) so a list can filter and sort on them through the gist indexes on
 * ll_to_earth(latitude, longitude) of job_addresses and driver_profiles.
 */

export const METERS_PER_MILE = 1609.344;

type Point = { lat: number; lng: number };

/** The earth's radius in meters as the earthdistance extension has it (its function earth()). */
const EARTH_RADIUS_METERS = 6378168;
const EARTH_RADIUS = sql.raw(`${EARTH_RADIUS_METERS}::float8`);
const EARTH_DIAMETER = sql.raw(`(2 * ${EARTH_RADIUS_METERS}::float8)`);

/**
 * Meters along the earth from `from` to the nearest of `to` (earth values): earth_distance's own
 * formula, to the same double, null where it is null (__tests__/lib/drivers/earth-meters.test.ts
 * compares them). earth_distance is inlined into `sec_to_gc(cube_distance(a, b))`, but sec_to_gc
 * is not: a strict function whose body (a CASE) is not, so each row called it through the
 * SQL-function machinery, about 2 µs, 12 of a candidates page's 34 ms at 100,000 drivers. Here the
 * CASE is written out (the chord read twice: cube_distance is C, a fraction of that call). The
 * chord grows with the arc, so the nearest is the shortest chord, converted once.
 */
export function earthMetersSql(from: SQL, to: readonly SQL[]): SQL {
  if (!to.length) throw new Error('earthMetersSql: no point to measure to');
  const chords = to.map((t) => sql`cube_distance(${from}, ${t})`);
  const chord = chords.length === 1 ? chords[0] : sql`least(${sql.join(chords, sql`, `)})`;
  // sec_to_gc's CASE, branch for branch (a chord is never negative): a null chord stays null.
  return sql`(case when ${chord} / ${EARTH_DIAMETER} > 1 then pi() * ${EARTH_RADIUS} else ${EARTH_DIAMETER} * asin(${chord} / ${EARTH_DIAMETER}) end)`;
}

/** A point as an earth value; the numbers are written into the SQL as constants, so they must be finite. */
export function earthOf(p: Point): SQL {
  if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng)) throw new Error('earthOf: coordinates must be finite numbers');
  return sql.raw(`ll_to_earth(${Number(p.lat)}, ${Number(p.lng)})`);
}

/**
 * Miles from `home` to the nearest live address of the job (paid for its current period, as
 * lib/jobs/paid-items.ts paidForPeriod), or null when none is located. `jobTable` names the jobs
 * table or alias of the surrounding query: written out, because drizzle may leave a column
 * unqualified inside a subquery, where it would name the subquery's own column.
 */
export function nearestAddressMilesSql(jobTable: string, home: Point | null): SQL<number | null> {
  if (!home) return sql<null>`null::double precision`;
  const j = sql.identifier(jobTable);
  return sql<number | null>`(select min(${earthMetersSql(sql`ll_to_earth(na.latitude, na.longitude)`, [earthOf(home)])}) / ${sql.raw(String(METERS_PER_MILE))}
    from job_addresses na where na.job_id = ${j}.id and na.latitude is not null and na.paid_through >= ${j}.expiration_date)`.mapWith((v) =>
    v == null ? null : Number(v),
  );
}

/**
 * The ids of jobs with a live address within `miles` of home (a point, or an earth value such as a
 * candidate's grid point): the earth_box test on listed addresses is what the gist index
 * job_addresses_listed_earth_idx serves; the distance itself then trims the box's corners.
 */
export function jobsWithinSql(jobId: SQLWrapper, home: Point | SQL, miles: number): SQL {
  const meters = sql.raw(String(Math.max(0, miles) * METERS_PER_MILE));
  const at = 'lat' in home ? earthOf(home) : home;
  // Uncorrelated on purpose: one index scan for the whole list, not one per job.
  return sql`${jobId} in (select wa.job_id from job_addresses wa join jobs wj on wj.id = wa.job_id
    where wa.listed and earth_box(${at}, ${meters}) @> ll_to_earth(wa.latitude, wa.longitude)
      and ${earthMetersSql(sql`ll_to_earth(wa.latitude, wa.longitude)`, [at])} <= ${meters}
      and wa.paid_through >= wj.expiration_date)`;
}
