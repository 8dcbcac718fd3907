import { eq, sql } from 'drizzle-orm';
import { PATCH as addonsPatch } from '@/app/api/v1.0/jobs/[id]/addons/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { POST as cancelPost } from '@/app/api/v1.0/jobs/[id]/cancel/route';
import { POST as closePost } from '@/app/api/v1.0/jobs/[id]/close/route';
import { GET as jobGet } from '@/app/api/v1.0/jobs/[id]/route';
import { PATCH as suspendPatch } from '@/app/api/v1.0/admin/jobs/[id]/suspend/route';
import { POST as boostPost } from '@/app/api/v1.0/admin/jobs/[id]/boost/route';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { POST as payAddonsPost } from '@/app/api/v1.0/payment/employer/job/addons/route';
import { POST as renewalPost } from '@/app/api/v1.0/payment/invoice/renewal/route';
import { GET as summaryGet } from '@/app/api/v1.0/payment/company/invoice/summary/route';
import { getDb } from '@/lib/db/client';
import { invoices, jobs, sandboxCharges } from '@/lib/db/schema';
import { getPublicJob } from '@/lib/jobs/public';
import { NOT_APPLIED, payOnce, setChargeDefaults } from '@/lib/payments/charge';
import { PAID_AFTER_JOB_ENDED } from '@/lib/payments/job-order';
import { RENEW_BEFORE_ADDONS, RENEW_BEFORE_CLOSING_ADDONS } from '@/lib/payments/job-payments';
import { RENEWAL_REPEAT_MS } from '@/lib/payments/renewals';
import { storeCard } from '@/lib/payments/payment-methods';
import { sandboxGateway } from '@/lib/payments/sandbox';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs } from '../jobs/helpers';
import { CARDS, cardToken, endsIn, jobRow, makeJob } from './fixtures';

/*
 * Billing defects found over HTTP: a charge for a job that can no longer be published or renewed
 * (before it, or while it is in flight), items added while a charge is in flight, a renewal
 * repeated after it went through, an admin boost of a job nobody can see.
 */

let employer: string;
let admin: string;
const DAY = 86_400_000;
const p = (id: number) => ({ id: String(id) });
const DALLAS = { street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' };
const RENO = { city: 'Reno', state: 'NV', postal_code: '89501' };

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  admin = await tokenFor('admin@demo.test');
});
afterEach(() => setChargeDefaults(undefined));

/** The charge's 5 s wait before its retry (the fail-first card) runs `during` instead: what happens while it is in flight. */
const whileInFlight = (during: () => Promise<unknown>) => setChargeDefaults({ sleep: async () => void (await during()) });

async function liveJob(title: string, opts: Parameters<typeof makeJob>[0] = {}) {
  const job = await makeJob({ email: 'employer@demo.test', addresses: 1, title, ...opts });
  const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
  expect(res.status).toBe(200);
  return jobRow(job.id);
}

const ordersOf = async (jobId: number, action?: string) =>
  (await getDb()).select().from(invoices).where(action ? sql`${invoices.jobId} = ${jobId} and ${invoices.actionType} = ${action}` : eq(invoices.jobId, jobId));
const chargesOf = async (keys: string[]) => (await Promise.all(keys.map(async (k) => (await getDb()).select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, k))))).flat();
const detailOf = async (id: number) => (await call(jobGet, { token: employer, params: p(id) })).json.data;

describe('a closed, cancelled or suspended job is refused before any charge', () => {
  it('paying for a cancelled job: 409 with what to do, no order, nothing charged', async () => {
    const job = await makeJob({ email: 'employer@demo.test', title: 'Cancelled Then Paid' });
    expect((await call(cancelPost, { token: employer, params: p(job.id) })).status).toBe(200);
    const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toBe('This job is cancelled and can no longer be paid for or renewed. Duplicate it to post it again.');
    expect(await ordersOf(job.id)).toEqual([]);
  });

  it('renewing a closed job: 409, no renewal order', async () => {
    const job = await endsIn((await liveJob('Closed Then Renewed')).id, 3);
    expect((await call(closePost, { token: employer, params: p(job.id) })).status).toBe(200);
    const res = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toBe('This job is closed and can no longer be paid for or renewed. Duplicate it to post it again.');
    expect(await ordersOf(job.id, 'renewal')).toEqual([]);
  });

  it('a suspended job: its renewal and its add-ons are refused', async () => {
    const job = await endsIn((await liveJob('Suspended Then Renewed')).id, 3);
    expect((await call(suspendPatch, { method: 'PATCH', token: admin, params: p(job.id), body: { suspended: true } })).status).toBe(200);
    const suspended = 'This job is suspended by an administrator and cannot be paid for or renewed. Contact support to lift the suspension.';
    const renewal = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(renewal.status).toBe(409);
    expect(renewal.json.errors[0].message).toBe(suspended);
    await call(addonsPatch, { method: 'PATCH', token: employer, params: p(job.id), body: [{ addon_type: 'promote', subscribed: true }] });
    const addons = await call(payAddonsPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(addons.status).toBe(409);
    expect(addons.json.errors[0].message).toBe(suspended);
    expect(await ordersOf(job.id)).toHaveLength(1);
  });
});

describe('a job closed or cancelled while its charge is in flight', () => {
  it('closing during a renewal is refused until the payment has settled; the renewal goes through', async () => {
    const job = await endsIn((await liveJob('Close During Renewal')).id, 3);
    let closing: Awaited<ReturnType<typeof call>> | undefined;
    whileInFlight(async () => (closing = await call(closePost, { token: employer, params: p(job.id) })));
    const res = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.failFirst) } });
    expect(closing?.status).toBe(409);
    expect(closing?.json.errors[0].message).toBe('A payment for this job is in progress; try again in a minute.');
    expect(res.status).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ closedAt: null, active: true, expirationDate: new Date(job.expirationDate!.getTime() + 30 * DAY) });
    expect((await ordersOf(job.id, 'renewal')).map((o) => o.status)).toEqual(['APPROVED']);
    // Settled: now it can be closed.
    expect((await call(closePost, { token: employer, params: p(job.id) })).status).toBe(200);
  });

  it('cancelling during the posting charge is refused too', async () => {
    const job = await makeJob({ email: 'employer@demo.test', addresses: 1, title: 'Cancel During Posting' });
    let cancelling: Awaited<ReturnType<typeof call>> | undefined;
    whileInFlight(async () => (cancelling = await call(cancelPost, { token: employer, params: p(job.id) })));
    const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.failFirst) } });
    expect(cancelling?.status).toBe(409);
    expect(res.status).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ cancelledAt: null, paymentStatus: 'paid', active: true });
  });

  it('closed anyway (the close got in before the order opened): the approved money is recorded as paid, the job stays closed', async () => {
    const job = await endsIn((await liveJob('Closed Mid Renewal')).id, 3);
    const db = await getDb();
    whileInFlight(() => db.update(jobs).set({ closedAt: new Date(), active: false, autoRenew: false }).where(eq(jobs.id, job.id)));
    const res = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.failFirst) } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ message: PAID_AFTER_JOB_ENDED, job_updated: false, status: 'APPROVED' });
    const [order] = await ordersOf(job.id, 'renewal');
    expect(order).toMatchObject({ status: 'APPROVED', error: PAID_AFTER_JOB_ENDED });
    expect(order.paidAt).toBeTruthy();
    expect(await chargesOf([order.idempotencyKey])).toEqual([expect.objectContaining({ status: 'approved' })]);
    const after = await jobRow(job.id);
    expect(after.closedAt).toBeTruthy();
    expect(after).toMatchObject({ active: false, expirationDate: job.expirationDate });
  });

  it('cancelled anyway during the posting charge: recorded as paid, the job stays cancelled and unpublished', async () => {
    const job = await makeJob({ email: 'employer@demo.test', addresses: 1, title: 'Cancelled Mid Posting' });
    const db = await getDb();
    whileInFlight(() => db.update(jobs).set({ cancelledAt: new Date() }).where(eq(jobs.id, job.id)));
    const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.failFirst) } });
    expect(res.status).toBe(200);
    expect(res.json.data.message).toBe(PAID_AFTER_JOB_ENDED);
    expect((await ordersOf(job.id)).map((o) => [o.status, !!o.paidAt])).toEqual([['APPROVED', true]]);
    expect(await jobRow(job.id)).toMatchObject({ paymentStatus: 'pending', approved: false, active: false });
  });

  it('an approved charge whose effect on the job fails is still recorded as paid, never left in flight', async () => {
    const db = await getDb();
    const job = await makeJob({ email: 'employer@demo.test', addresses: 1, title: 'Effect Fails' });
    const token = await cardToken(CARDS.approve);
    const card = await storeCard(db, job.companyId, null, { card_token: token, card_holder_name: 'Emma Recruiter' }, false);
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const outcome = await payOnce(
      db,
      sandboxGateway(db),
      { companyId: job.companyId, jobId: job.id, jobTitle: job.title, actionType: 'new_job', periodKey: '', paymentMethod: 'CELERO', paymentMethodId: card.id, gateway: 'sandbox', lines: [{ kind: 'job_posting', description: 'x', amountCents: 15_000 }] },
      token,
      async () => {
        throw new Error('the job-side change failed');
      },
    );
    spy.mockRestore();
    expect(outcome).toMatchObject({ approved: true, invoice: { status: 'APPROVED', error: NOT_APPLIED } });
    expect((await ordersOf(job.id))[0].paidAt).toBeTruthy();
  });
});

describe('what is added while a charge is in flight is not paid by it', () => {
  it('an address and a boost added during the posting charge stay pending payment', async () => {
    const id = await createJobAs(employer, { title: 'Added During Posting', addresses: [DALLAS] });
    const { jobs_post_token } = await detailOf(id);
    whileInFlight(async () => {
      expect((await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [DALLAS, RENO] } })).status).toBe(200);
      expect((await call(addonsPatch, { method: 'PATCH', token: employer, params: p(id), body: [{ addon_type: 'boost', subscribed: true }] })).status).toBe(200);
    });
    const res = await call(chargePost, { token: employer, body: { secret_token: jobs_post_token, card_token: await cardToken(CARDS.failFirst) } });
    expect(res.status).toBe(200);
    expect(res.json.data.amount).toBe(150);
    const detail = await detailOf(id);
    expect(detail.addresses.map((a: { city: string; pending_payment: boolean }) => [a.city, a.pending_payment])).toEqual([
      ['Dallas', false],
      ['Reno', true],
    ]);
    expect(detail.addons).toEqual([expect.objectContaining({ addon_type: 'boost', pending_payment: true })]);
    expect(await jobRow(id)).toMatchObject({ paymentStatus: 'paid', boostActive: false });
    expect((await getPublicJob(await getDb(), id))!.addresses.map((a) => a.city)).toEqual(['Dallas']);

    // They are paid for on their own, then live.
    const paid = await call(payAddonsPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } });
    expect(paid.json.data.amount).toBe(350);
    expect(await jobRow(id)).toMatchObject({ boostActive: true });
    expect((await getPublicJob(await getDb(), id))!.addresses.map((a) => a.city)).toEqual(['Dallas', 'Reno']);
  });

  it('an address added during a renewal stays pending payment', async () => {
    const id = await createJobAs(employer, { title: 'Added During Renewal', addresses: [DALLAS] });
    const { jobs_post_token } = await detailOf(id);
    expect((await call(chargePost, { token: employer, body: { secret_token: jobs_post_token, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    await endsIn(id, 3);
    whileInFlight(() => call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [DALLAS, RENO] } }));
    const res = await call(renewalPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.failFirst) } });
    expect(res.status).toBe(200);
    expect(res.json.data.amount).toBe(150);
    expect((await detailOf(id)).addresses.map((a: { city: string; pending_payment: boolean }) => [a.city, a.pending_payment])).toEqual([
      ['Dallas', false],
      ['Reno', true],
    ]);
  });
});

describe('the renewal window (7 days before the end date, or after it)', () => {
  it('a job with 30 days to run cannot be renewed yet: 409 and nothing charged', async () => {
    const job = await liveJob('Too Early To Renew');
    const res = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toContain('it can be renewed from');
    expect(await ordersOf(job.id, 'renewal')).toEqual([]);
  });

  it('an expired job can be renewed (from now), once', async () => {
    const job = await liveJob('Expired Then Renewed');
    const db = await getDb();
    await db.update(jobs).set({ expirationDate: new Date(Date.now() - 2 * DAY), expiredAt: new Date(Date.now() - 2 * DAY), active: false, approved: false }).where(eq(jobs.id, job.id));
    const first = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect(first.status).toBe(200);
    const renewed = await jobRow(job.id);
    expect(renewed).toMatchObject({ active: true, approved: true, expiredAt: null });
    // Sent again right away (a second tab): the renewal that went through, not another charge.
    const second = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect([second.status, second.json.data.already_paid, second.json.data.invoice_id]).toEqual([200, true, first.json.data.invoice_id]);
    // Later it is what it is: too early to renew again.
    const ago = new Date(Date.now() - RENEWAL_REPEAT_MS - 1000);
    await db.update(invoices).set({ createdAt: ago, billingDate: ago, paidAt: ago, updatedAt: ago }).where(eq(invoices.id, first.json.data.invoice_id));
    const later = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect(later.status).toBe(409);
    expect((await jobRow(job.id)).expirationDate).toEqual(renewed.expirationDate);
    expect(await ordersOf(job.id, 'renewal')).toHaveLength(1);
  });

  it('five renewals sent at once all answer the one that was paid: one order, one charge', async () => {
    const job = await endsIn((await liveJob('Five Tabs Renew')).id, 2);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call(renewalPost, { token: employer, body: { job_id: job.id } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const orders = await ordersOf(job.id, 'renewal');
    expect(orders).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json.data.invoice_id))).toEqual(new Set([orders[0].id]));
    expect(await chargesOf(orders.map((o) => o.idempotencyKey))).toHaveLength(1);
  });

  it('two tabs renewing at once: one charge, one period', async () => {
    const job = await endsIn((await liveJob('Two Tabs Renew')).id, 2);
    const [a, b] = await Promise.all([1, 2].map(() => call(renewalPost, { token: employer, body: { job_id: job.id } })));
    expect([a.status, b.status]).toEqual([200, 200]);
    const orders = await ordersOf(job.id, 'renewal');
    expect(orders).toHaveLength(1);
    expect(await chargesOf(orders.map((o) => o.idempotencyKey))).toHaveLength(1);
    expect((await jobRow(job.id)).expirationDate!.getTime()).toBe(job.expirationDate!.getTime() + 30 * DAY);
  });
});

describe('add-ons of a job whose end date has passed, before the tick expires it', () => {
  it('are refused (409: renew first), nothing charged; the renewal then pays them for the new period', async () => {
    const job = await liveJob('Ended, Not Yet Expired');
    expect((await call(addonsPatch, { method: 'PATCH', token: employer, params: p(job.id), body: [{ addon_type: 'promote', subscribed: true }] })).status).toBe(200);
    const db = await getDb();
    await db.update(jobs).set({ expirationDate: new Date(Date.now() - 60_000) }).where(eq(jobs.id, job.id));
    expect(await jobRow(job.id)).toMatchObject({ expiredAt: null });
    // The summary says so before a card is asked for, with the charge's own words.
    const summary = await call(summaryGet, { token: employer, query: { job_id: job.id, action: 'addons' } });
    expect(summary.status).toBe(200);
    expect(summary.json.data.refused).toBe(RENEW_BEFORE_ADDONS);
    const res = await call(payAddonsPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toBe(RENEW_BEFORE_ADDONS);
    expect(await ordersOf(job.id, 'addons')).toEqual([]);
    const renewal = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(renewal.status).toBe(200);
    const after = await call(payAddonsPost, { token: employer, body: { job_id: job.id } });
    expect([after.status, after.json.errors[0].message]).toEqual([422, 'There are no unpaid add-ons on this job.']);
  });
});

describe('add-ons of a job in its last minutes', () => {
  it('are refused (409: renew first) when a charge could settle after the end, nothing charged; allowed with more time left', async () => {
    const db = await getDb();
    const closing = await liveJob('Ending In Two Minutes');
    expect((await call(addonsPatch, { method: 'PATCH', token: employer, params: p(closing.id), body: [{ addon_type: 'promote', subscribed: true }] })).status).toBe(200);
    // A charge can run 4 min 5 s: started now, it could settle after the end and be paid through a time gone.
    await db.update(jobs).set({ expirationDate: new Date(Date.now() + 2 * 60_000) }).where(eq(jobs.id, closing.id));
    const summary = await call(summaryGet, { token: employer, query: { job_id: closing.id, action: 'addons' } });
    expect(summary.json.data.refused).toBe(RENEW_BEFORE_CLOSING_ADDONS);
    const res = await call(payAddonsPost, { token: employer, body: { job_id: closing.id, card_token: await cardToken(CARDS.approve) } });
    expect([res.status, res.json.errors[0].message]).toEqual([409, RENEW_BEFORE_CLOSING_ADDONS]);
    expect(await ordersOf(closing.id, 'addons')).toEqual([]);

    const later = await liveJob('Ending In Ten Minutes');
    expect((await call(addonsPatch, { method: 'PATCH', token: employer, params: p(later.id), body: [{ addon_type: 'promote', subscribed: true }] })).status).toBe(200);
    await db.update(jobs).set({ expirationDate: new Date(Date.now() + 10 * 60_000) }).where(eq(jobs.id, later.id));
    expect((await call(summaryGet, { token: employer, query: { job_id: later.id, action: 'addons' } })).json.data.refused ?? null).toBeNull();
    const paid = await call(payAddonsPost, { token: employer, body: { job_id: later.id, card_token: await cardToken(CARDS.approve) } });
    expect(paid.status).toBe(200);
    expect(await ordersOf(later.id, 'addons')).toHaveLength(1);
  });
});

describe('admin boost, two admins at once', () => {
  it('boosts once: one $0 order, 7 days (not 14), one audit entry; the second click answers the same order', async () => {
    const job = await liveJob('Twice Boosted');
    const before = Date.now();
    const [a, b] = await Promise.all([call(boostPost, { token: admin, params: p(job.id), method: 'POST' }), call(boostPost, { token: admin, params: p(job.id), method: 'POST' })]);
    const answers = [a, b].map((r) => [r.status, r.json.data?.invoice_number]);
    expect(answers.filter(([status]) => status === 200).length).toBeGreaterThanOrEqual(1);
    const orders = await ordersOf(job.id, 'admin_boost');
    expect(orders).toHaveLength(1);
    const row = await jobRow(job.id);
    expect(row.boostActive).toBe(true);
    expect(row.boostEndsAt!.getTime()).toBeLessThanOrEqual(before + 7 * DAY + 60_000);
    const db = await getDb();
    const audited = await db.execute(sql`select count(*)::int as n from audit_log where action = 'job.admin_boost' and entity_id = ${String(job.id)}`);
    expect((audited as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });
});

describe('admin boost of a job that is not live', () => {
  it('refuses an unpublished job and a closed one, with no order', async () => {
    const unpaid = await makeJob({ email: 'employer@demo.test', title: 'Unpaid Boost' });
    const res = await call(boostPost, { token: admin, params: p(unpaid.id), method: 'POST' });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toBe('This job is not published yet: it can be boosted once its posting is paid.');
    expect(await jobRow(unpaid.id)).toMatchObject({ boostActive: false });
    expect(await ordersOf(unpaid.id)).toEqual([]);

    const closed = await liveJob('Closed Boost');
    await call(closePost, { token: employer, params: p(closed.id) });
    const again = await call(boostPost, { token: admin, params: p(closed.id), method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.json.errors[0].message).toBe('This job is closed: only a live job can be boosted.');
    expect(await ordersOf(closed.id, 'admin_boost')).toEqual([]);
  });
});
