import { eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { yieldToRequests } from '@/lib/db/batches';
import { invoices, jobs } from '@/lib/db/schema';
import { addDays, expireJobs } from '@/lib/jobs/lifecycle';
import { setGatewayFactory, type PaymentGateway } from '@/lib/payments/gateway';
import { autoRenewDueJobs } from '@/lib/payments/renewals';
import { openOrder } from '@/lib/payments/orders';
import { storeCard } from '@/lib/payments/payment-methods';
import { sandboxGateway } from '@/lib/payments/sandbox';
import { tick } from '@/lib/tick';
import { registerTickStep, resetTickSteps } from '@/lib/tick/steps';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, jobRow, makeJob, paidJob } from '../../api/payment/fixtures';

/**
 * Issue 16: the tick works in short batches, never one transaction around everything, and never
 * calls the card processor while a transaction is open.
 */

let db: Database;

beforeAll(async () => {
  await seed();
  db = await getDb();
});
afterEach(() => {
  resetTickSteps();
  setGatewayFactory(undefined);
});

/** A posted job (paidJob signs in afresh each time: a tick a month ahead purges the earlier sessions). */
const postedJob = paidJob;

/**
 * Counts the transactions open on `db` (every transaction of the app starts with db.transaction;
 * savepoints nest inside one). PGlite also says itself whether it is inside one.
 */
function watchTransactions(handle: Database) {
  const original = handle.transaction.bind(handle);
  let open = 0;
  (handle as { transaction: unknown }).transaction = async (...args: Parameters<Database['transaction']>) => {
    open += 1;
    try {
      return await original(...args);
    } finally {
      open -= 1;
    }
  };
  const client = (handle as unknown as { $client: { isInTransaction?: () => boolean } }).$client;
  return {
    inTransaction: () => open > 0 || client.isInTransaction?.() === true,
    restore: () => delete (handle as { transaction?: unknown }).transaction,
  };
}

describe('the card processor is never called inside a transaction', () => {
  it('renewals and the reconciliation of a crashed order charge outside any transaction', async () => {
    const renewing = await postedJob({ autoRenew: true, title: 'Renews Outside A Transaction' });
    // An order a crash left in flight, never sent to the gateway: the renewals step charges it.
    const stuck = await makeJob({ email: 'employer@demo.test', title: 'Crashed Order' });
    const token = await cardToken(CARDS.approve);
    const card = await storeCard(db, stuck.companyId, null, { card_token: token, card_holder_name: 'Emma Recruiter' }, false);
    const order = await openOrder(
      db,
      { companyId: stuck.companyId, jobId: stuck.id, jobTitle: stuck.title, actionType: 'new_job', periodKey: '', paymentMethod: 'CELERO', paymentMethodId: card.id, lines: [{ kind: 'job_posting', description: 'x', amountCents: 30_000 }] },
      new Date(Date.now() - 10 * 60_000),
    );

    const watch = watchTransactions(db);
    const calls: { kind: string; inTransaction: boolean }[] = [];
    setGatewayFactory((gdb) => {
      const real = sandboxGateway(gdb);
      const checked = <A extends unknown[], R>(kind: string, f: (...a: A) => Promise<R>) => (...a: A) => {
        calls.push({ kind, inTransaction: watch.inTransaction() });
        return f(...a);
      };
      const gateway: PaymentGateway = { ...real, charge: checked('charge', real.charge), lookup: checked('lookup', real.lookup), verify: checked('verify', real.verify) };
      return gateway;
    });
    try {
      const report = await tick(db, new Date(renewing.expirationDate!.getTime() + 1000));
      expect(report).toMatchObject({ ran: true, errors: {} });
    } finally {
      watch.restore();
    }
    expect(calls.filter((c) => c.kind === 'charge').length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => c.inTransaction)).toEqual([]);
    expect((await jobRow(renewing.id)).expirationDate!.getTime()).toBeGreaterThan(renewing.expirationDate!.getTime());
    expect((await db.select().from(invoices).where(eq(invoices.id, order!.id)))[0].status).toBe('APPROVED');
  });
});

describe('batches', () => {
  it('a tick finishes more due rows than one batch; a spent budget leaves the rest to the next run', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await postedJob({ title: `Expiring ${i}` })).id);
    const at = addDays((await jobRow(ids[4])).expirationDate!, 0.001);
    // Budget spent after the first batch: two expire now, the rest on the next run.
    const first = await expireJobs(db, at, { size: 2, budgetMs: 0 });
    expect(first).toHaveLength(2);
    const rest = await expireJobs(db, at, { size: 2 });
    expect([...first, ...rest]).toEqual(expect.arrayContaining(ids));
    const left = await db.select({ id: jobs.id }).from(jobs).where(sql`${inArray(jobs.id, ids)} and ${jobs.active}`);
    expect(left).toEqual([]);
  });

  it('renewals resume where the budget stopped them, and expire-jobs spares the ones not charged yet', async () => {
    const due: Awaited<ReturnType<typeof postedJob>>[] = [];
    for (let i = 0; i < 3; i++) due.push(await postedJob({ autoRenew: true, title: `Renewing ${i}` }));
    const at = new Date(Math.max(...due.map((j) => j.expirationDate!.getTime())) + 1000);
    const first = await autoRenewDueJobs(db, at, {}, { size: 1, budgetMs: 0 });
    expect(first.renewed).toBe(1);
    expect(first.unfinishedAfter).toBeDefined();
    // What expire-jobs does in the same tick: the due renewals after the stop stay live.
    const expired = await expireJobs(db, at, { spareRenewalsAfter: first.unfinishedAfter });
    expect(expired.filter((id) => due.some((j) => j.id === id))).toEqual([]);
    const second = await autoRenewDueJobs(db, at);
    expect(second.unfinishedAfter).toBeUndefined();
    for (const j of due) expect(await jobRow(j.id)).toMatchObject({ active: true, approved: true });
    expect((await db.select().from(invoices).where(sql`${inArray(invoices.jobId, due.map((j) => j.id))} and ${invoices.actionType} = 'renewal'`)).length).toBe(3);
  });

  it('through the tick: expire-jobs reads where renewals stopped', async () => {
    const a = await postedJob({ autoRenew: true, title: 'Spared By The Tick' });
    const at = new Date(a.expirationDate!.getTime() + 1000);
    registerTickStep('renewals', async () => ({ renewed: 0, failed: 0, unfinishedAfter: a.id - 1 }));
    const report = await tick(db, at);
    expect(report).toMatchObject({ ran: true, errors: {} });
    expect(await jobRow(a.id)).toMatchObject({ active: true });
  });
});

describe('a row a request changes while a batch waits for it', () => {
  it('a job renewed meanwhile is not expired: the due condition is checked on the row as it is now', async () => {
    const job = await postedJob({ title: 'Renewed While Expiring' });
    const at = addDays(job.expirationDate!, 0.001);
    const later = addDays(job.expirationDate!, 30);
    const client = (db as unknown as { $client: { connect?: () => Promise<import('pg').PoolClient>; totalCount?: number } }).$client;
    if (typeof client.connect === 'function' && 'totalCount' in client) {
      // PostgreSQL: the renewal holds the row while expire-jobs picks it (the renewal is not
      // committed yet, so the job reads as due) and waits for it; then the renewal commits.
      const renewal = await client.connect();
      try {
        await renewal.query('begin');
        await renewal.query('update jobs set expiration_date = $1 where id = $2', [later, job.id]);
        const expiring = expireJobs(db, at);
        await new Promise((r) => setTimeout(r, 300));
        await renewal.query('commit');
        expect(await expiring).not.toContain(job.id);
      } finally {
        renewal.release();
      }
    } else {
      // The embedded database runs one statement at a time: the renewal lands before the batch.
      await db.update(jobs).set({ expirationDate: later }).where(eq(jobs.id, job.id));
      expect(await expireJobs(db, at)).not.toContain(job.id);
    }
    expect(await jobRow(job.id)).toMatchObject({ active: true, approved: true, expiredAt: null });
  });
});

describe('requests while a tick runs', () => {
  it('a query issued during a tick is answered before the tick ends', async () => {
    // A step of many short batches (as the real ones work), about a second in all.
    registerTickStep(
      'slow-batches',
      async ({ db: stepDb }) => {
        for (let i = 0; i < 10; i++) {
          await stepDb.execute(sql`select pg_sleep(0.1)`);
          await yieldToRequests();
        }
        return {};
      },
      { before: 'renewals' },
    );
    let tickEnded = 0;
    const running = tick(db, new Date()).then((r) => {
      tickEnded = performance.now();
      return r;
    });
    await new Promise((r) => setTimeout(r, 150));
    const started = performance.now();
    await db.select({ id: jobs.id }).from(jobs).limit(1);
    const answered = performance.now();
    expect((await running).ran).toBe(true);
    expect(answered).toBeLessThan(tickEnded);
    expect(answered - started).toBeLessThan(500);
  });
});
