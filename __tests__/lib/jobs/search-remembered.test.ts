/**
 * A company's job list is remembered by the process between changes (lib/jobs/search.ts, issue 16),
 * and every change to what it shows applies to the very next call: a job edited, an address, a tag
 * renamed, an application, a change inside a transaction; on PostgreSQL also a change another
 * instance commits, seen once its notification arrives. Date-dependent fields follow the clock, not
 * the moment the rows were read.
 */
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { embeddedClient, getDb, queryRows, type Database } from '@/lib/db/client';
import { actorFromClaims, type Actor } from '@/lib/auth/actor';
import { searchJobs } from '@/lib/jobs/search';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { countStatements, inTouch } from '../../helpers/change-watch';
import { seed } from '../../helpers/seed';

let db: Database;
let actor: Actor;
let jobId: number;
const list = (now?: Date) => searchJobs(db, actor, searchJobsSchema.parse({ limit: 50 }), now);
const row = async (now?: Date) => (await list(now)).items.find((j) => j.id === jobId)!;

beforeAll(async () => {
  await seed();
  db = await getDb();
  const [employer] = await queryRows<{ id: number; company_id: number }>(db, sql`select id, company_id from users where email = 'employer@demo.test'`);
  actor = (await actorFromClaims(db, { userId: employer.id } as never))!;
  const [job] = await queryRows<{ id: number }>(db, sql`select id from jobs where company_id = ${employer.company_id} order by id limit 1`);
  jobId = job.id;
});

it('answers an unchanged list without a statement', async () => {
  await inTouch(db);
  const first = await list();
  const sent = countStatements(db);
  try {
    for (let i = 0; i < 3; i++) expect(await list()).toEqual(first);
    expect(sent).not.toHaveBeenCalled();
  } finally {
    sent.mockRestore();
  }
});

it('shows each change to the jobs, their addresses, tags and applications on the next call', async () => {
  await inTouch(db);
  await list();
  await db.execute(sql`update jobs set title = 'Remembered, then renamed' where id = ${jobId}`);
  expect(await row()).toMatchObject({ title: 'Remembered, then renamed' });

  await db.execute(sql`update job_addresses set city = 'Elko' where job_id = ${jobId}`);
  expect((await row()).city).toBe('Elko');

  const [tag] = await queryRows<{ id: number }>(db, sql`
    insert into company_tags (company_id, tag) values (${actor.companyId}, 'Hazmat-remembered') returning id`);
  await db.execute(sql`insert into job_tags (job_id, tag_id) values (${jobId}, ${tag.id})`);
  expect((await row()).tags.map((t) => t.tag)).toEqual(['Hazmat-remembered']);
  await db.execute(sql`update company_tags set tag = 'Tanker-remembered' where id = ${tag.id}`);
  expect((await row()).tags.map((t) => t.tag)).toEqual(['Tanker-remembered']);

  const before = (await row()).total_applicants;
  const [driver] = await queryRows<{ id: number }>(db, sql`select id from users where email = 'driver@demo.test'`);
  await db.execute(sql`delete from applications where job_id = ${jobId} and user_id = ${driver.id}`);
  const afterDelete = (await row()).total_applicants;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into applications (job_id, user_id) values (${jobId}, ${driver.id})`);
  });
  expect((await row()).total_applicants).toBe(afterDelete + 1);
  expect(afterDelete).toBeLessThanOrEqual(before);
});

it('works out date-dependent fields from the clock of each call, not of the read', async () => {
  await inTouch(db);
  const ends = new Date(Date.now() + 10 * 86_400_000);
  await db.execute(sql`update jobs set boost_active = true, boost_ends_at = ${ends.toISOString()} where id = ${jobId}`);
  await inTouch(db);
  expect((await row()).boost_remaining_days).toBe(10);
  // Later in the same day the rows come from memory; the days left still follow the call's clock.
  const sent = countStatements(db);
  try {
    const midnight = new Date().setUTCHours(24, 0, 0, 0);
    expect((await row(new Date(Math.min(Date.now() + 60_000, midnight - 1)))).boost_remaining_days).toBe(10);
    expect(sent).not.toHaveBeenCalled();
  } finally {
    sent.mockRestore();
  }
  expect((await row(new Date(ends.getTime() - 3 * 86_400_000))).boost_remaining_days).toBe(3);
  expect((await row(new Date(ends.getTime() + 86_400_000))).boost_remaining_days).toBe(0);
  // Applications "today" count from midnight UTC of the call's own day: another day is another read.
  const [driver] = await queryRows<{ id: number }>(db, sql`select id from users where email = 'driver@demo.test'`);
  await db.execute(sql`delete from applications where job_id = ${jobId} and user_id = ${driver.id}`);
  await db.execute(sql`insert into applications (job_id, user_id) values (${jobId}, ${driver.id})`);
  expect((await row()).today_applicants).toBeGreaterThanOrEqual(1);
  expect((await row(new Date(Date.now() + 2 * 86_400_000))).today_applicants).toBe(0);
});

it('makes the summaries once per remembered page, and again exactly when a boost steps down a day', async () => {
  await inTouch(db);
  const ends = new Date(Date.now() + 5 * 86_400_000 + 3_600_000);
  await db.execute(sql`update jobs set boost_active = true, boost_ends_at = ${ends.toISOString()} where id = ${jobId}`);
  await inTouch(db);
  const now = Date.now();
  const first = await list(new Date(now));
  expect((await list(new Date(now + 1_000))).items).toBe(first.items);
  // Shared, so nobody may change them.
  expect(Object.isFrozen(first.items)).toBe(true);
  const job = first.items.find((j) => j.id === jobId)!;
  expect(Object.isFrozen(job) && Object.isFrozen(job.tags)).toBe(true);
  expect(job.boost_remaining_days).toBe(6);
  // The step: 5 whole days left from one hour before the end of the sixth-last day.
  const step = ends.getTime() - 5 * 86_400_000;
  expect((await row(new Date(step - 1))).boost_remaining_days).toBe(6);
  expect((await row(new Date(step))).boost_remaining_days).toBe(5);
  // An earlier clock than the one they were made for is worked out again, not served from later.
  expect((await row(new Date(now))).boost_remaining_days).toBe(6);
  await db.execute(sql`update jobs set boost_active = false, boost_ends_at = null where id = ${jobId}`);
});

it('sees a change another instance commits once its notification arrives', async () => {
  await inTouch(db);
  await list();
  const pglite = embeddedClient(db);
  const other = pglite ? null : new Client({ connectionString: (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString });
  await other?.connect();
  try {
    const text = `update jobs set title = 'Renamed elsewhere' where id = ${jobId}`;
    await (other ? other.query(text) : pglite!.query(text));
    const started = Date.now();
    while ((await row()).title !== 'Renamed elsewhere') {
      if (Date.now() - started > 1_000) throw new Error('the change was not seen within a second');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await other?.end();
  }
});
