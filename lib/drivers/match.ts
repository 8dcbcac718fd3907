import { Column, SQL, is, sql, type SQLWrapper } from 'drizzle-orm';
import { EXPERIENCE, type EndorsementCode, type ExperienceCode, type HomeTimeCode, type JobTypeCode } from '../jobs/codes';
import type { CdlStatus } from './codes';

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

/** Miles a driver is assumed to travel when the profile does not say (DESIGN decision, docs/drivers.md). */
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

function factorMet(key: MatchFactorKey, p: MatchProfile, job: MatchJob, distance: number | null): boolean {
  switch (key) {
    case 'cdl':
      return CDL_RANK[p.cdlStatus ?? 'none'] >= CDL_RANK[requiredCdlClass(job.jobType)];
    case 'endorsements':
      return job.endorsements.every((e) => p.endorsements.includes(e));
    case 'experience': {
      const required = EXPERIENCE_RANK[job.requiredExperience];
      const own = Math.max(p.experience ? EXPERIENCE_RANK[p.experience] : -1, experienceRankOfYears(p.yearsOfExperience));
      return required === 0 || own >= required;
    }
    case 'distance':
      return distance != null && distance <= (p.travelDistance ?? DEFAULT_TRAVEL_MILES);
    case 'home_time': {
      if (!p.homeTime) return false;
      if (p.homeTime === job.homeTime) return true;
      const wanted = HOME_TIME_DAYS[p.homeTime];
      const offered = HOME_TIME_DAYS[job.homeTime];
      return wanted != null && offered != null && offered <= wanted;
    }
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

type Operand<T> = SQLWrapper | T;
export type MatchProfileSql = { [K in keyof MatchProfile]: Operand<MatchProfile[K]> };
export type MatchJobSql = { [K in keyof MatchJob]: Operand<MatchJob[K]> };

const isSql = (v: unknown): v is SQLWrapper => is(v, Column) || is(v, SQL) || is(v, SQL.Aliased);

/** A scalar operand: the expression as is, or the value as a typed parameter. */
function scalar(v: Operand<unknown>, type: string): SQL {
  return isSql(v) ? sql`${v}` : sql`cast(${v} as ${sql.raw(type)})`;
}

/** An array operand: the expression as is, or an ARRAY[...] literal of the enum type. */
function array(v: Operand<readonly string[]>, type: string): SQL {
  if (isSql(v)) return sql`${v}`;
  const items = v as readonly string[];
  if (!items.length) return sql.raw(`'{}'::${type}[]`);
  return sql`array[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}

/** A constant number written into the SQL (a parameter would be text to the planner). */
const n = (v: number) => sql.raw(String(v));

/** CASE over a code list: the number for each code, `otherwise` for null or an unknown one. */
function caseOf(expr: SQL, table: Record<string, number | null>, otherwise: number | null): SQL {
  const lit = (n: number | null) => sql.raw(n == null ? 'null' : String(n));
  const whens = Object.entries(table).map(([code, n]) => sql`when ${sql.raw(`'${code}'`)} then ${lit(n)}`);
  return sql`(case ${expr}::text ${sql.join(whens, sql` `)} else ${lit(otherwise)} end)`;
}

/** Each factor as a boolean SQL expression, never null. */
export function matchFactorsSql(profile: MatchProfileSql, job: MatchJobSql, distance: Operand<number | null>): Record<MatchFactorKey, SQL> {
  const cdl = scalar(profile.cdlStatus, 'cdl_status');
  const jobType = scalar(job.jobType, 'job_type');
  const classB = sql`(${jobType}::text in (${sql.join(
    CLASS_B_JOB_TYPES.map((t) => sql.raw(`'${t}'`)),
    sql`, `,
  )}))`;
  const ownExperience = sql`greatest(${caseOf(scalar(profile.experience, 'experience'), EXPERIENCE_RANK, -1)}, ${yearsRankSql(scalar(profile.yearsOfExperience, 'integer'))})`;
  const requiredExperience = caseOf(scalar(job.requiredExperience, 'experience'), EXPERIENCE_RANK, 0);
  const dist = scalar(distance, 'double precision');
  const travel = scalar(profile.travelDistance, 'integer');
  const wantHome = scalar(profile.homeTime, 'home_time');
  const jobHome = scalar(job.homeTime, 'home_time');
  const wantedDays = caseOf(wantHome, HOME_TIME_DAYS, null);
  const offeredDays = caseOf(jobHome, HOME_TIME_DAYS, null);
  return {
    cdl: sql`(${caseOf(cdl, CDL_RANK, 0)} >= (case when ${classB} then ${n(CDL_RANK.B)} else ${n(CDL_RANK.A)} end))`,
    endorsements: sql`(${array(job.endorsements, 'endorsement')} <@ ${array(profile.endorsements, 'endorsement')})`,
    experience: sql`(${requiredExperience} = 0 or ${ownExperience} >= ${requiredExperience})`,
    distance: sql`coalesce(${dist} <= coalesce(${travel}, ${n(DEFAULT_TRAVEL_MILES)}), false)`,
    home_time: sql`coalesce(${wantHome}::text = ${jobHome}::text or ${offeredDays} <= ${wantedDays}, false)`,
    job_type: sql`(${jobType} = any(${array(profile.workExperiences, 'job_type')}))`,
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
