/**
 * Matched candidates (jobs spec §7, issue 10): drivers who have not applied, ranked in SQL by the
 * one match explanation (the same factors explainMatch gives), with distance_limit, pagination,
 * the candidate payload, ownership; the driver score and its readers.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { GET as candidatesGet } from '@/app/api/v1.0/jobs/[id]/candidates/route';
import { GET as jobGet } from '@/app/api/v1.0/jobs/[id]/route';
import { GET as statisticsGet } from '@/app/api/v1.0/jobs/[id]/statistics/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { GET as scoreGet } from '@/app/api/v1.0/user/[id]/driver-score/route';
import { POST as applyPost } from '@/app/api/v1.0/jobs/[id]/apply/route';
import { DELETE as withdrawDelete } from '@/app/api/v1.0/members/applications/[id]/route';
import { hashPassword } from '@/lib/auth/passwords';
import { DEMO_PASSWORD } from '@/lib/db/seed/accounts';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { getDb } from '@/lib/db/client';
import { applicationWithdrawals, jobAddresses, jobs, users } from '@/lib/db/schema';
import { matchDetails } from '@/lib/drivers/match-details';
import { explainMatch } from '@/lib/drivers/match';
import { CANDIDATE_DISTANCE_STEP, candidateGridEarth, candidateMiles, candidateMilesSql, listCandidates } from '@/lib/applications/candidates';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { queryRows } from '@/lib/db/client';
import { METERS_PER_MILE, earthMetersSql, earthOf } from '@/lib/drivers/distance';
import { call, tokenFor } from '../../helpers/http';
import { LAST_RESORT, explainStatement, recordStatements } from '../../helpers/plans';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from '../jobs/helpers';
import { addApplicant, addDriver } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let jobId: number;
const ids: Record<string, number> = {};
// Billings, Montana: far from the demo data (Dallas), so the demo drivers never join these rankings.
const BILLINGS = { latitude: 45.7833, longitude: -108.5007 };

const strong = { cdlStatus: 'A' as const, yearsOfExperience: 5, experience: 'Y2' as const, workExperiences: ['dry_van' as const], homeTime: 'HW' as const, endorsements: [] };

beforeAll(async () => {
  await seed();
  t = await tokens();
  jobId = await createJobAs(t.employer, { endorsements: ['H'] });
  const db = await getDb();
  // The job's address is located exactly at the test point, so distances are known.
  await db.update(jobAddresses).set(BILLINGS).where(eq(jobAddresses.jobId, jobId));
  ids.best = await addDriver({ ...strong, endorsements: ['H'], city: 'Billings', latitude: 45.786, longitude: -108.503, travelDistance: 100 });
  ids.noHazmat = await addDriver({ ...strong, city: 'Lockwood', latitude: 45.82, longitude: -108.4, travelDistance: 100 });
  ids.classB = await addDriver({ ...strong, cdlStatus: 'B', endorsements: ['H'], city: 'Laurel', latitude: 45.7833, longitude: -109.1, travelDistance: 50 });
  ids.austin = await addDriver({ ...strong, endorsements: ['H'], city: 'Sheridan', latitude: 43.2, longitude: -108.5, travelDistance: 50 });
  ids.dallas = await addDriver({ ...strong, city: 'Dallas', latitude: 32.78, longitude: -96.8, travelDistance: 100 });
  ids.seattle = await addDriver({ ...strong, endorsements: ['H'], city: 'Seattle', latitude: 47.6, longitude: -122.33, travelDistance: 3000 });
  ids.nowhere = await addDriver({ ...strong });
  ids.applied = await addApplicant(jobId, { ...strong, endorsements: ['H'], latitude: 45.786, longitude: -108.503, travelDistance: 100 });
});

const get = (query: Record<string, string | number> = {}, token = t.employer, id: number | string = jobId) => call(candidatesGet, { token, params: { id: String(id) }, query });
const score = (id: number | string, token = t.employer) => call(scoreGet, { token, params: { id: String(id) } });

describe('GET /jobs/{id}/candidates', () => {
  it('ranks drivers who have not applied by match, nearest first among equals, within their travel distance', async () => {
    const res = await get({ distance_limit: 'true' });
    expect(res.status).toBe(200);
    const got = res.json.data.map((c: { id: number }) => c.id);
    expect(got).toEqual([ids.best, ids.noHazmat, ids.classB]);
    expect(res.json.pagination).toEqual({ offset: 0, limit: 10, total: 3 });
    const [best, noHazmat, classB] = res.json.data;
    expect(best).toMatchObject({ id: ids.best, user_id: ids.best, cdl_status: 'A', job_matching: 1, years_of_experience: 5, city: 'Billings', string_experience: '2+ years' });
    expect(best.work_experiences).toBe('Dry van');
    // Within 10 miles: the distance is shown in steps, never to the yard (candidateMiles).
    expect(best.distance).toBe(10);
    expect(noHazmat.job_matching).toBe(0.85);
    expect(noHazmat.factors.find((f: { key: string }) => f.key === 'endorsements')).toMatchObject({ met: false, weight: 15, label: 'Endorsements' });
    // And why, in words: what the job asks against what the profile says.
    expect(noHazmat.details.endorsements).toBe('Job needs Hazmat; profile lacks Hazmat');
    expect(classB.details.cdl).toBe('Job needs Class A; profile: Class B');
    expect(classB.job_matching).toBe(0.75);
    expect(classB.distance).toBeGreaterThan(25);
    expect(classB.distance % CANDIDATE_DISTANCE_STEP).toBe(0);
  });

  it('without distance_limit keeps drivers beyond their own travel distance, ranked lower; never the far ones outside the search area', async () => {
    const res = await get();
    const got = res.json.data.map((c: { id: number }) => c.id);
    expect(got).toContain(ids.austin);
    expect(got).not.toContain(ids.seattle);
    expect(got).not.toContain(ids.nowhere);
    expect(got).not.toContain(ids.applied);
    const austin = res.json.data.find((c: { id: number }) => c.id === ids.austin);
    expect(austin.factors.find((f: { key: string }) => f.key === 'distance').met).toBe(false);
    expect(austin.job_matching).toBe(0.8);
  });

  it('tells the same factors as the pure explanation', async () => {
    const db = await getDb();
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    const res = await get();
    for (const c of res.json.data) {
      const profile = { ...strong, endorsements: c.id === ids.noHazmat ? [] : ['H' as const], cdlStatus: c.cdl_status, travelDistance: c.id === ids.best || c.id === ids.noHazmat ? 100 : 50 };
      const expected = explainMatch(profile, job, c.distance);
      expect(c.factors).toEqual(expected.factors);
      expect(c.job_matching).toBe(expected.matching);
      expect(c.details).toEqual(matchDetails(profile, job, c.distance));
    }
  });

  it('pages by offset and limit (at most 10) with the exact total', async () => {
    const res = await get({ limit: 2, offset: 2 });
    expect(res.json.pagination).toEqual({ offset: 2, limit: 2, total: 4 });
    expect(res.json.data).toHaveLength(2);
    expect((await get({ limit: 11 })).status).toBe(422);
    expect((await get({ distance_limit: 'maybe' })).status).toBe(422);
  });

  it("another company's job answers 404, a driver 403; staff reach any", async () => {
    expect((await get({}, t.rival)).status).toBe(404);
    expect((await get({}, t.rival, 999999)).json).toEqual({ errors: [{ message: 'Job not found.' }] });
    expect((await get({}, t.driver)).status).toBe(403);
    expect((await get({}, t.admin)).status).toBe(200);
    expect((await get({}, t.internal)).status).toBe(200);
  });
});

describe('GET /user/{id}/driver-score', () => {
  it('answers a 0-100 score with its parts to admins', async () => {
    const res = await score(ids.best, t.admin);
    expect(res.status).toBe(200);
    expect(res.json.data.user_id).toBe(ids.best);
    expect(res.json.data.score).toBeGreaterThan(50);
    expect(res.json.data.score).toBeLessThanOrEqual(100);
    const parts = res.json.data.parts as { key: string; weight: number; points: number }[];
    expect(parts.reduce((n, p) => n + p.weight, 0)).toBe(100);
    expect(parts.reduce((n, p) => n + p.points, 0)).toBe(res.json.data.score);
    expect(parts.map((p) => p.key)).toEqual(['cdl', 'experience', 'endorsements', 'work_experiences', 'contact', 'preferences']);
  });
  it('answers a company for its applicants and its candidates, 404 otherwise', async () => {
    expect((await score(ids.applied)).status).toBe(200);
    // Near the company's live demo jobs in Dallas: a candidate.
    expect((await score(ids.dallas)).status).toBe(200);
    const far = await score(ids.seattle);
    expect(far.status).toBe(404);
    expect(far.json).toEqual({ errors: [{ message: 'Driver not found.' }] });
    expect((await score(ids.applied, t.rival)).status).toBe(404);
    expect((await score(999999, t.admin)).status).toBe(404);
    expect((await score('abc', t.admin)).status).toBe(404);
    expect((await score(ids.best, t.driver)).status).toBe(403);
  });
  it("is not a switched-off driver's, as a candidate: the candidates list leaves them out, so the score does too", async () => {
    const db = await getDb();
    // Near the company's live Dallas jobs: a candidate while the account is on.
    const off = await addDriver({ ...strong, city: 'Dallas', latitude: 32.79, longitude: -96.8, travelDistance: 100 });
    expect((await score(off)).status).toBe(200);
    await db.update(users).set({ active: false }).where(eq(users.id, off));
    expect((await score(off)).status).toBe(404);
    // Staff still read it.
    expect((await score(off, t.admin)).status).toBe(200);
  });

  it('counts only live addresses: one added and not paid yet does not make a driver near it a candidate', async () => {
    const db = await getDb();
    const [me] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'employer@demo.test'));
    const [live] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, me.companyId!), eq(jobs.active, true), eq(jobs.approved, true), eq(jobs.suspended, false)))
      .orderBy(asc(jobs.id))
      .limit(1);
    const kept = (await db.select().from(jobAddresses).where(eq(jobAddresses.jobId, live.id)).orderBy(asc(jobAddresses.position))).map((a) => ({
      street1: a.street1,
      city: a.city,
      state: a.state,
      postal_code: a.postalCode,
      latitude: a.latitude,
      longitude: a.longitude,
    }));
    // Boise, Idaho: far from every other job of the company.
    const boiseDriver = await addDriver({ ...strong, city: 'Boise', latitude: 43.62, longitude: -116.21, travelDistance: 100 });
    expect((await score(boiseDriver)).status).toBe(404);
    const boise = { street1: '150 N Capitol Blvd', city: 'Boise', state: 'ID', postal_code: '83702', latitude: 43.615, longitude: -116.2023 };
    const patched = await call(addressesPatch, { method: 'PATCH', token: t.employer, params: { id: String(live.id) }, body: { addresses: [...kept, boise] } });
    expect(patched.status).toBe(200);
    expect(patched.json.data.addresses.find((a: { city: string }) => a.city === 'Boise')).toMatchObject({ pending_payment: true });
    const unpaid = await score(boiseDriver);
    expect(unpaid.status).toBe(404);
    expect(unpaid.json).toEqual({ errors: [{ message: 'Driver not found.' }] });
    // Once paid for the job's period, the address is live and the driver a candidate.
    await db.update(jobAddresses).set({ paidThrough: live.expirationDate }).where(and(eq(jobAddresses.jobId, live.id), eq(jobAddresses.city, 'Boise')));
    expect((await score(boiseDriver)).status).toBe(200);
  });
});

describe('total_candidates', () => {
  it('is the same count on the job detail, the statistics and the candidates list (distance_limit)', async () => {
    const listed = (await get({ distance_limit: 'true' })).json.pagination.total;
    expect(listed).toBe(3);
    const detail = await call(jobGet, { token: t.employer, params: { id: String(jobId) } });
    expect(detail.json.data.total_candidates).toBe(listed);
    const stats = await call(statisticsGet, { token: t.employer, params: { id: String(jobId) } });
    expect(stats.json.data.total_candidates).toBe(listed);
  });
});

describe('the 250-mile radius', () => {
  it("leaves out a driver in the search box's corner, past 250 miles from every address", async () => {
    // About 193 miles north and 213 east of Billings: inside the index's box, about 285 miles away.
    const corner = await addDriver({ ...strong, endorsements: ['H'], city: 'Corner', latitude: 48.58, longitude: -104.0, travelDistance: 3000 });
    const res = await get();
    expect(res.json.data.map((c: { id: number }) => c.id)).not.toContain(corner);
    expect(res.json.data.every((c: { distance: number }) => c.distance <= 250)).toBe(true);
    expect(res.json.pagination.total).toBe(4);
  });
});

describe("a candidate's privacy", () => {
  it('the distance moves in steps: job addresses placed a mile apart give the same figure, so three of them do not find a home', async () => {
    const db = await getDb();
    const probe = await createJobAs(t.employer);
    const seen: number[] = [];
    // A mile apart around a point 37 miles east of the Laurel driver (classB): every figure is the same step.
    for (const dLng of [0, 0.02, -0.02]) {
      await db.update(jobAddresses).set({ latitude: 45.7833, longitude: -108.4 + dLng }).where(eq(jobAddresses.jobId, probe));
      const res = await get({}, t.employer, probe);
      seen.push(res.json.data.find((c: { id: number }) => c.id === ids.classB).distance);
    }
    expect(new Set(seen).size).toBe(1);
    expect(seen[0] % CANDIDATE_DISTANCE_STEP).toBe(0);
    expect([candidateMiles(0.3), candidateMiles(10.2), candidateMiles(36.1), candidateMiles(40)]).toEqual([10, 15, 40, 40]);
  });

  it('measures from a grid point, not the home: two homes in one cell read the same at every address, so moving an address until the figure flips finds only the cell', async () => {
    const db = await getDb();
    const probe = await createJobAs(t.employer);
    // Two homes in Miles City, Montana, 1.4 miles apart: both round to (46.4, -105.8).
    const a = await addDriver({ ...strong, city: 'Miles City', latitude: 46.4081, longitude: -105.8406, travelDistance: 500 });
    const b = await addDriver({ ...strong, city: 'Miles City', latitude: 46.3912, longitude: -105.8152, travelDistance: 500 });
    const seen: [number, number][] = [];
    // The reviewer's walk: an address moved 0.01° at a time across the 10-mile flip and past it.
    for (let i = 0; i <= 24; i++) {
      await db.update(jobAddresses).set({ latitude: 46.4 + 0.1 + i * 0.01, longitude: -105.8 }).where(eq(jobAddresses.jobId, probe));
      const rows = (await get({}, t.employer, probe)).json.data as { id: number; distance: number }[];
      seen.push([rows.find((c) => c.id === a)!.distance, rows.find((c) => c.id === b)!.distance]);
    }
    expect(seen.every(([x, y]) => x === y)).toBe(true);
    // The walk does cross steps: the figure moves with the address, only not with the home.
    expect(new Set(seen.map(([x]) => x)).size).toBeGreaterThan(2);
  });

  it("keeps each profile's stored grid point equal to candidateGridEarth's (the driver score's), wherever the home is and when it moves", async () => {
    const db = await getDb();
    const driver = await addDriver({ ...strong, city: 'Anywhere', latitude: 40, longitude: -100, travelDistance: 100 });
    const differs = async () =>
      (await queryRows<{ same: boolean }>(db, sql`select dp.grid_earth = ${candidateGridEarth(sql`dp.latitude`, sql`dp.longitude`)} as same from driver_profiles dp where dp.user_id = ${driver}`))[0].same !== true;
    // Homes across the mainland and on the cells' edges (x.x5 rounds away from zero in both).
    const homes = fc.tuple(fc.double({ min: 24, max: 49.5, noNaN: true }), fc.double({ min: -125, max: -66, noNaN: true }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(homes, fc.tuple(fc.integer({ min: 240, max: 495 }).map((n) => n / 10 + 0.05), fc.integer({ min: -1250, max: -660 }).map((n) => n / 10 - 0.05))), async ([lat, lng]) => {
        await queryRows(db, sql`update driver_profiles set latitude = ${lat}, longitude = ${lng} where user_id = ${driver}`);
        return !(await differs());
      }),
      { numRuns: 60 },
    );
    // No home, no grid point.
    await queryRows(db, sql`update driver_profiles set latitude = null, longitude = null where user_id = ${driver}`);
    expect((await queryRows<{ g: string | null }>(db, sql`select grid_earth::text as g from driver_profiles where user_id = ${driver}`))[0].g).toBeNull();
  });

  it('steps the distance in SQL exactly as the rule says (the list reads the SQL figure; the rule is written once in each)', async () => {
    const db = await getDb();
    const miles = [0, 0.01, 4.99, 9.99, 10, 10.01, 14.999, 15, 36.1, 40, 249.5, 1234.56];
    const [row] = await queryRows<Record<string, string>>(
      db,
      sql.join([sql`select `, sql.join(miles.map((m, i) => sql`${candidateMilesSql(sql`${m}::float8`)} as ${sql.raw(`m${i}`)}`), sql`, `)]),
    );
    expect(miles.map((_, i) => Number(row[`m${i}`]))).toEqual(miles.map(candidateMiles));
  });

  it('decides what the company sees on the stepped figure: 3 miles from a driver who travels up to 7 is "10 mi", not met (moving an address until it flipped found the exact distance)', async () => {
    const db = await getDb();
    const probe = await createJobAs(t.employer);
    // North Platte, Nebraska: no other test driver within 250 miles.
    await db.update(jobAddresses).set({ latitude: 41.1239, longitude: -100.7654 }).where(eq(jobAddresses.jobId, probe));
    const near = await addDriver({ ...strong, city: 'North Platte', latitude: 41.1239 + 0.0435, longitude: -100.7654, travelDistance: 7 });
    const all = await get({}, t.employer, probe);
    const c = all.json.data.find((x: { id: number }) => x.id === near);
    expect(c.distance).toBe(10);
    expect(c.factors.find((f: { key: string }) => f.key === 'distance').met).toBe(false);
    expect(c.details.distance).toBe('10 mi from home; travels up to 7 mi');
    // The travel-distance filter reads the same figure: not within 7 miles.
    expect((await get({ distance_limit: 'true' }, t.employer, probe)).json.data.map((x: { id: number }) => x.id)).not.toContain(near);
  });

  it('a closed, cancelled, expired or suspended job has no candidates (a closed job went on listing the drivers near it)', async () => {
    const db = await getDb();
    for (const ended of [{ closedAt: new Date() }, { cancelledAt: new Date() }, { expiredAt: new Date() }, { suspended: true }]) {
      const id = await createJobAs(t.employer);
      await db.update(jobAddresses).set(BILLINGS).where(eq(jobAddresses.jobId, id));
      expect((await get({}, t.employer, id)).json.pagination.total).toBeGreaterThan(0);
      await db.update(jobs).set(ended).where(eq(jobs.id, id));
      const res = await get({}, t.employer, id);
      expect([res.status, res.json.data, res.json.pagination.total]).toEqual([200, [], 0]);
      expect((await call(jobGet, { token: t.employer, params: { id: String(id) } })).json.data.total_candidates).toBe(0);
    }
  });

  it("an ended job no longer lets its company open a nearby driver's score (expired by the tick, the job keeps its active flag)", async () => {
    const db = await getDb();
    const probe = await createJobAs(t.employer);
    await publishPaidJob(db, probe);
    // Presque Isle, Maine: no other job or test driver within 250 miles.
    await db.update(jobAddresses).set({ latitude: 46.6812, longitude: -68.0159 }).where(eq(jobAddresses.jobId, probe));
    const near = await addDriver({ ...strong, city: 'Presque Isle', latitude: 46.68, longitude: -68.02, travelDistance: 100 });
    expect((await score(near)).status).toBe(200);
    await db.update(jobs).set({ expiredAt: new Date() }).where(eq(jobs.id, probe));
    expect((await score(near)).status).toBe(404);
  });

  it('a driver who applied and withdrew stays out of that job\'s candidates (the company is not handed back someone who said no), until they apply again', async () => {
    const db = await getDb();
    const probe = await createJobAs(t.employer);
    await publishPaidJob(db, probe);
    // Fargo, North Dakota: no other job of the company within 250 miles.
    await db.update(jobAddresses).set({ latitude: 46.8772, longitude: -96.7898 }).where(eq(jobAddresses.jobId, probe));
    const email = `withdrew.${Date.now()}@drivers.test`;
    const id = await addDriver({ ...strong, email, city: 'Fargo', latitude: 46.88, longitude: -96.79, travelDistance: 100 });
    await db.update(users).set({ passwordHash: await hashPassword(DEMO_PASSWORD) }).where(eq(users.id, id));
    const driver = await tokenFor(email);
    const candidates = async () => (await get({}, t.employer, probe)).json.data.map((c: { id: number }) => c.id);
    const totalCandidates = async () => (await call(jobGet, { token: t.employer, params: { id: String(probe) } })).json.data.total_candidates;
    const apply = () => call(applyPost, { token: driver, params: { id: String(probe) }, body: { message: 'Still looking.' } });

    expect(await candidates()).toContain(id);
    expect((await score(id)).status).toBe(200);
    const before = await totalCandidates();
    const applied = await apply();
    expect(applied.status).toBe(201);
    expect(await candidates()).not.toContain(id);
    expect((await call(withdrawDelete, { method: 'DELETE', token: driver, params: { id: String(applied.json.data.id) } })).status).toBe(200);
    expect(await candidates()).not.toContain(id);
    expect(await totalCandidates()).toBe(before - 1);
    // Nor does the company reach their profile's score through that job.
    expect((await score(id)).status).toBe(404);

    // Applying again makes them an applicant, with no withdrawal left behind.
    expect((await apply()).status).toBe(201);
    expect(await db.select().from(applicationWithdrawals).where(eq(applicationWithdrawals.jobId, probe))).toEqual([]);
  });
});

describe('accounts that are not live', () => {
  it('leaves out a deactivated driver and one whose account is deleted, from the page and from the total', async () => {
    const db = await getDb();
    const before = (await get({ distance_limit: 'true' })).json;
    const off = await addDriver({ ...strong, endorsements: ['H'], city: 'Billings', latitude: 45.787, longitude: -108.502, travelDistance: 100 });
    const gone = await addDriver({ ...strong, endorsements: ['H'], city: 'Billings', latitude: 45.788, longitude: -108.501, travelDistance: 100 });
    const on = (await get({ distance_limit: 'true' })).json;
    expect(on.pagination.total).toBe(before.pagination.total + 2);
    expect(on.data.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([off, gone]));
    await db.update(users).set({ active: false }).where(eq(users.id, off));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone));
    const after = (await get({ distance_limit: 'true' })).json;
    expect(after.pagination.total).toBe(before.pagination.total);
    expect(after.data.map((c: { id: number }) => c.id)).toEqual(before.data.map((c: { id: number }) => c.id));
  });

  it("checks them against the small set of accounts that are not live (users_not_live_idx), not by reading each candidate's account", async () => {
    const db = await getDb();
    const staff: Actor = { userId: 0, email: 'plan@test', firstName: 'Plan', lastName: 'Test', roles: [ROLES.SUPER_ADMIN], companyId: null };
    const statements = await recordStatements(db, (d) => listCandidates(d, staff, jobId, { distanceLimit: true, offset: 0, limit: 10 }));
    const ranked = statements.find((s) => s.query.includes('count(*) over ()'));
    expect(ranked).toBeDefined();
    const plan = await explainStatement(db, ranked!, LAST_RESORT);
    expect(plan).toContain('users_not_live_idx');
    expect(plan).not.toContain('users_pkey');
  });

  it("reads the job's applicants, its withdrawals and the accounts that are not live into one hash each, not a join sized by the statistics", async () => {
    // As anti-joins, a job whose 5,000 applications came after the last analyze was planned as one
    // of 10: a nested loop compared every candidate with every applicant (244 ms at 100,000 drivers).
    const db = await getDb();
    const staff: Actor = { userId: 0, email: 'plan@test', firstName: 'Plan', lastName: 'Test', roles: [ROLES.SUPER_ADMIN], companyId: null };
    // They are left out when the page is read: from the kept ranking, or ranked as it is read when
    // the kept one is stale (lib/applications/candidate-rankings.ts), the page and the count alike.
    for (const distanceLimit of [true, false]) {
      for (const stale of [true, false]) {
        if (stale) await db.execute(sql`delete from candidate_ranking_states where job_id = ${jobId}`);
        const statements = await recordStatements(db, (d) => listCandidates(d, staff, jobId, { distanceLimit, offset: 100_000, limit: 10 }));
        const reading = statements.filter((s) => s.query.includes('application_withdrawals aw'));
        expect(reading.map((s) => s.query.includes('from candidate_rankings r'))).toEqual(stale ? [false, false] : [true, true]);
        for (const statement of reading) {
          const plan = await explainStatement(db, statement);
          expect(plan).not.toMatch(/Anti Join/);
          expect(plan.match(/hashed SubPlan/g)).toHaveLength(3);
        }
      }
    }
  });
});

describe("each driver's reach (driver_profiles_reach_idx)", () => {
  // Fargo, North Dakota: more than 250 miles from every other place these tests use.
  const FARGO = { lat: 46.877, lng: -96.79 };
  let fargoJob: number;
  const staff: Actor = { userId: 0, email: 'reach@test', firstName: 'Reach', lastName: 'Test', roles: [ROLES.SUPER_ADMIN], companyId: null };

  beforeAll(async () => {
    const db = await getDb();
    fargoJob = await createJobAs(t.employer, {});
    await db.update(jobAddresses).set({ latitude: FARGO.lat, longitude: FARGO.lng }).where(eq(jobAddresses.jobId, fargoJob));
    // Drivers all around, up to 300 miles out, with travel distances at and beside every edge the
    // list has: the 10-mile floor, the 5-mile steps, the 50-mile default, the 250-mile radius.
    const travels = [null, 1, 7, 10, 11, 24, 25, 26, 49, 50, 51, 99, 100, 101, 249, 250, 251, 3000];
    let state = 7;
    const random = () => ((state = (state * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 240; i++) {
      const miles = random() * 300;
      const bearing = random() * 2 * Math.PI;
      const latitude = FARGO.lat + (miles / 69) * Math.cos(bearing);
      const longitude = FARGO.lng + (miles / (69 * Math.cos((FARGO.lat * Math.PI) / 180))) * Math.sin(bearing);
      await addDriver({ ...strong, city: 'Near Fargo', latitude, longitude, travelDistance: travels[i % travels.length] });
    }
    // And drivers at the very edge: homes on grid points (so the distance is the home's) whose
    // stepped distance is at most a mile over the exact one, each travelling exactly that far (kept,
    // by under a mile) or a mile less (left out).
    const R = 6378168 / 1609.344;
    const rad = (d: number) => (d * Math.PI) / 180;
    const arc = (lat: number, lng: number) =>
      2 * R * Math.asin(Math.sqrt(Math.sin(rad(lat - FARGO.lat) / 2) ** 2 + Math.cos(rad(lat)) * Math.cos(rad(FARGO.lat)) * Math.sin(rad(lng - FARGO.lng) / 2) ** 2));
    let edges = 0;
    for (let dy = -36; dy <= 36 && edges < 80; dy += 3) {
      for (let dx = -50; dx <= 50 && edges < 80; dx += 7) {
        const latitude = Math.round(FARGO.lat * 10 + dy) / 10;
        const longitude = Math.round(FARGO.lng * 10 + dx) / 10;
        const d = arc(latitude, longitude);
        const stepped = candidateMiles(d);
        if (d < 10 || d > 250 || stepped - d < 0.2 || stepped - d > 1) continue;
        edges += 1;
        await addDriver({ ...strong, city: 'Edge', latitude, longitude, travelDistance: edges % 2 ? stepped : stepped - 1 });
      }
    }
    expect(edges).toBeGreaterThan(30);
  });

  // The reach box is a cube around the grid point, roomier than the reach away from its axes: these
  // catch a box short of the reach by a share of it (or one that leaves a default out), not by a mile.
  /** Every live driver the rules keep, found without any index: the distance and the travel distance alone. */
  async function everyone(distanceLimit: boolean) {
    const db = await getDb();
    const miles = candidateMilesSql(sql`(${earthMetersSql(sql`dp.grid_earth`, [earthOf(FARGO)])} / ${METERS_PER_MILE})`);
    const rows = await queryRows<{ user_id: number }>(
      db,
      sql`select dp.user_id from driver_profiles dp join users u on u.id = dp.user_id
        where dp.grid_earth is not null and u.active and u.deleted_at is null and ${miles} <= 250
          ${distanceLimit ? sql`and ${miles} <= coalesce(dp.travel_distance, 50)` : sql``}`,
    );
    return rows.map((r) => Number(r.user_id)).sort((a, b) => a - b);
  }
  async function listed(distanceLimit: boolean) {
    const ids: number[] = [];
    for (let offset = 0; ; offset += 10) {
      const page = await listCandidates(await getDb(), staff, fargoJob, { distanceLimit, offset, limit: 10 });
      ids.push(...page.data.map((c) => c.id));
      if (offset + 10 >= page.pagination.total) return { ids: ids.sort((a, b) => a - b), total: page.pagination.total };
    }
  }

  it('finds exactly the drivers within their travel distance that a reading of every profile finds, at the edges of travel distances too', async () => {
    const expected = await everyone(true);
    expect(expected.length).toBeGreaterThan(40);
    const got = await listed(true);
    expect(got.ids).toEqual(expected);
    expect(got.total).toBe(expected.length);
  });

  it('without distance_limit, still every driver within 250 miles', async () => {
    const expected = await everyone(false);
    expect(expected.length).toBeGreaterThan((await everyone(true)).length);
    expect((await listed(false)).ids).toEqual(expected);
  });

  it('reads the reach index with distance_limit, the 250-mile box around the address without', async () => {
    const db = await getDb();
    // Read when the job's ranking is made (then kept until a change: lib/applications/candidate-rankings.ts).
    const plan = async (distanceLimit: boolean) => {
      await db.execute(sql`delete from candidate_ranking_states where job_id = ${fargoJob}`);
      const statements = await recordStatements(db, (d) => listCandidates(d, staff, fargoJob, { distanceLimit, offset: 0, limit: 10 }));
      return explainStatement(db, statements.find((s) => s.query.includes('insert into candidate_rankings'))!, LAST_RESORT.filter((s) => !s.includes('bitmap')));
    };
    expect(await plan(true)).toContain('driver_profiles_reach_idx');
    expect(await plan(false)).toContain('driver_profiles_earth_idx');
  });

  it('reads a page of the kept ranking in its order from candidate_rankings_order_idx, scoring no driver', async () => {
    const db = await getDb();
    await listCandidates(db, staff, fargoJob, { distanceLimit: true, offset: 0, limit: 10 });
    const statements = await recordStatements(db, (d) => listCandidates(d, staff, fargoJob, { distanceLimit: true, offset: 0, limit: 10 }));
    expect(statements.some((s) => s.query.includes('insert into candidate_rankings'))).toBe(false);
    const page = await explainStatement(db, statements.find((s) => s.query.includes('count(*) over ()'))!, LAST_RESORT.filter((s) => !s.includes('bitmap')));
    expect(page).toContain('candidate_rankings_order_idx');
    expect(page).not.toMatch(/Sort Key: r\.points/);
    expect(page).not.toMatch(/driver_profiles_(reach|earth)_idx/);
  });
});
