import { and, eq, sql } from 'drizzle-orm';
import { GET as invoicesGet } from '@/app/api/v1.0/payment/company/invoice/route';
import { POST as receiptPost } from '@/app/api/v1.0/payment/company/billing/payment-receipt/route';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { POST as renewalPost } from '@/app/api/v1.0/payment/invoice/renewal/route';
import { GET as adminInvoicesGet } from '@/app/api/v1.0/admin/invoices/route';
import { POST as markPaidPost } from '@/app/api/v1.0/admin/invoices/[id]/mark-paid/route';
import { POST as boostPost } from '@/app/api/v1.0/admin/jobs/[id]/boost/route';
import { PATCH as suspendPatch } from '@/app/api/v1.0/admin/jobs/[id]/suspend/route';
import { auditTrail } from '@/lib/audit';
import { documentText } from '@/lib/payments/receipt';
import { dueDateFrom } from '@/lib/payments/settlement';
import { PORTAL_TIME_ZONE } from '@/lib/validation/portal-day';
import { getDb, queryRows } from '@/lib/db/client';
import { companies, invoices } from '@/lib/db/schema';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, companyIdOf, endsIn, jobRow, makeJob } from './fixtures';

/*
 * Issue 9, item 4: an invoice-billed (CONTRACT) order is Due until an admin marks it paid; only
 * settled orders are "paid" (order history, receipts); its PDF is an Invoice with a due date; the
 * admin's action is in the audit log.
 */

let employer: string;
let admin: string;
let superAdmin: string;
let companyId: number;

type View = { id: number; status: string; payment_state: string; paid_at: string | null; due_date: string | null; billing_date: string | null; amount: number; document: string | null };

async function history(status: 'all' | 'paid') {
  const res = await call(invoicesGet, { token: employer, query: { status, limit: 100 } });
  return res.json.data as View[];
}

async function invoicedOrder(title: string) {
  const job = await makeJob({ email: 'employer@demo.test', addons: ['promote'], title });
  const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken } });
  expect(res.status).toBe(200);
  return res.json.data.invoice_id as number;
}

const markPaid = (id: number, token = admin, headers: Record<string, string> = {}) => call(markPaidPost, { token, params: { id: String(id) }, body: {}, headers });

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  admin = await tokenFor('admin@demo.test');
  superAdmin = await tokenFor('superadmin@demo.test');
  ({ companyId } = await companyIdOf('employer@demo.test'));
  await (await getDb()).update(companies).set({ billingType: 'CONTRACT' }).where(eq(companies.id, companyId));
});

describe('invoices of invoice-billed companies', () => {
  it('are Due with a net-30 due date once invoiced, and not in the order history', async () => {
    const id = await invoicedOrder('Invoiced Driver');
    const view = (await history('all')).find((i) => i.id === id)!;
    expect(view).toMatchObject({ status: 'APPROVED', payment_state: 'due', paid_at: null, amount: 400, document: 'invoice' });
    // 30 calendar days in the portal's zone (not 30 × 24 h: __tests__/lib/payments/settlement.test.ts).
    expect(new Date(view.due_date!)).toEqual(dueDateFrom(new Date(view.billing_date!)));
    expect((await history('paid')).map((i) => i.id)).not.toContain(id);
  });

  it('answer an Invoice PDF with its due date, not a Receipt', async () => {
    const id = await invoicedOrder('Invoice PDF Driver');
    const res = await call(receiptPost, { token: employer, body: { invoiceId: id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="invoice-INV-\d{4}-\d{6}\.pdf"/);
    // The document's title (its info dictionary; the page text itself is compressed).
    expect(res.text).toMatch(/\n\(Invoice INV-\d{4}-\d{6}\)\n/);
    expect(res.text).not.toMatch(/\(Receipt /);
    // What the page says: invoice date, the due date 30 days on, Due, the amount due.
    const [inv] = await (await getDb()).select().from(invoices).where(eq(invoices.id, id));
    const text = documentText(inv);
    const mmddyyyy = (d: Date) => d.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: PORTAL_TIME_ZONE });
    expect(text).toMatchObject({ title: 'Invoice', totalLabel: 'Amount due' });
    expect(text.meta).toEqual(
      expect.arrayContaining([
        ['Invoice date', mmddyyyy(inv.billingDate!)],
        ['Due date', mmddyyyy(dueDateFrom(inv.billingDate!))],
        ['Status', 'Due'],
      ]),
    );
    expect(text.meta.map(([k]) => k)).not.toContain('Date paid');
  });

  it('an admin marks one paid: Paid everywhere, in the order history, with who and when in the audit log', async () => {
    const id = await invoicedOrder('Settled Driver');
    const before = Date.now();
    const res = await markPaid(id, admin, { 'x-forwarded-for': '198.51.100.23' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id, status: 'APPROVED', payment_state: 'paid', document: 'invoice' });
    const view = (await history('all')).find((i) => i.id === id)!;
    expect(view.payment_state).toBe('paid');
    expect(new Date(view.paid_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await history('paid')).map((i) => i.id)).toContain(id);
    const [settled] = await (await getDb()).select().from(invoices).where(eq(invoices.id, id));
    expect(documentText(settled)).toMatchObject({ title: 'Invoice', totalLabel: 'Total paid' });
    expect(documentText(settled).meta).toEqual(expect.arrayContaining([['Status', 'Paid'], ['Date paid', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/)]]));

    const [adminUser] = await queryRows<{ id: number }>(await getDb(), sql`select id from users where email = 'admin@demo.test'`);
    const trail = await auditTrail(await getDb(), 'invoice', id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorId: adminUser.id, impersonatorId: null, action: 'invoice.mark_paid', entity: 'invoice', entityId: String(id), companyId, ip: '198.51.100.23' });
    expect(trail[0].data).toMatchObject({ amount_cents: 40_000, paid_at: view.paid_at });

    // Once is enough: a second click is refused and adds nothing to the log.
    const again = await markPaid(id, superAdmin);
    expect(again.status).toBe(409);
    expect(again.json.errors[0].message).toBe('This invoice is already paid.');
    expect(await auditTrail(await getDb(), 'invoice', id)).toHaveLength(1);
  });

  it('only admins mark invoices paid; card payments and declined orders cannot be', async () => {
    const id = await invoicedOrder('Not Yours To Settle');
    expect((await markPaid(id, employer)).status).toBe(403);
    expect((await markPaid(id, await tokenFor('internal@demo.test'))).status).toBe(403);
    expect((await markPaid(999_999)).status).toBe(404);
    expect((await markPaid(Number.NaN)).status).toBe(404);

    // A CONTRACT company may still pay by card: that order is paid at once, and has a receipt.
    const cardJob = await makeJob({ email: 'employer@demo.test', title: 'Paid By Card' });
    const paid = await call(chargePost, { token: employer, body: { secret_token: cardJob.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
    const cardView = (await history('paid')).find((i) => i.id === paid.json.data.invoice_id)!;
    expect(cardView).toMatchObject({ payment_state: 'paid', document: 'receipt' });
    // Billed when the order was opened (and numbered), paid when the card was approved just after.
    expect(new Date(cardView.paid_at!).getTime()).toBeGreaterThanOrEqual(new Date(cardView.billing_date!).getTime());
    expect((await markPaid(cardView.id)).status).toBe(409);

    const declinedJob = await makeJob({ email: 'employer@demo.test', title: 'Declined Card' });
    await call(chargePost, { token: employer, body: { secret_token: declinedJob.jobsPostToken, card_token: await cardToken(CARDS.decline) } });
    const [declined] = await (await getDb()).select().from(invoices).where(and(eq(invoices.jobId, declinedJob.id)));
    const refused = await markPaid(declined.id);
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0].message).toBe('Only a due invoice can be marked paid.');
  });

  // Was: the repeat of a renewal was taken to be any approved renewal whose row changed in the last
  // 2 minutes, and marking an old renewal invoice paid changes its row: a renewal asked for outside
  // the window then answered 200 "Payment completed successfully", already_paid, with that old
  // invoice, though nothing was renewed.
  it("a renewal outside the window is refused even right after an admin marked the job's last renewal invoice paid", async () => {
    const job = await makeJob({ email: 'employer@demo.test', title: 'Renewed On Account' });
    expect((await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken } })).status).toBe(200);
    await endsIn(job.id, 3);
    const renewed = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect(renewed.status).toBe(200);
    const renewalId = renewed.json.data.invoice_id as number;
    // Sent again at once (a second tab): the renewal that went through.
    const repeat = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect([repeat.status, repeat.json.data.already_paid, repeat.json.data.invoice_id]).toEqual([200, true, renewalId]);

    // Weeks later: that renewal was invoiced 20 days ago, the job runs 13 more days, and the invoice is still due.
    const db = await getDb();
    const then = new Date(Date.now() - 20 * 86_400_000);
    await db.update(invoices).set({ createdAt: then, billingDate: then, updatedAt: then, dueAt: dueDateFrom(then) }).where(eq(invoices.id, renewalId));
    const { expirationDate } = await endsIn(job.id, 13);
    expect((await markPaid(renewalId)).status).toBe(200);

    const early = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect(early.status).toBe(409);
    expect(early.json.errors[0].message).toMatch(/^This job runs until \d\d\/\d\d\/\d{4}: it can be renewed from \d\d\/\d\d\/\d{4}, 7 days before it ends\.$/);
    expect((await jobRow(job.id)).expirationDate).toEqual(expirationDate);
    expect(await db.$count(invoices, and(eq(invoices.jobId, job.id), eq(invoices.actionType, 'renewal')))).toBe(1);
  });

  it('admins list due invoices across companies, with the company', async () => {
    const id = await invoicedOrder('Listed For Admin');
    const res = await call(adminInvoicesGet, { token: admin, query: { state: 'due', limit: 100 } });
    expect(res.status).toBe(200);
    const row = (res.json.data as (View & { company: { id: number; name: string } })[]).find((i) => i.id === id)!;
    expect(row).toMatchObject({ payment_state: 'due', company: { id: companyId } });
    expect(res.json.data.every((i: View) => i.payment_state === 'due')).toBe(true);
    expect((await call(adminInvoicesGet, { token: employer })).status).toBe(403);
  });

  it('caps the offset of the invoice lists at 1,000,000 as every list does (a larger one made the count read every row)', async () => {
    for (const [handler, token] of [[adminInvoicesGet, admin], [invoicesGet, employer]] as const) {
      const huge = await call(handler, { token, query: { offset: '9007199254740000' } });
      expect(huge.status).toBe(422);
      expect(huge.json.errors[0].message).toBe('Offset must be a whole number, 0 or more.');
      expect((await call(handler, { token, query: { offset: '1000000' } })).status).toBe(200);
    }
  });

  it("an admin's free boost of an invoice-billed company's job is no invoice: not in the admins' list", async () => {
    const job = await makeJob({ email: 'employer@demo.test', title: 'Boosted For Free' });
    expect((await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken } })).status).toBe(200);
    const boosted = await call(boostPost, { token: admin, params: { id: String(job.id) }, body: {} });
    expect(boosted.status).toBe(200);
    const [free] = await (await getDb()).select().from(invoices).where(and(eq(invoices.jobId, job.id), eq(invoices.actionType, 'admin_boost')));
    expect(free.amountCents).toBe(0);
    const all = (await call(adminInvoicesGet, { token: admin, query: { state: 'all', limit: 100 } })).json.data as View[];
    expect(all.map((i) => i.id)).not.toContain(free.id);
    expect(all.every((i) => i.amount > 0)).toBe(true);
  });

  it("an admin's boost and hold of a customer's job are in the audit log, with who, the job and the company", async () => {
    const job = await makeJob({ email: 'employer@demo.test', title: 'Held And Boosted' });
    expect((await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken } })).status).toBe(200);
    const [adminUser] = await queryRows<{ id: number }>(await getDb(), sql`select id from users where email = 'admin@demo.test'`);
    const boosted = await call(boostPost, { token: admin, params: { id: String(job.id) }, body: {} });
    expect(boosted.status).toBe(200);
    const hold = (suspended: boolean) => call(suspendPatch, { method: 'PATCH', token: admin, params: { id: String(job.id) }, body: { suspended } });
    expect((await hold(true)).status).toBe(200);
    expect((await hold(true)).status).toBe(200); // the same hold again changes nothing and records nothing
    expect((await hold(false)).status).toBe(200);
    const trail = await auditTrail(await getDb(), 'job', job.id);
    expect(trail.map((e) => [e.action, e.actorId, e.companyId]).sort()).toEqual(
      [
        ['job.admin_boost', adminUser.id, companyId],
        ['job.release', adminUser.id, companyId],
        ['job.suspend', adminUser.id, companyId],
      ].sort(),
    );
    expect(trail.find((e) => e.action === 'job.admin_boost')!.data).toMatchObject({ invoice_number: boosted.json.data.invoice_number });
  });
});
