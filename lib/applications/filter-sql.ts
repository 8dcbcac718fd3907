import { sql, type SQL } from 'drizzle-orm';
import { APPLICATION_STAGES } from '@/lib/drivers/codes';
import { applicationTags, applications, companyTags, driverProfiles, users } from '@/lib/db/schema';
import { ENDORSEMENTS, JOB_TYPES } from '@/lib/jobs/codes';
import { unprocessable } from '@/lib/errors';
import { DATE_YEARS, dayBound, isIsoDay, strictDate } from '@/lib/validation/dates';
import { startOfNextPortalDay } from '@/lib/validation/portal-day';
import type { ApplicantFilter, ApplicantSort } from './search-fields';

/*
 * Applicant filters and sorts as SQL. Every query is first narrowed to one job through the
 * applications (job_id, …) indexes, so each filter and sort works on that job's applicants only,
 * whatever the size of the whole table (docs/applicants.md).
 */

const bad = (i: number, message: string) => unprocessable(message, `filter.${i}.value`);
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function text(i: number, f: ApplicantFilter): string {
  if (typeof f.value !== 'string' && typeof f.value !== 'number') throw bad(i, `The value of '${f.field}' is a text.`);
  const v = String(f.value).trim();
  if (v.length > 200) throw bad(i, `The value of '${f.field}' has at most 200 characters.`);
  return v;
}

function num(i: number, f: ApplicantFilter, value: unknown = f.value): number {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > 1e7) throw bad(i, `The value of '${f.field}' is a number.`);
  return n;
}

function list(i: number, f: ApplicantFilter): unknown[] {
  if (!Array.isArray(f.value) || !f.value.length || f.value.length > 100) throw bad(i, `The value of '${f.field}' with 'in' is a list of 1 to 100 values.`);
  return f.value;
}

/** `between` takes [low, high] or {start, end}. */
function range(i: number, f: ApplicantFilter): [unknown, unknown] {
  const v = f.value as Record<string, unknown> | unknown[] | null;
  if (Array.isArray(v) && v.length === 2) return [v[0], v[1]];
  if (v && typeof v === 'object' && !Array.isArray(v) && 'start' in v && 'end' in v) return [v.start, v.end];
  throw bad(i, `The value of '${f.field}' with 'between' is [low, high] or {start, end}.`);
}

function yes(i: number, f: ApplicantFilter): boolean {
  const v = typeof f.value === 'string' ? f.value.trim().toLowerCase() : f.value;
  if (v === true || v === 'yes' || v === 'true') return true;
  if (v === false || v === 'no' || v === 'false') return false;
  throw bad(i, `The value of '${f.field}' is Yes or No.`);
}

/**
 * A day (its start, or its end with `endOfDay`) or a date and time, by the app's one date rule
 * (lib/validation/dates.ts). A day is the portal zone's, the day the applicants list shows.
 */
function instant(i: number, f: ApplicantFilter, value: unknown, endOfDay = false): Date {
  const d = typeof value === 'string' ? strictDate(value) : null;
  if (!d) throw bad(i, `The value of '${f.field}' is a date (YYYY-MM-DD) or a date and time, from ${DATE_YEARS.min} to ${DATE_YEARS.max}.`);
  return dayBound(value, d, endOfDay ? 'to' : 'from');
}

/** A code of a list, by its value or its label (any case). */
function code(i: number, f: ApplicantFilter, codes: readonly { value: string; label: string }[], value: unknown = f.value): string {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const found = codes.find((c) => c.value.toLowerCase() === v || c.label.toLowerCase() === v);
  if (!found) throw bad(i, `The value of '${f.field}' is one of: ${codes.map((c) => c.value).join(', ')}.`);
  return found.value;
}

const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

function compare(column: SQL | typeof applications.distanceMiles, op: ApplicantFilter['operator'], a: unknown, b?: unknown): SQL {
  switch (op) {
    case 'equals':
      return sql`${column} = ${a}`;
    case 'not_equals':
      return sql`${column} is distinct from ${a}`;
    case 'greater_than':
      return sql`${column} > ${a}`;
    case 'less_than':
      return sql`${column} < ${a}`;
    case 'between':
      return sql`${column} between ${a} and ${b}`;
    default:
      throw new Error(`unreachable operator ${op}`);
  }
}

/** A filter on an enum array column: equals (has it), not_equals (lacks it), in (has any). */
function arrayFilter(i: number, f: ApplicantFilter, column: SQL, codes: readonly { value: string; label: string }[], pgType: string): SQL {
  const values = f.operator === 'in' ? list(i, f).map((v) => code(i, f, codes, v)) : [code(i, f, codes)];
  const arr = sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(pgType)}[]`;
  if (f.operator === 'in') return sql`${column} && ${arr}`;
  if (f.operator === 'not_equals') return sql`not coalesce(${column} @> ${arr}, false)`;
  return sql`${column} @> ${arr}`;
}

function tagFilter(i: number, f: ApplicantFilter): SQL {
  const on = (cond: SQL) =>
    sql`exists (select 1 from ${applicationTags} join ${companyTags} on ${companyTags.id} = ${applicationTags.tagId} where ${applicationTags.applicationId} = ${applications.id} and ${cond})`;
  // A JSON number is a tag id (one an integer column can hold); a text is the tag's name, digits
  // too: the grid sends what was typed, and "1" matched the tag whose id is 1, not the tag named "1".
  // A number no id can be names no tag rather than failing the statement.
  const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2_147_483_647;
  const one = (v: unknown) => (isId(v) ? sql`${companyTags.id} = ${Number(v)}` : sql`${companyTags.tag} = ${text(i, { ...f, value: v })}`);
  switch (f.operator) {
    case 'equals':
      return on(one(f.value));
    case 'not_equals':
      return sql`not ${on(one(f.value))}`;
    case 'in':
      return on(sql`(${sql.join(list(i, f).map(one), sql` or `)})`);
    case 'ilike':
      return on(sql`${companyTags.tag} ilike ${`%${escapeLike(text(i, f))}%`}`);
    case 'not_ilike':
      return sql`not ${on(sql`${companyTags.tag} ilike ${`%${escapeLike(text(i, f))}%`}`)}`;
    default:
      throw new Error(`unreachable operator ${f.operator}`);
  }
}

/**
 * The digits of a value typed as a phone ('(214)555-0177', '214 555 0177', '+1 214…'), or null when
 * it is not one. Phones are stored as +12145550177 and shown as (214)555-0177: compared by their
 * digits, what the list shows finds the applicant.
 */
function phoneDigits(v: string): string | null {
  if (!/^[\d\s().+-]+$/.test(v)) return null;
  const digits = v.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

const phoneDigitsSql = sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g')`;

function applicantFilter(i: number, f: ApplicantFilter): SQL {
  const v = text(i, f);
  const like = `%${escapeLike(v)}%`;
  const digits = phoneDigits(v);
  // A ten-digit number is the national one: the stored +1 is not typed.
  const national = digits && digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const phoneLike = digits ? sql` or ${phoneDigitsSql} like ${`%${digits}%`}` : sql``;
  const phoneSame = national ? sql` or ${phoneDigitsSql} in (${national}, ${`1${national}`})` : sql``;
  const matches = sql`(${fullName} ilike ${like} or ${users.email} ilike ${like} or coalesce(${users.phone}, '') ilike ${like}${phoneLike})`;
  const same = sql`(lower(${fullName}) = lower(${v}) or lower(${users.email}::text) = lower(${v}) or coalesce(${users.phone}, '') = ${v}${phoneSame})`;
  switch (f.operator) {
    case 'ilike':
      return matches;
    case 'not_ilike':
      return sql`not ${matches}`;
    case 'equals':
      return same;
    case 'not_equals':
      return sql`not ${same}`;
    default:
      throw new Error(`unreachable operator ${f.operator}`);
  }
}

/** The whole numbers a filter may name, from min to max. */
type Whole = { min: number; max: number };
/** Years of experience: the column is a smallint, and 40,000 answered "Invalid value." with no field. */
const YEARS: Whole = { min: 0, max: 100 };

function numberFilter(i: number, f: ApplicantFilter, column: SQL | typeof applications.distanceMiles, whole?: Whole): SQL {
  const n = (v?: unknown) => {
    const x = num(i, f, v);
    if (whole && (!Number.isInteger(x) || x < whole.min || x > whole.max)) throw bad(i, `The value of '${f.field}' is a whole number from ${whole.min} to ${whole.max}.`);
    return x;
  };
  if (f.operator === 'in') return sql`${column} in (${sql.join(list(i, f).map((v) => sql`${n(v)}`), sql`, `)})`;
  if (f.operator === 'between') {
    const [a, b] = range(i, f);
    return compare(column, 'between', n(a), n(b));
  }
  return compare(column, f.operator, n());
}

/**
 * The distance; 'equals' compares the figure the list shows (two decimals): 'equals 226.39' compared
 * the stored double exactly and never matched the row that showed it.
 */
function distanceFilter(i: number, f: ApplicantFilter): SQL {
  if (f.operator !== 'equals') return numberFilter(i, f, applications.distanceMiles);
  return sql`round(${applications.distanceMiles}::numeric, 2) = round(${num(i, f)}::numeric, 2)`;
}

function dateFilter(i: number, f: ApplicantFilter): SQL {
  const at = applications.createdAt;
  if (f.operator === 'between') {
    const [a, b] = range(i, f);
    return sql`${at} between ${instant(i, f, a)} and ${instant(i, f, b, true)}`;
  }
  if (f.operator === 'equals') {
    const from = instant(i, f, f.value);
    const to = isIsoDay(f.value) ? startOfNextPortalDay(f.value) : new Date(from.getTime() + 1000);
    return sql`${at} >= ${from} and ${at} < ${to}`;
  }
  if (f.operator === 'greater_than') return sql`${at} > ${instant(i, f, f.value, true)}`;
  return sql`${at} < ${instant(i, f, f.value)}`;
}

function boolFilter(i: number, f: ApplicantFilter, column: SQL | typeof applications.withinRange): SQL {
  const v = yes(i, f);
  return f.operator === 'equals' ? sql`${column} = ${v}` : sql`${column} is distinct from ${v}`;
}

/** One filter of the search body as SQL; a value that does not fit answers 422 naming the filter. */
export function filterSql(f: ApplicantFilter, i: number): SQL {
  switch (f.field) {
    case 'applicant':
      return applicantFilter(i, f);
    case 'application_at':
      return dateFilter(i, f);
    case 'distance':
      return distanceFilter(i, f);
    case 'tag':
      return tagFilter(i, f);
    case 'years_of_experience':
      return numberFilter(i, f, sql`${driverProfiles.yearsOfExperience}`, YEARS);
    case 'within_range':
      return boolFilter(i, f, applications.withinRange);
    case 'owner_operator':
      return boolFilter(i, f, sql`${driverProfiles.ownerOperator}`);
    case 'job_type':
      return arrayFilter(i, f, sql`${driverProfiles.workExperiences}`, JOB_TYPES, 'job_type');
    case 'endorsements':
      return arrayFilter(i, f, sql`${driverProfiles.endorsements}`, ENDORSEMENTS, 'endorsement');
    case 'stage': {
      const values = f.operator === 'in' ? list(i, f).map((v) => code(i, f, APPLICATION_STAGES, v)) : [code(i, f, APPLICATION_STAGES)];
      const set = sql`(${sql.join(values.map((v) => sql`${v}::application_stage`), sql`, `)})`;
      return f.operator === 'not_equals' ? sql`${applications.stage} not in ${set}` : sql`${applications.stage} in ${set}`;
    }
  }
}

/**
 * The tables a filter reads besides applications (and its tags, reached from the application's
 * id). The total counts over applications alone unless a filter needs users or driver_profiles:
 * every application has its user (a required foreign key) and at most one profile (the profile's
 * key is the user id), so neither join changes how many rows match, only what the count costs
 * (95–160 ms on a job with 99,900 applicants, against 1 ms without them).
 */
const USER_FIELDS: ReadonlySet<ApplicantFilter['field']> = new Set(['applicant']);
const PROFILE_FIELDS: ReadonlySet<ApplicantFilter['field']> = new Set(['years_of_experience', 'owner_operator', 'job_type', 'endorsements']);

export function filterJoins(filters: readonly ApplicantFilter[]): { users: boolean; profiles: boolean } {
  return { users: filters.some((f) => USER_FIELDS.has(f.field)), profiles: filters.some((f) => PROFILE_FIELDS.has(f.field)) };
}

const SORT_COLUMNS: Record<ApplicantSort['field'], SQL[]> = {
  // The driver's name, years and owner-operator: their copies on the application (kept by triggers,
  // migration 0025), which the job's indexes hold in these orders.
  applicant: [sql`${applications.sortLastName}`, sql`${applications.sortFirstName}`],
  application_at: [sql`${applications.createdAt}`],
  distance: [sql`${applications.distanceMiles}`],
  years_of_experience: [sql`${applications.sortYears}`],
  within_range: [sql`${applications.withinRange}`],
  owner_operator: [sql`${applications.sortOwnerOperator}`],
  stage: [sql`${applications.stage}`],
};

/**
 * The ORDER BY of a search: the asked sorts (missing values last), then newest application first, then id (a stable page order).
 * Every sort reads one job's rows in this order from an index whose key is exactly it (job_id first,
 * schema/marketplace.ts), each way: distance, stage, within range, the driver's name, years and
 * owner-operator (their copies on the application), and the application's date (then only equal
 * dates are sorted by id).
 */
export function sortSql(sorts: ApplicantSort[]): SQL[] {
  const out = sorts.flatMap((s) =>
    SORT_COLUMNS[s.field].map((c) =>
      // The application's date is never null: written without `nulls last`, newest first is the
      // backward order of applications_job_created_idx (`desc nulls last` is an order no index had,
      // and sorted all 99,900 applicants of a popular job: 158 ms).
      s.field === 'application_at' ? (s.direction === 'desc' ? sql`${c} desc` : sql`${c} asc`) : s.direction === 'desc' ? sql`${c} desc nulls last` : sql`${c} asc nulls last`,
    ),
  );
  if (!sorts.some((s) => s.field === 'application_at')) out.push(sql`${applications.createdAt} desc`);
  out.push(sql`${applications.id} desc`);
  return out;
}
