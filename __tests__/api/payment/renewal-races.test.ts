/**
 * Renewals beside what happens while a charge is in flight (a read-only review of money under
 * failure and repetition). Each of these took a customer's money it should not have: a renewal
 * cancelled while the tick worked through its batch, the tick's own renewal reconciled as a crashed
 * one while its sale was at the processor (charged twice, booked declined: the tick's clock stood
 * still at its start), and a job suspended
 * mid-charge that was renewed anyway. The card processor is the sandbox gateway; where the test needs
 * a processor's behaviour under concurrent requests it wraps it the way Celero answers.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PATCH as cancelRenewalPatch } from '@/app/api/v1.0/jobs/[id]/cancel-renewal/route';
import { PATCH as suspendPatch } from '@/app/api/v1.0/admin/jobs/[id]/suspend/route';
import { POST as renewalPost } from '@/app/api/v1.0/payment/invoice/renewal/route';
import { getDb } from '@/lib/db/client';
import { invoices, jobs, paymentMethods, sandboxCharges, sandboxTokens } from '@/lib/db/schema';
import { setChargeDefaults } from '@/lib/payments/charge';
import { setGatewayFactory, type ChargeRequest } from '@/lib/payments/gateway';
import { sandboxGateway } from '@/lib/payments/sandbox';
import { autoRenewDueJobs } from '@/lib/payments/renewals';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, endsIn, jobRow, paidJob } from './fixtures';

let employer: string;
beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
});
afterEach(() => {
  setChargeDefaults(undefined);
  setGatewayFactory(undefined);
});

const renewalsOf = async (jobId: number) =>
  (await getDb()).select().from(invoices).where(and(eq(invoices.jobId, jobId), eq(invoices.actionType, 'renewal')));

it('an auto-renewal cancelled while the tick charges the jobs before it in the batch is not charged', async () => {
  const db = await getDb();
  const a = await paidJob({ autoRenew: true, title: 'Renews first' });
  const b = await paidJob({ autoRenew: true, title: 'Renewal cancelled meanwhile' });
  const at = new Date(Date.now() + 31 * 86_400_000);
  await db.update(jobs).set({ expirationDate: new Date(at.getTime() - 60_000) }).where(sql`${jobs.id} in (${a.id}, ${b.id})`);
  // The company's saved card answers its first try with a processing error: A's charge waits for its retry.
  const [card] = await db.select().from(paymentMethods).where(and(eq(paymentMethods.companyId, a.companyId), eq(paymentMethods.isDefault, true)));
  await db.update(sandboxTokens).set({ behaviour: 'fail_first' }).where(eq(sandboxTokens.token, card.token));
  let cancelled = 0;
  setChargeDefaults({
    sleep: async () => {
      if (cancelled) return;
      // While A's charge is in flight, the employer cancels B's auto-renewal.
      cancelled = (await call(cancelRenewalPatch, { token: employer, method: 'PATCH', params: { id: String(b.id) }, body: { renewalCancelationReason: 'Position filled soon' } })).status;
    },
  });
  const report = await autoRenewDueJobs(db, at);
  expect(cancelled).toBe(200);
  expect(report.turnedOff).toBe(1);
  expect((await renewalsOf(a.id)).map((o) => o.status)).toEqual(['APPROVED']);
  expect(await renewalsOf(b.id)).toEqual([]);
  expect((await jobRow(b.id)).expirationDate!.getTime()).toBe(at.getTime() - 60_000);
});

it("a renewal charged minutes into a long tick is not taken for a crashed one by the customer's own renewal: one charge, booked approved", async () => {
  const db = await getDb();
  const first = await paidJob({ autoRenew: true, title: 'Renewed first, slowly' });
  const job = await paidJob({ autoRenew: true, title: 'Renewed late in a long tick' });
  const tickNow = new Date();
  await db.update(jobs).set({ expirationDate: new Date(tickNow.getTime() - 60_000) }).where(sql`${jobs.id} in (${first.id}, ${job.id})`);
  // The wall clock is the test's (timers stay real): the first renewal's sale takes 5 minutes.
  jest.useFakeTimers({ now: tickNow, advanceTimers: true, doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance'] });
  const sandbox = sandboxGateway(db);
  const inFlight = new Set<string>();
  let customer: Promise<number> | null = null;
  const duringSale = async (req: ChargeRequest) => {
    if (req.idempotencyKey.startsWith(`renewal:${first.id}:`)) jest.setSystemTime(Date.now() + 5 * 60_000);
    if (req.idempotencyKey.startsWith(`renewal:${job.id}:`) && !customer) {
      // The employer sees the job expired and renews it with a new card while the tick's sale runs.
      customer = cardToken(CARDS.approve).then((token) => call(renewalPost, { token: employer, body: { job_id: job.id, card_token: token } })).then((r) => r.status);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  };
  // As Celero answers: a second request with a key still being processed is an error (409), and its
  // search does not show the sale until it completes.
  setGatewayFactory(() => ({
    ...sandbox,
    async charge(req: ChargeRequest) {
      if (inFlight.has(req.idempotencyKey)) return { outcome: 'error', message: '409: a request with this key is being processed' };
      inFlight.add(req.idempotencyKey);
      try {
        await duringSale(req);
        return await sandbox.charge(req);
      } finally {
        inFlight.delete(req.idempotencyKey);
      }
    },
    async lookup(key: string) {
      return inFlight.has(key) ? null : sandbox.lookup(key);
    },
  }));
  setChargeDefaults({ sleep: async () => {}, waitForPeerMs: 5_000 });
  try {
    const report = await autoRenewDueJobs(db, tickNow);
    expect(await customer).toBe(200);
    expect(report).toMatchObject({ renewed: 2, failed: 0 });
  } finally {
    jest.useRealTimers();
  }
  const orders = await renewalsOf(job.id);
  const charges = await db.select().from(sandboxCharges).where(sql`${sandboxCharges.idempotencyKey} in ${orders.map((o) => o.idempotencyKey)}`);
  expect(charges.filter((c) => c.status === 'approved').map((c) => c.amountCents)).toEqual([30_000]);
  expect(orders.map((o) => o.status)).toEqual(['APPROVED']);
});

it('a job cannot be suspended while its renewal is being charged (409); the renewal goes through', async () => {
  const admin = await tokenFor('admin@demo.test');
  const job = await endsIn((await paidJob({ title: 'Suspended mid-charge' })).id, 3);
  let suspend: { status: number; message?: string } | null = null;
  setChargeDefaults({
    sleep: async () => {
      const res = await call(suspendPatch, { method: 'PATCH', token: admin, params: { id: String(job.id) }, body: { suspended: true } });
      suspend = { status: res.status, message: res.json.errors?.[0]?.message };
    },
  });
  const res = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.failFirst) } });
  expect(suspend).toEqual({ status: 409, message: 'A payment for this job is in progress; try again in a minute.' });
  expect(res.status).toBe(200);
  expect(res.json.data).toMatchObject({ status: 'APPROVED' });
  expect((await jobRow(job.id)).suspended).toBe(false);
});
