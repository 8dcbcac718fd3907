/**
 * /members/home's best matches read a bounded set, never every public job (a review at 100,007
 * jobs: a sequential scan of every public job, a distance subquery per job and a sort, 2.2 s).
 * With a home: the BEST_MATCH_POOL public jobs nearest home (a nearest-first scan of the
 * gist index), those within the travel distance first, each part by match points; jobs beyond the
 * travel distance fill the page only when it holds fewer than a page. With a profile but no home:
 * the first BEST_MATCH_POOL jobs in the job search's order (boosted, then newest). Runs on PGlite
 * and on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { BEST_MATCH_POOL, bestMatchingJobs, type PortalJob } from '@/lib/drivers/jobs';
import { DRIVER_PAGE_SIZE } from '@/lib/drivers/schemas';
import { MAX_JOB_ADDRESSES } from '@/lib/jobs/schemas';
import { explainStatement, recordStatements, type Statement } from '../../helpers/plans';

let db: Database;
let companyId: number;
const drivers: Record<string, number> = {};
const ids: Record<string, number> = {};

// Fort Worth, TX; the jobs' places (miles from Fort Worth): Dallas ~30, Denton ~35, Waco ~85, Houston ~240, Seattle ~1,670.
const FORT_WORTH = { lat: 32.7555, lng: -97.3308 };
const PLACES = {
  dallas: { lat: 32.7767, lng: -96.797 },
  denton: { lat: 33.2148, lng: -97.1331 },
  waco: { lat: 31.5493, lng: -97.1467 },
  houston: { lat: 29.7604, lng: -95.3698 },
  seattle: { lat: 47.6062, lng: -122.3321 },
};

async function addJob(key: string, job: { type: string; homeTime: string; experience: string; endorsements?: string }, place: { lat: number; lng: number }, postedDaysAgo: number) {
  const [{ id }] = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements,
      approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
    values (${companyId}, ${`Best ${key}`}, ${job.type}, ${job.homeTime}, ${job.experience}, '<p>x</p>', 150000, ${job.endorsements ?? '{}'},
      true, true, 'paid', md5(${key}), now() - make_interval(days => ${postedDaysAgo}), now() + interval '20 days', now(), now())
    returning id`,
  );
  await db.execute(sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    select id, 'Place', 'TX', 'US', ${place.lat}, ${place.lng}, 0, expiration_date from jobs where id = ${id}`);
  ids[key] = id;
}

async function addDriver(key: string, home: { lat: number; lng: number } | null, travel: number | null, profile = true) {
  const [{ id }] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (email, first_name, last_name) values (${`${key}@best.test`}, 'Best', ${key}) returning id`,
  );
  await db.execute(sql`insert into user_roles (user_id, role) values (${id}, 'Driver')`);
  if (profile) {
    // Class A, two years, tanker experience, home weekly, no endorsements.
    await db.execute(sql`insert into driver_profiles (user_id, cdl_status, years_of_experience, experience, work_experiences, home_time, latitude, longitude, travel_distance)
      values (${id}, 'A', 3, 'Y2', '{tanker}', 'HW', ${home?.lat ?? null}, ${home?.lng ?? null}, ${travel})`);
  }
  drivers[key] = id;
}

const titles = (items: PortalJob[]) => items.map((j) => j.title.replace(/^Best /, ''));
const distanceMet = (j: PortalJob) => j.match!.factors.find((f) => f.key === 'distance')!.met;

beforeAll(async () => {
  db = await getDb();
  [{ id: companyId }] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Best Freight', 'Dallas', 'TX') returning id`);
  // Points for the Fort Worth driver (beyond the travel distance 20 fewer) (100 miles): CDL 25, endorsements 15, experience 20, distance 20, home time 10, job type 10.
  await addJob('NearPerfect', { type: 'tanker', homeTime: 'HW', experience: 'CS' }, PLACES.dallas, 5); // 100
  await addJob('NearBus', { type: 'bus', homeTime: 'O', experience: 'CS' }, PLACES.denton, 4); // 80: home time and job type missed
  await addJob('NearWeak', { type: 'dry_van', homeTime: 'O', experience: 'CS', endorsements: '{H}' }, PLACES.waco, 3); // 65
  await addJob('FarExcellent', { type: 'tanker', homeTime: 'HW', experience: 'CS' }, PLACES.houston, 2); // 80: all but the distance
  await addJob('FarAway', { type: 'dry_van', homeTime: 'O', experience: 'CS' }, PLACES.seattle, 1); // 60: distance, home time and job type missed
  // Not public: expired. Must never be a candidate, even though it is the nearest.
  await addJob('Expired', { type: 'tanker', homeTime: 'HW', experience: 'CS' }, FORT_WORTH, 9);
  await db.execute(sql`update jobs set expiration_date = now() - interval '1 day' where id = ${ids.Expired}`);
  await db.execute(sql`update job_addresses set paid_through = now() - interval '1 day' where job_id = ${ids.Expired}`);

  await addDriver('fortWorth', FORT_WORTH, 100);
  await addDriver('okc', { lat: 35.4676, lng: -97.5164 }, 25); // Oklahoma City: nothing within 25 miles; Denton ~155, Dallas ~190, Waco ~270
  await addDriver('noHome', null, 100);
  await addDriver('noProfile', null, null, false);
});

describe('best matches, bounded before they are ranked', () => {
  it('jobs within the travel distance come first, by points; a better match beyond it only after them', async () => {
    const best = await bestMatchingJobs(db, drivers.fortWorth);
    expect(titles(best.items)).toEqual(['NearPerfect', 'NearBus', 'NearWeak', 'FarExcellent', 'FarAway']);
    expect(best.items.map((j) => j.match!.points)).toEqual([100, 80, 65, 80, 60]);
    expect(best.items.map(distanceMet)).toEqual([true, true, true, false, false]);
    expect(best.beyondTravel).toBe(true);
  });

  it('the order within the travel distance is the one ranking by points always gave (points, then boosted, then nearest)', async () => {
    await db.execute(sql`update jobs set boost_active = true, boost_ends_at = now() + interval '7 days' where id = ${ids.NearWeak}`);
    await db.execute(sql`update jobs set job_type = 'bus', home_time = 'O', endorsements = '{}' where id = ${ids.NearWeak}`); // 80 now, as NearBus
    try {
      const best = await bestMatchingJobs(db, drivers.fortWorth);
      // NearWeak (boosted) before NearBus at equal points, though farther; a boost never lifts a job beyond the travel distance.
      expect(titles(best.items)).toEqual(['NearPerfect', 'NearWeak', 'NearBus', 'FarExcellent', 'FarAway']);
      expect(best.items[1].featured).toBe(true);
    } finally {
      await db.execute(sql`update jobs set boost_active = false, boost_ends_at = null, job_type = 'dry_van', endorsements = '{H}' where id = ${ids.NearWeak}`);
    }
  });

  it('a page filled within the travel distance holds no job beyond it', async () => {
    const best = await bestMatchingJobs(db, drivers.fortWorth, new Date(), 2);
    expect(titles(best.items)).toEqual(['NearPerfect', 'NearBus']);
    expect(best.beyondTravel).toBe(false);
  });

  it('only the pool of nearest jobs is ranked: a job beyond it is not a candidate however well it matches', async () => {
    const best = await bestMatchingJobs(db, drivers.fortWorth, new Date(), 10, 3);
    expect(titles(best.items)).toEqual(['NearPerfect', 'NearBus', 'NearWeak']);
  });

  it('a driver whose travel distance holds no job sees the nearest jobs, best match first, said to lie beyond it', async () => {
    const best = await bestMatchingJobs(db, drivers.okc);
    expect(best.items).toHaveLength(5);
    expect(best.items.every((j) => !distanceMet(j))).toBe(true);
    const points = best.items.map((j) => j.match!.points);
    expect([...points].sort((a, b) => b - a)).toEqual(points);
    expect(best.beyondTravel).toBe(true);
    // 80, 80 (the nearer first), 60, 60 (the nearer first), 45.
    expect(titles(best.items)).toEqual(['NearPerfect', 'FarExcellent', 'NearBus', 'FarAway', 'NearWeak']);
    // A small pool: the nearest three jobs only.
    expect(titles((await bestMatchingJobs(db, drivers.okc, new Date(), 10, 3)).items).sort()).toEqual(['NearBus', 'NearPerfect', 'NearWeak']);
  });

  it('a profile without a home ranks the first jobs of the job search (boosted, then newest) by points', async () => {
    const all = await bestMatchingJobs(db, drivers.noHome);
    // 80, 80, 60, 60 (among equals the newer first: no distance to tell them apart), 45.
    expect(titles(all.items)).toEqual(['FarExcellent', 'NearPerfect', 'FarAway', 'NearBus', 'NearWeak']);
    expect(all.beyondTravel).toBe(false);
    // The pool is the newest two: FarAway and FarExcellent.
    expect(titles((await bestMatchingJobs(db, drivers.noHome, new Date(), 10, 2)).items)).toEqual(['FarExcellent', 'FarAway']);
  });

  it('no profile: boosted jobs, then the newest', async () => {
    const best = await bestMatchingJobs(db, drivers.noProfile);
    expect(titles(best.items)).toEqual(['FarAway', 'FarExcellent', 'NearWeak', 'NearBus', 'NearPerfect']);
    expect(best.hasProfile).toBe(false);
    expect(best.items.every((j) => j.match == null)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The plan: the ranked set comes from an index scan in a bounded order, not from a scan of jobs.

const recorded = (run: (db: Database) => Promise<unknown>) => recordStatements(db, run);
/** EXPLAIN of one statement, with the planner's settings as given (none: its own choice). */
const explain = (s: Statement, settings: string[] = []) => explainStatement(db, s, settings);

/** The statement that ranks the pool and reads the page, and (with a home) the short scan before it. */
async function statementsOf(driver: number) {
  const statements = await recorded((d) => bestMatchingJobs(d, driver));
  const page = statements.find((s) => /row_number\(\) over/.test(s.query));
  expect(page).toBeDefined();
  return { page: page!, short: statements.find((s) => s !== page && /<->/.test(s.query)) };
}
const pageStatement = async (driver: number) => (await statementsOf(driver)).page;

/** Sort nodes the planner expects to read more rows than the pool (the ranking of the whole table). */
/** The addresses the short scan reads: the pool and a quarter more (lib/drivers/jobs.ts POOL_SCAN). */
const SHORT = Math.ceil(BEST_MATCH_POOL * 1.25);
/** The addresses the wide scan reads: enough for a page of jobs of MAX_JOB_ADDRESSES addresses each. */
const SCANNED = Math.max(BEST_MATCH_POOL, DRIVER_PAGE_SIZE * MAX_JOB_ADDRESSES);
const bigSorts = (plan: string) =>
  plan
    .split('\n')
    .filter((line) => /\bSort\s+\(/.test(line))
    .filter((line) => Number(/rows=(\d+)/.exec(line)?.[1] ?? 0) > SCANNED);

describe('the plan of the best matches', () => {
  const ROWS = 5_000;
  beforeAll(async () => {
    // Many public jobs spread over the country, far more than the pool.
    await db.execute(sql`
      insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements,
        approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
      select ${companyId}, 'Bulk ' || g, 'dry_van', 'HD', 'CS', '<p>x</p>', 100000, '{}', true, true, 'paid', md5('bulk' || g),
        now() - (g || ' minutes')::interval, now() + interval '20 days', now(), now()
      from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
      select id, 'Bulk', 'TX', 'US', 25 + (id % 97) * 0.25, -124 + (id % 89) * 0.64, 0, expiration_date from jobs where title like 'Bulk %'`);
    for (const table of ['jobs', 'job_addresses', 'companies', 'driver_profiles']) await db.execute(sql.raw(`analyze ${table}`));
  }, 60_000);

  // Two plans each: the planner's own choice, and its choice when a sequential scan is its last
  // resort (as __tests__/lib/db/list-plans.test.ts: at these few thousand rows a sequential scan
  // of jobs hashed against the pool's 200 ids is the cheaper join; at 100,000 jobs the planner
  // looks the pool's ids up in jobs_pkey). Neither sorts more rows than the pool.
  it('with a home: the nearest addresses from the gist index under a limit; no sort of every job, no scan of jobs needed', async () => {
    const { page, short } = await statementsOf(drivers.fortWorth);
    // The bound is in the statement: the nearest addresses, the pool and a quarter more. Here (one
    // address a job) they decide the pool, which the ranking reads as a list.
    expect(short?.query).toMatch(new RegExp(`order by ll_to_earth\\(na\\.latitude, na\\.longitude\\) <-> ll_to_earth\\([^)]*\\)\\s+limit ${SHORT}\\b`));
    expect(page.query).toContain('unnest(');
    expect(page.query).not.toContain('<->');
    for (const settings of [[], ['set local enable_seqscan = off']]) {
      const [scan, plan] = [await explain(short!, settings), await explain(page, settings)];
      expect({ settings, scan, bigSorts: bigSorts(plan) }).toEqual({
        settings,
        // Index-only: the index carries the job, the coordinates and the paid-through date (migration 0026).
        // Listed addresses only (migration 0031); each one's job checked by id as it is read.
        scan: expect.stringMatching(/Limit .*\n\s*->  Index Only Scan using job_addresses_listed_earth_idx on job_addresses na .*\n\s*Order By: .*\n\s*Filter: .*SubPlan/),
        bigSorts: [],
      });
      if (settings.length) expect(`${scan}\n${plan}`).not.toMatch(/Seq Scan on (jobs|job_addresses)/);
    }
    // Among many jobs: a full page within the travel distance, the perfect match first.
    const best = await bestMatchingJobs(db, drivers.fortWorth);
    expect(best.items).toHaveLength(10);
    expect(best.items[0].title).toBe('Best NearPerfect');
    expect(best.items.every(distanceMet)).toBe(true);
  });

  it('with a profile but no home: the first jobs in the job search index order under a limit', async () => {
    const page = await pageStatement(drivers.noHome);
    expect(page.query).toContain(`limit ${BEST_MATCH_POOL})`);
    for (const settings of [[], ['set local enable_seqscan = off']]) {
      const plan = await explain(page, settings);
      expect({ settings, plan, bigSorts: bigSorts(plan) }).toEqual({
        settings,
        plan: expect.stringMatching(/Limit .*\n\s*->  Index Scan Backward using jobs_list_boosted_posted_idx on jobs/),
        bigSorts: [],
      });
      if (settings.length) expect(plan).not.toMatch(/Seq Scan on jobs/);
    }
  });
});

describe('where most jobs have ended', () => {
  // A board a few months old: most postings expired. The planner counts live jobs as approved ×
  // active, a few hundred here, so wherever the statement said publicCondition around the pool's
  // ids it read every live job for them (at 100,000 jobs, 95% expired: 93 ms, 15 ms now).
  it('the pool and the page look their jobs up by id, never by reading every live job', async () => {
    await db.execute(sql`update jobs set active = false, approved = false, expired_at = now() where title like 'Bulk %' and id % 20 <> 0`);
    try {
      for (const table of ['jobs', 'job_addresses']) await db.execute(sql.raw(`analyze ${table}`));
      // With sequential scans the last resort: these few thousand rows are read whole otherwise.
      const { page, short } = await statementsOf(drivers.fortWorth);
      const plan = `${await explain(short!, ['set local enable_seqscan = off'])}\n${await explain(page, ['set local enable_seqscan = off'])}`;
      expect(plan).toMatch(/(Scan using|Scan on) job_addresses_listed_earth_idx/);
      expect(plan).not.toMatch(/jobs_live_expiry_idx|Seq Scan on jobs/);
      const best = await bestMatchingJobs(db, drivers.fortWorth);
      expect(best.items).toHaveLength(10);
      expect(best.items[0].title).toBe('Best NearPerfect');
    } finally {
      await db.execute(sql`update jobs set active = true, approved = true, expired_at = null where title like 'Bulk %'`);
      for (const table of ['jobs', 'job_addresses']) await db.execute(sql.raw(`analyze ${table}`));
    }
  });
});

describe('jobs with many addresses', () => {
  it('a page of distinct jobs even where every job near home targets the most addresses a job may have (200 addresses were 4 jobs)', async () => {
    const DENVER = { lat: 39.7392, lng: -104.9903 };
    const made: string[] = [];
    try {
      // Four jobs with MAX_JOB_ADDRESSES addresses each, all within a few miles of home: the nearest addresses.
      for (let i = 0; i < 4; i++) {
        const key = `Hub${i}`;
        await addJob(key, { type: 'tanker', homeTime: 'HW', experience: 'CS' }, { lat: DENVER.lat + i * 0.001, lng: DENVER.lng }, i);
        made.push(key);
        await db.execute(sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through, position)
          select ${ids[key]}, 'Stop', 'CO', 'US', ${DENVER.lat} + g * 0.0005, ${DENVER.lng} + ${i} * 0.0005, 0, now() + interval '20 days', g
          from generate_series(1, ${MAX_JOB_ADDRESSES - 1}) g`);
      }
      // Ten more jobs, one address each, 10 to 30 miles out.
      for (let i = 0; i < 10; i++) {
        const key = `Ring${i}`;
        await addJob(key, { type: 'tanker', homeTime: 'HW', experience: 'CS' }, { lat: DENVER.lat + 0.15 + i * 0.03, lng: DENVER.lng }, 10 + i);
        made.push(key);
      }
      await addDriver('denver', DENVER, 100);
      // The short scan's 250 addresses hold far fewer jobs than the pool: the wide scan ranks them.
      const { page } = await statementsOf(drivers.denver);
      expect(page.query).toMatch(new RegExp(`<-> ll_to_earth\\([^)]*\\)\\s+limit ${SCANNED}\\b`));
      expect(page.query).toMatch(new RegExp(`group by nj\\.job_id order by min\\(nj\\.meters\\), nj\\.job_id desc limit ${BEST_MATCH_POOL}\\b`));
      const best = await bestMatchingJobs(db, drivers.denver);
      expect(best.items).toHaveLength(DRIVER_PAGE_SIZE);
      expect(new Set(best.items.map((j) => j.id)).size).toBe(DRIVER_PAGE_SIZE);
      expect(titles(best.items).filter((t) => t.startsWith('Hub'))).toHaveLength(4);
    } finally {
      for (const key of made) await db.execute(sql`delete from jobs where id = ${ids[key]}`);
    }
  });
});
