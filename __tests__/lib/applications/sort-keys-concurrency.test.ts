/**
 * A driver's account and the copies of their name and profile on their applications stay right
 * when writers overlap (migration 0025's triggers and applyToJob lock the driver's users row):
 * - an application sent while the account is being deleted is refused, so no message or name of an
 *   erased driver survives on it;
 * - an application sent while the driver's profile edit is in flight carries the edited values
 *   (within range too: migration 0034).
 * On PostgreSQL the writers really overlap (two connections, one transaction held open); the
 * embedded database has one connection, so there they run one after the other, with the actor read
 * before the deletion, as a request that began earlier would hold it.
 */
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { applyToJob, withdrawApplication } from '@/lib/drivers/applications';
import { updateDriverProfile } from '@/lib/drivers/profile';

const concurrent = !!process.env.DATABASE_URL;
let db: Database;
let jobId: number;

async function driver(first: string, last: string, years: number): Promise<Actor> {
  const [u] = await queryRows<{ id: number; email: string }>(
    db,
    sql`insert into users (email, first_name, last_name, email_verified_at, terms_accepted_at) values (${`${first}.${last}.${Date.now()}@race.test`}, ${first}, ${last}, now(), now()) returning id, email`,
  );
  await db.execute(sql`insert into user_roles (user_id, role) values (${u.id}, ${ROLES.DRIVER})`);
  await db.execute(sql`insert into driver_profiles (user_id, years_of_experience, latitude, longitude) values (${u.id}, ${years}, 33, -96.7)`);
  return { userId: u.id, email: u.email, firstName: first, lastName: last, roles: [ROLES.DRIVER], companyId: null };
}

/** On PostgreSQL: `held` runs in a transaction on its own connection, left open while `meanwhile` starts, then committed. */
async function overlapping<T>(held: (c: { query: (text: string, params?: unknown[]) => Promise<unknown> }) => Promise<void>, meanwhile: () => Promise<T>): Promise<PromiseSettledResult<T>> {
  if (!concurrent) {
    await db.transaction(async (tx) => held({ query: (text, params) => (tx as unknown as Database).execute(sql.raw(interpolate(text, params))) }));
    return (await Promise.allSettled([meanwhile()]))[0];
  }
  const client: PoolClient = await (db as unknown as { $client: import('pg').Pool }).$client.connect();
  try {
    await client.query('begin');
    await held(client);
    const racing = Promise.allSettled([meanwhile()]);
    // Long enough for the other writer to reach the row the held transaction locked.
    await new Promise((r) => setTimeout(r, 300));
    await client.query('commit');
    return (await racing)[0];
  } finally {
    client.release();
  }
}

/** The held statements' parameters written in (integers and simple strings only: this file's own values). */
const interpolate = (text: string, params: unknown[] = []) => text.replace(/\$(\d+)/g, (_, i) => (typeof params[i - 1] === 'number' ? String(params[i - 1]) : `'${String(params[i - 1]).replace(/'/g, "''")}'`));

beforeAll(async () => {
  db = await getDb();
  const [company] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Race Freight', 'Dallas', 'TX') returning id`);
  const [job] = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements,
      approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
    values (${company.id}, 'Race job', 'dry_van', 'HD', 'CS', '<p>x</p>', 100000, '{}', true, true, 'paid', md5('race job'), now(), now() + interval '30 days', now(), now())
    returning id`,
  );
  jobId = job.id;
  await db.execute(sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    values (${jobId}, 'Dallas', 'TX', 'US', 32.78, -96.8, 0, now() + interval '30 days')`);
});

it('refuses an application sent while the account is being deleted: nothing of the erased driver stays on it', async () => {
  const actor = await driver('Maria', 'Lopez', 8);
  // deleteAccount's own steps: lock the account, erase the name, scrub the applications' messages.
  const outcome = await overlapping(
    async (c) => {
      await c.query('select 1 from users where id = $1 for update', [actor.userId]);
      await c.query(`update users set first_name = 'Deleted', last_name = 'Deleted', active = false, deleted_at = now() where id = $1`, [actor.userId]);
      await c.query('update applications set message = null, distance_miles = null, within_range = null where user_id = $1', [actor.userId]);
    },
    () => applyToJob(db, actor, jobId, { message: 'Reach me at 214-555-0000, I live on Elm St' }),
  );
  expect(outcome).toMatchObject({ status: 'rejected', reason: { status: 401 } });
  const left = await queryRows<{ message: string | null; sort_last_name: string }>(db, sql`select message, sort_last_name from applications where user_id = ${actor.userId}`);
  expect(left).toEqual([]);
});

it("gives an application sent while the driver's name, years and travel distance are being changed the new values", async () => {
  const actor = await driver('Will', 'Brown', 1);
  const outcome = await overlapping(
    async (c) => {
      await c.query(`update users set last_name = 'Aardvark' where id = $1`, [actor.userId]);
      // About 16 miles from the job: within the assumed 50 when the application read the profile, not within 5.
      await c.query('update driver_profiles set years_of_experience = 40, travel_distance = 5 where user_id = $1', [actor.userId]);
    },
    () => applyToJob(db, actor, jobId, { message: 'Hello' }),
  );
  expect(outcome.status).toBe('fulfilled');
  const [row] = await queryRows<{ sort_last_name: string; sort_years: number; within_range: boolean }>(
    db,
    sql`select sort_last_name, sort_years, within_range from applications where user_id = ${actor.userId}`,
  );
  expect(row).toEqual({ sort_last_name: 'aardvark', sort_years: 40, within_range: false });
});

it('rewrites the copies of an application that committed while a profile change waited for it', async () => {
  const actor = await driver('Aisha', 'Brown', 2);
  // The application first, its transaction held open; the profile edit then waits for it and
  // rewrites the copy once it has committed.
  if (!concurrent) {
    await applyToJob(db, actor, jobId, {});
    await db.execute(sql`update driver_profiles set years_of_experience = 30 where user_id = ${actor.userId}`);
  } else {
    const client: PoolClient = await (db as unknown as { $client: import('pg').Pool }).$client.connect();
    try {
      await client.query('begin');
      await client.query('insert into applications (job_id, user_id) values ($1, $2)', [jobId, actor.userId]);
      // `.then` sends it now: a drizzle query runs only once awaited.
      const editing = db.execute(sql`update driver_profiles set years_of_experience = 30 where user_id = ${actor.userId}`).then(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      await client.query('commit');
      await editing;
    } finally {
      client.release();
    }
  }
  const [row] = await queryRows<{ sort_years: number }>(db, sql`select sort_years from applications where user_id = ${actor.userId}`);
  expect(row.sort_years).toBe(30);
});

it("refuses a profile edit sent while the account is being deleted: the erased name and home are not written back", async () => {
  const actor = await driver('Rosa', 'Martinez', 6);
  const outcome = await overlapping(
    async (c) => {
      await c.query('select 1 from users where id = $1 for update', [actor.userId]);
      await c.query(`update users set first_name = 'Deleted', last_name = 'Deleted', active = false, deleted_at = now() where id = $1`, [actor.userId]);
      await c.query('delete from driver_profiles where user_id = $1', [actor.userId]);
    },
    () => updateDriverProfile(db, actor, { last_name: 'Martinez', zip_code: '75201' }),
  );
  expect(outcome).toMatchObject({ status: 'rejected', reason: { status: 401 } });
  const [left] = await queryRows<{ last_name: string; profiles: number }>(
    db,
    sql`select u.last_name, (select count(*)::int from driver_profiles where user_id = u.id) as profiles from users u where u.id = ${actor.userId}`,
  );
  expect(left).toEqual({ last_name: 'Deleted', profiles: 0 });
});

it('refuses a withdrawal sent while the account is being deleted (the account is locked first, as every writer takes it)', async () => {
  const actor = await driver('Kim', 'Lee', 3);
  const applied = await applyToJob(db, actor, jobId, { message: 'Hi' });
  const outcome = await overlapping(
    async (c) => {
      await c.query('select 1 from users where id = $1 for update', [actor.userId]);
      await c.query(`update users set first_name = 'Deleted', last_name = 'Deleted', active = false, deleted_at = now() where id = $1`, [actor.userId]);
      await c.query('update applications set message = null, distance_miles = null, within_range = null where user_id = $1', [actor.userId]);
    },
    () => withdrawApplication(db, actor, String(applied.id)),
  );
  expect(outcome).toMatchObject({ status: 'rejected', reason: { status: 401 } });
  const [left] = await queryRows<{ message: string | null }>(db, sql`select message from applications where user_id = ${actor.userId}`);
  expect(left).toEqual({ message: null });
});
