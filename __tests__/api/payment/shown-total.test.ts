import { eq, sql } from 'drizzle-orm';
import { PATCH as addonsPatch } from '@/app/api/v1.0/jobs/[id]/addons/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { GET as jobGet } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { GET as summaryGet } from '@/app/api/v1.0/payment/company/invoice/summary/route';
import { POST as payAddonsPost } from '@/app/api/v1.0/payment/employer/job/addons/route';
import { POST as renewalPost } from '@/app/api/v1.0/payment/invoice/renewal/route';
import { getDb } from '@/lib/db/client';
import { invoices, jobs } from '@/lib/db/schema';
import { AMOUNT_CHANGED } from '@/lib/payments/job-order';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs } from '../jobs/helpers';
import { CARDS, cardToken } from './fixtures';

/*
 * Nobody pays what they did not confirm: the payment screens send the total they showed
 * (expected_total_cents) and the charge is refused (409, nothing charged) when the order would come
 * to another amount; and what a charge in flight is priced on cannot change under it.
 */

let employer: string;
let coworker: string;
const p = (id: number) => ({ id: String(id) });
const DALLAS = { street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' };
const RENO = { city: 'Reno', state: 'NV', postal_code: '89501' };
const ordersOf = async (id: number) => (await getDb()).select().from(invoices).where(sql`${invoices.jobId} = ${id}`);
const summaryOf = async (id: number, action: string) => (await call(summaryGet, { token: employer, query: { job_id: id, action } })).json.data;

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  coworker = await tokenFor('companyadmin@demo.test');
});

async function newJob(title: string) {
  const id = await createJobAs(employer, { title, addresses: [DALLAS] });
  return { id, token: (await call(jobGet, { token: employer, params: p(id) })).json.data.jobs_post_token as string };
}

describe('the charge comes to the total shown, or nothing is charged', () => {
  it('refuses a new job whose order changed after the summary, then charges the new total', async () => {
    const job = await newJob('Shown Total New Job');
    const shown = (await summaryOf(job.id, 'new_job')).total_cents;
    expect(shown).toBe(15000);
    // A co-worker adds a second address before the click.
    expect((await call(addressesPatch, { method: 'PATCH', token: coworker, params: p(job.id), body: { addresses: [DALLAS, RENO] } })).status).toBe(200);

    const refused = await call(chargePost, { token: employer, body: { secret_token: job.token, card_token: await cardToken(CARDS.approve), expected_total_cents: shown } });
    expect([refused.status, refused.json.errors]).toEqual([409, [{ message: AMOUNT_CHANGED(30000, 15000), field: 'expected_total_cents' }]]);
    expect(AMOUNT_CHANGED(30000, 15000)).toBe('This order now comes to $300.00, not the $150.00 shown: the job was changed meanwhile. Check the order and pay again.');
    expect(await ordersOf(job.id)).toEqual([]);

    const paid = await call(chargePost, { token: employer, body: { secret_token: job.token, card_token: await cardToken(CARDS.approve), expected_total_cents: (await summaryOf(job.id, 'new_job')).total_cents } });
    expect([paid.status, paid.json.data.amount]).toEqual([200, 300]);
  });

  it('refuses add-ons whose pending items changed after the summary', async () => {
    const job = await newJob('Shown Total Addons');
    expect((await call(chargePost, { token: employer, body: { secret_token: job.token, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    const hyperlink = [{ addon_type: 'hyperlink', subscribed: true, external_url: 'https://careers.example.com/apply' }];
    expect((await call(addonsPatch, { method: 'PATCH', token: employer, params: p(job.id), body: hyperlink })).status).toBe(200);
    const shown = (await summaryOf(job.id, 'addons')).total_cents;
    expect((await call(addressesPatch, { method: 'PATCH', token: coworker, params: p(job.id), body: { addresses: [DALLAS, RENO] } })).status).toBe(200);

    const before = await ordersOf(job.id);
    const refused = await call(payAddonsPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve), expected_total_cents: shown } });
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0].message).toBe(AMOUNT_CHANGED(shown + 15000, shown));
    expect(await ordersOf(job.id)).toHaveLength(before.length);

    const paid = await call(payAddonsPost, { token: employer, body: { job_id: job.id, card_token: await cardToken(CARDS.approve), expected_total_cents: shown + 15000 } });
    expect([paid.status, paid.json.data.amount]).toEqual([200, (shown + 15000) / 100]);
  });

  it('refuses a renewal sent with another total, and takes an out-of-range id or total as a 422 naming it', async () => {
    const big = await call(payAddonsPost, { token: employer, body: { job_id: 99999999999999 } });
    expect([big.status, big.json.errors[0].field]).toEqual([422, 'job_id']);
    const negative = await call(renewalPost, { token: employer, body: { job_id: 1, expected_total_cents: -5 } });
    expect([negative.status, negative.json.errors[0].field]).toEqual([422, 'expected_total_cents']);
    const spelled = await call(renewalPost, { token: employer, body: { job_id: 1, expected_total_cents: '1e4' } });
    expect([spelled.status, spelled.json.errors[0].field]).toEqual([422, 'expected_total_cents']);
  });
});

describe('a charge in flight', () => {
  it('holds the addresses and add-ons it was priced on until it settles (additions wait as pending payment)', async () => {
    const job = await newJob('In Flight Items');
    const db = await getDb();
    const [company] = await db.select({ company_id: jobs.companyId }).from(jobs).where(eq(jobs.id, job.id));
    await db.insert(invoices).values({
      number: `INV-TEST-${job.id}`,
      companyId: company.company_id,
      jobId: job.id,
      actionType: 'new_job',
      status: 'PROCESSING_PAYMENT',
      amountCents: 15000,
      paymentMethod: 'CELERO',
      idempotencyKey: `in-flight-${job.id}`,
    });
    const message = 'A payment for this job is in progress; try again in a minute.';
    const addresses = await call(addressesPatch, { method: 'PATCH', token: employer, params: p(job.id), body: { addresses: [RENO] } });
    expect([addresses.status, addresses.json.errors[0].message]).toEqual([409, message]);
    // Adding is fine (it is not in the order); switching off what the order pays for is not.
    expect((await call(addonsPatch, { method: 'PATCH', token: employer, params: p(job.id), body: [{ addon_type: 'boost', subscribed: true }] })).status).toBe(200);
    expect((await call(addressesPatch, { method: 'PATCH', token: employer, params: p(job.id), body: { addresses: [DALLAS, RENO] } })).status).toBe(200);
    const off = await call(addonsPatch, { method: 'PATCH', token: employer, params: p(job.id), body: [{ addon_type: 'boost', subscribed: false }] });
    expect([off.status, off.json.errors[0].message]).toEqual([409, message]);
    const dropDallas = await call(addressesPatch, { method: 'PATCH', token: employer, params: p(job.id), body: { addresses: [RENO] } });
    expect([dropDallas.status, dropDallas.json.errors[0].message]).toEqual([409, message]);
    const detail = (await call(jobGet, { token: employer, params: p(job.id) })).json.data;
    expect(detail.addresses.map((a: { city: string }) => a.city)).toEqual(['Dallas', 'Reno']);
    expect(detail.addons.filter((a: { subscribed: boolean }) => a.subscribed).map((a: { addon_type: string }) => a.addon_type)).toEqual(['boost']);
  });
});
