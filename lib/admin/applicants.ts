import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { queryRows, type Database } from '@/lib/db/client';
import { COUNT_CAP, cappedCount } from '@/lib/db/count';
import { intArray } from '@/lib/db/int-array';
import { literalInt, queryPage } from '@/lib/db/page';
import { badRequest } from '@/lib/errors';
import { containsPattern } from './filters';
import { assertAdmin } from './guard';

export type ApplicantLine = {
  id: number;
  appliedAt: string;
  driver: { id: number; name: string; email: string };
  job: { id: number; title: string };
  company: { id: number; name: string };
  stage: string;
  distanceMiles: number | null;
};

/** The fewest characters a search may have: a trigram index finds a part of a word from three. */
export const APPLICANT_SEARCH_MIN = 3;
export const APPLICANT_SEARCH_TOO_SHORT = `Type at least ${APPLICANT_SEARCH_MIN} characters to search, a letter or digit among them.`;

/**
 * Why a search cannot run, or null when it can (an empty one is no search). A part of a name,
 * e-mail, job title or company is found through trigram indexes, and those find nothing from one or
 * two characters (or from punctuation alone): such a search would read every application. The page
 * shows this message rather than run it; the service refuses it the same way (400).
 */
export function applicantSearchProblem(search: string): string | null {
  const term = search.trim();
  if (!term) return null;
  return [...term].length < APPLICANT_SEARCH_MIN || !/[\p{L}\p{N}]/u.test(term) ? APPLICANT_SEARCH_TOO_SHORT : null;
}

/**
 * How many drivers, and how many jobs, a search resolves to before it counts as broad. Below these
 * the matching applications are found through applications_user_created_idx and
 * applications_job_created_idx, one index range per driver or job. Jobs reach further: a term
 * common in titles ("Dallas": 6,000 jobs of one application each) is rare among applications, and
 * testing it application by application, newest first, read 8,700 of them (125 ms).
 */
const NARROW_IDS = 5_000;
const NARROW_JOBS = 20_000;
/**
 * How many matching applications are gathered and sorted for a page before the search counts as
 * broad. Past it, matches are at least ~1% of the applications and the page is found sooner by
 * reading applications newest first (applications_created_idx) and keeping the matching ones.
 */
const NARROW_HITS = 10_000;

/**
 * The admins' applicants list: every driver who applied, newest application first, with the job
 * and its company; `search` matches a part of the driver's name ("First Last") or e-mail, the job
 * title or the company name (at least APPLICANT_SEARCH_MIN characters, see applicantSearchProblem).
 */
export async function searchApplicants(db: Database, actor: Actor | null, input: { search: string; offset: number; limit: number }) {
  assertAdmin(actor);
  const search = input.search.trim();
  if (!search) return everyApplication(db, input);
  const problem = applicantSearchProblem(search);
  if (problem) throw badRequest(problem, 'search');
  return matchingApplications(db, { ...input, search });
}

/**
 * The statement that answers a page: `ctes` define `page` (the page's applications: id, created_at,
 * stage, distance_miles, user_id, job_id, in order, limited) and `counted` (one row: `n`, and any
 * other column the caller reads). Only the page's rows are joined to their driver, job and company.
 * Joined before the limit, the planner put a Memoize over each lookup, sized for the million rows it
 * expected, and setting those up took about 3 ms a call whatever the page held (explain analyze at
 * 1,000,000 applications: 0.45 ms in the plan's nodes, 3.5 ms in all). Only the columns a line
 * shows: whole rows would carry every job's description to each page.
 */
const answering = (ctes: SQL) => sql`
    with ${ctes}
    select counted.*, counted.n as matched, p.id, p.created_at, p.stage, p.distance_miles, u.id as driver_id, u.first_name, u.last_name, u.email,
      j.id as job_id, j.title as job_title, c.id as company_id, c.company_name
    from counted
    left join (page p join users u on u.id = p.user_id join jobs j on j.id = p.job_id join companies c on c.id = j.company_id) on true
    order by p.created_at desc, p.id desc
  `;

type Answered = Partial<Row> & { matched: number; gathered?: number };

/** No search: the newest applications, read from applications_created_idx. */
async function everyApplication(db: Database, input: { offset: number; limit: number }) {
  // Every application has its driver, job and company (required foreign keys), so the count needs
  // no join: it reads applications_created_idx alone.
  const counting = cappedCount(sql`select 1 from applications`, input);
  // The page and its capped total in one statement (one round trip); the first page is prepared and
  // planned once per connection (lib/db/page.ts: planning was most of this list's time at 1,000,000
  // applications, issue 16).
  const answered = await queryPage<Answered>(db, input, (limitOffset) =>
    answering(sql`page as (
      select a.id, a.created_at, a.stage, a.distance_miles, a.user_id, a.job_id
      from applications a
      order by a.created_at desc, a.id desc
      ${limitOffset}
    ),
    counted as (${counting.query})`),
  );
  return linesOf(counting.read<Row>(answered));
}


/**
 * A search. Reading applications newest first and joining each to its driver, job and company to
 * test the term took 10 s for a term that matched nothing (every one of 1,100,000 applications; its
 * count a hash join over all of them). So the term is first resolved, through trigram indexes, to
 * the drivers whose "First Last" name or e-mail holds it (users_name_trgm_idx,
 * users_email_trgm_idx) and to the jobs whose title or company name holds it (jobs_title_trgm_idx;
 * companies_name_trgm_idx, then those companies' jobs by company_id); the lists stop past
 * NARROW_IDS drivers and NARROW_JOBS jobs.
 *
 * Narrow (both lists whole, at most NARROW_HITS matches): the matching applications are gathered
 * per driver and per job from applications_user_created_idx and applications_job_created_idx, and
 * the page is the newest of them; the count is exact up to its cap. Broad (a list cut short, or
 * more matches): they are plentiful, so the page reads applications newest first and keeps those of
 * a matching driver or job, which ends after a few thousand rows; the total is known to pass its
 * cap from the matches gathered. The broad way reads about (offset + limit) / (share of matching
 * applications) rows: its slow case is a list cut short whose drivers or jobs have few
 * applications (at 1,100,000 applications: 50–120 ms for the broadest terms on a busy machine,
 * against 1–26 s before).
 *
 * Plain statements, not prepared ones (lib/db/page.ts): the term and the id lists change the best
 * plan, which a generic plan would not know.
 */
async function matchingApplications(db: Database, input: { search: string; offset: number; limit: number }) {
  const pattern = containsPattern(input.search);
  // The very expressions of the trigram indexes (lib/db/schema/accounts.ts): a first or a last
  // name alone is a part of "First Last", and so is the whole name.
  const driverMatches = (u: SQL) => sql`((${u}.first_name || ' ' || ${u}.last_name) ilike ${pattern} or ${u}.email::text ilike ${pattern})`;
  const [resolved] = await queryRows<{ drivers: number[]; jobs: number[] }>(db, sql`
    select
      array(select u.id from users u where ${driverMatches(sql`u`)} limit ${literalInt(NARROW_IDS + 1)}) as drivers,
      array(select m.id from (
        select j.id from jobs j where j.title ilike ${pattern}
        union all
        select j.id from companies c join jobs j on j.company_id = c.id where c.company_name ilike ${pattern}
      ) m limit ${literalInt(NARROW_JOBS + 1)}) as jobs
  `);
  const drivers = resolved.drivers.map(Number);
  const jobs = [...new Set(resolved.jobs.map(Number))];
  const driversWhole = drivers.length <= NARROW_IDS;
  const jobsWhole = resolved.jobs.length <= NARROW_JOBS;
  // The applications of the drivers and jobs found, each once: by its driver, or else by its job.
  // (The lists are joined through unnest, not compared with `= any(list)`: the planner weighed each
  // of a list's thousands of values on its own, 20 ms of planning. Each id is looked up in its index:
  // `offset 0` keeps the lateral subquery whole, so it cannot become a hash join over every
  // application.)
  const listed = () => sql`
    select a.id, a.created_at from unnest(${intArray(drivers)}) as d(id)
      cross join lateral (select a.id, a.created_at from applications a where a.user_id = d.id offset 0) a
    union all
    select a.id, a.created_at from unnest(${intArray(jobs)}) as m(id)
      cross join lateral (select a.id, a.created_at, a.user_id from applications a where a.job_id = m.id offset 0) a
      where a.user_id not in (select unnest(${intArray(drivers)}))
  `;
  const counting = cappedCount(sql`select 1 from hits`, input);

  if (driversWhole && jobsWhole) {
    const gather = Math.max(NARROW_HITS, input.offset + input.limit);
    const narrow = await queryRows<Answered>(db, answering(sql`hits as materialized (
        select h.id, h.created_at from (${listed()}) h limit ${literalInt(gather + 1)}
      ),
      page as (
        select a.id, a.created_at, a.stage, a.distance_miles, a.user_id, a.job_id
        from (select id, created_at from hits order by created_at desc, id desc limit ${input.limit} offset ${input.offset}) h
        join applications a on a.id = h.id
      ),
      counted as (select n, (select count(*)::int from hits) as gathered from (${counting.query}) as c)`));
    if ((narrow[0]?.gathered ?? 0) <= gather) return linesOf(counting.read<Row>(narrow));
  }

  // Broad. A driver or job list that was whole is tested by membership (hashed), one cut short by
  // its condition on the application's driver or job, read by primary key. (Scalar subqueries: as
  // EXISTS under an OR the planner hashed every matching driver first, which read all users, 215 ms.)
  const byDriver = driversWhole
    ? sql`a.user_id in (select unnest(${intArray(drivers)}))`
    : sql`(select ${driverMatches(sql`u`)} from users u where u.id = a.user_id)`;
  const byJob = jobsWhole
    ? sql`a.job_id in (select unnest(${intArray(jobs)}))`
    : sql`(select j.title ilike ${pattern} or (select c.company_name ilike ${pattern} from companies c where c.id = j.company_id) from jobs j where j.id = a.job_id)`;
  // The total: the applications of the drivers and jobs listed are some of the matches, so past the
  // cap it is known. Fewer (lists cut short whose first drivers or jobs applied little) are counted
  // the page's way, up to the cap.
  const listedCounting = cappedCount(listed(), input);
  const walkedCounting = cappedCount(sql`select 1 from applications a where ${byDriver} or ${byJob}`, input);
  const broad = await queryRows<Answered>(db, answering(sql`page as (
      select a.id, a.created_at, a.stage, a.distance_miles, a.user_id, a.job_id
      from applications a
      where ${byDriver} or ${byJob}
      order by a.created_at desc, a.id desc
      limit ${input.limit} offset ${input.offset}
    ),
    listed as (${listedCounting.query}),
    counted as (
      select case when listed.n > ${literalInt(Math.max(COUNT_CAP, input.offset + input.limit))} then listed.n else (${walkedCounting.query}) end as n
      from listed
    )`));
  return linesOf(walkedCounting.read<Row>(broad));
}

function linesOf({ rows, ...counted }: { rows: Row[]; total: number; total_is_lower_bound: boolean }) {
  const lines: ApplicantLine[] = rows.map((r) => ({
    id: r.id,
    appliedAt: new Date(r.created_at).toISOString(),
    driver: { id: r.driver_id, name: `${r.first_name} ${r.last_name}`, email: r.email },
    job: { id: r.job_id, title: r.job_title },
    company: { id: r.company_id, name: r.company_name },
    stage: r.stage,
    distanceMiles: r.distance_miles == null ? null : Number(r.distance_miles),
  }));
  return { lines, ...counted };
}

type Row = {
  id: number;
  created_at: Date | string;
  stage: string;
  distance_miles: number | string | null;
  driver_id: number;
  first_name: string;
  last_name: string;
  email: string;
  job_id: number;
  job_title: string;
  company_id: number;
  company_name: string;
};
