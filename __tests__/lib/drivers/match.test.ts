import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { driverProfiles, users } from '@/lib/db/schema';
import {
  MATCH_FACTORS,
  explainMatch,
  explanationFromMet,
  matchFactorsSql,
  matchFractionSql,
  profileColumns,
  type MatchJob,
  type MatchProfile,
} from '@/lib/drivers/match';
import { distanceArb, jobArb, profileArb } from '../../helpers/match-arbitraries';

let userId: number;
beforeAll(async () => {
  const db = await getDb();
  [{ id: userId }] = await db.insert(users).values({ email: 'match@drivers.test', firstName: 'Mat', lastName: 'Ch' }).returning({ id: users.id });
});

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (Array.isArray(res) ? res : (res as { rows: Row[] }).rows);

/** Reads the factors and fraction back from one SQL row. */
function fromRow(row: Row) {
  const met = Object.fromEntries(MATCH_FACTORS.map((f) => [f.key, row[f.key] === true])) as Parameters<typeof explanationFromMet>[0];
  return { ...explanationFromMet(met), sqlMatching: Number(row.matching) };
}

/** Candidates form: driver_profiles columns against a job's values. */
async function viaProfileColumns(profile: MatchProfile, job: MatchJob, distance: number | null) {
  const db = await getDb();
  const values = { ...profile, endorsements: [...profile.endorsements], workExperiences: [...profile.workExperiences] };
  await db.insert(driverProfiles).values({ userId, ...values }).onConflictDoUpdate({ target: driverProfiles.userId, set: values });
  const cols = profileColumns(driverProfiles);
  const factors = matchFactorsSql(cols, job, distance);
  const selected = sql.join(
    MATCH_FACTORS.map((f) => sql`${factors[f.key]} as ${sql.identifier(f.key)}`),
    sql`, `,
  );
  const res = await db.execute(sql`select ${selected}, ${matchFractionSql(cols, job, distance)} as matching from driver_profiles where user_id = ${userId}`);
  return fromRow(rowsOf(res)[0]);
}

/**
 * Driver's job search form: a profile's values against job columns (here a typed VALUES row).
 * `profileToo`: the profile's columns as well (the form with nothing known in JavaScript).
 */
async function viaJobColumns(profile: MatchProfile, job: MatchJob, distance: number | null, profileToo = false) {
  const db = await getDb();
  if (profileToo) {
    const values = { ...profile, endorsements: [...profile.endorsements], workExperiences: [...profile.workExperiences] };
    await db.insert(driverProfiles).values({ userId, ...values }).onConflictDoUpdate({ target: driverProfiles.userId, set: values });
  }
  const j = {
    jobType: sql.raw('j.job_type'),
    homeTime: sql.raw('j.home_time'),
    requiredExperience: sql.raw('j.required_experience'),
    endorsements: sql.raw('j.endorsements'),
  };
  const d = sql.raw('j.distance');
  const p = profileToo ? profileColumns(driverProfiles) : profile;
  const factors = matchFactorsSql(p, j, d);
  const selected = sql.join(
    MATCH_FACTORS.map((f) => sql`${factors[f.key]} as ${sql.identifier(f.key)}`),
    sql`, `,
  );
  const endorsements = job.endorsements.length ? sql`array[${sql.join(job.endorsements.map((e) => sql`${e}`), sql`, `)}]::endorsement[]` : sql`'{}'::endorsement[]`;
  const res = await db.execute(sql`select ${selected}, ${matchFractionSql(p, j, d)} as matching
    from (values (cast(${job.jobType} as job_type), cast(${job.homeTime} as home_time), cast(${job.requiredExperience} as experience), ${endorsements}, cast(${distance} as double precision)))
      as j(job_type, home_time, required_experience, endorsements, distance)
    ${profileToo ? sql`join driver_profiles on driver_profiles.user_id = ${userId}` : sql``}`);
  return fromRow(rowsOf(res)[0]);
}

describe('the match explanation', () => {
  it('names six factors whose weights add up to 100 points', () => {
    expect(MATCH_FACTORS.map((f) => f.label)).toEqual(['CDL class', 'Endorsements', 'Experience', 'Distance from home', 'Home time', 'Job type']);
    expect(MATCH_FACTORS.reduce((n, f) => n + f.weight, 0)).toBe(100);
  });

  it('a Class A driver with every endorsement, 2+ years, at home nearby matches a tanker job fully', () => {
    const profile: MatchProfile = {
      cdlStatus: 'A',
      endorsements: ['H', 'N', 'X'],
      yearsOfExperience: 5,
      experience: 'Y2',
      workExperiences: ['tanker', 'dry_van'],
      homeTime: 'HW',
      travelDistance: 100,
    };
    const job: MatchJob = { jobType: 'tanker', homeTime: 'HD', requiredExperience: 'Y1', endorsements: ['N', 'H'] };
    const m = explainMatch(profile, job, 12.5);
    expect(m.matching).toBe(1);
    expect(m.factors.every((f) => f.met)).toBe(true);
  });

  it('each rule fails on its own: Class B for a tractor job, missing endorsement, too little experience, too far, rarer home time, other job type', () => {
    const profile: MatchProfile = { cdlStatus: 'B', endorsements: ['H'], yearsOfExperience: 0, experience: 'M6', workExperiences: ['bus'], homeTime: 'HD', travelDistance: null };
    const job: MatchJob = { jobType: 'tanker', homeTime: 'HW', requiredExperience: 'Y1', endorsements: ['N'] };
    const m = explainMatch(profile, job, 50.5);
    expect(m.factors.filter((f) => f.met)).toEqual([]);
    expect(m.matching).toBe(0);
    // The default travel distance is 50 miles; Class B is enough for a bus.
    const bus = explainMatch(profile, { ...job, jobType: 'bus', endorsements: [] }, 50);
    expect(bus.factors.filter((f) => f.met).map((f) => f.key)).toEqual(['cdl', 'endorsements', 'distance', 'job_type']);
    expect(bus.matching).toBe(0.7);
  });

  it('reads X (tanker/hazmat combo) as H and N, and H with N as X, in JavaScript and in SQL', async () => {
    const base: MatchProfile = { cdlStatus: 'A', endorsements: [], yearsOfExperience: 3, experience: null, workExperiences: ['tanker'], homeTime: 'HW', travelDistance: 100 };
    const job = (endorsements: MatchJob['endorsements']): MatchJob => ({ jobType: 'tanker', homeTime: 'HW', requiredExperience: 'Y1', endorsements });
    const met = (own: MatchProfile['endorsements'], needs: MatchJob['endorsements']) => explainMatch({ ...base, endorsements: own }, job(needs), 20).factors.find((f) => f.key === 'endorsements')!.met;
    expect(met(['X'], ['H'])).toBe(true);
    expect(met(['X'], ['H', 'N'])).toBe(true);
    expect(met(['H', 'N'], ['X'])).toBe(true);
    expect(met(['H'], ['X'])).toBe(false);
    expect(met(['X'], ['T'])).toBe(false);
    // A code written twice (a row written straight to the database) changes nothing.
    expect(met(['H', 'H', 'N'], ['X'])).toBe(true);
    for (const [own, needs] of [[['X'], ['H', 'N']], [['H', 'N'], ['X']], [['N'], ['X']]] as const) {
      const js = explainMatch({ ...base, endorsements: own }, job(needs), 20);
      expect((await viaProfileColumns({ ...base, endorsements: own }, job(needs), 20)).factors).toEqual(js.factors);
      expect((await viaJobColumns({ ...base, endorsements: own }, job(needs), 20, true)).factors).toEqual(js.factors);
    }
  });

  it('an empty profile matches only what every driver meets', () => {
    const empty: MatchProfile = { cdlStatus: null, endorsements: [], yearsOfExperience: null, experience: null, workExperiences: [], homeTime: null, travelDistance: null };
    const m = explainMatch(empty, { jobType: 'dry_van', homeTime: 'O', requiredExperience: 'CS', endorsements: [] }, null);
    expect(m.factors.filter((f) => f.met).map((f) => f.key)).toEqual(['endorsements', 'experience']);
  });

  it('SQL and the pure function agree on random profiles, jobs and distances (driver columns, job values)', async () => {
    await fc.assert(
      fc.asyncProperty(profileArb, jobArb, distanceArb, async (profile, job, distance) => {
        const js = explainMatch(profile, job, distance);
        const db = await viaProfileColumns(profile, job, distance);
        expect(db.factors).toEqual(js.factors);
        expect(db.sqlMatching).toBe(js.matching);
      }),
      { numRuns: 150 },
    );
  });

  it('SQL and the pure function agree the other way round (profile values, job columns)', async () => {
    await fc.assert(
      fc.asyncProperty(profileArb, jobArb, distanceArb, async (profile, job, distance) => {
        const js = explainMatch(profile, job, distance);
        const db = await viaJobColumns(profile, job, distance);
        expect(db.factors).toEqual(js.factors);
        expect(db.sqlMatching).toBe(js.matching);
      }),
      { numRuns: 150 },
    );
  });

  // Every value known on one side is worked out in JavaScript (lib/drivers/match.ts); with none known,
  // the rules are all SQL, a third form to keep equal.
  it('SQL and the pure function agree with columns on both sides', async () => {
    await fc.assert(
      fc.asyncProperty(profileArb, jobArb, distanceArb, async (profile, job, distance) => {
        const js = explainMatch(profile, job, distance);
        const db = await viaJobColumns(profile, job, distance, true);
        expect(db.factors).toEqual(js.factors);
        expect(db.sqlMatching).toBe(js.matching);
      }),
      { numRuns: 150 },
    );
  });
});
