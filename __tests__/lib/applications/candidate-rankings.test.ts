/**
 * A job's candidates are ranked once and kept (lib/applications/candidate-rankings.ts, migration
 * 0035); the kept ranking must always be the one a fresh ranking gives. After every kind of change a
 * list depends on (each profile field the ranking reads, a move into or out of reach, a profile made
 * or removed; the job's match fields and addresses; an application, a withdrawal, an account switched
 * off), the list read from the kept ranking equals the list ranked afresh.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { applicationWithdrawals, driverProfiles, jobAddresses, jobs, users } from '@/lib/db/schema';
import { jobPoints, listCandidates, rankingSql } from '@/lib/applications/candidates';
import { cellOf, cellsAround, dropEndedRankings, ensureRanked, isRanked, RANKING_LOCK_SPACE } from '@/lib/applications/candidate-rankings';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { seed } from '../../helpers/seed';
import { recordStatements } from '../../helpers/plans';
import { concurrent, lockWaiters, ownConnection } from '../../helpers/row-locks';
import { createJobAs, tokens } from '../../api/jobs/helpers';
import { addApplication, addDriver } from '../../api/applicants/helpers';

/**
 * Next's `after`, as a request has it: the work is held here until the test runs it. Outside a
 * request (mockDeferred null) it refuses, as Next's does, and the work runs at once.
 */
let mockDeferred: (() => Promise<unknown>)[] | null = null;
jest.mock('next/server', () => ({
  ...jest.requireActual('next/server'),
  after: (work: () => Promise<unknown>) => {
    if (!mockDeferred) throw new Error('`after` was called outside a request scope');
    mockDeferred.push(work);
  },
}));

const staff: Actor = { userId: 0, email: 'rank@test', firstName: 'Rank', lastName: 'Test', roles: [ROLES.SUPER_ADMIN], companyId: null };
// Boise, Idaho: far from the demo seed's drivers and from the other tests' places.
const BOISE = { latitude: 43.615, longitude: -116.2023 };
const strong = { cdlStatus: 'A' as const, yearsOfExperience: 5, experience: 'Y2' as const, workExperiences: ['dry_van' as const], homeTime: 'HW' as const, endorsements: [] };

let db: Database;
let jobId: number;
const drivers: number[] = [];

beforeAll(async () => {
  await seed();
  db = await getDb();
  jobId = await createJobAs((await tokens()).employer, { endorsements: ['H'] });
  await db.update(jobAddresses).set(BOISE).where(eq(jobAddresses.jobId, jobId));
  // Drivers all around, some beyond reach, with every factor met by some and missed by others.
  let state = 11;
  const random = () => ((state = (state * 48271) % 2147483647) / 2147483647);
  for (let i = 0; i < 40; i++) {
    const miles = random() * 320;
    const bearing = random() * 2 * Math.PI;
    drivers.push(
      await addDriver({
        ...strong,
        latitude: BOISE.latitude + (miles / 69) * Math.cos(bearing),
        longitude: BOISE.longitude + (miles / (69 * Math.cos((BOISE.latitude * Math.PI) / 180))) * Math.sin(bearing),
        travelDistance: [null, 25, 100, 250][i % 4],
        endorsements: i % 3 ? ['H'] : [],
        cdlStatus: i % 5 ? 'A' : 'B',
        homeTime: i % 2 ? 'HW' : 'HD',
        city: `Town ${i}`,
      }),
    );
  }
});

type Listed = { total: number; rows: [number, number, number | null][] };
/** Every page of the list, as the API pages it. */
async function listed(distanceLimit: boolean): Promise<Listed> {
  const rows: Listed['rows'] = [];
  for (let offset = 0; ; offset += 7) {
    const page = await listCandidates(db, staff, jobId, { distanceLimit, offset, limit: 7 });
    rows.push(...page.data.map((c) => [c.id, c.job_matching, c.distance] as [number, number, number | null]));
    if (offset + 7 >= page.pagination.total) return { total: page.pagination.total, rows };
  }
}
/** The list ranked afresh: the kept ranking dropped first. */
async function ranked(distanceLimit: boolean) {
  await db.execute(sql`delete from candidate_ranking_states where job_id = ${jobId}`);
  return listed(distanceLimit);
}
/** The list from the kept ranking equals a fresh one, with and without distance_limit. */
async function expectKeptIsFresh() {
  for (const distanceLimit of [true, false]) {
    const kept = await listed(distanceLimit);
    expect(kept).toEqual(await ranked(distanceLimit));
  }
}
/** The number of rankings made (statements that score drivers) while `work` runs. */
async function rankingsMadeBy(work: () => Promise<unknown>) {
  const before = await queryRows<{ n: string }>(db, sql`select coalesce(sum(xmin::text::bigint), 0)::text as n from candidate_ranking_states where job_id = ${jobId}`);
  await work();
  const after = await queryRows<{ n: string }>(db, sql`select coalesce(sum(xmin::text::bigint), 0)::text as n from candidate_ranking_states where job_id = ${jobId}`);
  return before[0].n !== after[0].n;
}

describe('the kept ranking follows every change the list depends on', () => {
  beforeEach(async () => {
    // Ranked and kept before each change.
    await listed(true);
    await listed(false);
  });

  // Each changes one field the ranking reads, in a way that moves the driver in it (checked), so
  // a trigger that did not compare that field would leave the kept ranking stale and fail here.
  // (Every row has the setup, null for none: a row shorter than the test's parameters hands it Jest's `done`.)
  const profileChanges: [string, Partial<typeof driverProfiles.$inferInsert>, Partial<typeof driverProfiles.$inferInsert> | null][] = [
    ['travel distance', { travelDistance: 5 }, null],
    ['CDL', { cdlStatus: 'B' }, null],
    ['endorsements', { endorsements: [] }, null],
    ['years of experience', { yearsOfExperience: 0 }, { experience: null }],
    ['experience', { experience: 'CS' }, { yearsOfExperience: null }],
    ['work experiences', { workExperiences: ['reefer'] }, null],
    ['home time', { homeTime: 'HD' }, { homeTime: 'HW' }],
    ['a move out of reach', { latitude: 30.27, longitude: -97.74 }, null],
  ];
  it.each(profileChanges)("a profile's %s", async (_name, change, setup) => {
    const [first] = (await listed(false)).rows;
    if (setup) {
      await db.update(driverProfiles).set(setup).where(eq(driverProfiles.userId, first[0]));
      await listed(true);
    }
    const before = await listed(false);
    await db.update(driverProfiles).set(change).where(eq(driverProfiles.userId, first[0]));
    await expectKeptIsFresh();
    expect(await listed(false)).not.toEqual(before);
  });

  it('a move into reach, a new profile nearby, and a profile removed', async () => {
    const far = await addDriver({ ...strong, endorsements: ['H'], latitude: 30.27, longitude: -97.74, travelDistance: 100 });
    await expectKeptIsFresh();
    await db.update(driverProfiles).set({ latitude: BOISE.latitude + 0.05, longitude: BOISE.longitude }).where(eq(driverProfiles.userId, far));
    await expectKeptIsFresh();
    expect((await listed(true)).rows.map((r) => r[0])).toContain(far);
    const added = await addDriver({ ...strong, endorsements: ['H'], latitude: BOISE.latitude, longitude: BOISE.longitude + 0.1, travelDistance: 100 });
    await expectKeptIsFresh();
    expect((await listed(true)).rows.map((r) => r[0])).toContain(added);
    await db.delete(driverProfiles).where(eq(driverProfiles.userId, added));
    await expectKeptIsFresh();
  });

  it("the job's match fields and its address", async () => {
    await db.update(jobs).set({ endorsements: [] }).where(eq(jobs.id, jobId));
    await expectKeptIsFresh();
    await db.update(jobs).set({ homeTime: 'HD', jobType: 'reefer', requiredExperience: 'Y2' }).where(eq(jobs.id, jobId));
    await expectKeptIsFresh();
    await db.update(jobAddresses).set({ latitude: BOISE.latitude + 1, longitude: BOISE.longitude - 1 }).where(eq(jobAddresses.jobId, jobId));
    await expectKeptIsFresh();
    await db.update(jobAddresses).set(BOISE).where(eq(jobAddresses.jobId, jobId));
  });

  it('an application, a withdrawal, an account switched off: left out at once, without ranking again', async () => {
    const [a, b, c] = (await listed(false)).rows.map((r) => r[0]);
    const changed = await rankingsMadeBy(async () => {
      await addApplication(jobId, a);
      await db.insert(applicationWithdrawals).values({ jobId, userId: b });
      await db.update(users).set({ active: false }).where(eq(users.id, c));
      const kept = await listed(false);
      expect(kept.rows.map((r) => r[0])).not.toContain(a);
      expect(kept.rows.map((r) => r[0])).not.toContain(b);
      expect(kept.rows.map((r) => r[0])).not.toContain(c);
    });
    expect(changed).toBe(false);
    await expectKeptIsFresh();
    await db.update(users).set({ active: true }).where(eq(users.id, c));
    await db.delete(applicationWithdrawals).where(and(eq(applicationWithdrawals.jobId, jobId), eq(applicationWithdrawals.userId, b)));
  });

  it('a change of a profile far away (another map cell) does not rank the job again', async () => {
    // Austin, Texas: 1,300 miles away.
    const austin = await addDriver({ ...strong, latitude: 30.27, longitude: -97.74 });
    await listed(true);
    expect(await rankingsMadeBy(() => db.update(driverProfiles).set({ travelDistance: 5 }).where(eq(driverProfiles.userId, austin)).then(() => listed(true)))).toBe(false);
    // A save that changes none of the ranked fields does not either.
    const near = drivers[0];
    expect(await rankingsMadeBy(() => db.update(driverProfiles).set({ street1: '1 Main St' }).where(eq(driverProfiles.userId, near)).then(() => listed(true)))).toBe(false);
    expect(await rankingsMadeBy(() => db.update(driverProfiles).set({ travelDistance: 77 }).where(eq(driverProfiles.userId, near)).then(() => listed(true)))).toBe(true);
  });
});

it('in a request, the read after a change answers the page ranked as it is read, and the ranking is kept after the answer', async () => {
  await listed(true);
  const [near] = (await listed(true)).rows;
  await db.update(driverProfiles).set({ travelDistance: 5 }).where(eq(driverProfiles.userId, near[0]));
  mockDeferred = [];
  try {
    const statements = await recordStatements(db, (d) => listCandidates(d, staff, jobId, { distanceLimit: true, offset: 0, limit: 7 }));
    // Nothing written while answering: the page was ranked as it was read.
    expect(statements.some((st) => /insert into candidate_rankings|from candidate_rankings r/.test(st.query))).toBe(false);
    expect(mockDeferred).toHaveLength(1);
    await Promise.all(mockDeferred.map((work) => work()));
  } finally {
    mockDeferred = null;
  }
  const next = await recordStatements(db, (d) => listCandidates(d, staff, jobId, { distanceLimit: true, offset: 0, limit: 7 }));
  expect(next.some((st) => st.query.includes('from candidate_rankings r'))).toBe(true);
  expect(next.some((st) => st.query.includes('insert into candidate_rankings'))).toBe(false);
  await expectKeptIsFresh();
  await db.update(driverProfiles).set({ travelDistance: 100 }).where(eq(driverProfiles.userId, near[0]));
});

it("a job that ends loses its kept ranking at the next tick; a live job keeps its own", async () => {
  const other = await createJobAs((await tokens()).employer, {});
  await db.update(jobAddresses).set(BOISE).where(eq(jobAddresses.jobId, other));
  await listCandidates(db, staff, other, { distanceLimit: true, offset: 0, limit: 10 });
  await listed(true);
  const held = () => queryRows<{ job_id: number; n: number }>(db, sql`select job_id, count(*)::int as n from candidate_rankings where job_id in (${jobId}, ${other}) group by job_id order by job_id`);
  expect((await held()).map((r) => Number(r.job_id))).toEqual([jobId, other].sort((a, b) => a - b));
  await db.update(jobs).set({ closedAt: new Date() }).where(eq(jobs.id, other));
  expect(await dropEndedRankings(db)).toEqual({ dropped: 1 });
  expect((await held()).map((r) => Number(r.job_id))).toEqual([jobId]);
  const [{ states }] = await queryRows<{ states: number }>(db, sql`select count(*)::int as states from candidate_ranking_states where job_id = ${other}`);
  expect(states).toBe(0);
  expect(await dropEndedRankings(db)).toEqual({ dropped: 0 });
});

it('a deleted job leaves no kept ranking behind (the scale set is cleared by deleting its jobs)', async () => {
  const gone = await createJobAs((await tokens()).employer, {});
  await db.update(jobAddresses).set(BOISE).where(eq(jobAddresses.jobId, gone));
  expect((await listCandidates(db, staff, gone, { distanceLimit: false, offset: 0, limit: 10 })).pagination.total).toBeGreaterThan(0);
  const kept = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from candidate_rankings where job_id = ${gone}`))[0].n;
  expect(await kept()).toBeGreaterThan(0);
  await db.delete(jobAddresses).where(eq(jobAddresses.jobId, gone));
  await db.delete(jobs).where(eq(jobs.id, gone));
  expect(await kept()).toBe(0);
});

it("a ranking kept while the tick drops the job's (a read from before the job ended): no rows are left without their state", async () => {
  const job = await createJobAs((await tokens()).employer, {});
  await db.update(jobAddresses).set(BOISE).where(eq(jobAddresses.jobId, job));
  await listCandidates(db, staff, job, { distanceLimit: false, offset: 0, limit: 10 });
  await db.update(driverProfiles).set({ travelDistance: 6 }).where(eq(driverProfiles.userId, drivers[1]));
  const [row] = await db.select().from(jobs).where(eq(jobs.id, job));
  const points = await jobPoints(db, row);
  await db.update(jobs).set({ closedAt: new Date() }).where(eq(jobs.id, job));
  // On PostgreSQL another session holds the state's row, so that the keeper (stale: a driver changed)
  // and then the tick both start and wait on it: the order that left rows behind. PGlite runs one
  // after the other.
  const keep = () => ensureRanked(db, row, points, false, 260, () => rankingSql(row, points, false));
  const other = concurrent ? await ownConnection(db) : null;
  if (!other) {
    await keep();
    await dropEndedRankings(db);
  } else {
    try {
      await other.query('begin');
      await other.query('select 1 from candidate_ranking_states where job_id = $1 for update', [job]);
      const keeping = keep();
      await lockWaiters(db, 1);
      const ticking = dropEndedRankings(db);
      await lockWaiters(db, 2);
      await other.query('commit');
      await keeping;
      await ticking;
    } finally {
      other.release();
    }
  }
  await dropEndedRankings(db);
  const [left] = await queryRows<{ rows: number; states: number }>(
    db,
    sql`select (select count(*)::int from candidate_rankings where job_id = ${job}) as rows, (select count(*)::int from candidate_ranking_states where job_id = ${job}) as states`,
  );
  expect(left).toEqual({ rows: 0, states: 0 });
  await db.update(driverProfiles).set({ travelDistance: 25 }).where(eq(driverProfiles.userId, drivers[1]));
});

it("a burst of stale reads of one job: one of them waits on the job's ranking lock, holding one connection, not one each, and the ranking ends fresh", async () => {
  const job = await createJobAs((await tokens()).employer, {});
  await db.update(jobAddresses).set(BOISE).where(eq(jobAddresses.jobId, job));
  const [row] = await db.select().from(jobs).where(eq(jobs.id, job));
  const points = await jobPoints(db, row);
  const keep = () => ensureRanked(db, row, points, false, 260, () => rankingSql(row, points, false));
  // On PostgreSQL another session holds the job's ranking lock (as a keeper in another process
  // would) while six reads of this process want the ranking (each once held a connection of the
  // pool as it waited, and twenty took all ten and stalled the app); PGlite has one connection.
  const other = concurrent ? await ownConnection(db) : null;
  let burst: Promise<void>[] = [];
  try {
    await other?.query('select pg_advisory_lock($1, $2)', [RANKING_LOCK_SPACE, job]);
    burst = Array.from({ length: 6 }, keep);
    if (other) {
      await lockWaiters(db, 1);
      await new Promise((r) => setTimeout(r, 300));
      const [{ waiting }] = await queryRows<{ waiting: number }>(
        db,
        sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event = 'advisory'`,
      );
      expect(waiting).toBe(1);
      await other.query('select pg_advisory_unlock($1, $2)', [RANKING_LOCK_SPACE, job]);
    }
  } finally {
    other?.release();
  }
  await Promise.all(burst);
  expect(await isRanked(db, row, points, false, 260)).toBe(true);
});

describe('map cells', () => {
  it("are numbered in JavaScript as migration 0035's tna_candidate_cell numbers them", async () => {
    const points = fc.sample(fc.record({ lat: fc.double({ min: -89.99, max: 89.99, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) }), 300);
    const rows = await queryRows<{ cell: number }>(
      db,
      sql`select tna_candidate_cell(p.lat, p.lng) as cell from unnest(${`{${points.map((p) => p.lat).join(',')}}`}::float8[], ${`{${points.map((p) => p.lng).join(',')}}`}::float8[]) with ordinality as p(lat, lng, n) order by n`,
    );
    expect(rows.map((r) => Number(r.cell))).toEqual(points.map((p) => cellOf(p.lat, p.lng)));
  });

  it("around a job's points include the cell of every home within the miles given, anywhere on earth", () => {
    const R = 6378168 / 1609.344;
    const rad = (d: number) => (d * Math.PI) / 180;
    const deg = (r: number) => (r * 180) / Math.PI;
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 260, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (lat, lng, miles, bearing) => {
          // The point `miles` away along `bearing` on the sphere.
          const d = miles / R;
          const lat2 = Math.asin(Math.sin(rad(lat)) * Math.cos(d) + Math.cos(rad(lat)) * Math.sin(d) * Math.cos(bearing));
          const lng2 = rad(lng) + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(rad(lat)), Math.cos(d) - Math.sin(rad(lat)) * Math.sin(lat2));
          const home = { lat: deg(lat2), lng: ((deg(lng2) + 540) % 360) - 180 };
          expect(cellsAround([{ lat, lng }], 260)).toContain(cellOf(home.lat, home.lng));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
