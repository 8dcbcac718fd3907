import { eq, sql } from 'drizzle-orm';
import { GET as cronGet } from '@/app/api/cron/tick/route';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { jobs, users } from '@/lib/db/schema';
import { addDays, extendJob, publishPaidJob } from '@/lib/jobs/lifecycle';
import { createJobSchema } from '@/lib/jobs/schemas';
import { createJob } from '@/lib/jobs/services';
import { tick } from '@/lib/tick';
import { TICK_LOCK, withTickLock } from '@/lib/tick/lock';
import { registerTickStep, resetTickSteps, tickSteps } from '@/lib/tick/steps';
import { tickIntervalSeconds } from '@/lib/tick/timer';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { jobPayload } from '../../api/jobs/helpers';

let db: Database;
let actor: Actor;
const T0 = new Date('2030-03-01T09:00:00Z');

beforeAll(async () => {
  await seed();
  db = await getDb();
  const [u] = await db.select().from(users).where(eq(users.email, 'employer@demo.test'));
  actor = { userId: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, roles: [ROLES.EMPLOYER], companyId: u.companyId };
});
afterEach(() => resetTickSteps());

async function postedJob(overrides: Parameters<typeof jobPayload>[0] = {}, at = T0) {
  const { jobs: [{ id }] } = await createJob(db, actor, createJobSchema.parse(jobPayload(overrides)));
  await publishPaidJob(db, id, at);
  return id;
}
const row = async (id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('tick(db, now) with a fixed clock', () => {
  it('publishes for 30 days and expires a posting at 30 days, not before', async () => {
    const id = await postedJob();
    expect(await row(id)).toMatchObject({ approved: true, active: true, expirationDate: addDays(T0, 30), postingDate: T0 });
    await tick(db, addDays(T0, 29.99));
    expect(await row(id)).toMatchObject({ approved: true, active: true, expiredAt: null });
    const report = await tick(db, addDays(T0, 30));
    expect(report).toMatchObject({ ran: true, errors: {} });
    expect((report as { steps: Record<string, { expired: number[] }> }).steps['expire-jobs'].expired).toContain(id);
    const after = await row(id);
    expect(after).toMatchObject({ approved: false, active: false, expiredAt: addDays(T0, 30), nextBillingDate: null });
  });

  it('ends a boost after 7 days and keeps the posting live', async () => {
    const id = await postedJob({ addons: [{ addon_type: 'boost' }] });
    expect(await row(id)).toMatchObject({ boostActive: true, boostEndsAt: addDays(T0, 7) });
    await tick(db, addDays(T0, 6.9));
    expect((await row(id)).boostActive).toBe(true);
    await tick(db, addDays(T0, 7));
    expect(await row(id)).toMatchObject({ boostActive: false, active: true, approved: true });
  });

  it('hands due auto-renewing jobs to the renewals step before expiry', async () => {
    const renewing = await postedJob({ auto_renew: true });
    const lapsing = await postedJob({ auto_renew: true });
    expect((await row(renewing)).nextBillingDate).toEqual(addDays(T0, 30));
    const handed: number[] = [];
    registerTickStep('renewals', async ({ db: stepDb, now }) => {
      const due = await stepDb.select({ id: jobs.id }).from(jobs).where(sql`${jobs.autoRenew} and ${jobs.active} and ${jobs.expirationDate} <= ${now.toISOString()}`);
      for (const d of due) {
        handed.push(d.id);
        if (d.id === renewing) await extendJob(stepDb, d.id, now);
      }
    });
    expect(tickSteps().map((s) => s.name)).toEqual(['renewals', 'expire-jobs', 'end-boosts', 'purge-tokens', 'upload-parts', 'applicant-digests', 'end-ads', 'ad-upload-parts', 'ad-media', 'ad-views', 'idempotency-keys', 'candidate-rankings', 'publish-posts', 'outbox', 'embedded-upkeep']);
    await tick(db, addDays(T0, 30));
    expect(handed).toEqual(expect.arrayContaining([renewing, lapsing]));
    expect(await row(renewing)).toMatchObject({ active: true, approved: true, expirationDate: addDays(T0, 60), nextBillingDate: addDays(T0, 60) });
    expect(await row(lapsing)).toMatchObject({ active: false, approved: false });
  });

  it('reports a failing step and still runs the others', async () => {
    const id = await postedJob();
    registerTickStep('explodes', async () => {
      throw new Error('boom');
    }, { before: 'expire-jobs' });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const report = await tick(db, addDays(T0, 31));
    spy.mockRestore();
    expect(report).toMatchObject({ ran: true, errors: { explodes: 'boom' } });
    expect((await row(id)).active).toBe(false);
  });

  it('runs once when two ticks start together', async () => {
    const [a, b] = await Promise.all([tick(db, addDays(T0, 1)), tick(db, addDays(T0, 1))]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.ran)).toMatchObject({ reason: 'running' });
  });

  it('holds a Postgres advisory lock while it runs and skips when another instance holds it; on PGlite runs outside any transaction', async () => {
    if (process.env.DATABASE_URL) {
      // PostgreSQL: another session (another instance) holds the lock → this tick skips.
      const { Client } = await import('pg');
      const url = (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      const other = new Client({ connectionString: url });
      await other.connect();
      await other.query('select pg_advisory_lock($1)', [TICK_LOCK]);
      try {
        expect(await tick(db, T0)).toMatchObject({ ran: false, reason: 'locked' });
      } finally {
        await other.query('select pg_advisory_unlock($1)', [TICK_LOCK]);
        await other.end();
      }
      expect((await tick(db, T0)).ran).toBe(true);
    } else {
      // PGlite: one process owns it, and tick()'s flag keeps a second run out; the work runs on
      // the database itself, outside any transaction and without a lock (issue 16).
      const held = await withTickLock(db, async (handle) => {
        const client = (handle as unknown as { $client: { isInTransaction: () => boolean } }).$client;
        const locks = await queryRows<{ n: number }>(handle, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${TICK_LOCK}`);
        return { inTransaction: client.isInTransaction(), locks: locks[0].n };
      });
      expect(held?.value).toEqual({ inTransaction: false, locks: 0 });
    }
  });
});

describe('the tick on a pool of one connection (DATABASE_POOL_MAX=1)', () => {
  it('runs its work and its steps, and frees the lock, rather than waiting for ever on the pool connection its lock held', async () => {
    if (!process.env.DATABASE_URL) {
      // PGlite: one connection, no pool and no lock connection (withTickLock runs the work as is).
      expect((await tick(db, T0)).ran).toBe(true);
      return;
    }
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const url = (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const pool = new Pool({ connectionString: url, max: 1 });
    const small = drizzle(pool, { casing: 'snake_case' }) as unknown as Database;
    let timer: NodeJS.Timeout | undefined;
    let ran: unknown = 'timed out';
    try {
      const timedOut = new Promise<'timed out'>((resolve) => {
        timer = setTimeout(() => resolve('timed out'), 10_000);
      });
      ran = await Promise.race([withTickLock(small, async (stepDb) => (await queryRows<{ n: number }>(stepDb, sql`select 1 as n`))[0].n), timedOut]);
      expect(ran).toEqual({ value: 1 });
      // The lock is free again: another instance's tick is not refused.
      const other = await pool.query('select pg_try_advisory_lock($1) as locked', [TICK_LOCK]);
      expect(other.rows[0].locked).toBe(true);
      await pool.query('select pg_advisory_unlock($1)', [TICK_LOCK]);
      ran = 'timed out';
      ran = await Promise.race([tick(small, addDays(T0, 40)), new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 10_000).unref())]);
      expect(ran).toMatchObject({ ran: true, errors: {} });
    } finally {
      clearTimeout(timer);
      // A pool still waiting on its one connection never ends: left to the process's exit.
      if (ran !== 'timed out') await pool.end();
    }
  });
});

describe('GET /api/cron/tick', () => {
  const env = { ...process.env };
  afterEach(() => {
    process.env = { ...env };
  });
  const setEnv = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };

  it('answers 401 without the secret or with a wrong one, and runs with it', async () => {
    setEnv({ CRON_SECRET: 's3cret-value' });
    expect((await call(cronGet)).status).toBe(401);
    expect((await call(cronGet, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const ok = await call(cronGet, { headers: { authorization: 'Bearer s3cret-value' } });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ ran: true });
  });

  it('answers 503 in production while CRON_SECRET is unset', async () => {
    setEnv({ CRON_SECRET: undefined, NODE_ENV: 'production' });
    const res = await call(cronGet, { headers: { authorization: 'Bearer anything' } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ errors: [{ message: 'CRON_SECRET is not set.' }] });
  });
});

describe('self-hosted timer interval', () => {
  it('defaults to 60 s, honours TICK_INTERVAL_SECONDS, and is off on Vercel and in tests', () => {
    expect(tickIntervalSeconds({ NODE_ENV: 'production' } as NodeJS.ProcessEnv)).toBe(60);
    expect(tickIntervalSeconds({ NODE_ENV: 'production', TICK_INTERVAL_SECONDS: '15' } as NodeJS.ProcessEnv)).toBe(15);
    expect(tickIntervalSeconds({ NODE_ENV: 'production', TICK_INTERVAL_SECONDS: '0' } as NodeJS.ProcessEnv)).toBe(0);
    expect(tickIntervalSeconds({ NODE_ENV: 'production', VERCEL: '1' } as NodeJS.ProcessEnv)).toBe(0);
    expect(tickIntervalSeconds({ NODE_ENV: 'test' } as NodeJS.ProcessEnv)).toBe(0);
  });
});
