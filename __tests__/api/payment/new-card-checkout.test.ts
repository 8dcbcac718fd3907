import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { POST as addonsPost } from '@/app/api/v1.0/payment/employer/job/addons/route';
import { GET as billingGet } from '@/app/api/v1.0/payment/company/billing/route';
import { auditTrail } from '@/lib/audit';
import { getDb } from '@/lib/db/client';
import { invoices, jobAddons, paymentMethods } from '@/lib/db/schema';
import { celeroGateway } from '@/lib/payments/celero';
import { setGatewayFactory } from '@/lib/payments/gateway';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { companyIdOf, makeJob } from './fixtures';

/*
 * A card typed at checkout with the real processor's driver (Celero), against a local server that
 * speaks its REST shapes. Its Tokenizer tokens do not describe themselves (card() is null), so the
 * charge call carries what the hosted fields showed, as saving a card in Settings does; without
 * it such a card could never pay.
 */

let server: http.Server;
let employer: string;
const sales: { token: string; amount: number }[] = [];

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      let reply: unknown = { status: 'success', data: [] };
      if (req.url === '/api/transaction' && body.type === 'sale') {
        sales.push({ token: body.payment_method.token, amount: body.amount });
        reply = { status: 'success', msg: 'success', data: { id: `cel_${sales.length}`, response: 'approved', response_code: 100 } };
      } else if (req.url === '/api/transaction') {
        reply = { status: 'success', data: { id: 'ver_1', response: 'approved', response_code: 100 } };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setGatewayFactory(() => celeroGateway({ apiKey: 'api_test', baseUrl: base }));
});

afterAll(async () => {
  setGatewayFactory(undefined);
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => (sales.length = 0));

const details = { card_type: 'Visa', masked_number: '**** **** **** 4242', expiration_date: '12/30', card_holder_name: 'Emma Recruiter' };

describe('paying with a new card the gateway cannot describe (Celero)', () => {
  it("charges it with the hosted fields' details, and it becomes the saved card (audited)", async () => {
    const db = await getDb();
    const job = await makeJob({ email: 'employer@demo.test', title: 'Paid With A New Celero Card' });
    const res = await call(chargePost, {
      token: employer,
      headers: { 'x-forwarded-for': '203.0.113.40' },
      body: { secret_token: job.jobsPostToken, card_token: 'tok_celero_new_0001', ...details },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ message: 'Payment completed successfully', transaction_id: 'cel_1', amount: 300 });
    expect(sales).toEqual([{ token: 'tok_celero_new_0001', amount: 30_000 }]);
    const [order] = await db.select().from(invoices).where(eq(invoices.id, res.json.data.invoice_id));
    expect(order).toMatchObject({ status: 'APPROVED', cardType: 'Visa', maskedNumber: '**** **** **** 4242', gateway: 'celero' });
    // Approved, so it is the company's saved card now, as the hosted fields described it.
    const saved = (await call(billingGet, { token: employer })).json.data;
    expect(saved).toMatchObject({ card_type: 'Visa', masked_number: '**** **** **** 4242', expiration_date: '12/30', card_holder_name: 'Emma Recruiter', is_default: true });
    const { companyId, userId } = await companyIdOf('employer@demo.test');
    const trail = await auditTrail(db, 'payment_method', saved.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'payment_method.default', actorId: userId, companyId, ip: '203.0.113.40' });
    expect(trail[0].data).toMatchObject({ masked_number: '**** **** **** 4242' });
  });

  it('pays add-ons with a new card and its details too', async () => {
    const db = await getDb();
    const job = await makeJob({ email: 'employer@demo.test', title: 'Add-ons On A New Celero Card' });
    expect((await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: 'tok_celero_new_0002', ...details } })).status).toBe(200);
    await db.insert(jobAddons).values({ jobId: job.id, addonType: 'promote', costCents: 10_000 });
    const res = await call(addonsPost, { token: employer, body: { job_id: job.id, card_token: 'tok_celero_new_0003', ...details, masked_number: '**** **** **** 0005' } });
    expect(res.status).toBe(200);
    expect(sales.at(-1)).toEqual({ token: 'tok_celero_new_0003', amount: 10_000 });
    const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.token, 'tok_celero_new_0003'));
    expect(card).toMatchObject({ maskedNumber: '**** **** **** 0005', cardType: 'Visa', isDefault: true });
  });

  it('without them such a card is refused before anything is charged', async () => {
    const job = await makeJob({ email: 'employer@demo.test', title: 'New Celero Card Without Details' });
    const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: 'tok_celero_new_0004', card_holder_name: 'Emma Recruiter' } });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message: 'Invalid credit card number.', field: 'card_token' }]);
    expect(sales).toEqual([]);
  });

  it("validates the details as saving a card does (one schema's fields)", async () => {
    const job = await makeJob({ email: 'employer@demo.test', title: 'New Celero Card, Bad Details' });
    const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: 'tok_celero_new_0005', ...details, expiration_date: '2030-12' } });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message: 'Invalid expiration date.', field: 'expiration_date' }]);
    expect(sales).toEqual([]);
  });
});
