import { and, eq, sql } from 'drizzle-orm';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { POST as invoicePost } from '@/app/api/v1.0/payment/employer/job/invoice/route';
import { getDb, queryRows } from '@/lib/db/client';
import { companies, emailOutbox, invoices, paymentAttempts, paymentMethods, sandboxCharges } from '@/lib/db/schema';
import { payOnce, setChargeDefaults } from '@/lib/payments/charge';
import { getGateway } from '@/lib/payments/gateway';
import { loadChargeableJob, postingLines } from '@/lib/payments/jobs-port';
import { documentText } from '@/lib/payments/receipt';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, jobRow, makeCompany, makeJob } from './fixtures';

let employer: string;
const sleeps: number[] = [];

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  setChargeDefaults({ sleep: async (ms) => void sleeps.push(ms) });
});
afterAll(() => setChargeDefaults(undefined));
beforeEach(() => (sleeps.length = 0));

const charge = (body: Record<string, unknown>, token = employer) => call(chargePost, { body, token });

describe('POST /api/v1.0/payment/company/invoice/charge (card)', () => {
  it('charges the approving card, publishes the job and answers success', async () => {
    const job = await makeJob({ email: 'employer@demo.test', addons: ['boost', 'hyperlink'] });
    const res = await charge({ secret_token: job.jobsPostToken, action_type: 'new job', card_token: await cardToken(CARDS.approve) });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ message: 'Payment completed successfully', status: 'APPROVED', amount: 600, payment_method: 'CELERO', job_id: job.id });
    expect(res.json.data.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(res.json.data.transaction_id).toMatch(/^sbx_/);
    const after = await jobRow(job.id);
    expect(after).toMatchObject({ approved: true, active: true, paymentStatus: 'paid', boostActive: true });
    expect(after.expirationDate!.getTime() - after.postingDate!.getTime()).toBe(30 * 86_400_000);
    const db = await getDb();
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'new_job'));
    expect(mails.some((m) => m.subject.includes('CDL-A OTR Driver'))).toBe(true);
  });

  it.each([
    [CARDS.decline, 'Your card was declined.'],
    [CARDS.insufficient, 'Your card was declined: insufficient funds.'],
  ])('a declining card (%s) leaves the job unpublished and answers 402 with the reason', async (number, reason) => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const res = await charge({ secret_token: job.jobsPostToken, card_token: await cardToken(number) });
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ errors: [{ message: reason }] });
    expect(await jobRow(job.id)).toMatchObject({ approved: false, paymentStatus: 'pending' });
    const db = await getDb();
    // A declined card typed at checkout does not become the saved card.
    const [saved] = await queryRows<{ masked_number: string }>(db, sql`select masked_number from payment_methods where is_default and company_id = ${job.companyId}`);
    expect(saved?.masked_number ?? '').not.toContain(number.slice(-4));
    const [inv] = await db.select().from(invoices).where(eq(invoices.jobId, job.id));
    expect(inv).toMatchObject({ status: 'DECLINED', error: reason });
    // A second try with a good card then goes through (a new order, a new key).
    const retry = await charge({ secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) });
    expect(retry.status).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ approved: true, paymentStatus: 'paid' });
  });

  it('retries a processing error once after 5000 ms with the same idempotency key (0119 card)', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const res = await charge({ secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.failFirst) });
    expect(res.status).toBe(200);
    expect(sleeps).toEqual([5000]);
    const db = await getDb();
    const [inv] = await db.select().from(invoices).where(eq(invoices.jobId, job.id));
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.invoiceId, inv.id)).orderBy(paymentAttempts.attempt);
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 'error'],
      [2, 'approved'],
    ]);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
    const charges = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, inv.idempotencyKey));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'approved', attempts: 2 });
  });

  it('a card order placed at 11:59 pm Eastern on Dec 31 and approved after midnight: its receipt is dated in the year of its number, and says when it was paid', async () => {
    const db = await getDb();
    const job = await makeJob({ email: 'employer@demo.test', title: 'New Year Driver' });
    // Opened (and numbered) at 11:59:58 pm Eastern on 12/31/2026; the 0119 card is approved on its retry, after midnight.
    const opened = new Date('2027-01-01T04:59:58Z');
    const approved = new Date('2027-01-01T05:00:03Z');
    const clock = [opened, approved];
    const order = { companyId: job.companyId, jobId: job.id, jobTitle: job.title, actionType: 'new_job' as const, periodKey: '', paymentMethod: 'CELERO' as const, lines: postingLines(await loadChargeableJob(db, null, { jobId: job.id })) };
    const outcome = await payOnce(db, await getGateway(db), order, await cardToken(CARDS.failFirst), async () => {}, { sleep: async () => {}, now: () => clock.shift() ?? approved });
    expect(outcome.approved).toBe(true);
    expect(outcome.invoice.number).toMatch(/^INV-2026-\d{6}$/);
    expect(outcome.invoice).toMatchObject({ billingDate: opened, paidAt: approved });
    expect(documentText(outcome.invoice).meta).toEqual(expect.arrayContaining([['Receipt date', '12/31/2026'], ['Date paid', '01/01/2027']]));
  });

  it('pays with the saved default card when no card_token is given', async () => {
    const db = await getDb();
    const job = await makeJob({ email: 'employer@demo.test' });
    const res = await charge({ secret_token: job.jobsPostToken });
    // A card approved at checkout becomes the saved card: the last one was the 0119 card.
    expect(res.status).toBe(200);
    const [inv] = await db.select().from(invoices).where(eq(invoices.jobId, job.id));
    expect(inv.maskedNumber).toBe('**** **** **** 0119');
  });

  it('refuses to pay when the video upload failed (multimedia upload failed)', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const res = await charge({ secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve), multimediaUploadFailed: true });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].message).toBe('multimedia upload failed');
    expect(await jobRow(job.id)).toMatchObject({ approved: false });
  });

  it('answers success without charging again for a job already paid', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const token = await cardToken(CARDS.approve);
    expect((await charge({ secret_token: job.jobsPostToken, card_token: token })).status).toBe(200);
    const again = await charge({ secret_token: job.jobsPostToken, card_token: token });
    expect(again.status).toBe(200);
    expect(again.json.data.already_paid).toBe(true);
    const db = await getDb();
    expect(await db.select().from(invoices).where(eq(invoices.jobId, job.id))).toHaveLength(1);
  });

  it('a card sent again for a job already paid (a second tab) does not become the saved card', async () => {
    const db = await getDb();
    const savedCard = () => queryRows<{ masked_number: string }>(db, sql`select masked_number from payment_methods where is_default and deleted_at is null and company_id = ${job.companyId}`);
    const job = await makeJob({ email: 'employer@demo.test' });
    expect((await charge({ secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) })).status).toBe(200);
    const before = await savedCard();
    expect(before).toEqual([{ masked_number: `**** **** **** ${CARDS.approve.slice(-4)}` }]);
    const again = await charge({ secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.decline) });
    expect(again.status).toBe(200);
    expect(again.json.data.already_paid).toBe(true);
    expect(await savedCard()).toEqual(before);
  });

  it('20 concurrent charges for one job make exactly one transaction and one APPROVED order', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const token = await cardToken(CARDS.approve);
    const results = await Promise.all(Array.from({ length: 20 }, () => charge({ secret_token: job.jobsPostToken, card_token: token })));
    expect(results.filter((r) => r.status !== 200).map((r) => JSON.stringify(r.json))).toEqual([]);
    const db = await getDb();
    const orders = await db.select().from(invoices).where(eq(invoices.jobId, job.id));
    expect(orders.filter((o) => o.status === 'APPROVED')).toHaveLength(1);
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sandbox_charges where token = ${token} and status = 'approved'`);
    expect(n).toBe(1);
    // The card typed at checkout is saved once, as the company's one default card.
    const cards = await db.select().from(paymentMethods).where(eq(paymentMethods.token, token));
    expect(cards).toHaveLength(1);
    expect(cards[0].isDefault).toBe(true);
  });

  it('the database refuses a second live order for the same job, whatever the code does', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const db = await getDb();
    const base = { number: `T-${job.id}`, companyId: job.companyId, jobId: job.id, actionType: 'new_job' as const, amountCents: 100, paymentMethod: 'CELERO' as const, status: 'APPROVED' as const };
    await db.insert(invoices).values({ ...base, idempotencyKey: `t1-${job.id}` });
    await expect(db.insert(invoices).values({ ...base, number: `T2-${job.id}`, idempotencyKey: `t2-${job.id}`, status: 'PROCESSING_PAYMENT' })).rejects.toThrow();
    await expect(db.insert(invoices).values({ ...base, number: `T3-${job.id}`, jobId: null, idempotencyKey: `t1-${job.id}` })).rejects.toThrow();
  });
});

describe('charge rules: access and invoicing', () => {
  it('answers 404 for another company\'s job and 401 anonymous', async () => {
    const other = await makeCompany('Rival Haulers');
    const job = await makeJob({ companyId: other });
    const res = await charge({ secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) });
    expect(res.status).toBe(404);
    expect((await call(chargePost, { body: { secret_token: job.jobsPostToken } })).status).toBe(401);
    expect((await charge({ secret_token: 'no-such-token-123' })).status).toBe(404);
    expect(await jobRow(job.id)).toMatchObject({ approved: false });
  });

  it('answers 403 for a driver', async () => {
    const driver = await tokenFor('driver@demo.test');
    expect((await charge({ secret_token: 'whatever-token' }, driver)).status).toBe(403);
  });

  it('cannot use another company\'s saved card token', async () => {
    const db = await getDb();
    const job = await makeJob({ email: 'employer@demo.test' });
    const [saved] = await queryRows<{ token: string }>(db, sql`select token from payment_methods limit 1`);
    const otherCo = await makeCompany('Token Thieves');
    await db.execute(sql`update payment_methods set company_id = ${otherCo} where token = ${saved.token}`);
    const res = await charge({ secret_token: job.jobsPostToken, card_token: saved.token });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].message).toBe('Invalid credit card number.');
  });

  it('invoice-billed (CONTRACT) companies publish without a card, on an invoice line', async () => {
    const db = await getDb();
    const [emp] = await queryRows<{ company_id: number }>(db, sql`select company_id from users where email = 'employer@demo.test'`);
    await db.update(companies).set({ billingType: 'CONTRACT' }).where(eq(companies.id, emp.company_id));
    try {
      const job = await makeJob({ email: 'employer@demo.test', addons: ['promote'] });
      const res = await charge({ secret_token: job.jobsPostToken, action_type: 'new_job' });
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({ payment_method: 'CONTRACT', status: 'APPROVED', amount: 400, transaction_id: null });
      expect(await jobRow(job.id)).toMatchObject({ approved: true, paymentStatus: 'invoiced' });
      const [inv] = await db.select().from(invoices).where(and(eq(invoices.jobId, job.id)));
      expect(inv.paymentMethod).toBe('CONTRACT');
    } finally {
      await db.update(companies).set({ billingType: 'CELERO' }).where(eq(companies.id, emp.company_id));
    }
  });

  it('POST /payment/employer/job/invoice publishes on the contract, and refuses card-billed companies', async () => {
    const db = await getDb();
    const card = await makeJob({ email: 'employer@demo.test' });
    const refused = await call(invoicePost, { token: employer, body: { job_id: card.id } });
    expect(refused.status).toBe(422);
    expect(await jobRow(card.id)).toMatchObject({ approved: false });
    const contractCo = await makeCompany('Contract Carriers', 'CONTRACT');
    const job = await makeJob({ companyId: contractCo });
    expect((await call(invoicePost, { token: employer, body: { job_id: job.id } })).status).toBe(404);
    const admin = await tokenFor('admin@demo.test');
    const res = await call(invoicePost, { token: admin, body: { job_id: job.id } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ payment_method: 'CONTRACT', status: 'APPROVED' });
    expect(await jobRow(job.id)).toMatchObject({ approved: true, paymentStatus: 'invoiced' });
    expect(await db.select().from(invoices).where(eq(invoices.jobId, job.id))).toHaveLength(1);
  });

  it('validates the payload', async () => {
    const res = await charge({});
    expect(res.status).toBe(422);
    expect(res.json.errors[0].field).toBe('secret_token');
    const bad = await charge({ secret_token: 'abcdefghijk', action_type: 'refund' });
    expect(bad.status).toBe(422);
  });
});
