/**
 * An order is priced on a reading of its job, then opened under the job's lock. What changed in
 * between is not charged (an accountant's review): an address a co-worker removed, or an add-on
 * another order paid for meanwhile. The order is refused with nothing charged, and the payer is
 * told to check the order again.
 */
import { eq, inArray } from 'drizzle-orm';
import { PATCH as addonsPatch } from '@/app/api/v1.0/jobs/[id]/addons/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { GET as jobGet } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { GET as summaryGet } from '@/app/api/v1.0/payment/company/invoice/summary/route';
import { POST as payAddonsPost } from '@/app/api/v1.0/payment/employer/job/addons/route';
import { getDb } from '@/lib/db/client';
import { invoiceLines, invoices, jobAddresses, sandboxCharges } from '@/lib/db/schema';
import { setGatewayFactory } from '@/lib/payments/gateway';
import { JOB_CHANGED_WHILE_PAYING } from '@/lib/payments/job-order';
import { sandboxGateway } from '@/lib/payments/sandbox';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs } from '../jobs/helpers';
import { CARDS, cardToken } from './fixtures';

let employer: string;
let coworker: string;
const p = (id: number) => ({ id: String(id) });
const DALLAS = { street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' };
const RENO = { city: 'Reno', state: 'NV', postal_code: '89501' };

/**
 * Card tokens whose lookup waits until released: the request holding one has priced its order
 * and not opened it yet (the gateway's card() runs between the two).
 */
const held = new Map<string, { reached: Promise<void>; release: () => void; onReach: () => void; released: Promise<void> }>();
function hold(token: string) {
  let onReach!: () => void;
  let release!: () => void;
  const h = { reached: new Promise<void>((r) => (onReach = r)), released: new Promise<void>((r) => (release = r)), onReach, release: () => release() };
  held.set(token, h);
  return h;
}

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  coworker = await tokenFor('companyadmin@demo.test');
  setGatewayFactory((db) => {
    const real = sandboxGateway(db);
    return {
      ...real,
      async card(token: string) {
        const h = held.get(token);
        if (h) {
          h.onReach();
          await h.released;
        }
        return real.card(token);
      },
    };
  });
});
afterAll(() => setGatewayFactory(undefined));

const ordersOf = async (id: number) => (await getDb()).select().from(invoices).where(eq(invoices.jobId, id)).orderBy(invoices.id);
const shown = async (id: number, action: string) => (await call(summaryGet, { token: employer, query: { job_id: id, action } })).json.data.total_cents;
/** What the processor charged for these orders (by their idempotency keys). */
const chargesOf = async (orders: { idempotencyKey: string }[]) =>
  (await getDb()).select().from(sandboxCharges).where(inArray(sandboxCharges.idempotencyKey, orders.map((o) => o.idempotencyKey)));

it('an address removed after the order was priced: the order is refused and nothing is charged', async () => {
  const id = await createJobAs(employer, { title: 'Priced then trimmed', addresses: [DALLAS, RENO] });
  const { jobs_post_token } = (await call(jobGet, { token: employer, params: p(id) })).json.data;
  const total = await shown(id, 'new_job');
  expect(total).toBe(30000);
  const token = await cardToken(CARDS.approve);
  const h = hold(token);
  const paying = call(chargePost, { token: employer, body: { secret_token: jobs_post_token, card_token: token, expected_total_cents: total } });
  await h.reached;
  expect((await call(addressesPatch, { method: 'PATCH', token: coworker, params: p(id), body: { addresses: [DALLAS] } })).status).toBe(200);
  h.release();
  const res = await paying;
  expect(res.status).toBe(409);
  expect(res.json.errors[0].message).toBe(JOB_CHANGED_WHILE_PAYING);
  expect(await ordersOf(id)).toEqual([]);
  // Priced again, the job is one address: $150, and it pays.
  expect(await shown(id, 'new_job')).toBe(15000);
  const again = await call(chargePost, { token: employer, body: { secret_token: jobs_post_token, card_token: await cardToken(CARDS.approve), expected_total_cents: 15000 } });
  expect([again.status, again.json.data.amount]).toEqual([200, 150]);
});

it('an add-on another order paid for meanwhile is not charged again', async () => {
  const db = await getDb();
  const id = await createJobAs(employer, { title: 'Boost paid twice?', addresses: [DALLAS] });
  const { jobs_post_token } = (await call(jobGet, { token: employer, params: p(id) })).json.data;
  expect((await call(chargePost, { token: employer, body: { secret_token: jobs_post_token, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
  expect((await call(addonsPatch, { method: 'PATCH', token: employer, params: p(id), body: [{ addon_type: 'boost', subscribed: true }] })).status).toBe(200);

  // Tab A pays the boost; it has priced its order and not opened it yet.
  const tokenA = await cardToken(CARDS.approve);
  const a = hold(tokenA);
  const payingA = call(payAddonsPost, { token: employer, body: { job_id: id, card_token: tokenA, expected_total_cents: await shown(id, 'addons') } });
  await a.reached;
  // A co-worker adds Reno and pays what their screen shows: Reno and the boost.
  expect((await call(addressesPatch, { method: 'PATCH', token: coworker, params: p(id), body: { addresses: [DALLAS, RENO] } })).status).toBe(200);
  const shownB = await shown(id, 'addons');
  expect(shownB).toBe(35000);
  const tokenB = await cardToken(CARDS.approve);
  const b = hold(tokenB);
  const payingB = call(payAddonsPost, { token: coworker, body: { job_id: id, card_token: tokenB, expected_total_cents: shownB } });
  await b.reached;
  // A goes through first and pays the boost.
  a.release();
  const resA = await payingA;
  expect([resA.status, resA.json.errors]).toEqual([200, undefined]);
  b.release();
  const resB = await payingB;
  expect(resB.status).toBe(409);
  expect(resB.json.errors[0].message).toBe(JOB_CHANGED_WHILE_PAYING);

  const orders = await ordersOf(id);
  const lines = await db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, orders.map((o) => o.id)));
  expect(lines.filter((l) => l.addonType === 'boost')).toHaveLength(1);
  expect((await chargesOf(orders)).map((c) => c.amountCents).sort()).toEqual([15000, 20000]);
  // What is still owed is Reno alone, and it pays as shown.
  expect(await shown(id, 'addons')).toBe(15000);
  const reno = await call(payAddonsPost, { token: coworker, body: { job_id: id, card_token: await cardToken(CARDS.approve), expected_total_cents: 15000 } });
  expect(reno.status).toBe(200);
  const addresses = await db.select().from(jobAddresses).where(eq(jobAddresses.jobId, id));
  expect(addresses.every((row) => row.paidThrough != null)).toBe(true);
});
