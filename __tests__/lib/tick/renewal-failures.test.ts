import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { invoices, jobAddresses, jobs } from '@/lib/db/schema';
import { setChargeDefaults } from '@/lib/payments/charge';
import { setGatewayFactory, type GatewayFactory, type PaymentGateway } from '@/lib/payments/gateway';
import { PAID_AFTER_JOB_ENDED } from '@/lib/payments/job-order';
import { openOrder, type OrderInput } from '@/lib/payments/orders';
import { storeCard } from '@/lib/payments/payment-methods';
import { sandboxGateway } from '@/lib/payments/sandbox';
import { tick, type TickReport } from '@/lib/tick';
import { registerTickStep, resetTickSteps } from '@/lib/tick/steps';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, jobRow, makeJob, paidJob, renewedByTickFrom } from '../../api/payment/fixtures';

/*
 * The tick's renewals step: one failing order or renewal must not stop the others, and jobs due
 * for renewal must not expire unbilled because the renewals step failed.
 */

let db: Database;

beforeAll(async () => {
  await seed();
  db = await getDb();
});
afterEach(() => {
  resetTickSteps();
  setGatewayFactory(undefined);
  setChargeDefaults(undefined);
});

/** A job paid through the charge call, with one address. */
const postedJob = (opts: Parameters<typeof paidJob>[0] = {}) => paidJob({ addresses: 1, ...opts });

/** An order a crashed request left in PROCESSING_PAYMENT ten minutes ago. */
async function stuckOrder(job: { id: number; companyId: number; title: string }, action: OrderInput['actionType'], periodKey: string) {
  const token = await cardToken(CARDS.approve);
  const card = await storeCard(db, job.companyId, null, { card_token: token, card_holder_name: 'Emma Recruiter' }, false);
  const order = await openOrder(
    db,
    { companyId: job.companyId, jobId: job.id, jobTitle: job.title, actionType: action, periodKey, paymentMethod: 'CELERO', paymentMethodId: card.id, gateway: 'sandbox', lines: [{ kind: 'job_posting', description: 'x', amountCents: 15_000 }] },
    new Date(Date.now() - 10 * 60_000),
  );
  return { order: order!, token };
}

const quietly = async <T>(f: () => Promise<T>) => {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return await f();
  } finally {
    spy.mockRestore();
  }
};
const stepsOf = (report: TickReport) => (report as Extract<TickReport, { ran: true }>).steps as Record<string, Record<string, unknown>>;

describe('the renewals step, one order and one job at a time', () => {
  it('a stale order that cannot be reconciled does not stop the renewals after it', async () => {
    const renewing = await postedJob({ autoRenew: true, title: 'Renews Despite A Bad Order' });
    const stuck = await makeJob({ email: 'employer@demo.test', title: 'Unreconcilable Order' });
    const { order } = await stuckOrder(stuck, 'new_job', '');
    setGatewayFactory((gdb) => {
      const real = sandboxGateway(gdb);
      const gateway: PaymentGateway = {
        ...real,
        lookup: async (key) => {
          if (key === order.idempotencyKey) throw new Error('processor unreachable');
          return real.lookup(key);
        },
      };
      return gateway;
    });
    const report = await quietly(() => tick(db, new Date(renewing.expirationDate!.getTime() + 1000)));
    expect(report).toMatchObject({ ran: true, errors: {} });
    expect(stepsOf(report).renewals.reconciled).toMatchObject({ failed: 1 });
    expect(await jobRow(renewing.id)).toMatchObject({ active: true, approved: true, expirationDate: renewedByTickFrom(renewing.expirationDate!.getTime() + 1000) });
    // Left for the next tick, not lost.
    expect((await db.select().from(invoices).where(eq(invoices.id, order.id)))[0].status).toBe('PROCESSING_PAYMENT');
  });

  it('a stale renewal approved at the processor for a job closed meanwhile is recorded as paid; the job stays closed', async () => {
    const job = await postedJob({ title: 'Closed While Renewing' });
    const { order, token } = await stuckOrder(job, 'renewal', job.expirationDate!.toISOString());
    await sandboxGateway(db).charge({ token, amountCents: order.amountCents, idempotencyKey: order.idempotencyKey, description: 'before the crash' });
    await db.update(jobs).set({ closedAt: new Date(), active: false }).where(eq(jobs.id, job.id));
    const report = await quietly(() => tick(db, new Date()));
    expect(report).toMatchObject({ ran: true, errors: {} });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, order.id));
    expect(row).toMatchObject({ status: 'APPROVED', error: PAID_AFTER_JOB_ENDED });
    expect(row.paidAt).toBeTruthy();
    expect(await jobRow(job.id)).toMatchObject({ active: false, expirationDate: job.expirationDate });
  });

  it('a renewal failing on an error of ours (not a decline) is logged, spared from expiry and charged on the next tick', async () => {
    const job = await postedJob({ autoRenew: true, title: 'Renewal Hits A Bug' });
    const at = new Date(job.expirationDate!.getTime() + 1000);
    setGatewayFactory(() => {
      throw new Error('gateway misconfigured');
    });
    const report = await quietly(() => tick(db, at));
    expect(report).toMatchObject({ ran: true, errors: {} });
    expect(stepsOf(report).renewals.retry).toContain(job.id);
    expect(await jobRow(job.id)).toMatchObject({ active: true, approved: true, expiredAt: null });
    const mails = await queryRows<{ text: string }>(db, sql`select text from email_outbox where kind = 'failed_payments'`);
    expect(mails.some((m) => m.text.includes('Renewal Hits A Bug'))).toBe(false);

    setGatewayFactory(undefined);
    await quietly(() => tick(db, new Date(at.getTime() + 60_000)));
    expect(await jobRow(job.id)).toMatchObject({ active: true, approved: true, expirationDate: renewedByTickFrom(at.getTime() + 60_000) });
  });
});

describe('a renewal still in flight is no failed payment', () => {
  it("the owner's renewal of the same period, still at the gateway when the wait ends: no mail, no expiry, tried next tick", async () => {
    const job = await postedJob({ autoRenew: true, title: 'Renewed By Hand Meanwhile' });
    const at = new Date(job.expirationDate!.getTime() + 1000);
    // The owner's manual renewal of this period opened its order a moment ago and is still being charged.
    const inFlight = await openOrder(
      db,
      { companyId: job.companyId, jobId: job.id, jobTitle: job.title, actionType: 'renewal', periodKey: job.expirationDate!.toISOString(), paymentMethod: 'CELERO', gateway: 'sandbox', lines: [{ kind: 'renewal', description: 'x', amountCents: 15_000 }] },
      at,
    );
    expect(inFlight).not.toBeNull();
    setChargeDefaults({ waitForPeerMs: 100 });
    const report = await quietly(() => tick(db, at));
    expect(report).toMatchObject({ ran: true, errors: {} });
    expect(stepsOf(report).renewals.retry).toContain(job.id);
    expect(await jobRow(job.id)).toMatchObject({ active: true, approved: true, expiredAt: null, expirationDate: job.expirationDate });
    const mails = await queryRows<{ text: string }>(db, sql`select text from email_outbox where kind = 'failed_payments'`);
    expect(mails.some((m) => m.text.includes('Renewed By Hand Meanwhile'))).toBe(false);
    expect((await db.select().from(invoices).where(eq(invoices.id, inFlight!.id)))[0].status).toBe('PROCESSING_PAYMENT');
  });
});

describe('a job changed while its renewal opens is no failed payment', () => {
  it("a co-worker removes an address between pricing the auto-renewal and opening its order: no mail, no expiry, renewed next tick", async () => {
    const job = await postedJob({ autoRenew: true, addresses: 2, title: 'Trimmed While Renewing' });
    const at = new Date(job.expirationDate!.getTime() + 1000);
    const [, removed] = await db.select().from(jobAddresses).where(eq(jobAddresses.jobId, job.id)).orderBy(jobAddresses.id);
    // This job's renewal is the only charge of the tick (the gateway below is fetched once): the
    // other jobs and orders earlier tests left due or in flight are taken out of it.
    await db.update(jobs).set({ autoRenew: false }).where(and(ne(jobs.id, job.id), eq(jobs.autoRenew, true)));
    await db.update(invoices).set({ status: 'DECLINED' }).where(eq(invoices.status, 'PROCESSING_PAYMENT'));
    // The gateway is fetched after the renewal was priced and before its order opens (pay()): the
    // co-worker's change lands there, every time. getGateway awaits what the factory answers.
    let changed = false;
    const changing = ((gdb: Database) => {
      if (changed) return sandboxGateway(gdb);
      changed = true;
      return gdb
        .delete(jobAddresses)
        .where(eq(jobAddresses.id, removed.id))
        .then(() => sandboxGateway(gdb));
    }) as unknown as GatewayFactory;
    setGatewayFactory(changing);
    const report = await quietly(() => tick(db, at));
    expect(changed).toBe(true);
    expect(report).toMatchObject({ ran: true, errors: {} });
    expect(stepsOf(report).renewals).toMatchObject({ renewed: 0, failed: 0, errors: 0 });
    expect(stepsOf(report).renewals.retry).toContain(job.id);
    expect(await jobRow(job.id)).toMatchObject({ active: true, approved: true, expiredAt: null, expirationDate: job.expirationDate });
    const mails = await queryRows<{ text: string }>(db, sql`select text from email_outbox where kind = 'failed_payments'`);
    expect(mails.some((m) => m.text.includes('Trimmed While Renewing'))).toBe(false);
    expect((await db.select().from(invoices).where(eq(invoices.jobId, job.id))).filter((o) => o.actionType === 'renewal')).toEqual([]);

    setGatewayFactory(undefined);
    await quietly(() => tick(db, new Date(at.getTime() + 60_000)));
    expect(await jobRow(job.id)).toMatchObject({ active: true, approved: true, expirationDate: renewedByTickFrom(at.getTime() + 60_000) });
  });
});

describe('when the renewals step fails', () => {
  it('expire-jobs spares the jobs due for renewal in that tick and expires the others', async () => {
    const renewing = await postedJob({ autoRenew: true, title: 'Due For Renewal' });
    const lapsing = await postedJob({ title: 'Just Lapsing' });
    registerTickStep('renewals', async () => {
      throw new Error('renewals broke');
    });
    const at = new Date(Math.max(renewing.expirationDate!.getTime(), lapsing.expirationDate!.getTime()) + 1000);
    const report = await quietly(() => tick(db, at));
    expect(report).toMatchObject({ ran: true, errors: { renewals: 'renewals broke' } });
    expect(await jobRow(renewing.id)).toMatchObject({ active: true, approved: true, expiredAt: null });
    expect(await jobRow(lapsing.id)).toMatchObject({ active: false, approved: false });
  });
});
