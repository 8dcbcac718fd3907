/**
 * A change of a job is decided on the job as it is once its row is locked (lib/jobs/job-row-lock.ts),
 * not on a reading taken before: the services read the job, then waited for the row while another
 * transaction published, renewed or closed it, and went on with what they had read. On PostgreSQL
 * the other transaction really commits while the service waits (helpers/row-locks.ts).
 */
import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { closeJob, updateJob } from '@/lib/jobs/services';
import { KEEP_A_PAID_ADDRESS, setAddons, updateAddresses } from '@/lib/jobs/targeting';
import { markLinesPaid } from '@/lib/payments/jobs-port';
import { pricedOnJobAsIs } from '@/lib/payments/job-order';
import type { Actor } from '@/lib/auth/actor';
import { superAdmin, writeWhileJobChanges, writeWhileRowChanges } from '../../helpers/row-locks';
import { JOB_NOT_OPEN, applyToJob } from '@/lib/drivers/applications';
import { ROLES } from '@/lib/access';

let db: Database;
let companyId: number;
let staff: Actor;

const NOME = { description: 'Nome, AK 99762, USA', city: 'Nome', state: 'AK', postal_code: '99762', latitude: 64.5, longitude: -165.4 };
const BETHEL = { description: 'Bethel, AK 99559, USA', city: 'Bethel', state: 'AK', postal_code: '99559', latitude: 60.79, longitude: -161.76 };

/**
 * A job in the given state, ending in 20 days, with one address in Nome (paid through the end when
 * the job is paid). The end is in whole seconds, as the app writes it (a JavaScript date's
 * milliseconds): an item paid through it then compares equal.
 */
async function job(state: 'pending' | 'paid', autoRenew = false) {
  const paid = state === 'paid';
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents,
      approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at, auto_renew)
    values (${companyId}, 'Locked row test', 'dry_van', 'HW', 'Y1', '<p>x</p>', 150000, ${paid}, ${paid}, ${state}, md5(random()::text),
      now() - interval '10 days', date_trunc('second', now()) + interval '20 days', ${paid ? sql`now() - interval '10 days'` : null}, ${paid ? sql`now() - interval '10 days'` : null}, ${autoRenew})
    returning id`,
  );
  await db.execute(sql`insert into job_addresses (job_id, city, state, postal_code, country, latitude, longitude, cost_cents, paid_through)
    select ${row.id}, 'Nome', 'AK', '99762', 'US', 64.5, -165.4, 15000, case when ${paid} then j.expiration_date end from jobs j where j.id = ${row.id}`);
  return row.id;
}

const jobState = async (id: number) =>
  (
    await queryRows<{ closed: boolean; addon_on: boolean; next_bill_is_end: boolean }>(
      db,
      sql`select closed_at is not null as closed, exists (select 1 from job_addons a where a.job_id = j.id and a.subscribed) as addon_on,
        next_billing_date is not distinct from expiration_date as next_bill_is_end from jobs j where id = ${id}`,
    )
  )[0];

const addresses = (id: number) =>
  queryRows<{ city: string; live: boolean }>(
    db,
    sql`select a.city, coalesce(a.paid_through >= j.expiration_date, false) as live from job_addresses a join jobs j on j.id = a.job_id where a.job_id = ${id} order by a.position, a.id`,
  );

/** What a payment does to a pending job: paid, live, and its address paid through the end. */
const PUBLISH = [
  `update jobs set payment_status = 'paid', approved = true, active = true, published_at = now(), paid_at = now() where id = $1`,
  `update job_addresses set paid_through = (select expiration_date from jobs where id = $1) where job_id = $1`,
];
/** What a renewal does: the end 30 days on, the job's places paid through it. */
const RENEW = [
  `update jobs set expiration_date = expiration_date + interval '30 days' where id = $1`,
  `update job_addresses set paid_through = (select expiration_date from jobs where id = $1) where job_id = $1`,
];
const CLOSE = [`update jobs set closed_at = now(), active = false where id = $1`];

beforeAll(async () => {
  db = await getDb();
  [{ id: companyId }] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Locked Row Co', 'Nome', 'AK') returning id`);
  staff = await superAdmin(db);
});

describe('an edit of the addresses', () => {
  it('made while the job is being paid for: the address the payment made live is kept (422), not removed unrecorded', async () => {
    const id = await job('pending');
    const outcome = await writeWhileJobChanges(db, id, PUBLISH, () => updateAddresses(db, staff, id, [BETHEL] as never));
    expect(outcome).toBe(KEEP_A_PAID_ADDRESS);
    expect(await addresses(id)).toEqual([{ city: 'Nome', live: true }]);
  });

  it('made while the job is being closed: refused (409), the addresses as they were', async () => {
    const id = await job('paid');
    const outcome = await writeWhileJobChanges(db, id, CLOSE, () => updateAddresses(db, staff, id, [NOME, BETHEL] as never));
    expect(outcome).toBe('This job is closed and can no longer be changed.');
    expect((await addresses(id)).map((a) => a.city)).toEqual(['Nome']);
  });
});

it('add-ons saved while the job is being closed: refused (409), nothing subscribed', async () => {
  const id = await job('paid');
  const outcome = await writeWhileJobChanges(db, id, CLOSE, () => setAddons(db, staff, id, [{ addon_type: 'promote', subscribed: true, external_url: null }]));
  expect(outcome).toBe('This job is closed and can no longer be changed.');
  expect((await jobState(id)).addon_on).toBe(false);
});

it('auto-renew turned on while the job is being renewed: the next bill is the new end, not the old one', async () => {
  const id = await job('paid');
  const outcome = await writeWhileJobChanges(db, id, RENEW, () => updateJob(db, staff, id, { auto_renew: true }));
  expect(outcome).toBe('done');
  expect(await jobState(id)).toMatchObject({ next_bill_is_end: true });
});

it('an add-on order approved while the job is being renewed pays its address through the new end, not back to the old one', async () => {
  const id = await job('paid');
  const [added] = await queryRows<{ id: number }>(db, sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, position) values (${id}, 'Bethel', 'AK', 'US', 60.79, -161.76, 15000, 1) returning id`);
  const approve = () => db.transaction((tx) => markLinesPaid(tx as unknown as Database, id, [{ addressId: added.id, addonId: null }]));
  expect(await writeWhileJobChanges(db, id, RENEW, approve)).toBe('done');
  expect(await addresses(id)).toEqual([
    { city: 'Nome', live: true },
    { city: 'Bethel', live: true },
  ]);
});

describe('closing a job and paying for it', () => {
  it('a close made while an order is being opened waits for it, then is refused while the charge is in flight', async () => {
    const id = await job('paid');
    const order = `insert into invoices (number, company_id, job_id, action_type, status, amount_cents, payment_method, idempotency_key, period_key)
      values ('T-' || md5(random()::text), ${companyId}, $1, 'addons', 'PROCESSING_PAYMENT', 15000, 'CELERO', md5(random()::text), 'p')`;
    const outcome = await writeWhileJobChanges(db, id, [order], () => closeJob(db, staff, id));
    expect(outcome).toBe('A payment for this job is in progress; try again in a minute.');
    expect((await jobState(id)).closed).toBe(false);
  });

  it('an order opened after the close is refused by its check under the lock, before any charge', async () => {
    const id = await job('pending');
    await closeJob(db, staff, id);
    // The order's own check (openOrder runs it under the job's charges lock): nothing priced is owed on a closed job.
    await expect(pricedOnJobAsIs(id, [], () => [])(db)).rejects.toThrow('This job is closed and can no longer be paid for or renewed. Duplicate it to post it again.');
  });
});

it('an application sent while the job is being closed: refused (409), no application on the closed job', async () => {
  const id = await job('paid');
  const email = `driver.${Date.now()}@row-locks.test`;
  const [driver] = await queryRows<{ id: number }>(db, sql`insert into users (email, first_name, last_name) values (${email}, 'Dri', 'Ver') returning id`);
  await db.execute(sql`insert into user_roles (user_id, role) values (${driver.id}, ${ROLES.DRIVER})`);
  const actor: Actor = { userId: driver.id, email, firstName: 'Dri', lastName: 'Ver', roles: [ROLES.DRIVER], companyId: null };
  // The close holds the job's row as lockJobForChange does; the application's foreign key takes only
  // a key share of it, which does not wait: the application must hold the row itself.
  const outcome = await writeWhileRowChanges(db, id, 'select 1 from jobs where id = $1 for no key update', CLOSE, () => applyToJob(db, actor, id, {}));
  expect(outcome).toBe(JOB_NOT_OPEN);
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from applications where job_id = ${id}`);
  expect(n).toBe(0);
});
