import { eq, sql } from 'drizzle-orm';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { POST as billingPost } from '@/app/api/v1.0/payment/company/billing/route';
import { POST as addonsPost } from '@/app/api/v1.0/payment/employer/job/addons/route';
import { POST as renewalPost } from '@/app/api/v1.0/payment/invoice/renewal/route';
import { POST as boostPost } from '@/app/api/v1.0/admin/jobs/[id]/boost/route';
import { getDb, queryRows } from '@/lib/db/client';
import { emailOutbox, invoices, jobAddons, sandboxCharges, sandboxTokens } from '@/lib/db/schema';
import { openOrder, PAYMENT_IN_PROGRESS } from '@/lib/payments/orders';
import { storeCard } from '@/lib/payments/payment-methods';
import { sandboxGateway } from '@/lib/payments/sandbox';
import { tick } from '@/lib/tick';
import { RENEWAL_REPEAT_MS, autoRenewDueJobs } from '@/lib/payments/renewals';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, endsIn, jobRow, makeCompany, makeJob, renewedByTickFrom } from './fixtures';

let employer: string;
let admin: string;

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  admin = await tokenFor('admin@demo.test');
});

async function publishedJob(opts: Parameters<typeof makeJob>[0] = {}) {
  const job = await makeJob({ email: 'employer@demo.test', ...opts });
  const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
  expect(res.status).toBe(200);
  return jobRow(job.id);
}

describe('POST /api/v1.0/payment/employer/job/addons', () => {
  it('charges only the subscribed add-ons not paid yet, and starts a boost', async () => {
    const job = await publishedJob({ addons: ['promote'] });
    const db = await getDb();
    await db.insert(jobAddons).values([
      { jobId: job.id, addonType: 'boost', costCents: 20_000 },
      { jobId: job.id, addonType: 'hyperlink', costCents: 10_000, subscribed: false },
    ]);
    const res = await call(addonsPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ message: 'Payment completed successfully', amount: 200 });
    expect(await jobRow(job.id)).toMatchObject({ boostActive: true });
    // Nothing left to pay: a second call is refused instead of charging again.
    const again = await call(addonsPost, { token: employer, body: { job_id: job.id } });
    expect(again.status).toBe(422);
    expect(again.json.errors[0].message).toBe('There are no unpaid add-ons on this job.');
  });

  it('while an add-on is being charged, a payment for another set of items is refused (409) and charges nothing twice', async () => {
    const job = await publishedJob();
    const db = await getDb();
    const [boost] = await db.insert(jobAddons).values({ jobId: job.id, addonType: 'boost', costCents: 20_000 }).returning();
    // The boost's payment is in flight: its order is open, the gateway has not answered yet.
    const inFlight = await openOrder(db, {
      companyId: job.companyId,
      jobId: job.id,
      jobTitle: job.title,
      actionType: 'addons',
      periodKey: `boost@${job.expirationDate!.toISOString()}`,
      paymentMethod: 'CELERO',
      lines: [{ kind: 'addon', description: 'Boost add-on', amountCents: 20_000, addonType: 'boost', addonId: boost.id }],
    });
    expect(inFlight).not.toBeNull();
    // Meanwhile the employer adds the promote and pays "what is owed": boost and promote.
    await db.insert(jobAddons).values({ jobId: job.id, addonType: 'promote', costCents: 10_000 });
    const before = await db.$count(sandboxCharges);
    const res = await call(addonsPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toBe(PAYMENT_IN_PROGRESS);
    // A renewal of the same job waits for it too.
    expect((await call(renewalPost, { token: employer, body: { job_id: job.id } })).status).not.toBe(200);
    expect(await db.$count(sandboxCharges)).toBe(before);
    expect(await db.$count(invoices, eq(invoices.jobId, job.id))).toBe(2); // the posting's and the one in flight
  });

  it('a declined add-on charge answers 402 and leaves the add-on unpaid', async () => {
    const job = await publishedJob();
    const db = await getDb();
    await db.insert(jobAddons).values({ jobId: job.id, addonType: 'boost', costCents: 20_000 });
    const res = await call(addonsPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.insufficient) } });
    expect(res.status).toBe(402);
    expect(await jobRow(job.id)).toMatchObject({ boostActive: false });
  });

  it.each([[true], [[1]], ['0x1'], ['1e0'], [null], ['']])('refuses job_id %j (not a whole number as digits) with 422 and charges nothing', async (jobId) => {
    const db = await getDb();
    const before = await db.$count(sandboxCharges);
    for (const route of [addonsPost, renewalPost]) {
      const res = await call(route, { token: employer, body: { job_id: jobId, card_token: await cardToken(CARDS.approve) } });
      expect(res.status).toBe(422);
      expect(res.json.errors[0].message).toEqual(expect.any(String));
    }
    expect(await db.$count(sandboxCharges)).toBe(before);
  });

  it('refuses an unpaid job and another company\'s job', async () => {
    const unpaid = await makeJob({ email: 'employer@demo.test', addons: ['boost'] });
    expect((await call(addonsPost, { token: employer, body: { job_id: unpaid.id } })).status).toBe(422);
    const other = await makeJob({ companyId: await makeCompany('Addon Rival'), addons: ['boost'] });
    expect((await call(addonsPost, { token: employer, body: { job_id: other.id } })).status).toBe(404);
  });
});

describe('POST /api/v1.0/payment/invoice/renewal', () => {
  // Was: a second renewal right after the first charged again (the end date it moved was the key
  // of a "new period"), 60 days for two clicks. A renewal now happens only in its window.
  it('charges the posting amount and extends the job 30 days; a repeated renewal is refused, not charged again', async () => {
    const job = await endsIn((await publishedJob({ addons: ['hyperlink'] })).id, 3);
    const before = job.expirationDate!.getTime();
    const token = await cardToken(CARDS.approve);
    const res = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: token } });
    expect(res.status).toBe(200);
    expect(res.json.data.amount).toBe(400);
    expect((await jobRow(job.id)).expirationDate!.getTime()).toBe(before + 30 * 86_400_000);
    const db = await getDb();
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'renew_job'));
    expect(mails.length).toBeGreaterThan(0);
    // The same renewal again at once (a second tab): the renewal that went through, not a second charge.
    const again = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect([again.status, again.json.data.already_paid, again.json.data.invoice_id]).toEqual([200, true, res.json.data.invoice_id]);
    // A late retry: the job now ends in 33 days, outside the window.
    const ago = new Date(Date.now() - RENEWAL_REPEAT_MS - 1000);
    await db.update(invoices).set({ createdAt: ago, billingDate: ago, paidAt: ago, updatedAt: ago }).where(eq(invoices.id, res.json.data.invoice_id));
    const next = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect(next.status).toBe(409);
    expect(next.json.errors[0].message).toMatch(/^This job runs until \d\d\/\d\d\/\d{4}: it can be renewed from \d\d\/\d\d\/\d{4}, 7 days before it ends\.$/);
    expect((await jobRow(job.id)).expirationDate!.getTime()).toBe(before + 30 * 86_400_000);
    expect(await db.select().from(invoices).where(sql`${invoices.jobId} = ${job.id} and ${invoices.actionType} = 'renewal'`)).toHaveLength(1);
  });

  it('mails the amount renewed as the receipt prints it, with a thousands separator ($1,000.00, not $1000.00)', async () => {
    // Six targeting addresses at $150 and a hyperlink at $100: a posting of $1,000.
    const job = await endsIn((await publishedJob({ addresses: 6, addons: ['hyperlink'], title: 'Six City Driver' })).id, 3);
    const res = await call(renewalPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve) } });
    expect(res.json.data.amount).toBe(1000);
    const [mail] = await (await getDb()).select().from(emailOutbox).where(sql`${emailOutbox.kind} = 'renew_job' and ${emailOutbox.subject} = '"Six City Driver" was renewed'`);
    expect(mail.text).toContain('Your job "Six City Driver" was renewed for $1,000.00 and now runs until');
  });

  it('refuses a job never posted and 404s another company\'s', async () => {
    const unpaid = await makeJob({ email: 'employer@demo.test' });
    expect((await call(renewalPost, { token: employer, body: { job_id: unpaid.id } })).status).toBe(422);
    const other = await makeJob({ companyId: await makeCompany('Renewal Rival') });
    expect((await call(renewalPost, { token: employer, body: { job_id: other.id } })).status).toBe(404);
  });
});

describe('POST /api/v1.0/admin/jobs/{id}/boost', () => {
  it('boosts a live job without payment for admins, with an order of 0', async () => {
    const job = await publishedJob();
    const res = await call(boostPost, { token: admin, params: { id: String(job.id) }, method: 'POST' });
    expect(res.status).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ boostActive: true });
    const db = await getDb();
    const [order] = await db.select().from(invoices).where(sql`${invoices.jobId} = ${job.id} and ${invoices.actionType} = 'admin_boost'`);
    expect(order).toMatchObject({ actionType: 'admin_boost', status: 'APPROVED', amountCents: 0 });
    const again = await call(boostPost, { token: admin, params: { id: String(job.id) }, method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('answers 403 for company users and 404 for an unknown job', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    expect((await call(boostPost, { token: employer, params: { id: String(job.id) }, method: 'POST' })).status).toBe(403);
    expect((await call(boostPost, { token: await tokenFor('internal@demo.test'), params: { id: String(job.id) }, method: 'POST' })).status).toBe(403);
    expect((await call(boostPost, { token: admin, params: { id: '99999' }, method: 'POST' })).status).toBe(404);
    expect((await call(boostPost, { token: admin, params: { id: 'abc' }, method: 'POST' })).status).toBe(404);
    expect((await call(boostPost, { params: { id: String(job.id) }, method: 'POST' })).status).toBe(401);
  });
});

describe('auto-renew (tick step)', () => {
  it('charges an auto-renewing job at expiry with the default card, extends it and mails auto_renew_job', async () => {
    const job = await publishedJob({ autoRenew: true, title: 'Auto Renew Me' });
    const db = await getDb();
    // Save the approving card as the default, then reach the end date.
    await call(chargePost, { token: employer, body: { secret_token: (await publishedJob()).jobsPostToken } });
    const at = new Date(job.expirationDate!.getTime() + 60_000);
    const report = await autoRenewDueJobs(db, at);
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const after = await jobRow(job.id);
    expect(after.expirationDate).toEqual(renewedByTickFrom(at.getTime()));
    const [order] = await db.select().from(invoices).where(sql`${invoices.jobId} = ${job.id} and ${invoices.actionType} = 'renewal'`);
    expect(order).toMatchObject({ status: 'APPROVED', autoRenew: true, amountCents: 30_000 });
    const mails = await queryRows<{ subject: string }>(db, sql`select subject from email_outbox where kind = 'auto_renew_job'`);
    expect(mails.some((m) => m.subject.includes('Auto Renew Me'))).toBe(true);
    // Running the tick again for the same moment charges nothing more.
    await autoRenewDueJobs(db, at);
    expect(await db.select().from(invoices).where(sql`${invoices.jobId} = ${job.id} and ${invoices.actionType} = 'renewal'`)).toHaveLength(1);
  });

  it('a failed auto-renewal leaves the job to expire and mails failed_payments', async () => {
    const job = await publishedJob({ autoRenew: true, title: 'Card Will Fail' });
    const db = await getDb();
    // The company saves a card the bank accepts, and later the bank declines it (a card saved as
    // declining is refused at once: see billing.test.ts).
    const token = await cardToken(CARDS.approve);
    expect((await call(billingPost, { token: employer, body: { card_token: token, card_holder_name: 'Emma Recruiter' } })).status).toBe(200);
    await db.update(sandboxTokens).set({ behaviour: 'decline' }).where(eq(sandboxTokens.token, token));
    const at = new Date(job.expirationDate!.getTime() + 1000);
    const report = await tick(db, at);
    expect(report).toMatchObject({ ran: true, errors: {} });
    expect((report as unknown as { steps: { renewals: { failed: number } } }).steps.renewals.failed).toBeGreaterThanOrEqual(1);
    const after = await jobRow(job.id);
    expect(after.expirationDate!.getTime()).toBe(job.expirationDate!.getTime());
    expect(after).toMatchObject({ active: false, approved: false });
    expect(after.expiredAt).toBeTruthy();
    const mails = await queryRows<{ text: string }>(db, sql`select text from email_outbox where kind = 'failed_payments'`);
    expect(mails.some((m) => m.text.includes('Card Will Fail') && m.text.includes('declined'))).toBe(true);
  });
});

describe('reconciling orders a crash left in flight (tick step)', () => {
  async function stuckOrder(title: string, at: Date) {
    const db = await getDb();
    const job = await makeJob({ email: 'employer@demo.test', title });
    const token = await cardToken(CARDS.approve);
    const card = await storeCard(db, job.companyId, null, { card_token: token, card_holder_name: 'Emma Recruiter' }, false);
    const order = await openOrder(
      db,
      { companyId: job.companyId, jobId: job.id, jobTitle: title, actionType: 'new_job', periodKey: '', paymentMethod: 'CELERO', paymentMethodId: card.id, lines: [{ kind: 'job_posting', description: 'x', amountCents: 30_000 }] },
      at,
    );
    return { job, token, order: order! };
  }

  it('approved at the gateway but never written: settles from lookup, publishes, no second charge', async () => {
    const db = await getDb();
    const crashedAt = new Date(Date.now() - 10 * 60_000);
    const { job, token, order } = await stuckOrder('Crashed After Approval', crashedAt);
    await sandboxGateway(db).charge({ token, amountCents: order.amountCents, idempotencyKey: order.idempotencyKey, description: 'before the crash' });
    const report = await tick(db, new Date());
    expect((report as unknown as { steps: { renewals: { reconciled: { approved: number } } } }).steps.renewals.reconciled.approved).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, order.id));
    expect(row.status).toBe('APPROVED');
    expect(row.transactionId).toMatch(/^sbx_/);
    expect(await jobRow(job.id)).toMatchObject({ approved: true, paymentStatus: 'paid' });
    const charges = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, order.idempotencyKey));
    expect(charges).toHaveLength(1);
  });

  it('never reached the gateway: charged once with the same key', async () => {
    const db = await getDb();
    const { job, order } = await stuckOrder('Crashed Before Sending', new Date(Date.now() - 10 * 60_000));
    await tick(db, new Date());
    const [row] = await db.select().from(invoices).where(eq(invoices.id, order.id));
    expect(row.status).toBe('APPROVED');
    expect(await jobRow(job.id)).toMatchObject({ approved: true });
    expect(await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, order.idempotencyKey))).toHaveLength(1);
  });

  // A fresh sign-in: a tick above ran a month ahead, and its purge-tokens step ended the first session.
  it("a request that finds a crashed order finishes it with the order's own card, not the card it brings", async () => {
    const db = await getDb();
    const { job, token, order } = await stuckOrder('Crashed, Then Paid Again With Another Card', new Date(Date.now() - 10 * 60_000));
    const other = await cardToken(CARDS.approve);
    const res = await call(chargePost, { token: await tokenFor('employer@demo.test'), body: { secret_token: job.jobsPostToken, card_token: other } });
    expect(res.status).toBe(200);
    expect(res.json.data.invoice_id).toBe(order.id);
    const charged = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, order.idempotencyKey));
    expect(charged.map((c) => c.token)).toEqual([token]);
    expect(await db.$count(sandboxCharges, eq(sandboxCharges.token, other))).toBe(0);
    expect(await jobRow(job.id)).toMatchObject({ approved: true, paymentStatus: 'paid' });
  });

  it("when the crashed order's own card is refused, the request pays its own order afresh: its card, today's total", async () => {
    const db = await getDb();
    const { job, token, order } = await stuckOrder('Crashed, Old Card Since Declined', new Date(Date.now() - 10 * 60_000));
    await db.update(sandboxTokens).set({ behaviour: 'decline' }).where(eq(sandboxTokens.token, token));
    // The job changed since the crashed order was priced: it comes to $400 now, not $300.
    await db.insert(jobAddons).values({ jobId: job.id, addonType: 'promote', costCents: 10_000 });
    const other = await cardToken(CARDS.approve);
    const res = await call(chargePost, { token: await tokenFor('employer@demo.test'), body: { secret_token: job.jobsPostToken, card_token: other, expected_total_cents: 40_000 } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ amount: 400, status: 'APPROVED' });
    expect(res.json.data.invoice_id).not.toBe(order.id);
    const [old] = await db.select().from(invoices).where(eq(invoices.id, order.id));
    expect(old.status).toBe('DECLINED');
    const [fresh] = await db.select().from(invoices).where(eq(invoices.id, res.json.data.invoice_id));
    const charged = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, fresh.idempotencyKey));
    expect(charged.map((c) => [c.token, c.amountCents])).toEqual([[other, 40_000]]);
    expect((await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, order.idempotencyKey))).map((c) => c.token)).toEqual([token]);
  });

  it('leaves a fresh in-flight order alone', async () => {
    const db = await getDb();
    const { order } = await stuckOrder('Still Running', new Date());
    await tick(db, new Date());
    const [row] = await db.select().from(invoices).where(eq(invoices.id, order.id));
    expect(row.status).toBe('PROCESSING_PAYMENT');
  });
});
