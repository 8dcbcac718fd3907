import { sql } from 'drizzle-orm';
import { GET as billingGet, POST as billingPost } from '@/app/api/v1.0/payment/company/billing/route';
import { GET as invoicesGet, POST as invoicesPost } from '@/app/api/v1.0/payment/company/invoice/route';
import { POST as receiptPost } from '@/app/api/v1.0/payment/company/billing/payment-receipt/route';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { GET as summaryGet } from '@/app/api/v1.0/payment/company/invoice/summary/route';
import { getDb, queryRows } from '@/lib/db/client';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, companyIdOf, endsIn, makeCompany, makeJob } from './fixtures';
import zlib from 'node:zlib';
import type { Actor } from '@/lib/auth/actor';
import { billedToLines, receiptData } from '@/lib/payments/invoices';
import { renderReceipt } from '@/lib/payments/receipt';
import { auditTrail } from '@/lib/audit';

/** The text pdfkit drew (its content streams inflated; standard fonts write text as hex strings). */
function pdfText(pdf: Buffer) {
  const out: string[] = [];
  const bin = pdf.toString('latin1');
  for (const m of bin.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const t of content.matchAll(/<([0-9a-f]+)>/gi)) out.push(Buffer.from(t[1], 'hex').toString('latin1'));
  }
  return out.join('');
}

let employer: string;
let companyAdmin: string;

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  companyAdmin = await tokenFor('companyadmin@demo.test');
});

describe('GET/POST /api/v1.0/payment/company/billing', () => {
  it('has no card until one is saved, then answers the server form of the card', async () => {
    expect((await call(billingGet, { token: employer })).json).toEqual({ data: null });
    const token = await cardToken(CARDS.approve);
    const saved = await call(billingPost, { token: employer, body: { card_token: token, card_holder_name: 'Emma Recruiter' } });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ card_type: 'Visa', masked_number: '**** **** **** 1111', expiration_date: '12/39', card_holder_name: 'Emma Recruiter' });
    expect(saved.json.data.token).toBeUndefined();
    // The whole company shares its card.
    const read = await call(billingGet, { token: companyAdmin });
    expect(read.json.data).toMatchObject({ masked_number: '**** **** **** 1111' });
  });

  it('refuses an unknown token and validates the holder name', async () => {
    const bad = await call(billingPost, { token: employer, body: { card_token: 'tok_sbx_doesnotexist', card_holder_name: 'Emma' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].message).toBe('Invalid credit card number.');
    const noName = await call(billingPost, { token: employer, body: { card_token: await cardToken(CARDS.approve), card_holder_name: '' } });
    expect(noName.status).toBe(422);
    expect(noName.json.errors[0]).toEqual({ message: 'Validation fails.', field: 'card_holder_name' });
  });

  it('refuses a card the bank declines (402 with its reason) and keeps the card on file', async () => {
    const before = (await call(billingGet, { token: employer })).json.data;
    for (const [number, message] of [
      [CARDS.decline, 'Your card was declined.'],
      [CARDS.insufficient, 'Your card was declined: insufficient funds.'],
    ]) {
      const res = await call(billingPost, { token: employer, body: { card_token: await cardToken(number), card_holder_name: 'Emma Recruiter' } });
      expect(res.status).toBe(402);
      expect(res.json.errors[0].message).toBe(message);
    }
    expect((await call(billingGet, { token: employer })).json.data).toEqual(before);
    const rows = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from payment_methods where masked_number like '%0002' or masked_number like '%9995'`);
    expect(rows[0].n).toBe(0);
  });

  it('saving a card is in the audit log: who, the company, the address and the card shown', async () => {
    const res = await call(billingPost, {
      token: employer,
      headers: { 'x-forwarded-for': '203.0.113.7' },
      body: { card_token: await cardToken(CARDS.approve, 'Audited Saver'), card_holder_name: 'Audited Saver' },
    });
    expect(res.status).toBe(200);
    const { companyId, userId } = await companyIdOf('employer@demo.test');
    const trail = await auditTrail(await getDb(), 'payment_method', res.json.data.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'payment_method.save', actorId: userId, companyId, ip: '203.0.113.7' });
    expect(trail[0].data).toMatchObject({ card_type: 'Visa', masked_number: '**** **** **** 1111', is_default: true });
    // A refused card changes nothing and leaves no entry.
    const refused = await call(billingPost, { token: employer, body: { card_token: await cardToken(CARDS.decline), card_holder_name: 'Audited Saver' } });
    expect(refused.status).toBe(402);
    const saves = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from audit_log where action = 'payment_method.save' and data->>'masked_number' like '%0002'`);
    expect(saves[0].n).toBe(0);
  });

  it('never stores a card number or security code sent to it', async () => {
    const token = await cardToken(CARDS.approve, 'Leaky Client');
    const res = await call(billingPost, {
      token: employer,
      body: { card_token: token, card_holder_name: 'Leaky Client', card_number: '5555555555554444', cvv: '987', security_code: '987', cardNumber: '5555555555554444' },
    });
    expect(res.status).toBe(200);
    const db = await getDb();
    // Search every text-ish column of every table in the database for the number and the code.
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'USER-DEFINED')`,
    );
    for (const c of columns) {
      const hits = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)}::text like '%5555555555554444%' or ${sql.identifier(c.column_name)}::text like '%4111111111111111%' or ${sql.identifier(c.column_name)}::text = '987'`,
      );
      expect({ column: `${c.table_name}.${c.column_name}`, n: hits[0].n }).toEqual({ column: `${c.table_name}.${c.column_name}`, n: 0 });
    }
    const [stored] = await queryRows<Record<string, unknown>>(db, sql`select * from payment_methods where card_holder_name = 'Leaky Client'`);
    // Field by field: a random token may contain the digits 987 inside it, a stored code would be the whole value.
    expect(Object.values(stored).map(String)).not.toContain('987');
    expect(Object.values(stored).map(String).join(' ')).not.toMatch(/5555/);
  });

  it('answers 401 anonymous, 403 for a driver, 404 for a user without a company', async () => {
    expect((await call(billingGet)).status).toBe(401);
    expect((await call(billingGet, { token: await tokenFor('driver@demo.test') })).status).toBe(403);
    expect((await call(billingGet, { token: await tokenFor('admin@demo.test') })).status).toBe(404);
  });
});

describe('billing history, order history and receipts', () => {
  let paidId: number;
  let declinedId: number;

  beforeAll(async () => {
    const paid = await makeJob({ email: 'employer@demo.test', addons: ['boost'], title: 'Regional Flatbed Driver' });
    const res = await call(chargePost, { token: employer, body: { secret_token: paid.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
    paidId = res.json.data.invoice_id;
    const declined = await makeJob({ email: 'employer@demo.test', title: 'Declined Job' });
    await call(chargePost, { token: employer, body: { secret_token: declined.jobsPostToken, card_token: await cardToken(CARDS.decline) } });
    const db = await getDb();
    [{ id: declinedId }] = await queryRows<{ id: number }>(db, sql`select id from invoices where job_id = ${declined.id}`);
  });

  it('lists every order with amount, status, transaction id, payment method and add-ons', async () => {
    const res = await call(invoicesGet, { token: employer, query: { limit: 100 } });
    expect(res.status).toBe(200);
    // The demo seed's paid jobs have their orders too; ours are the newest.
    expect(res.json.pagination).toMatchObject({ offset: 0, limit: 100 });
    expect(res.json.pagination.total).toBe(res.json.data.length);
    expect(res.json.data.slice(0, 2).map((i: { id: number }) => i.id).sort()).toEqual([paidId, declinedId].sort());
    const paid = res.json.data.find((i: { id: number }) => i.id === paidId);
    expect(paid).toMatchObject({
      amount: 500,
      status: 'APPROVED',
      title: 'Regional Flatbed Driver',
      payment_method: { code: 'CELERO', description: 'Credit Card', card_type: 'Visa', masked_number: '**** **** **** 1111' },
      addons: [{ addon_type: 'boost', cost: 200 }],
    });
    expect(paid.transaction_id).toMatch(/^sbx_/);
    expect(paid.billing_date).toBeTruthy();
    expect(res.json.data.find((i: { id: number }) => i.id === declinedId)).toMatchObject({ status: 'DECLINED', error: 'Your card was declined.' });
  });

  it('order history (status=paid) lists paid orders only, paginated', async () => {
    const res = await call(invoicesGet, { token: employer, query: { status: 'paid', limit: 1 } });
    expect(res.json.data.map((i: { id: number }) => i.id)).toEqual([paidId]);
    const all = await call(invoicesGet, { token: employer, query: { limit: 100 } });
    const paidCount = all.json.data.filter((i: { status: string }) => i.status === 'APPROVED').length;
    expect(res.json.pagination.total).toBe(paidCount);
    const post = await call(invoicesPost, { token: employer, body: { status: 'paid', limit: 100 } });
    expect(post.json.data).toHaveLength(paidCount);
    expect(post.json.data.map((i: { id: number }) => i.id)).not.toContain(declinedId);
  });

  it('another company sees none of it', async () => {
    const otherCo = await makeCompany('Elsewhere Trucking');
    const db = await getDb();
    await db.execute(sql`update users set company_id = ${otherCo} where email = 'companyadmin@demo.test'`);
    try {
      const res = await call(invoicesGet, { token: companyAdmin });
      expect(res.json.data).toEqual([]);
      const receipt = await call(receiptPost, { token: companyAdmin, body: { invoiceId: paidId } });
      expect(receipt.status).toBe(404);
    } finally {
      await db.execute(sql`update users set company_id = (select company_id from users where email = 'employer@demo.test') where email = 'companyadmin@demo.test'`);
    }
  });

  it('answers a PDF receipt for a paid order', async () => {
    const res = await call(receiptPost, { token: employer, body: { invoiceId: paidId } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="receipt-INV-\d{4}-\d{6}\.pdf"/);
    expect(res.text.startsWith('%PDF')).toBe(true);
  });

  it("prints the company's name and address (Settings → Address) as they were when the order was placed, after the company renames itself or moves", async () => {
    expect(billedToLines({ street1: '2100 Commerce St', street2: 'Suite 400', city: 'Dallas', state: 'TX', postalCode: '75201' })).toEqual(['2100 Commerce St', 'Suite 400', 'Dallas, TX 75201']);
    expect(billedToLines({ street1: null, street2: ' ', city: 'Dallas', state: null, postalCode: null })).toEqual(['Dallas']);
    const { companyId, userId } = await companyIdOf('employer@demo.test');
    const db = await getDb();
    const [{ name }] = await queryRows<{ name: string }>(db, sql`select company_name as name from companies where id = ${companyId}`);
    await db.execute(sql`update companies set company_name = 'Acme Freight LLC', street1 = '2100 Commerce St', street2 = 'Suite 400', city = 'Dallas', state = 'TX', postal_code = '75201' where id = ${companyId}`);
    const job = await makeJob({ email: 'employer@demo.test', title: 'Billed To Driver' });
    const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
    const receipt = async () => pdfText(await renderReceipt(await receiptData(db, { userId, companyId, roles: [] } as unknown as Actor, res.json.data.invoice_id)));
    try {
      const issued = await receipt();
      for (const printed of ['Acme Freight LLC', '2100 Commerce St', 'Suite 400', 'Dallas, TX 75201']) expect(issued).toContain(printed);
      // The company renames itself and moves: the receipt it was issued still says what it said.
      await db.execute(sql`update companies set company_name = 'Totally Different Co', street1 = '9 Elm Ave', street2 = null, city = 'Houston', postal_code = '77002' where id = ${companyId}`);
      const reprinted = await receipt();
      expect(reprinted).toBe(issued);
      expect(reprinted).not.toContain('Totally Different Co');
      expect(reprinted).not.toContain('9 Elm Ave');
    } finally {
      await db.execute(sql`update companies set company_name = ${name} where id = ${companyId}`);
    }
  });

  it('has no receipt for a declined order and 404 for an unknown one', async () => {
    expect((await call(receiptPost, { token: employer, body: { invoiceId: declinedId } })).status).toBe(422);
    expect((await call(receiptPost, { token: employer, body: { invoiceId: 999999 } })).status).toBe(404);
    expect((await call(receiptPost, { token: employer, body: {} })).status).toBe(422);
  });

  it('summarises a job before payment: lines, total, billing type, saved card', async () => {
    const job = await makeJob({ email: 'employer@demo.test', addons: ['promote', 'hyperlink'] });
    const res = await call(summaryGet, { token: employer, query: { job_id: job.id } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ job_id: job.id, paid: false, billing_type: 'CELERO', total: 500, hosted_fields_url: '/sandbox-gateway/hosted-fields' });
    expect(res.json.data.lines.map((l: { description: string }) => l.description)).toEqual([
      'Job posting: Dallas, TX 75201',
      'Job posting: Houston, TX 77002',
      'Promote add-on',
      'Hyperlink add-on',
    ]);
    // Previews of the other charges: add-ons not paid yet, and a renewal.
    const paidJob = await makeJob({ email: 'employer@demo.test', addons: ['boost'] });
    await call(chargePost, { token: employer, body: { secret_token: paidJob.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
    const addons = await call(summaryGet, { token: employer, query: { job_id: paidJob.id, action: 'addons' } });
    expect(addons.json.data).toMatchObject({ paid: true, lines: [], total: 0 });
    const renewal = await call(summaryGet, { token: employer, query: { job_id: paidJob.id, action: 'renewal' } });
    expect(renewal.json.data.total).toBe(500);
    expect(renewal.json.data.lines[0].description).toBe('Renewal: Dallas, TX 75201');
    // A job with 30 days to run: the preview says what the renewal charge would answer, before any card.
    expect(res.json.data.refused).toBeNull();
    expect(renewal.json.data.refused).toMatch(/^This job runs until \d\d\/\d\d\/\d{4}: it can be renewed from /);
    await endsIn(paidJob.id, 3);
    expect((await call(summaryGet, { token: employer, query: { job_id: paidJob.id, action: 'renewal' } })).json.data.refused).toBeNull();
    const other = await makeJob({ companyId: await makeCompany('Summary Rival') });
    expect((await call(summaryGet, { token: employer, query: { job_id: other.id } })).status).toBe(404);
  });
});
