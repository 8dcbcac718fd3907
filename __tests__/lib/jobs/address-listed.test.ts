/**
 * job_addresses.listed (migration 0031) says whether the address's job is listed as far as its row
 * says (publicCondition without its clock), and the Drivers Portal's nearest-first scans read the
 * listed addresses alone through job_addresses_listed_earth_idx. These keep the flag equal to the
 * job's state through every change, including writers that overlap (on PostgreSQL, two
 * connections), and keep the scans from reading ended jobs' addresses.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { PoolClient } from 'pg';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { nearestInRadiusSql } from '@/lib/drivers/radius-search';
import { expireJobs, extendJob, publishPaidJob } from '@/lib/jobs/lifecycle';
import { publicCondition } from '@/lib/jobs/public';
import { setAddons, updateAddresses } from '@/lib/jobs/targeting';
import type { Addon } from '@/lib/jobs/schemas';
import { markLinesPaid, startBoost } from '@/lib/payments/jobs-port';
import { lockWaiters, superAdmin } from '../../helpers/row-locks';

const concurrent = !!process.env.DATABASE_URL;
// Fairbanks, Alaska: far from every other test's places.
const HOME = { lat: 64.84, lng: -147.72 };
let db: Database;
let companyId: number;

type JobState = { approved: boolean; active: boolean; suspended: boolean; payment_status: 'pending' | 'paid' | 'invoiced'; closed: boolean; cancelled: boolean };

/** The rule the flag follows, in words a reader can check against migration 0031. */
const listedOf = (s: JobState) => s.approved && s.active && !s.suspended && (s.payment_status === 'paid' || s.payment_status === 'invoiced') && !s.closed && !s.cancelled;

async function job(state: Partial<JobState> = {}, expiresInDays = 20): Promise<number> {
  const s: JobState = { approved: true, active: true, suspended: false, payment_status: 'paid', closed: false, cancelled: false, ...state };
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents,
      approved, active, suspended, payment_status, closed_at, cancelled_at, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
    values (${companyId}, 'Listed test', 'dry_van', 'HW', 'Y1', '<p>x</p>', 150000, ${s.approved}, ${s.active}, ${s.suspended}, ${s.payment_status},
      ${s.closed ? sql`now()` : null}, ${s.cancelled ? sql`now()` : null}, md5(random()::text), now() - interval '10 days',
      now() + ${`${expiresInDays} days`}::interval, now() - interval '10 days', now() - interval '10 days')
    returning id`,
  );
  return row.id;
}

async function address(jobId: number, at = HOME) {
  await db.execute(sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    select ${jobId}, 'Fairbanks', 'AK', 'US', ${at.lat}, ${at.lng}, 15000, j.expiration_date from jobs j where j.id = ${jobId}`);
}

const flags = async (jobId: number) =>
  (await queryRows<{ listed: boolean }>(db, sql`select listed from job_addresses where job_id = ${jobId} order by id`)).map((r) => r.listed);

beforeAll(async () => {
  db = await getDb();
  [{ id: companyId }] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Listed Test Co', 'Fairbanks', 'AK') returning id`);
});

describe('the flag', () => {
  it('follows any sequence of changes to the job, for addresses written before and after each', async () => {
    const columns = {
      approved: fc.boolean(),
      active: fc.boolean(),
      suspended: fc.boolean(),
      payment_status: fc.constantFrom('pending', 'paid', 'invoiced'),
      closed: fc.boolean(),
      cancelled: fc.boolean(),
    } as const;
    const change = fc.oneof(
      ...Object.entries(columns).map(([column, value]) => fc.record({ column: fc.constant(column as keyof JobState), value: value as fc.Arbitrary<JobState[keyof JobState]> })),
    );
    await fc.assert(
      fc.asyncProperty(fc.record(columns), fc.array(fc.record({ change, addAddress: fc.boolean() }), { maxLength: 8 }), async (start, steps) => {
        const id = await job(start);
        await address(id);
        let state: JobState = { ...start };
        expect(await flags(id)).toEqual([listedOf(state)]);
        for (const { change: c, addAddress } of steps) {
          const assignment =
            c.column === 'closed' ? sql`closed_at = ${c.value ? sql`now()` : null}`
            : c.column === 'cancelled' ? sql`cancelled_at = ${c.value ? sql`now()` : null}`
            : c.column === 'payment_status' ? sql`payment_status = ${c.value}`
            : sql`${sql.identifier(c.column)} = ${c.value}`;
          await db.execute(sql`update jobs set ${assignment} where id = ${id}`);
          state = { ...state, [c.column]: c.value };
          if (addAddress) await address(id);
          const now = await flags(id);
          expect(now).toEqual(now.map(() => listedOf(state)));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('follows the services that publish, expire and renew a posting', async () => {
    const id = await job({ approved: false, active: false, payment_status: 'pending' });
    await address(id);
    expect(await flags(id)).toEqual([false]);
    await publishPaidJob(db, id);
    expect(await flags(id)).toEqual([true]);
    await expireJobs(db, new Date(Date.now() + 40 * 86_400_000));
    expect(await flags(id)).toEqual([false]);
    await extendJob(db, id, new Date(Date.now() + 40 * 86_400_000));
    expect(await flags(id)).toEqual([true]);
  });

  it('cannot be written by hand: the job decides', async () => {
    const closed = await job({ closed: true });
    await address(closed);
    await db.execute(sql`update job_addresses set listed = true where job_id = ${closed}`);
    expect(await flags(closed)).toEqual([false]);
    const open = await job();
    await db.execute(sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, listed) values (${open}, 'x', 'AK', 'US', 64, -147, 0, false)`);
    expect(await flags(open)).toEqual([true]);
  });
});

/** On PostgreSQL: `held` runs in a transaction on its own connection, left open while `meanwhile` runs, then committed. */
async function overlapping(held: (c: PoolClient) => Promise<unknown>, meanwhile: () => Promise<unknown>) {
  if (!concurrent) {
    // One connection: the writers run one after the other.
    await db.transaction(async (tx) => {
      const client = { query: (text: string, params: unknown[] = []) => (tx as unknown as Database).execute(sql.raw(text.replace(/\$(\d+)/g, (_, i) => String(params[i - 1])))) };
      await held(client as unknown as PoolClient);
    });
    await meanwhile();
    return;
  }
  const client: PoolClient = await (db as unknown as { $client: import('pg').Pool }).$client.connect();
  try {
    await client.query('begin');
    await held(client);
    const racing = meanwhile();
    // Long enough for the other writer to reach the job's row.
    await new Promise((r) => setTimeout(r, 300));
    await client.query('commit');
    await racing;
  } finally {
    client.release();
  }
}

describe('writers that overlap', () => {
  it('an address added while the job is being closed is not left listed', async () => {
    const id = await job();
    await overlapping(
      (c) => c.query('update jobs set closed_at = now() where id = $1', [id]),
      () => address(id),
    );
    expect(await flags(id)).toEqual([false]);
  });

  it('a job closed while an address is being added unlists that address too', async () => {
    const id = await job();
    await overlapping(
      (c) => c.query(`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents) values ($1, 'x', 'AK', 'US', 64, -147, 0)`, [id]),
      () => db.execute(sql`update jobs set closed_at = now() where id = ${id}`),
    );
    expect(await flags(id)).toEqual([false]);
  });
});

/**
 * A writer of a job's addresses beside a change of the job's state. The change takes the job, then
 * its trigger rewrites the addresses' flags; a writer that took the addresses first and the job
 * last deadlocked with it, and the employer's save, the payment or the admin's suspension was
 * refused. On PostgreSQL: an address insert elsewhere holds the job FOR SHARE, the writer starts and
 * waits, then that transaction suspends the job. Both must go through.
 */
async function besideASuspension(id: number, write: () => Promise<unknown>) {
  if (!concurrent) {
    await write();
    await db.execute(sql`update jobs set suspended = true where id = ${id}`);
    return;
  }
  const client: PoolClient = await (db as unknown as { $client: import('pg').Pool }).$client.connect();
  try {
    await client.query('begin');
    await client.query('select 1 from jobs where id = $1 for share', [id]);
    const writing = write().then(() => 'written', (e: Error) => e.message);
    // Until the writer waits for a row.
    await lockWaiters(db, 1);
    const suspending = await client.query('update jobs set suspended = true where id = $1', [id]).then(() => 'suspended', (e: Error) => e.message);
    await client.query(suspending === 'suspended' ? 'commit' : 'rollback');
    expect([suspending, await writing]).toEqual(['suspended', 'written']);
  } finally {
    client.release();
  }
}

describe('writers of the addresses beside a change of the job', () => {
  it('an edit of the addresses (updateAddresses): both go through, and the flags follow the job', async () => {
    const staff = await superAdmin(db);
    const id = await job();
    // Not paid for: the edit may replace it (a live job keeps one paid address otherwise).
    await db.execute(sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents) values (${id}, 'Nome', 'AK', 'US', 64.5, -165.4, 0)`);
    const anchorage = { description: 'Anchorage, AK 99501, USA', city: 'Anchorage', state: 'AK', postal_code: '99501', latitude: 61.2181, longitude: -149.9003 };
    const fairbanks = { description: 'Fairbanks, AK 99701, USA', city: 'Fairbanks', state: 'AK', postal_code: '99701', latitude: HOME.lat, longitude: HOME.lng };
    await besideASuspension(id, () => updateAddresses(db, staff, id, [fairbanks, anchorage] as never));
    const rows = await queryRows<{ city: string; listed: boolean }>(db, sql`select city, listed from job_addresses where job_id = ${id} order by position`);
    expect(rows).toEqual([{ city: 'Fairbanks', listed: false }, { city: 'Anchorage', listed: false }]);
  });

  it('an add-on order paying an address and starting a boost (the steps of its approval): both go through', async () => {
    const id = await job();
    const [added] = await queryRows<{ id: number }>(db, sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents) values (${id}, 'Nome', 'AK', 'US', 64.5, -165.4, 15000) returning id`);
    await besideASuspension(id, () =>
      db.transaction(async (tx) => {
        await markLinesPaid(tx as unknown as Database, id, [{ addressId: added.id, addonId: null }]);
        await startBoost(tx as unknown as Database, id, new Date());
      }),
    );
    const [row] = await queryRows<{ paid: boolean; listed: boolean; boosted: boolean }>(
      db,
      sql`select a.paid_through is not null as paid, a.listed, j.boost_active as boosted from job_addresses a join jobs j on j.id = a.job_id where a.id = ${added.id}`,
    );
    expect(row).toEqual({ paid: true, listed: false, boosted: true });
  });
});

describe('an add-on order paid while the add-ons are being saved', () => {
  // The approval takes the job, then its address and add-on (markItemsPaid); saving the add-ons
  // took the add-ons, then the job (refreshCost). Held apart by a third session on the address, the
  // two met in opposite orders: a deadlock, and the approval's loss left a charged boost unapplied.
  it('both go through, the boost paid and running', async () => {
    const staff = await superAdmin(db);
    const id = await job();
    const [place] = await queryRows<{ id: number }>(db, sql`insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents) values (${id}, 'Juneau', 'AK', 'US', 58.3, -134.4, 15000) returning id`);
    const [boost] = await queryRows<{ id: number }>(db, sql`insert into job_addons (job_id, addon_type, subscribed, cost_cents) values (${id}, 'boost', true, 20000) returning id`);
    const approve = () =>
      db.transaction(async (tx) => {
        await markLinesPaid(tx as unknown as Database, id, [{ addressId: place.id, addonId: null }, { addressId: null, addonId: boost.id }]);
        await startBoost(tx as unknown as Database, id, new Date());
      });
    const addons: Addon[] = [
      { addon_type: 'boost', subscribed: true, external_url: null },
      { addon_type: 'promote', subscribed: true, external_url: null },
    ];
    const save = () => setAddons(db, staff, id, addons);
    if (!concurrent) {
      await approve();
      await save();
    } else {
      const client: PoolClient = await (db as unknown as { $client: import('pg').Pool }).$client.connect();
      try {
        await client.query('begin');
        await client.query('select 1 from job_addresses where id = $1 for update', [place.id]);
        const approving = approve().then(() => 'approved', (e: Error) => e.message);
        await lockWaiters(db, 1);
        const saving = save().then(() => 'saved', (e: Error) => e.message);
        await lockWaiters(db, 2);
        await client.query('commit');
        expect([await approving, await saving]).toEqual(['approved', 'saved']);
      } finally {
        client.release();
      }
    }
    const [row] = await queryRows<{ paid: boolean; boosted: boolean }>(
      db,
      sql`select ad.paid_through is not null as paid, j.boost_active as boosted from job_addons ad join jobs j on j.id = ad.job_id where ad.id = ${boost.id}`,
    );
    expect(row).toEqual({ paid: true, boosted: true });
  });
});

describe('the nearest-first scan', () => {
  it('reads the listed addresses only, however many ended jobs lie nearer', async () => {
    // Forty jobs at one place near Nome (no other job of this file is there), then 38 of them
    // ended (expired by the tick, closed, suspended); two stay listed, a little farther away.
    const nome = { lat: 64.5, lng: -165.4 };
    const near = [];
    for (let i = 0; i < 40; i++) {
      const id = await job();
      await address(id, { lat: nome.lat + 0.01, lng: nome.lng });
      near.push(id);
    }
    const live = [await job(), await job()];
    for (const id of live) await address(id, { lat: nome.lat + 0.05, lng: nome.lng });
    await db.execute(sql`update jobs set expiration_date = now() - interval '1 day' where id in (select unnest(${`{${near.slice(0, 30).join(',')}}`}::int[]))`);
    await expireJobs(db, new Date());
    await db.execute(sql`update jobs set closed_at = now() where id in (select unnest(${`{${near.slice(30, 35).join(',')}}`}::int[]))`);
    await db.execute(sql`update jobs set suspended = true where id in (select unnest(${`{${near.slice(35).join(',')}}`}::int[]))`);

    const statement = nearestInRadiusSql(nome, 50, [publicCondition(new Date())!], 10);
    const found = await queryRows<{ job_id: number }>(db, statement);
    expect(found.map((r) => r.job_id).sort()).toEqual([...live].sort());

    // The scan of the address index returned the two listed addresses and nothing to drop.
    const [explained] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (analyze, format json) ${statement}`);
    const plan = explained['QUERY PLAN'];
    const scans: { name: string; rows: number; removed: number }[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'job_addresses') scans.push({ name: String(node['Index Name']), rows: Number(node['Actual Rows']), removed: Number(node['Rows Removed by Filter'] ?? 0) });
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan.name).toBe('job_addresses_listed_earth_idx');
      expect(scan.rows + scan.removed).toBeLessThanOrEqual(live.length);
    }
  });
});
