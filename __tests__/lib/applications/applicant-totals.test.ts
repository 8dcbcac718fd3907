/**
 * The applicants list and the job list stay fast on a popular job (one job with ~100,000 applicants):
 * the applicants' total is counted up to its cap (lib/db/count.ts) and says when it is a lower bound,
 * without joining users or profiles unless a filter reads them; the job list counts each row's
 * applicants up to the cap too; each sort on a column of applications reads one job's rows from an
 * index in its exact order; the state filter compares the enum (its index) and still filters.
 * Runs on PGlite and on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { changeWatch, getDb, queryRows, type Database } from '@/lib/db/client';
import { COUNT_CAP } from '@/lib/db/count';
import { searchApplicants } from '@/lib/applications/applicants';
import { searchApplicantsSchema } from '@/lib/applications/schemas';
import { listNotes } from '@/lib/applications/pipeline';
import { searchJobs } from '@/lib/jobs/search';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { explainStatement, LAST_RESORT, recordStatements, type Statement } from '../../helpers/plans';

const staff: Actor = { userId: 0, email: 'totals@test', firstName: 'Total', lastName: 'Admin', roles: [ROLES.SUPER_ADMIN], companyId: null };
let db: Database;
let companyId: number;
/** Past the cap by five, exactly at the cap, one below it. */
const jobs: Record<'over' | 'at' | 'below', number> = { over: 0, at: 0, below: 0 };
const SIZES = { over: COUNT_CAP + 5, at: COUNT_CAP, below: COUNT_CAP - 1 };

async function addJob(title: string, state: string, jobType = 'dry_van') {
  const [{ id }] = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements,
      approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
    values (${companyId}, ${title}, ${jobType}::job_type, 'HD', 'CS', '<p>x</p>', 100000, '{}', true, true, 'paid', md5(${title}), now(), now() + interval '30 days', now(), now())
    returning id`,
  );
  await db.execute(sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    values (${id}, 'Town', ${state}::us_state, 'US', 33, -96.7, 0, now() + interval '30 days')`);
  return id;
}

beforeAll(async () => {
  db = await getDb();
  const [company] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Totals Freight', 'Dallas', 'TX') returning id`);
  companyId = company.id;
  jobs.over = await addJob('Totals popular', 'TX');
  jobs.at = await addJob('Totals at cap', 'NV', 'reefer');
  jobs.below = await addJob('Totals below cap', 'TX');
  // Drivers g = 1..over: every fourth within range, every tenth with no answer; years g % 20; the
  // first 50 applied yesterday, the rest today.
  await db.execute(sql`
    with u as (
      insert into users (email, first_name, last_name) select 'totals' || g || '@totals.test', 'First' || g, 'Last' || g from generate_series(1, ${SIZES.over}) g
      returning id, (regexp_replace(email, '\\D', '', 'g'))::int as g
    ), p as (
      insert into driver_profiles (user_id, years_of_experience, owner_operator) select id, g % 20, g % 3 = 0 from u returning user_id
    )
    insert into applications (job_id, user_id, stage, distance_miles, within_range, created_at, stage_changed_at)
    select j.id, u.id, (array['new','reviewed','hired']::application_stage[])[1 + u.g % 3],
      case when u.g % 10 = 0 then null else u.g end, case when u.g % 10 = 0 then null else u.g % 4 = 0 end,
      case when u.g <= 50 then now() - interval '1 day' else now() - (u.g || ' milliseconds')::interval end, now()
    from u join (values (${jobs.over}::int, ${SIZES.over}::int), (${jobs.at}::int, ${SIZES.at}::int), (${jobs.below}::int, ${SIZES.below}::int)) j(id, n) on u.g <= j.n`);
  for (const table of ['jobs', 'job_addresses', 'users', 'driver_profiles', 'applications']) await db.execute(sql.raw(`analyze ${table}`));
}, 120_000);

const search = (jobId: number, body: unknown = {}) => searchApplicants(db, staff, jobId, searchApplicantsSchema.parse(body));

describe("a job's applicants: the total", () => {
  it('stops at the cap and says it is a lower bound past it', async () => {
    const page = await search(jobs.over, { limit: 10 });
    expect(page.data).toHaveLength(10);
    expect(page.pagination).toEqual({ offset: 0, limit: 10, total: COUNT_CAP, total_is_lower_bound: true });
  });

  it('is exact at the cap and just below it', async () => {
    expect((await search(jobs.at)).pagination).toMatchObject({ total: COUNT_CAP, total_is_lower_bound: false });
    expect((await search(jobs.below)).pagination).toMatchObject({ total: COUNT_CAP - 1, total_is_lower_bound: false });
  });

  it('counts to the end of a page asked for past the cap, so the last page knows it is last', async () => {
    const last = await search(jobs.over, { offset: COUNT_CAP, limit: 10 });
    expect(last.data).toHaveLength(5);
    expect(last.pagination).toEqual({ offset: COUNT_CAP, limit: 10, total: SIZES.over, total_is_lower_bound: false });
  });

  it('counts exactly what the filters keep, those on the driver and on the profile too', async () => {
    const exact = async (where: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from applications a join users u on u.id = a.user_id left join driver_profiles dp on dp.user_id = a.user_id where a.job_id = ${jobs.over} and ${where}`))[0].n;
    const cases: [unknown, ReturnType<typeof sql>][] = [
      [{ field: 'years_of_experience', operator: 'equals', value: 7 }, sql`dp.years_of_experience = 7`],
      [{ field: 'owner_operator', operator: 'equals', value: 'Yes' }, sql`dp.owner_operator`],
      [{ field: 'applicant', operator: 'ilike', value: 'First1' }, sql`u.first_name ilike 'First1%'`],
      [{ field: 'within_range', operator: 'equals', value: 'Yes' }, sql`a.within_range`],
      [{ field: 'stage', operator: 'equals', value: 'hired' }, sql`a.stage = 'hired'`],
    ];
    for (const [filter, where] of cases) {
      const n = await exact(where);
      expect(n).toBeLessThan(COUNT_CAP);
      expect(n).toBeGreaterThan(0);
      expect({ filter, pagination: (await search(jobs.over, { filter: [filter] })).pagination }).toEqual({ filter, pagination: { offset: 0, limit: 10, total: n, total_is_lower_bound: false } });
    }
  });

  it("pages through a popular job's applicants in each sort without losing or repeating one", async () => {
    for (const field of ['within_range', 'distance', 'stage', 'application_at', 'applicant', 'years_of_experience', 'owner_operator']) {
      for (const direction of ['asc', 'desc']) {
        const sort = [{ field, direction }];
        const whole = await search(jobs.below, { sort, limit: 100, offset: 0 });
        const halves = [...(await search(jobs.below, { sort, limit: 50, offset: 0 })).data, ...(await search(jobs.below, { sort, limit: 50, offset: 50 })).data];
        expect(halves.map((a) => a.id)).toEqual(whole.data.map((a) => a.id));
      }
    }
    // Missing values last in both directions, then newest first.
    const withinAsc = (await search(jobs.below, { sort: [{ field: 'within_range', direction: 'asc' }], limit: 100, offset: COUNT_CAP - 100 })).data;
    expect(withinAsc.at(-1)!.withinRange).toBe('n/a');
    const withinDesc = (await search(jobs.below, { sort: [{ field: 'within_range', direction: 'desc' }], limit: 3 })).data;
    expect(withinDesc.map((a) => a.withinRange)).toEqual(['Yes', 'Yes', 'Yes']);
    expect(withinDesc.map((a) => a.applicationAt)).toEqual([...withinDesc.map((a) => a.applicationAt)].sort().reverse());
  });

  it("an applicant's notes carry the same flag", async () => {
    const [{ userId }] = await queryRows<{ userId: number }>(db, sql`select user_id as "userId" from applications where job_id = ${jobs.at} limit 1`);
    const notes = await listNotes(db, staff, jobs.at, userId, { offset: 0, limit: 10 });
    expect(notes.pagination).toEqual({ offset: 0, limit: 10, total: 0, total_is_lower_bound: false });
  });
});

describe("the driver's sort keys on each application", () => {
  /** Applications whose copies differ from the live name and profile (none, whatever changed). */
  const stale = async () =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from applications a join users u on u.id = a.user_id left join driver_profiles dp on dp.user_id = a.user_id
          where a.sort_last_name is distinct from lower(u.last_name) or a.sort_first_name is distinct from lower(u.first_name)
            or a.sort_years is distinct from dp.years_of_experience or a.sort_owner_operator is distinct from dp.owner_operator`,
      )
    )[0].n;
  const names = async (jobId: number, direction: 'asc' | 'desc') =>
    (await search(jobId, { sort: [{ field: 'applicant', direction }], limit: 10 })).data.map((a) => `${a.firstName} ${a.lastName}`);

  it('are filled for every application, including those inserted with their driver in one statement', async () => {
    expect(await stale()).toBe(0);
  });

  it("follow a driver's new name and profile, and a profile deleted, into the sorts", async () => {
    const jobId = await addJob('Sort keys', 'OK', 'flat_bed');
    const ids: number[] = [];
    for (const [first, last, years] of [['Ann', 'Baker', 3], ['bob', 'adams', 12], ['Cy', 'Young', 7]] as const) {
      const [u] = await queryRows<{ id: number }>(db, sql`insert into users (email, first_name, last_name) values (${`${first}.${last}@sortkeys.test`}, ${first}, ${last}) returning id`);
      await db.execute(sql`insert into driver_profiles (user_id, years_of_experience, owner_operator) values (${u.id}, ${years}, ${years > 5})`);
      await db.execute(sql`insert into applications (job_id, user_id) values (${jobId}, ${u.id})`);
      ids.push(u.id);
    }
    // Case-insensitive, last name first.
    expect(await names(jobId, 'asc')).toEqual(['bob adams', 'Ann Baker', 'Cy Young']);
    await db.execute(sql`update users set last_name = 'Zimmer' where id = ${ids[1]}`);
    expect(await names(jobId, 'asc')).toEqual(['Ann Baker', 'Cy Young', 'bob Zimmer']);
    expect(await names(jobId, 'desc')).toEqual(['bob Zimmer', 'Cy Young', 'Ann Baker']);
    const years = async (direction: 'asc' | 'desc') => (await search(jobId, { sort: [{ field: 'years_of_experience', direction }] })).data.map((a) => `${a.firstName} ${a.lastName}`);
    expect(await years('desc')).toEqual(['bob Zimmer', 'Cy Young', 'Ann Baker']);
    await db.execute(sql`update driver_profiles set years_of_experience = 30 where user_id = ${ids[0]}`);
    expect(await years('desc')).toEqual(['Ann Baker', 'bob Zimmer', 'Cy Young']);
    // No profile: missing, so last both ways.
    await db.execute(sql`delete from driver_profiles where user_id = ${ids[0]}`);
    expect(await years('desc')).toEqual(['bob Zimmer', 'Cy Young', 'Ann Baker']);
    expect(await years('asc')).toEqual(['Cy Young', 'bob Zimmer', 'Ann Baker']);
    const owners = async (direction: 'asc' | 'desc') => (await search(jobId, { sort: [{ field: 'owner_operator', direction }] })).data.map((a) => `${a.firstName} ${a.lastName}`);
    expect((await owners('asc')).at(-1)).toBe('Ann Baker');
    await db.execute(sql`insert into driver_profiles (user_id, years_of_experience, owner_operator) values (${ids[0]}, 1, true)`);
    await db.execute(sql`update driver_profiles set owner_operator = false where user_id = ${ids[1]}`);
    // Owner-operators last ascending (false before true), first descending; equal values newest first.
    expect(await owners('asc')).toEqual(['bob Zimmer', 'Cy Young', 'Ann Baker']);
    expect(await owners('desc')).toEqual(['Cy Young', 'Ann Baker', 'bob Zimmer']);
    expect(await stale()).toBe(0);
  });
});

describe('the job list', () => {
  const list = (body: Record<string, unknown>) => {
    changeWatch(db)?.forgetAll();
    return searchJobs(db, staff, searchJobsSchema.parse({ company_id: companyId, limit: 10, ...body }));
  };

  it("counts each job's applicants up to the cap, and says when it stopped there", async () => {
    const { items } = await list({});
    const by = Object.fromEntries(items.map((j) => [j.id, j]));
    expect(by[jobs.over]).toMatchObject({ total_applicants: COUNT_CAP, total_applicants_is_lower_bound: true, today_applicants: SIZES.over - 50 });
    expect(by[jobs.at]).toMatchObject({ total_applicants: COUNT_CAP, total_applicants_is_lower_bound: false, today_applicants: COUNT_CAP - 50 });
    expect(by[jobs.below]).toMatchObject({ total_applicants: COUNT_CAP - 1, total_applicants_is_lower_bound: false, today_applicants: COUNT_CAP - 51 });
  });

  it('still filters by state, by code or by name, and by job type', async () => {
    const ids = async (filters: Record<string, unknown>) => (await list({ filters })).items.map((j) => j.id).sort((a, b) => a - b);
    expect(await ids({ state: 'NV' })).toEqual([jobs.at]);
    expect(await ids({ state: 'nevada' })).toEqual([jobs.at]);
    expect(await ids({ state: 'TX' })).toEqual([jobs.over, jobs.below].sort((a, b) => a - b));
    expect(await ids({ state: 'Atlantis' })).toEqual([]);
    expect(await ids({ job_type: ['reefer'] })).toEqual([jobs.at]);
    expect(await ids({ job_type: ['reefer', 'dry_van'] })).toHaveLength(3);
    expect((await list({ filters: { state: 'Atlantis' } })).pagination).toMatchObject({ total: 0, total_is_lower_bound: false });
  });
});

const recorded = (run: (db: Database) => Promise<unknown>) => recordStatements(db, run);
/** EXPLAIN of one statement with sequential scans, bitmaps and sorts made the planner's last resort. */
const explain = (s: Statement) => explainStatement(db, s, LAST_RESORT);

/** Sorts over more than a page's worth of rows (an incremental sort of equal dates by id is fine). */
const bigSorts = (plan: string) =>
  plan
    .split('\n')
    .filter((line) => /(?<!Incremental )\bSort\s+\(/.test(line))
    .filter((line) => Number(/rows=(\d+)/.exec(line)?.[1] ?? 0) > 100);

describe('plans', () => {
  it.each([
    ['within_range', 'asc', 'applications_job_within_idx'],
    ['within_range', 'desc', 'applications_job_within_desc_idx'],
    ['distance', 'asc', 'applications_job_distance_idx'],
    ['distance', 'desc', 'applications_job_distance_desc_idx'],
    ['stage', 'asc', 'applications_job_stage_idx'],
    ['stage', 'desc', 'applications_job_stage_desc_idx'],
    // The driver's name, years and owner-operator: their copies on the application.
    ['applicant', 'asc', 'applications_job_name_idx'],
    ['applicant', 'desc', 'applications_job_name_desc_idx'],
    ['years_of_experience', 'asc', 'applications_job_years_idx'],
    ['years_of_experience', 'desc', 'applications_job_years_desc_idx'],
    ['owner_operator', 'asc', 'applications_job_owner_idx'],
    ['owner_operator', 'desc', 'applications_job_owner_desc_idx'],
    // Newest first: one job's dates backwards (then equal dates by id), or, for a job with a large
    // share of all applications as here, every application newest first until ten are this job's.
    ['application_at', 'desc', 'applications_(job_)?created_idx'],
    ['application_at', 'asc', 'applications_job_created_idx'],
  ])('the applicants sorted by %s %s read %s in order, and the total is capped without joins', async (field, direction, index) => {
    const statements = await recorded((d) => searchApplicants(d, staff, jobs.over, searchApplicantsSchema.parse({ sort: [{ field, direction }] })));
    const page = statements.find((s) => /order by/i.test(s.query) && /\blimit\b/i.test(s.query));
    const plan = await explain(page!);
    expect({ plan, bigSorts: bigSorts(plan) }).toEqual({ plan: expect.stringMatching(new RegExp(`Index (Only )?Scan( Backward)? using ${index}\\b`)), bigSorts: [] });
    const counts = statements.filter((s) => /\) as capped/i.test(s.query));
    expect(counts).toHaveLength(1);
    expect(counts[0].query).toContain(`limit ${COUNT_CAP + 1}) as capped`);
    expect(counts[0].query).not.toMatch(/join/i);
    expect(await explain(counts[0])).toMatch(/Limit/);
    expect(statements.filter((s) => /count\(/i.test(s.query) && !counts.includes(s))).toEqual([]);
  });

  it('the total joins the driver or the profile only for a filter on them', async () => {
    const countOf = async (filter: unknown[]) =>
      (await recorded((d) => searchApplicants(d, staff, jobs.over, searchApplicantsSchema.parse({ filter })))).find((s) => /\) as capped/i.test(s.query))!.query;
    expect(await countOf([{ field: 'applicant', operator: 'ilike', value: 'x' }])).toMatch(/join "users"/i);
    expect(await countOf([{ field: 'applicant', operator: 'ilike', value: 'x' }])).not.toMatch(/driver_profiles/i);
    expect(await countOf([{ field: 'years_of_experience', operator: 'equals', value: 3 }])).toMatch(/left join "driver_profiles"/i);
    expect(await countOf([{ field: 'years_of_experience', operator: 'equals', value: 3 }])).not.toMatch(/join "users"/i);
    expect(await countOf([{ field: 'tag', operator: 'ilike', value: 'x' }, { field: 'within_range', operator: 'equals', value: 'Yes' }])).not.toMatch(/join "(users|driver_profiles)"/i);
  });

  it("the job list counts each row's applicants under a limit, and compares the state as the enum (its index's type)", async () => {
    changeWatch(db)?.forgetAll();
    const statements = await recorded((d) => searchJobs(d, staff, searchJobsSchema.parse({ company_id: companyId, limit: 10, filters: { state: 'TX' } })));
    const page = statements.find((s) => /with page as/i.test(s.query))!;
    expect(page.query).toContain(`from applications ap where ap.job_id = j.id limit ${COUNT_CAP + 1}`);
    expect(page.query).not.toMatch(/::text =/);
    // `s.state::text = …` could not use job_addresses_state_idx; at scale the enum comparison does
    // (a few tens of addresses here: the planner reads them by job).
    const plan = await explain(page);
    expect(plan).toContain("state = 'TX'::us_state");
    expect(plan).not.toMatch(/\(?s(_\d)?\.state\)?::text/);
  });
});
