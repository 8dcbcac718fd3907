import { Column, SQL, is, sql, type SQLWrapper } from 'drizzle-orm';
import { ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, valuesOf, type EndorsementCode, type ExperienceCode, type HomeTimeCode, type JobTypeCode } from '../jobs/codes';
import { CDL_STATUSES, type CdlStatus } from './codes';

/*
 * THE match between a driver and a job (issue 10): one explanation, shown to the employer on the
 * candidates screen and to the driver in the Drivers Portal. It is written twice on purpose:
 * `explainMatch` is the pure function the screens and the API answer with; `matchSql` is the same
 * rules as SQL, so candidates (and a driver's best jobs) are ranked in the database. A property
 * test (__tests__/lib/drivers/match.test.ts) evaluates random profiles and jobs both ways and
 * requires the same factors and the same total.
 *
 * Weights are whole points out of 100, so the fraction (points / 100) is the same double in
 * JavaScript and in SQL; a float sum of 0.25 + 0.15 + … would not be.
 */

export const MATCH_FACTORS = [
  { key: 'cdl', label: 'CDL class', weight: 25 },
  { key: 'endorsements', label: 'Endorsements', weight: 15 },
  { key: 'experience', label: 'Experience', weight: 20 },
  { key: 'distance', label: 'Distance from home', weight: 20 },
  { key: 'home_time', label: 'Home time', weight: 10 },
  { key: 'job_type', label: 'Job type', weight: 10 },
] as const;
export type MatchFactorKey = (typeof MATCH_FACTORS)[number]['key'];
export const MATCH_POINTS_TOTAL = MATCH_FACTORS.reduce((n, f) => n + f.weight, 0);

/**
 * Miles a driver is assumed to travel when the profile does not say (DESIGN decision, docs/drivers.md).
 * Also written into migration 0034's triggers (applications.within_range): changing it needs a migration.
 */
export const DEFAULT_TRAVEL_MILES = 50;

/**
 * Job types driven on a Class B licence (straight trucks and buses); every other type is a
 * tractor-trailer and wants Class A. A Class A licence covers Class B and C work, B covers C.
 */
export const CLASS_B_JOB_TYPES: readonly JobTypeCode[] = ['bus', 'garbage_truck', 'mixer', 'ready_mixer', 'roll_off', 'dump_truck'];
const CDL_RANK: Record<CdlStatus, number> = { A: 3, B: 2, C: 1, none: 0 };
export function requiredCdlClass(jobType: JobTypeCode): 'A' | 'B' {
  return CLASS_B_JOB_TYPES.includes(jobType) ? 'B' : 'A';
}

/** Experience codes in order (CS lowest); a job requiring 'Current student' takes anyone. */
const EXPERIENCE_RANK = Object.fromEntries(EXPERIENCE.map((e, i) => [e.value, i])) as Record<ExperienceCode, number>;
/** Years of experience read as a code when the driver gave years but no code. */
export function experienceRankOfYears(years: number | null | undefined): number {
  if (years == null) return -1;
  return years >= 2 ? EXPERIENCE_RANK.Y2 : years >= 1 ? EXPERIENCE_RANK.Y1 : -1;
}

/**
 * How often each home-time code brings the driver home, in days; 'Other' has no number and
 * matches only itself. A job that brings the driver home at least as often as wanted matches.
 */
export const HOME_TIME_DAYS: Record<HomeTimeCode, number | null> = { HD: 1, D2: 1, HW: 7, D3: 7, D4: 14, D5: 21, D6: 28, O: null };

export type MatchProfile = {
  cdlStatus: CdlStatus | null;
  endorsements: readonly EndorsementCode[];
  yearsOfExperience: number | null;
  experience: ExperienceCode | null;
  workExperiences: readonly JobTypeCode[];
  homeTime: HomeTimeCode | null;
  travelDistance: number | null;
};
export type MatchJob = {
  jobType: JobTypeCode;
  homeTime: HomeTimeCode;
  requiredExperience: ExperienceCode;
  endorsements: readonly EndorsementCode[];
};
export type MatchFactor = { key: MatchFactorKey; label: string; weight: number; met: boolean };
export type MatchExplanation = { matching: number; points: number; factors: MatchFactor[] };

/**
 * Whether a job's home time satisfies the one a driver wants: the same, or home at least as often
 * ('Other' has no number and matches only itself). The SQL form lists the codes it accepts from it.
 */
function homeTimeMet(wanted: HomeTimeCode, offered: HomeTimeCode): boolean {
  const w = HOME_TIME_DAYS[wanted];
  const o = HOME_TIME_DAYS[offered];
  return wanted === offered || (w != null && o != null && o <= w);
}

/**
 * The endorsements a driver holds in effect. X (tanker/hazmat combo) is H and N on one licence, and a
 * licence with H and N holds X: read literally, a driver with X was told "profile lacks Hazmat" for
 * an H job, and one with H and N missed every X job.
 */
export function heldEndorsements(own: readonly EndorsementCode[]): readonly EndorsementCode[] {
  const held = new Set(own);
  if (held.has('X')) held.add('H').add('N');
  if (held.has('H') && held.has('N')) held.add('X');
  return [...held];
}

/** heldEndorsements in SQL, for an endorsement[] expression (a profile's column). */
function heldEndorsementsSql(own: SQL): SQL {
  return sql`(${own} || case when 'X'::endorsement = any(${own}) then '{H,N}'::endorsement[] else '{}'::endorsement[] end
    || case when ${own} @> '{H,N}'::endorsement[] then '{X}'::endorsement[] else '{}'::endorsement[] end)`;
}

function factorMet(key: MatchFactorKey, p: MatchProfile, job: MatchJob, distance: number | null): boolean {
  switch (key) {
    case 'cdl':
      return CDL_RANK[p.cdlStatus ?? 'none'] >= CDL_RANK[requiredCdlClass(job.jobType)];
    case 'endorsements': {
      const held = heldEndorsements(p.endorsements);
      return job.endorsements.every((e) => held.includes(e));
    }
    case 'experience': {
      const required = EXPERIENCE_RANK[job.requiredExperience];
      const own = Math.max(p.experience ? EXPERIENCE_RANK[p.experience] : -1, experienceRankOfYears(p.yearsOfExperience));
      return required === 0 || own >= required;
    }
    case 'distance':
      return distance != null && distance <= (p.travelDistance ?? DEFAULT_TRAVEL_MILES);
    case 'home_time':
      return p.homeTime != null && homeTimeMet(p.homeTime, job.homeTime);
    case 'job_type':
      return p.workExperiences.includes(job.jobType);
  }
}

/** The named factors of a driver's match with a job, and the fraction 0–1 of the points met. */
export function explainMatch(profile: MatchProfile, job: MatchJob, distanceMiles: number | null): MatchExplanation {
  const factors = MATCH_FACTORS.map((f) => ({ ...f, met: factorMet(f.key, profile, job, distanceMiles) }));
  const points = factors.reduce((n, f) => n + (f.met ? f.weight : 0), 0);
  return { matching: points / MATCH_POINTS_TOTAL, points, factors };
}

// ---------------------------------------------------------------------------------------------
// The same rules in SQL. Each operand is either a column (or any SQL expression) or a plain value:
// the candidates query passes a job's values and driver_profiles columns, the driver's job search
// passes a profile's values and jobs columns.
//
// Whatever depends only on the plain side is worked out here, in JavaScript, and written into the
// statement as constants: the job's required licence class, its required experience, the home
// times it satisfies. Left to the database, each was evaluated again for every row: a candidates
// page at 100,000 drivers scores a thousand or more of them, and casting enum values to text and
// back for every comparison (enum output looks its label up) was a quarter of its time.

type Operand<T> = SQLWrapper | T;
export type MatchProfileSql = { [K in keyof MatchProfile]: Operand<MatchProfile[K]> };
export type MatchJobSql = { [K in keyof MatchJob]: Operand<MatchJob[K]> };

const isSql = (v: unknown): v is SQLWrapper => is(v, Column) || is(v, SQL) || is(v, SQL.Aliased);

/** Every code of each enum the rules read: a plain value is written into the SQL only if it is one of them. */
const CODES = {
  cdl_status: CDL_STATUSES.map((c) => c.value),
  experience: valuesOf(EXPERIENCE),
  home_time: valuesOf(HOME_TIME),
  job_type: valuesOf(JOB_TYPES),
  endorsement: valuesOf(ENDORSEMENTS),
} as const satisfies Record<string, readonly string[]>;
type CodeType = keyof typeof CODES;

/** A code as a typed constant. The values come from enum columns; anything else is a bug, not input, so it throws. */
function lit(v: string, type: CodeType): SQL {
  if (!(CODES[type] as readonly string[]).includes(v)) throw new Error(`match SQL: '${v}' is not a ${type} code`);
  return sql.raw(`'${v}'::${type}`);
}
const lits = (vs: readonly string[], type: CodeType) => sql.join(vs.map((v) => lit(v, type)), sql`, `);
const bool = (b: boolean) => sql.raw(b ? 'true' : 'false');
/** A constant number written into the SQL (a parameter would be text to the planner). */
const n = (v: number) => sql.raw(String(v));
const num = (v: number | SQL): SQL => (typeof v === 'number' ? n(v) : v);

/** An array operand: the expression as is, or a constant array of the enum type. */
function array(v: Operand<readonly string[]>, type: CodeType): SQL {
  if (isSql(v)) return sql`${v}`;
  const items = v as readonly string[];
  return items.length ? sql`array[${lits(items, type)}]` : sql.raw(`'{}'::${type}[]`);
}

/**
 * A code's number from a table: worked out here for a plain value; for an expression, a CASE over
 * the enum's own values (no cast to text), `otherwise` for null or a code the table lacks.
 */
function rankOf(v: Operand<string | null>, type: CodeType, table: Record<string, number | null>, otherwise: number | null): number | null | SQL {
  if (!isSql(v)) return v == null || !Object.hasOwn(table, v) ? otherwise : (table[v] ?? otherwise);
  const out = (x: number | null) => sql.raw(x == null ? 'null' : String(x));
  const whens = Object.entries(table).map(([code, x]) => sql`when ${lit(code, type)} then ${out(x)}`);
  return sql`(case ${v} ${sql.join(whens, sql` `)} else ${out(otherwise)} end)`;
}

/** a >= b, decided here when both are known. */
function atLeast(a: number | SQL, b: number | SQL): SQL {
  return typeof a === 'number' && typeof b === 'number' ? bool(a >= b) : sql`(${num(a)} >= ${num(b)})`;
}

function homeTimeSql(wanted: Operand<HomeTimeCode | null>, offered: Operand<HomeTimeCode>): SQL {
  const homes = CODES.home_time;
  if (!isSql(wanted) && !isSql(offered)) return bool(wanted != null && homeTimeMet(wanted, offered as HomeTimeCode));
  // One side known: the codes on the other side that meet it (null meets nothing).
  const within = (expr: SQLWrapper, codes: readonly string[]) => (codes.length ? sql`coalesce(${expr} in (${lits(codes, 'home_time')}), false)` : bool(false));
  if (!isSql(offered)) return within(wanted as SQLWrapper, homes.filter((w) => homeTimeMet(w, offered as HomeTimeCode)));
  if (!isSql(wanted)) return wanted == null ? bool(false) : within(offered, homes.filter((o) => homeTimeMet(wanted as HomeTimeCode, o)));
  const wantedDays = rankOf(wanted, 'home_time', HOME_TIME_DAYS, null) as SQL;
  const offeredDays = rankOf(offered, 'home_time', HOME_TIME_DAYS, null) as SQL;
  return sql`coalesce(${wanted} = ${offered} or ${offeredDays} <= ${wantedDays}, false)`;
}

/** Each factor as a boolean SQL expression, never null. */
export function matchFactorsSql(profile: MatchProfileSql, job: MatchJobSql, distance: Operand<number | null>): Record<MatchFactorKey, SQL> {
  const jobType = job.jobType;
  const requiredCdl = isSql(jobType)
    ? sql`(case when ${jobType} in (${lits(CLASS_B_JOB_TYPES, 'job_type')}) then ${n(CDL_RANK.B)} else ${n(CDL_RANK.A)} end)`
    : CDL_RANK[requiredCdlClass(jobType as JobTypeCode)];
  const ownCdl = rankOf(profile.cdlStatus, 'cdl_status', CDL_RANK, 0) as number | SQL;

  const required = rankOf(job.requiredExperience, 'experience', EXPERIENCE_RANK, 0) as number | SQL;
  const ownCode = rankOf(profile.experience, 'experience', EXPERIENCE_RANK, -1) as number | SQL;
  const ownYears = isSql(profile.yearsOfExperience) ? yearsRankSql(sql`${profile.yearsOfExperience}`) : experienceRankOfYears(profile.yearsOfExperience as number | null);
  const own = typeof ownCode === 'number' && typeof ownYears === 'number' ? Math.max(ownCode, ownYears) : sql`greatest(${num(ownCode)}, ${num(ownYears)})`;
  const experience = required === 0 ? bool(true) : typeof required === 'number' ? atLeast(own, required) : sql`(${required} = 0 or ${atLeast(own, required)})`;

  const endorsementsMet =
    !isSql(job.endorsements) && !(job.endorsements as readonly string[]).length
      ? bool(true)
      : sql`(${array(job.endorsements, 'endorsement')} <@ ${
          isSql(profile.endorsements) ? heldEndorsementsSql(sql`${profile.endorsements}`) : array(heldEndorsements(profile.endorsements as readonly EndorsementCode[]), 'endorsement')
        })`;

  const jobTypeMet = isSql(jobType)
    ? isSql(profile.workExperiences)
      ? sql`(${jobType} = any(${profile.workExperiences}))`
      : (profile.workExperiences as readonly string[]).length
        ? sql`(${jobType} in (${lits(profile.workExperiences as readonly string[], 'job_type')}))`
        : bool(false)
    : sql`(${lit(jobType as string, 'job_type')} = any(${array(profile.workExperiences, 'job_type')}))`;

  const dist = isSql(distance) ? sql`${distance}` : Number.isFinite(distance) ? n(Number(distance)) : sql.raw('null::double precision');
  const travel = isSql(profile.travelDistance)
    ? sql`coalesce(${profile.travelDistance}, ${n(DEFAULT_TRAVEL_MILES)})`
    : n(Number((profile.travelDistance as number | null) ?? DEFAULT_TRAVEL_MILES));
  return {
    cdl: atLeast(ownCdl, requiredCdl),
    endorsements: endorsementsMet,
    experience,
    distance: sql`coalesce(${dist} <= ${travel}, false)`,
    home_time: homeTimeSql(profile.homeTime, job.homeTime),
    job_type: jobTypeMet,
  };
}

function yearsRankSql(years: SQL): SQL {
  return sql`(case when ${years} >= 2 then ${n(EXPERIENCE_RANK.Y2)} when ${years} >= 1 then ${n(EXPERIENCE_RANK.Y1)} else -1 end)`;
}

/** The points met (0–100) as an integer SQL expression: rank by it, divide by 100 for job_matching. */
export function matchPointsSql(profile: MatchProfileSql, job: MatchJobSql, distance: Operand<number | null>): SQL<number> {
  const f = matchFactorsSql(profile, job, distance);
  const terms = MATCH_FACTORS.map((m) => sql`(case when ${f[m.key]} then ${n(m.weight)} else 0 end)`);
  return sql<number>`(${sql.join(terms, sql` + `)})`.mapWith(Number);
}

/** The fraction 0–1 (job_matching) in SQL, the same double as explainMatch's `matching`. */
export function matchFractionSql(profile: MatchProfileSql, job: MatchJobSql, distance: Operand<number | null>): SQL<number> {
  return sql<number>`(${matchPointsSql(profile, job, distance)}::double precision / ${n(MATCH_POINTS_TOTAL)})`.mapWith(Number);
}

/** Turns factor booleans read back from SQL (in MATCH_FACTORS order) into the explanation. */
export function explanationFromMet(met: Record<MatchFactorKey, boolean>): MatchExplanation {
  const factors = MATCH_FACTORS.map((f) => ({ ...f, met: Boolean(met[f.key]) }));
  const points = factors.reduce((n, f) => n + (f.met ? f.weight : 0), 0);
  return { matching: points / MATCH_POINTS_TOTAL, points, factors };
}

/** The driver_profiles columns as the SQL form's profile operands. */
export function profileColumns<T extends Record<keyof MatchProfile, SQLWrapper>>(t: T): MatchProfileSql {
  return {
    cdlStatus: t.cdlStatus,
    endorsements: t.endorsements,
    yearsOfExperience: t.yearsOfExperience,
    experience: t.experience,
    workExperiences: t.workExperiences,
    homeTime: t.homeTime,
    travelDistance: t.travelDistance,
  };
}

/** The jobs columns as the SQL form's job operands. */
export function jobColumns<T extends Record<keyof MatchJob, SQLWrapper>>(t: T): MatchJobSql {
  return { jobType: t.jobType, homeTime: t.homeTime, requiredExperience: t.requiredExperience, endorsements: t.endorsements };
}
