import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as tokenizePost } from '@/app/sandbox-gateway/tokenize/route';
import { getDb } from '@/lib/db/client';
import { invoices, paymentAttempts, paymentMethods, sandboxTokens } from '@/lib/db/schema';
import { celeroGateway, celeroOrderId, celeroTimeoutMs } from '@/lib/payments/celero';
import { ALREADY_PAID_MARKER, CHARGE_CALLS_AT_MOST, CHARGE_RETRY_DELAY_MS, payOnce, reconcile, STALE_PROCESSING_MS } from '@/lib/payments/charge';
import { GATEWAY_CALL_TIMEOUT_MS, gatewayName, setGatewayFactory, type ChargeRequest, type PaymentGateway } from '@/lib/payments/gateway';
import { reconcileStaleOrders } from '@/lib/payments/payments-tick';
import { openOrder } from '@/lib/payments/orders';
import { sandboxGateway } from '@/lib/payments/sandbox';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, companyIdOf, makeJob } from '../../api/payment/fixtures';

beforeAll(seed);

async function tokenizeCall(body: unknown, ip = '9.9.9.9') {
  const req = new NextRequest('http://localhost:3000/sandbox-gateway/tokenize', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const res = await tokenizePost(req);
  return { status: res.status, json: await res.json() };
}

const card = { card_number: '4111 1111 1111 1111', expiration_date: '12/39', cvv: '123', card_holder_name: 'Emma Recruiter' };

describe('POST /sandbox-gateway/tokenize', () => {
  it('answers a token, the card type, the masked number and the expiry', async () => {
    const res = await tokenizeCall(card);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ token: expect.stringMatching(/^tok_sbx_[0-9a-f]{32}$/), card_type: 'Visa', masked_number: '**** **** **** 1111', expiration_date: '12/39' });
    const [row] = await (await getDb()).select().from(sandboxTokens).where(eq(sandboxTokens.token, res.json.token));
    expect(row).toMatchObject({ last4: '1111', cardType: 'Visa', behaviour: 'approve' });
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
    expect(JSON.stringify(row)).not.toContain('"123"');
  });

  it.each([
    [{ card_number: '4111 1111 1111 1112' }, 'card_number', 'Invalid credit card number.'],
    [{ card_number: '3530 1113 3330 0000' }, 'card_number', 'Invalid credit card number.'],
    [{ expiration_date: '01/20' }, 'expiration_date', 'Invalid expiration date.'],
    [{ expiration_date: 'soon' }, 'expiration_date', 'Invalid expiration date.'],
    [{ cvv: '12' }, 'cvv', 'Invalid security number.'],
    [{ card_number: '3782 822463 10005', cvv: '123' }, 'cvv', 'Invalid security number.'],
    [{ card_holder_name: '' }, 'card_holder_name', 'Validation fails.'],
  ])('refuses %j with the spec message', async (over, field, message) => {
    const res = await tokenizeCall({ ...card, ...over });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('Validation fails.');
    expect(res.json.errors).toEqual([{ field, message }]);
  });

  it('knows each test card', async () => {
    const db = await getDb();
    for (const [number, behaviour] of [
      [CARDS.approve, 'approve'],
      [CARDS.decline, 'decline'],
      [CARDS.insufficient, 'insufficient_funds'],
      [CARDS.failFirst, 'fail_first'],
    ]) {
      const res = await tokenizeCall({ ...card, card_number: number });
      const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.token, res.json.token));
      expect(row.behaviour).toBe(behaviour);
    }
  });

  it('answers the fallbacks for malformed bodies and limits the rate', async () => {
    expect((await tokenizeCall('{nope')).json.message).toBe('Validation error.');
    const missing = await tokenizeCall({ card_number: 4111 });
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0].message).toBe('Validation error.');
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await tokenizeCall(card, '7.7.7.7')).status;
    expect(last).toBe(429);
  });
});

describe('the sandbox gateway as a processor', () => {
  it('answers each test card and replays a key instead of charging twice', async () => {
    const db = await getDb();
    const gw = sandboxGateway(db);
    const charge = async (number: string, key: string, amountCents = 1000) => gw.charge({ token: await cardToken(number), amountCents, idempotencyKey: key, description: 'test' });
    expect(await charge(CARDS.approve, 'k-approve')).toMatchObject({ outcome: 'approved', transactionId: expect.stringMatching(/^sbx_/) });
    expect(await charge(CARDS.decline, 'k-decline')).toMatchObject({ outcome: 'declined', message: 'Your card was declined.' });
    expect(await charge(CARDS.insufficient, 'k-nsf')).toMatchObject({ outcome: 'declined', message: 'Your card was declined: insufficient funds.' });
    const token = await cardToken(CARDS.failFirst);
    const req: ChargeRequest = { token, amountCents: 500, idempotencyKey: 'k-0119', description: 'x' };
    expect(await gw.charge(req)).toMatchObject({ outcome: 'error' });
    const second = await gw.charge(req);
    expect(second).toMatchObject({ outcome: 'approved', replayed: false });
    const third = await gw.charge(req);
    expect(third).toMatchObject({ outcome: 'approved', replayed: true, transactionId: second.transactionId });
    expect(await gw.lookup('k-0119')).toMatchObject({ outcome: 'approved', transactionId: second.transactionId });
    expect(await gw.lookup('never-seen')).toBeNull();
    expect(await gw.charge({ ...req, amountCents: 999 })).toMatchObject({ outcome: 'declined' });
  });

  it('declines a saved card whose month has passed, as the issuer does (the failed auto-renewal is seen in development too)', async () => {
    const db = await getDb();
    const gw = sandboxGateway(db);
    const token = await cardToken(CARDS.approve);
    // Saved while valid; its month has passed since.
    await db.update(sandboxTokens).set({ expirationDate: '01/21' }).where(eq(sandboxTokens.token, token));
    expect(await gw.charge({ token, amountCents: 1000, idempotencyKey: 'k-expired', description: 'renewal' })).toMatchObject({ outcome: 'declined', message: 'Your card has expired.' });
    expect(await gw.verify(token)).toMatchObject({ outcome: 'declined', message: 'Your card has expired.' });
    // Through the end of its month it still charges.
    const now = new Date();
    await db.update(sandboxTokens).set({ expirationDate: `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100)}` }).where(eq(sandboxTokens.token, token));
    expect(await gw.charge({ token, amountCents: 1000, idempotencyKey: 'k-this-month', description: 'renewal' })).toMatchObject({ outcome: 'approved' });
  });

  it('is the default gateway; celero when its keys are set', () => {
    const saved = { ...process.env };
    delete process.env.PAYMENT_GATEWAY;
    delete process.env.CELERO_API_KEY;
    expect(gatewayName()).toBe('sandbox');
    process.env.CELERO_API_KEY = 'api_x';
    process.env.CELERO_BASE_URL = 'http://127.0.0.1:1';
    expect(gatewayName()).toBe('celero');
    process.env = saved;
  });
});

describe('charge rules with a scripted gateway', () => {
  function scripted(answers: Partial<Awaited<ReturnType<PaymentGateway['charge']>>>[], lookup: PaymentGateway['lookup'] = async () => null) {
    const calls: ChargeRequest[] = [];
    const gw: PaymentGateway = {
      name: 'scripted',
      hostedFields: () => ({ url: '/x' }),
      card: async () => null,
      charge: async (r) => {
        calls.push(r);
        return { outcome: 'error', message: '', ...answers.shift() };
      },
      verify: async () => ({ outcome: 'approved', message: 'Approved' }),
      lookup,
    };
    return { gw, calls };
  }

  async function order(title: string) {
    const { companyId } = await companyIdOf('employer@demo.test');
    const job = await makeJob({ email: 'employer@demo.test', title });
    return { companyId, jobId: job.id, jobTitle: title, actionType: 'new_job' as const, periodKey: '', paymentMethod: 'CELERO' as const, lines: [{ kind: 'job_posting' as const, description: 'x', amountCents: 15_000 }] };
  }

  it("counts 'is already paid. Aborting' as paid", async () => {
    const db = await getDb();
    const { gw } = scripted([{ outcome: 'declined', message: `Job 12 ${ALREADY_PAID_MARKER}` }]);
    const approved = jest.fn();
    const outcome = await payOnce(db, gw, await order('Already paid'), 'tok', approved, { sleep: async () => {} });
    expect(outcome.approved).toBe(true);
    expect(approved).toHaveBeenCalledTimes(1);
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.invoiceId, outcome.invoice.id));
    expect(attempts.map((a) => a.outcome)).toEqual(['already_paid']);
  });

  it('retries a processing error once after 5000 ms with the same key, then stores the error', async () => {
    const db = await getDb();
    const { gw, calls } = scripted([
      { outcome: 'error', message: 'Processing error.' },
      { outcome: 'error', message: 'Gateway timeout.' },
    ]);
    const sleep = jest.fn(async () => {});
    const outcome = await payOnce(db, gw, await order('Two errors'), 'tok', async () => {}, { sleep });
    expect(sleep).toHaveBeenCalledWith(5000);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(calls[0].idempotencyKey).toBe(calls[1].idempotencyKey);
    expect(outcome).toMatchObject({ approved: false, message: 'Gateway timeout.' });
    expect(outcome.invoice).toMatchObject({ status: 'DECLINED', error: 'Gateway timeout.' });
  });

  it('a processing error twice is looked up before it is declined: approved there is paid, not charged again', async () => {
    const db = await getDb();
    const { gw, calls } = scripted(
      [
        { outcome: 'error', message: 'Processing error: timed out.' },
        { outcome: 'error', message: 'Too many requests.' },
      ],
      async (key) => (key === calls[0]?.idempotencyKey ? { outcome: 'approved', transactionId: 'tx-went-through', message: 'Approved', replayed: true } : null),
    );
    const onApproved = jest.fn(async () => {});
    const outcome = await payOnce(db, gw, await order('Unclear, Then Found'), 'tok', onApproved, { sleep: async () => {} });
    expect(calls).toHaveLength(2);
    expect(outcome).toMatchObject({ approved: true });
    expect(outcome.invoice).toMatchObject({ status: 'APPROVED', transactionId: 'tx-went-through', error: null });
    expect(onApproved).toHaveBeenCalledTimes(1);
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.invoiceId, outcome.invoice.id));
    expect(attempts.map((a) => a.outcome).sort()).toEqual(['error', 'error', 'reconciled']);
  });

  it('a processing error twice that the gateway declined under its key is declined with its reason', async () => {
    const db = await getDb();
    const { gw } = scripted(
      [{ outcome: 'error' }, { outcome: 'error', message: 'Processing error.' }],
      async () => ({ outcome: 'declined', message: 'Do not honor.' }),
    );
    const outcome = await payOnce(db, gw, await order('Unclear, Found Declined'), 'tok', async () => {}, { sleep: async () => {} });
    expect(outcome.invoice).toMatchObject({ status: 'DECLINED', error: 'Do not honor.' });
  });

  it('a processing error twice that cannot be looked up leaves the order in flight for the reconciler', async () => {
    const db = await getDb();
    const { gw } = scripted([{ outcome: 'error' }, { outcome: 'error' }], async () => {
      throw new Error('processor unreachable');
    });
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const outcome = await payOnce(db, gw, await order('Unclear, Not Found Out'), 'tok', async () => {}, { sleep: async () => {} }).finally(() => spy.mockRestore());
    expect(outcome).toMatchObject({ approved: false, message: 'This payment is still being processed. Please check again in a minute.' });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, outcome.invoice.id));
    expect(row.status).toBe('PROCESSING_PAYMENT');
  });

  it('does not retry other errors: stores them as the invoice error', async () => {
    const db = await getDb();
    const { gw, calls } = scripted([{ outcome: 'declined', message: 'Do not honor.' }]);
    const outcome = await payOnce(db, gw, await order('Do not honor'), 'tok', async () => {}, { sleep: async () => {} });
    expect(calls).toHaveLength(1);
    expect(outcome.invoice).toMatchObject({ status: 'DECLINED', error: 'Do not honor.' });
  });

  it('reconciles a crash between approval and our write by looking the key up, without charging again', async () => {
    const db = await getDb();
    const input = await order('Crashed');
    const crashedAt = new Date(Date.now() - STALE_PROCESSING_MS - 1000);
    const stuck = (await openOrder(db, input, crashedAt))!;
    const { gw, calls } = scripted([], async (key) => (key === stuck.idempotencyKey ? { outcome: 'approved', transactionId: 'tx-from-lookup', message: 'ok' } : null));
    const onApproved = jest.fn(async () => {});
    const outcome = await payOnce(db, gw, input, 'tok', onApproved, { sleep: async () => {} });
    expect(calls).toHaveLength(0);
    expect(outcome.invoice).toMatchObject({ id: stuck.id, status: 'APPROVED', transactionId: 'tx-from-lookup' });
    expect(onApproved).toHaveBeenCalledTimes(1);
  });

  it('charges a stuck order that never reached the gateway with its SAME key and its own card', async () => {
    const db = await getDb();
    const input = await order('Never sent');
    const [card] = await db
      .insert(paymentMethods)
      .values({ companyId: input.companyId, gateway: 'scripted', token: 'tok_never_sent', cardType: 'Visa', maskedNumber: '**** 1111', expirationDate: '12/39', cardHolderName: 'Emma', isDefault: false })
      .returning();
    const stuck = (await openOrder(db, { ...input, paymentMethodId: card.id }, new Date(Date.now() - STALE_PROCESSING_MS - 1000)))!;
    const { gw, calls } = scripted([{ outcome: 'approved', transactionId: 'tx-2', message: 'ok' }]);
    const result = await reconcile(db, gw, stuck, async () => {});
    expect(calls.map((c) => [c.idempotencyKey, c.token])).toEqual([[stuck.idempotencyKey, 'tok_never_sent']]);
    expect(result?.status).toBe('APPROVED');
    const [row] = await db.select().from(invoices).where(eq(invoices.id, stuck.id));
    expect(row.transactionId).toBe('tx-2');
  });

  /** A gateway that counts its lookups and charges; each lookup answers only once `release` is called (both reconcilers are then under way). */
  function countingGateway() {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const lookups: string[] = [];
    const { gw, calls } = scripted([{ outcome: 'approved', transactionId: 'tx-once', message: 'ok' }], async (key) => {
      lookups.push(key);
      await released;
      return null;
    });
    return { gw, calls, lookups, release };
  }

  /** An order a crashed request left in flight past the stale threshold, opened with a saved card of its own. */
  async function staleOrderWithCard(title: string, token: string) {
    const db = await getDb();
    const input = await order(title);
    const [card] = await db
      .insert(paymentMethods)
      .values({ companyId: input.companyId, gateway: 'scripted', token, cardType: 'Visa', maskedNumber: '**** 1111', expirationDate: '12/39', cardHolderName: 'Emma', isDefault: false })
      .returning();
    const stuck = (await openOrder(db, { ...input, paymentMethodId: card.id }, new Date(Date.now() - STALE_PROCESSING_MS - 1000)))!;
    return { input, stuck };
  }

  it('two reconciles of the same stale order started together: only one asks the gateway and charges; the other does nothing', async () => {
    const db = await getDb();
    const { stuck } = await staleOrderWithCard('Reconciled Twice', 'tok_twice');
    const { gw, calls, lookups, release } = countingGateway();
    const both = Promise.all([reconcile(db, gw, stuck, async () => {}), reconcile(db, gw, stuck, async () => {})]);
    setTimeout(release, 200);
    const results = await both;
    expect(lookups).toEqual([stuck.idempotencyKey]);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([stuck.idempotencyKey]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, stuck.id));
    expect(row).toMatchObject({ status: 'APPROVED', transactionId: 'tx-once' });
  });

  it('the tick and a second tab find the same stale order: one reconciles it, the tab waits for it and answers its result', async () => {
    const db = await getDb();
    const { input, stuck } = await staleOrderWithCard('Tick And Tab', 'tok_tick_tab');
    const { gw, calls, lookups, release } = countingGateway();
    setGatewayFactory(() => gw);
    try {
      const tab = payOnce(db, gw, input, 'tok_tab', async () => {}, { sleep: async () => {}, waitForPeerMs: 5000 });
      const tickRun = reconcileStaleOrders(db, new Date(), { sleep: async () => {} });
      setTimeout(release, 200);
      const [outcome] = await Promise.all([tab, tickRun]);
      expect(outcome).toMatchObject({ approved: true, invoice: { id: stuck.id, status: 'APPROVED' } });
    } finally {
      setGatewayFactory(undefined);
    }
    expect(lookups.filter((key) => key === stuck.idempotencyKey)).toHaveLength(1);
    expect(calls.map((c) => [c.idempotencyKey, c.token])).toEqual([[stuck.idempotencyKey, 'tok_tick_tab']]);
  });

  /** The longest path a charge takes: the sale and its retry both processing errors, then a lookup that fails. */
  function slowestPath() {
    const lookups: string[] = [];
    const { gw, calls } = scripted([{ outcome: 'error' }, { outcome: 'error' }], async (key) => {
      lookups.push(key);
      throw new Error('processor unreachable');
    });
    return { gw, calls, lookups };
  }

  it('STALE_PROCESSING_MS exceeds every gateway call of one charge at its time-out plus the wait before the retry', async () => {
    const db = await getDb();
    const { gw, calls, lookups } = slowestPath();
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await payOnce(db, gw, await order('Slowest Charge'), 'tok', async () => {}, { sleep: async () => {} }).finally(() => spy.mockRestore());
    // The calls a charge makes at the most, counted, not taken on trust: sale, retry, lookup.
    const callsMade = calls.length + lookups.length;
    expect(callsMade).toBe(CHARGE_CALLS_AT_MOST);
    const slowestLiveCharge = callsMade * GATEWAY_CALL_TIMEOUT_MS + CHARGE_RETRY_DELAY_MS;
    expect(slowestLiveCharge).toBe(185_000);
    expect(STALE_PROCESSING_MS).toBeGreaterThan(slowestLiveCharge);
  });

  it('Celero never waits longer on a call than the stale threshold allows for', () => {
    expect(celeroTimeoutMs(undefined)).toBe(GATEWAY_CALL_TIMEOUT_MS);
    expect(celeroTimeoutMs('')).toBe(GATEWAY_CALL_TIMEOUT_MS);
    expect(celeroTimeoutMs('soon')).toBe(GATEWAY_CALL_TIMEOUT_MS);
    expect(celeroTimeoutMs('15000')).toBe(15_000);
    expect(celeroTimeoutMs('600000')).toBe(GATEWAY_CALL_TIMEOUT_MS);
  });

  it('an order processing for 150 s (a slow sale still being answered) is neither taken over by a second request nor reconciled by the tick', async () => {
    const db = await getDb();
    const input = await order('Slow Sale');
    const now = new Date();
    const slow = (await openOrder(db, input, new Date(now.getTime() - 150_000)))!;
    const { gw, calls, lookups } = slowestPath();
    const second = await payOnce(db, gw, input, 'tok', async () => {}, { sleep: async () => {}, now: () => now, waitForPeerMs: 50 });
    expect(second).toMatchObject({ approved: false, message: 'This payment is still being processed. Please check again in a minute.' });
    setGatewayFactory(() => gw);
    try {
      await reconcileStaleOrders(db, now, { sleep: async () => {} });
    } finally {
      setGatewayFactory(undefined);
    }
    expect([...calls.map((c) => c.idempotencyKey), ...lookups].filter((key) => key === slow.idempotencyKey)).toEqual([]);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, slow.id));
    expect(row.status).toBe('PROCESSING_PAYMENT');
  });
});

describe('the celero driver speaks the provider REST shapes', () => {
  let server: http.Server;
  let base: string;
  const seen: { method: string; url: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
  let reply: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body: raw ? JSON.parse(raw) : {} });
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => (seen.length = 0));

  it('posts a sale with the token, amount in cents and idempotency key, and reads an approval', async () => {
    reply = { status: 200, body: { status: 'success', msg: 'success', data: { id: 'cel_123', response: 'approved', response_code: 100, status: 'pending_settlement' } } };
    const gw = celeroGateway({ apiKey: 'api_secret', baseUrl: base });
    const result = await gw.charge({ token: 'tok_abc', amountCents: 50_000, idempotencyKey: 'new_job:7::1', description: 'INV-2026-000001 Driver' });
    expect(result).toEqual({ outcome: 'approved', transactionId: 'cel_123', message: 'success', replayed: false });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/transaction',
      auth: 'api_secret',
      body: { type: 'sale', amount: 50_000, currency: 'USD', idempotency_key: 'new_job:7::1', payment_method: { token: 'tok_abc' }, description: 'INV-2026-000001 Driver' },
    });
    expect(JSON.stringify(seen[0].body)).not.toMatch(/card|cvv|number/i);
  });

  it('maps declines and processing errors', async () => {
    const gw = celeroGateway({ apiKey: 'k', baseUrl: base });
    reply = { status: 200, body: { status: 'success', data: { id: 'd1', response: 'declined', response_code: 202, processor_response_text: 'Insufficient funds' } } };
    expect(await gw.charge({ token: 't', amountCents: 1, idempotencyKey: 'k1', description: '' })).toMatchObject({ outcome: 'declined', message: 'Insufficient funds' });
    reply = { status: 502, body: { status: 'failed', msg: 'upstream unavailable' } };
    expect(await gw.charge({ token: 't', amountCents: 1, idempotencyKey: 'k2', description: '' })).toMatchObject({ outcome: 'error', message: 'upstream unavailable' });
    reply = { status: 400, body: { status: 'failed', msg: 'invalid token' } };
    expect(await gw.charge({ token: 't', amountCents: 1, idempotencyKey: 'k3', description: '' })).toMatchObject({ outcome: 'declined', message: 'invalid token' });
  });

  it('a busy or conflicting answer without a transaction is a processing error, not a decline', async () => {
    const gw = celeroGateway({ apiKey: 'k', baseUrl: base });
    reply = { status: 429, body: { status: 'failed', msg: 'rate limited' } };
    expect(await gw.charge({ token: 't', amountCents: 1, idempotencyKey: 'k4', description: '' })).toMatchObject({ outcome: 'error', message: 'rate limited' });
    reply = { status: 409, body: { status: 'failed', msg: 'request with this key in progress' } };
    expect(await gw.charge({ token: 't', amountCents: 1, idempotencyKey: 'k5', description: '' })).toMatchObject({ outcome: 'error' });
    reply = { status: 422, body: { status: 'failed', msg: 'invalid amount' } };
    expect(await gw.charge({ token: 't', amountCents: 1, idempotencyKey: 'k6', description: '' })).toMatchObject({ outcome: 'declined', message: 'invalid amount' });
  });

  it('verifies a card before it is saved with a zero-amount verification, and reads a decline', async () => {
    const gw = celeroGateway({ apiKey: 'k', baseUrl: base });
    reply = { status: 200, body: { status: 'success', data: { id: 'v1', response: 'declined', response_code: 200, processor_response_text: 'Do not honor' } } };
    expect(await gw.verify('tok_abc')).toMatchObject({ outcome: 'declined', message: 'Do not honor' });
    expect(seen[0]).toMatchObject({ url: '/api/transaction', body: { type: 'verification', amount: 0, payment_method: { token: 'tok_abc' } } });
  });

  it('looks a charge up by its idempotency key through the search endpoint', async () => {
    const gw = celeroGateway({ apiKey: 'k', baseUrl: base });
    reply = { status: 200, body: { status: 'success', data: [{ id: 'cel_9', response: 'approved', response_code: 100, idempotency_key: 'renewal:7:x:1' }] } };
    expect(await gw.lookup('renewal:7:x:1')).toMatchObject({ outcome: 'approved', transactionId: 'cel_9', replayed: true });
    expect(seen[0]).toMatchObject({ url: '/api/transaction/search', body: { idempotency_key: { operator: '=', value: 'renewal:7:x:1' } } });
    // Named by the order id the sale was sent with, when the search answers no key.
    reply = { status: 200, body: { status: 'success', data: [{ id: 'cel_10', response: 'declined', response_code: 200, order_id: celeroOrderId('addons:8:boost:2') }] } };
    expect(await gw.lookup('addons:8:boost:2')).toMatchObject({ outcome: 'declined', transactionId: 'cel_10' });
    reply = { status: 200, body: { status: 'success', data: [] } };
    expect(await gw.lookup('none')).toBeNull();
  });

  it("never settles an order on another order's sale: a search that ignored its filter answers nothing found", async () => {
    const gw = celeroGateway({ apiKey: 'k', baseUrl: base });
    reply = { status: 200, body: { status: 'success', data: [{ id: 'cel_other', response: 'approved', response_code: 100, idempotency_key: 'new_job:3:-:1', order_id: celeroOrderId('new_job:3:-:1') }] } };
    expect(await gw.lookup('renewal:7:x:1')).toBeNull();
    reply = { status: 200, body: { status: 'success', data: [{ id: 'cel_bare', response: 'approved', response_code: 100 }] } };
    expect(await gw.lookup('renewal:7:x:1')).toBeNull();
  });

  it('gives each idempotency key its own order id, and the lookup matches a sale by the order id of its own key only', async () => {
    const at = '2026-11-28T06:00:00.000Z';
    const keys = [`addons:5:boost@${at}:1`, `addons:5:address:9,boost@${at}:1`, `addons:6:boost@${at}:1`];
    const ids = keys.map(celeroOrderId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{17}$/);
    const gw = celeroGateway({ apiKey: 'k', baseUrl: base });
    reply = { status: 200, body: { status: 'success', data: [{ id: 'cel_mine', response: 'approved', response_code: 100, order_id: ids[0] }] } };
    expect(await gw.lookup(keys[0])).toMatchObject({ outcome: 'approved', transactionId: 'cel_mine' });
    expect(await gw.lookup(keys[1])).toBeNull();
    expect(await gw.lookup(keys[2])).toBeNull();
    // The sale is sent with the same order id the lookup matches.
    seen.length = 0;
    reply = { status: 200, body: { status: 'success', data: { id: 'cel_sale', response: 'approved', response_code: 100 } } };
    await gw.charge({ token: 't', amountCents: 1, idempotencyKey: keys[1], description: '' });
    expect(seen[0].body.order_id).toBe(ids[1]);
  });

  it('treats an unreachable provider as a processing error (retryable)', async () => {
    const gw = celeroGateway({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });
    expect(await gw.charge({ token: 't', amountCents: 1, idempotencyKey: 'k', description: '' })).toMatchObject({ outcome: 'error' });
  });
});
