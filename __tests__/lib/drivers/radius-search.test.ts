import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { searchPortalJobs } from '@/lib/drivers/jobs';
import { jobsWithinSql, nearestAddressMilesSql } from '@/lib/drivers/distance';
import { driverJobSearchSchema } from '@/lib/drivers/schemas';
import { publicCondition } from '@/lib/jobs/public';
import { seed } from '../../helpers/seed';
import { explainStatement, recordStatements } from '../../helpers/plans';
import { makeDriver } from '../../api/drivers/helpers';

/*
 * The Drivers Portal's job search with a radius finds its page from the addresses nearest home
 * (lib/drivers/radius-search.ts). These compare it with measuring every job in the radius (the
 * statement it replaced, kept here as the oracle): the same jobs, in the same order, with the same
 * miles and the same total, where a page needs more addresses than the nearest-first scan reads,
 * where jobs tie at one place, have several addresses, or are not public.
 */

// Bismarck, North Dakota: far from every place the demo seed and other tests use.
const HOME = { lat: 46.8083, lng: -100.7837 };
const JOBS = 700;
let driverId: number;

beforeAll(async () => {
  await seed();
  const db = await getDb();
  await makeDriver('radius@drivers.test');
  [{ id: driverId }] = await queryRows<{ id: number }>(db, sql`select id from users where email = 'radius@drivers.test'`);
  await db.execute(sql`insert into driver_profiles (user_id, cdl_status, zip_code, city, state, latitude, longitude, travel_distance)
    values (${driverId}, 'A', '58501', 'Bismarck', 'ND', ${HOME.lat}, ${HOME.lng}, 100)`);
  // 700 public jobs on a grid of 0.02° around home (about 1.4 by 0.9 miles a step), titled Alpha
  // or Beta; every 7th at the very place of the job before it (a tie in miles, ordered by id).
  await db.execute(sql`
    with c as (insert into companies (company_name, city, state) values ('Radius Test Co', 'Bismarck', 'ND') returning id),
    j as (
      insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents,
        approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
      select c.id, 'Radius ' || (case when g % 2 = 0 then 'Alpha ' else 'Beta ' end) || g, 'dry_van', 'HW', 'Y1', '<p>Radius</p>', 150000,
        true, true, 'paid', md5('radius' || g), now() - interval '1 day', now() + interval '20 days', now() - interval '1 day', now() - interval '1 day'
      from c, generate_series(1, ${JOBS}) g
      returning id, expiration_date, title
    ),
    placed as (
      select j.id, j.expiration_date, row_number() over (order by j.id) as n from j
    )
    insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    select p.id, 'Grid', 'ND', 'US',
      ${HOME.lat} - 0.3 + ((case when p.n % 7 = 0 then p.n - 1 else p.n end) % 30) * 0.02,
      ${HOME.lng} - 0.3 + ((case when p.n % 7 = 0 then p.n - 1 else p.n end) / 30) * 0.02,
      15000, p.expiration_date
    from placed p`);
  // Every third job has two more addresses: one at another job's place, one between the grid's
  // points (more than 1,001 addresses in all, for fewer jobs: the total's second reading).
  await db.execute(sql`
    insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    select a.job_id, 'Extra', 'ND', 'US', a.latitude + d.dlat, a.longitude + d.dlng, 15000, a.paid_through
    from job_addresses a join jobs j on j.id = a.job_id join companies c on c.id = j.company_id
    cross join (values (0.04::float8, 0.02::float8), (0.013, -0.007)) d(dlat, dlng)
    where c.company_name = 'Radius Test Co' and j.id % 3 = 0`);
  // Near home but not listed: a closed job, and a job whose only nearby address is not paid for
  // its period (its live address lies far away, in Texas).
  await db.execute(sql`
    with c as (select id from companies where company_name = 'Radius Test Co'),
    j as (
      insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents,
        approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at, closed_at)
      select c.id, 'Radius Alpha ' || x.title, 'dry_van', 'HW', 'Y1', '<p>Radius</p>', 150000, true, true, 'paid', md5('radius-x' || x.title),
        now() - interval '1 day', now() + interval '20 days', now() - interval '1 day', now() - interval '1 day', x.closed
      from c, (values ('Closed', now()), ('Unpaid place', null::timestamptz)) x(title, closed)
      returning id, expiration_date, title
    )
    insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    select j.id, 'Near', 'ND'::us_state, 'US', ${HOME.lat}, ${HOME.lng}, 15000, case when j.title like '%Unpaid%' then j.expiration_date - interval '1 day' else j.expiration_date end from j
    union all
    select j.id, 'Dallas', 'TX'::us_state, 'US', 32.78, -96.8, 15000, j.expiration_date from j where j.title like '%Unpaid%'`);
});

/**
 * `count` public jobs of the test's company titled "`title` 1" to "`title` count", and their
 * addresses: `addresses` selects each insert's columns from `j` (the new jobs: id, expiration_date).
 */
async function publicJobs(title: string, count: number, addresses: SQL) {
  await (await getDb()).execute(sql`
    with c as (select id from companies where company_name = 'Radius Test Co'),
    j as (
      insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents,
        approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
      select c.id, ${title} || ' ' || g, 'dry_van', 'HW', 'Y1', '<p>Radius</p>', 150000, true, true, 'paid', md5(${title} || g),
        now() - interval '1 day', now() + interval '20 days', now() - interval '1 day', now() - interval '1 day'
      from c, generate_series(1, ${count}::int) g
      returning id, expiration_date
    )
    insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    ${addresses}`);
}

/** The statement the search used before: every job in the radius measured, then sorted. */
async function oracle(radius: number, q: string | undefined, offset: number, limit: number) {
  const db = await getDb();
  const now = new Date();
  const where = sql`${publicCondition(now)} ${q ? sql`and jobs.title ilike ${`%${q}%`}` : sql``} and ${jobsWithinSql(sql.raw('jobs.id'), HOME, radius)}`;
  const rows = await queryRows<{ id: number; distance: number }>(
    db,
    sql`select jobs.id, ${nearestAddressMilesSql('jobs', HOME)} as distance from jobs where ${where}
      order by distance asc nulls last, jobs.id desc limit ${limit} offset ${offset}`,
  );
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from jobs where ${where} limit ${Math.max(1000, offset + limit) + 1}) x`);
  return { ids: rows.map((r) => Number(r.id)), miles: rows.map((r) => Number(r.distance)), total: Number(n) };
}

describe('the job search with a radius', () => {
  const cases: [number, string | undefined, number][] = [];
  for (const radius of [1, 4, 12, 30, 3000]) for (const q of [undefined, 'Alpha']) for (const offset of [0, 10, 340, 690]) cases.push([radius, q, offset]);

  it.each(cases)('radius %p, keywords %p, offset %p: the same page, miles and total as measuring every job', async (radius, q, offset) => {
    const answer = await searchPortalJobs(await getDb(), driverId, driverJobSearchSchema.parse({ radius, offset, ...(q ? { q } : {}) }));
    const expected = await oracle(radius, q, offset, answer.pagination.limit);
    expect(answer.order).toBe('distance');
    expect(answer.items.map((j) => j.id)).toEqual(expected.ids);
    expect(answer.items.map((j) => j.distance)).toEqual(expected.miles);
    const total = expected.total > Math.max(1000, offset + answer.pagination.limit) ? { total: Math.max(1000, offset + answer.pagination.limit), total_is_lower_bound: true } : { total: expected.total, total_is_lower_bound: false };
    expect(answer.pagination).toMatchObject(total);
  });

  it('leaves out a closed job, and measures a job to its live addresses only, however near another one is', async () => {
    const find = async (q: string, radius: number) => (await searchPortalJobs(await getDb(), driverId, driverJobSearchSchema.parse({ radius, q }))).items;
    expect(await find('Alpha Closed', 3000)).toEqual([]);
    expect(await find('Alpha Unpaid', 100)).toEqual([]);
    const [unpaid] = await find('Alpha Unpaid', 3000);
    // Its live address is in Dallas, about 1,000 miles away; the one at home is not paid for.
    expect(unpaid.distance).toBeGreaterThan(900);
    expect(unpaid.city).toBe('Dallas');
  });

  it('reads a page of ties at one place in id order, newest first, even where the nearest-first scan stops among them', async () => {
    // 60 jobs of 9 addresses each, all at one place a few hundred feet from home: the nearest-first
    // scan of a first page (10 × MAX_JOB_ADDRESSES = 500 addresses) stops among their 540, and
    // only reading every address as near as the last it read finds the page (newest 10 of the 60).
    const db = await getDb();
    await publicJobs('Radius Tie', 60, sql`select j.id, 'Home', 'ND', 'US', ${HOME.lat + 0.001}, ${HOME.lng}, 15000, j.expiration_date from j cross join generate_series(1, 9)`);
    for (const offset of [0, 20, 50]) {
      const answer = await searchPortalJobs(db, driverId, driverJobSearchSchema.parse({ radius: 3000, offset }));
      const expected = await oracle(3000, undefined, offset, 10);
      expect(answer.items.map((j) => j.id)).toEqual(expected.ids);
      expect(answer.items.map((j) => j.distance)).toEqual(expected.miles);
    }
    expect((await searchPortalJobs(db, driverId, driverJobSearchSchema.parse({ radius: 1, q: 'Tie' }))).pagination.total).toBe(60);
  });

  /** The statements of a search: the short scan's, and whether the page ran the wide scan. */
  async function pathOf(q: string) {
    const db = await getDb();
    const statements = await recordStatements(db, (d) => searchPortalJobs(d, driverId, driverJobSearchSchema.parse({ radius: 3000, q })));
    const page = statements.find((st) => st.query.includes('near.miles'))!;
    return { shortScans: statements.filter((st) => /limit 30\s*$/.test(st.query)).length, wide: page.query.includes('with scanned as'), answer: await searchPortalJobs(db, driverId, driverJobSearchSchema.parse({ radius: 3000, q })) };
  }

  it('decides the page from the 30 addresses nearest home where they hold it, and reads up to 500 only where they do not', async () => {
    // The grid's jobs (one to three addresses each): the tenth job lies well inside the first 30 addresses.
    const grid = await pathOf('Beta');
    expect(grid).toMatchObject({ shortScans: 1, wide: false });
    expect(grid.answer.items.map((j) => j.id)).toEqual((await oracle(3000, 'Beta', 0, 10)).ids);
    // A deep page (past the tenth) stays in the database: no short scan carries 1,000 addresses to the server.
    const deep = await recordStatements(await getDb(), (d) => searchPortalJobs(d, driverId, driverJobSearchSchema.parse({ radius: 3000, q: 'Beta', offset: 340 })));
    expect(deep.filter((st) => /<->/.test(st.query) && !st.query.includes('near.miles'))).toEqual([]);
    expect(deep.find((st) => st.query.includes('near.miles'))?.query).toContain('with scanned as');
    // Twelve jobs of eight addresses each, job after job outward: the first 30 addresses hold four.
    await publicJobs('Radius Many', 12, sql`select j.id, 'Many', 'ND', 'US', ${HOME.lat - 0.002} - (j.id % 12) * 0.001 - k * 0.00001, ${HOME.lng}, 15000, j.expiration_date from j cross join generate_series(1, 8) k`);
    const many = await pathOf('Many');
    expect(many).toMatchObject({ shortScans: 1, wide: true });
    expect(many.answer.items.map((j) => j.id)).toEqual((await oracle(3000, 'Many', 0, 10)).ids);
    expect(many.answer.items.map((j) => j.distance)).toEqual((await oracle(3000, 'Many', 0, 10)).miles);
  });

  it("widens where the page's last job ties with the farthest address the short scan read (40 jobs at one place)", async () => {
    const db = await getDb();
    await publicJobs('Radius Same', 40, sql`select j.id, 'Same', 'ND', 'US', ${HOME.lat + 0.003}, ${HOME.lng}, 15000, j.expiration_date from j`);
    for (const offset of [0, 10]) {
      const answer = await searchPortalJobs(db, driverId, driverJobSearchSchema.parse({ radius: 3000, offset, q: 'Same' }));
      const expected = await oracle(3000, 'Same', offset, 10);
      expect(answer.items.map((j) => j.id)).toEqual(expected.ids);
      expect(answer.items.map((j) => j.distance)).toEqual(expected.miles);
    }
  });

  it('reads the addresses nearest home first and stops, never measuring every job in the radius (2.7 s at 3,000 miles and 100,000 jobs)', async () => {
    const db = await getDb();
    const statements = await recordStatements(db, (d) => searchPortalJobs(d, driverId, driverJobSearchSchema.parse({ radius: 3000 })));
    const page = statements.find((st) => st.query.includes('near.miles'));
    expect(page).toBeDefined();
    const plan = await explainStatement(db, page!);
    // The nearest-first scan of the address index, and a limit above it.
    expect(plan).toMatch(/Index (?:Only )?Scan using job_addresses_listed_earth_idx[^\n]*\n(?:[^\n]*\n)*?\s*Order By: \(.*<->/);
    // No job's distance measured by a subquery of its own (the page's ten read their city and add-ons, nothing more).
    expect(plan).not.toMatch(/SubPlan[\s\S]*job_addresses na/);
    // The total reads a bounded number of addresses: cap + 1, and where jobs have several
    // addresses in the radius (these do), MAX_JOB_ADDRESSES times as many.
    const counts = statements.filter((st) => st.query.includes('count(distinct x.job_id)'));
    expect(counts.map((st) => st.query.match(/limit (\d+)\) x/)?.[1])).toEqual(['1001', '50050']);
  });
});
