import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import { queryRows, type Database } from '@/lib/db/client';
import { ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, valuesOf } from '@/lib/jobs/codes';

/*
 * The scale data set (issue 10 "Scale"): jobs, drivers with homes spread over the US and their
 * applications, made inside the database with generate_series (no row crosses the wire), so a
 * million applications load in about a minute. Marked by the company name and the e-mail domain
 * so it can be told from the demo data and replaced.
 */

export type ScaleSize = { jobs: number; drivers: number; applications: number };
export const POSTGRES_SCALE: ScaleSize = { jobs: 10_000, drivers: 100_000, applications: 1_000_000 };
/** PGlite runs in one process and memory: a tenth of everything. */
export const PGLITE_SCALE: ScaleSize = { jobs: 1_000, drivers: 10_000, applications: 100_000 };

export const SCALE_COMPANY = 'Scale Test Freight';
export const SCALE_DOMAIN = 'scale.test';

const pick = (values: readonly string[], type: string, seed: string) =>
  sql.raw(`(array[${values.map((v) => `'${v}'`).join(',')}]::${type}[])[1 + floor(random() * ${values.length} + 0 * ${seed})::int]`);

/** Mainland US: latitude 25–49, longitude -124 – -67 (a box; a few homes land at sea, as real data never would, harmlessly). */
const LAT = sql.raw('(25 + random() * 24)');
const LNG = sql.raw('(-124 + random() * 57)');

async function exec(db: Database, label: string, query: ReturnType<typeof sql>) {
  const started = Date.now();
  await db.execute(query);
  console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Removes a previous scale set (the company's jobs and applications cascade; drivers by domain). */
export async function clearScale(db: Database) {
  await exec(db, 'cleared the previous scale set', sql`
    delete from companies where company_name = ${SCALE_COMPANY};
  `);
  await db.execute(sql`delete from users where email like ${`%@${SCALE_DOMAIN}`}`);
}

export async function seedScaleBase(db: Database, size: ScaleSize) {
  await clearScale(db);
  await exec(db, `1 company, ${size.jobs} jobs`, sql`
    with c as (insert into companies (company_name, city, state) values (${SCALE_COMPANY}, 'Dallas', 'TX') returning id)
      insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents,
        endorsements, approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
      select c.id, 'Scale job ' || g, ${pick(valuesOf(JOB_TYPES), 'job_type', 'g')}, ${pick(valuesOf(HOME_TIME), 'home_time', 'g')},
        ${pick(valuesOf(EXPERIENCE), 'experience', 'g')}, '<p>Scale</p>', 100000 + floor(random() * 200000)::int,
        case when random() < 0.3 then array[${pick(valuesOf(ENDORSEMENTS), 'endorsement', 'g')}] else '{}'::endorsement[] end,
        true, true, 'paid', md5('scale' || g || random()), now() - interval '10 days', now() + interval '20 days', now() - interval '10 days', now() - interval '10 days'
      from c, generate_series(1, ${size.jobs}) g
  `);
  // Jobs analyzed before their addresses go in: each address's trigger looks its job up (migration
  // 0031), and planned against statistics of a small jobs table (a database that was analyzed with
  // the demo seed's few jobs) that lookup read every job, for each of 100,000 addresses.
  await db.execute(sql`analyze jobs`);
  await exec(db, `one located address for each job`, sql`
    insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    select j.id, 'Scale City', 'TX', 'US', ${LAT}, ${LNG}, 15000, j.expiration_date
    from jobs j join companies c on c.id = j.company_id and c.company_name = ${SCALE_COMPANY}
  `);
  await exec(db, `${size.drivers} drivers with profiles`, sql`
    with u as (
      insert into users (email, first_name, last_name, phone, email_verified_at, terms_accepted_at)
      select 'driver' || g || '@' || ${SCALE_DOMAIN}, 'Driver', 'Number ' || g, '555-' || lpad((g % 10000)::text, 4, '0'), now(), now()
      from generate_series(1, ${size.drivers}) g
      returning id
    ), r as (insert into user_roles (user_id, role) select id, ${ROLES.DRIVER}::role from u returning user_id)
    insert into driver_profiles (user_id, cdl_status, endorsements, years_of_experience, experience, work_experiences, owner_operator,
      home_time, zip_code, city, state, latitude, longitude, travel_distance)
    select r.user_id, (array['A','B','C','none']::cdl_status[])[1 + floor(random() * 4)::int],
      case when random() < 0.4 then array[${pick(valuesOf(ENDORSEMENTS), 'endorsement', 'r.user_id')}] else '{}'::endorsement[] end,
      floor(random() * 25)::int, ${pick(valuesOf(EXPERIENCE), 'experience', 'r.user_id')},
      array[${pick(valuesOf(JOB_TYPES), 'job_type', 'r.user_id')}, ${pick(valuesOf(JOB_TYPES), 'job_type', 'r.user_id')}],
      random() < 0.15, ${pick(valuesOf(HOME_TIME), 'home_time', 'r.user_id')}, '75201', 'Scale City', 'TX', ${LAT}, ${LNG},
      (array[25, 50, 100, 250, 500])[1 + floor(random() * 5)::int]
    from r
  `);
}

/**
 * Applications of the scale drivers to the scale jobs: `perJob` each to the jobs ranked
 * [fromJob, fromJob + jobCount) by id, drivers chosen by a stride so no pair repeats. Distance and
 * range are measured as the apply service keeps them.
 */
export async function seedScaleApplications(db: Database, fromJob: number, jobCount: number, perJob: number) {
  await exec(db, `${jobCount * perJob} applications (${perJob} to each of ${jobCount} jobs)`, sql`
    with sj as (
      select j.id, a.latitude, a.longitude, row_number() over (order by j.id) as n
      from jobs j join companies c on c.id = j.company_id and c.company_name = ${SCALE_COMPANY}
      join job_addresses a on a.job_id = j.id
    ), sd as (
      select dp.user_id, dp.latitude, dp.longitude, dp.travel_distance, row_number() over (order by dp.user_id) - 1 as n, count(*) over () as total
      from driver_profiles dp join users u on u.id = dp.user_id where u.email like ${`%@${SCALE_DOMAIN}`}
    ), pairs as (
      select sj.id as job_id, sj.latitude as jlat, sj.longitude as jlng, ((sj.n * 7919 + k * 104729) % (select max(total) from sd)) as dn,
        now() - (random() * interval '10 days') as created_at
      from sj, generate_series(0, ${perJob - 1}) k
      where sj.n >= ${fromJob} and sj.n < ${fromJob + jobCount}
    )
    insert into applications (job_id, user_id, stage, distance_miles, within_range, created_at, stage_changed_at, notified_at)
    select p.job_id, sd.user_id, (array['new','new','new','reviewed','contacted','interview','hired','rejected']::application_stage[])[1 + floor(random() * 8)::int],
      earth_distance(ll_to_earth(p.jlat, p.jlng), ll_to_earth(sd.latitude, sd.longitude)) / 1609.344,
      earth_distance(ll_to_earth(p.jlat, p.jlng), ll_to_earth(sd.latitude, sd.longitude)) / 1609.344 <= coalesce(sd.travel_distance, 50),
      p.created_at, p.created_at, p.created_at
    from pairs p join sd on sd.n = p.dn
    on conflict do nothing
  `);
  for (const table of ['applications', 'driver_profiles', 'jobs', 'job_addresses', 'users']) await db.execute(sql.raw(`analyze ${table}`));
}

/** The whole scale set: jobs, drivers, and applications spread evenly over every job. */
export async function seedScale(db: Database, size: ScaleSize) {
  await seedScaleBase(db, size);
  await seedScaleApplications(db, 1, size.jobs, Math.round(size.applications / size.jobs));
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from applications`);
  console.log(`Scale set ready: ${size.jobs} jobs, ${size.drivers} drivers, ${row.n} applications in all.`);
}
