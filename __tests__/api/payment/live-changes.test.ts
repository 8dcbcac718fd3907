import { eq, sql } from 'drizzle-orm';
import { PATCH as addonsPatch } from '@/app/api/v1.0/jobs/[id]/addons/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { GET as jobGet } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { GET as summaryGet } from '@/app/api/v1.0/payment/company/invoice/summary/route';
import { POST as payAddonsPost } from '@/app/api/v1.0/payment/employer/job/addons/route';
import { getDb } from '@/lib/db/client';
import { companies, invoices, users } from '@/lib/db/schema';
import { getPublicJob } from '@/lib/jobs/public';
import { KEEP_A_PAID_ADDRESS } from '@/lib/jobs/targeting';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, otherCompanyUser } from '../jobs/helpers';
import { CARDS, cardToken } from './fixtures';
import { tokenFor } from '../../helpers/http';

/*
 * Issue 9, items 1 and 2: a new address or add-on on a live (paid) job costs money, so it waits
 * in a visible "pending payment" state until it is paid (card) or invoiced (contract), and
 * nothing of it reaches the public page before that.
 */

let employer: string;
let contract: string;
const p = (id: number) => ({ id: String(id) });
const DALLAS = { street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' };
const RENO = { city: 'Reno', state: 'NV', postal_code: '89501' };
const LINK = 'https://careers.example.com/apply-here';

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  contract = await otherCompanyUser('contract-billing@other.test');
  const db = await getDb();
  const [u] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'contract-billing@other.test'));
  await db.update(companies).set({ billingType: 'CONTRACT' }).where(eq(companies.id, u.companyId!));
});

/** A job paid by card (or invoiced on the contract) through the real charge call: live, one address. */
async function liveJob(token: string, title: string, byCard = true) {
  const id = await createJobAs(token, { title, addresses: [DALLAS] });
  const detail = (await call(jobGet, { token, params: p(id) })).json.data;
  const body = byCard ? { secret_token: detail.jobs_post_token, card_token: await cardToken(CARDS.approve) } : { secret_token: detail.jobs_post_token };
  const res = await call(chargePost, { token, body });
  expect(res.status).toBe(200);
  return id;
}

const detailOf = async (token: string, id: number) => (await call(jobGet, { token, params: p(id) })).json.data;
const publicCities = async (id: number) => (await getPublicJob(await getDb(), id))!.addresses.map((a) => a.city);
const ordersOf = async (id: number) => (await getDb()).select().from(invoices).where(sql`${invoices.jobId} = ${id}`);

describe('a new targeting address on a live job', () => {
  it('keeps at least one paid address: replacing them all with unpaid ones is a 422 and changes nothing', async () => {
    const id = await liveJob(employer, 'Keep A Paid Address');
    const replace = await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [RENO] } });
    expect([replace.status, replace.json.errors]).toEqual([422, [{ message: KEEP_A_PAID_ADDRESS, field: 'addresses' }]]);
    expect(await publicCities(id)).toEqual(['Dallas']);
    // Add the new one, pay for it, then remove the old one.
    expect((await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [DALLAS, RENO] } })).status).toBe(200);
    expect((await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [RENO] } })).status).toBe(422);
    expect((await call(payAddonsPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    expect((await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [RENO] } })).status).toBe(200);
    expect(await publicCities(id)).toEqual(['Reno']);
  });

  it('waits as "pending payment" (not public, nothing charged) until its cost is paid by card', async () => {
    const id = await liveJob(employer, 'Live Address Card');
    const res = await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [DALLAS, RENO] } });
    expect(res.status).toBe(200);
    expect(res.json.data.addresses.map((a: { city: string; pending_payment: boolean }) => [a.city, a.pending_payment])).toEqual([
      ['Dallas', false],
      ['Reno', true],
    ]);
    expect(await publicCities(id)).toEqual(['Dallas']);
    expect(await ordersOf(id)).toHaveLength(1);

    // The payment step shows what is due: the new address only.
    const summary = await call(summaryGet, { token: employer, query: { job_id: id, action: 'addons' } });
    expect(summary.json.data.lines).toEqual([expect.objectContaining({ kind: 'job_posting', amount: 150 })]);
    expect(summary.json.data.total).toBe(150);

    const declined = await call(payAddonsPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.decline) } });
    expect(declined.status).toBe(402);
    expect(await publicCities(id)).toEqual(['Dallas']);

    const paid = await call(payAddonsPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } });
    expect(paid.status).toBe(200);
    expect(paid.json.data.amount).toBe(150);
    expect((await detailOf(employer, id)).addresses.every((a: { pending_payment: boolean }) => !a.pending_payment)).toBe(true);
    expect(await publicCities(id)).toEqual(['Dallas', 'Reno']);
  });

  it('keeps an address already paid for live when the list is saved again, and charges nothing for it', async () => {
    const id = await liveJob(employer, 'Live Address Resave');
    const res = await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [DALLAS] } });
    expect(res.json.data.addresses).toEqual([expect.objectContaining({ city: 'Dallas', pending_payment: false })]);
    expect(await publicCities(id)).toEqual(['Dallas']);
    const nothing = await call(payAddonsPost, { token: employer, body: { job_id: id } });
    expect(nothing.status).toBe(422);
  });

  it('an address taken off and put back within the period it was paid for is live again at no charge; a new one is still charged', async () => {
    const id = await liveJob(employer, 'Live Address Put Back');
    const save = (addresses: object[]) => call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses } });
    expect((await save([DALLAS, RENO])).status).toBe(200);
    expect((await call(payAddonsPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    expect(await ordersOf(id)).toHaveLength(2);
    // Reno off, then back (spelled another way): paid for this period already.
    expect((await save([DALLAS])).status).toBe(200);
    expect(await publicCities(id)).toEqual(['Dallas']);
    // The address step learns it: Reno picked again (as the address field gives it) is not due now.
    const { livePaid } = await import('@/components/jobs/wizard/live-paid');
    const { freePlacesOf, placeOfDraft } = await import('@/components/jobs/wizard/free-places');
    const job = (await call(jobGet, { token: employer, params: p(id) })).json.data;
    const renoPicked = { key: 'r', description: 'Reno, NV 89501, USA', address: '', city: 'Reno', state: 'NV', zipCode: '89501', country: 'US' };
    expect(job.released_places).toEqual([placeOfDraft(renoPicked)]);
    expect(freePlacesOf(livePaid('edit', job)!).has(placeOfDraft(renoPicked))).toBe(true);
    const dallasPicked = { key: 'd', description: '2100 Commerce St, Dallas, TX 75201, USA', address: '2100 Commerce St', city: 'Dallas', state: 'TX', zipCode: '75201', country: 'US' };
    expect(freePlacesOf(livePaid('edit', job)!).has(placeOfDraft(dallasPicked))).toBe(true);
    const back = await save([DALLAS, { ...RENO, city: 'reno', state: 'Nevada', postal_code: '89501-0001' }]);
    expect(back.json.data.addresses.map((a: { city: string; pending_payment: boolean }) => [a.city.toLowerCase(), a.pending_payment])).toEqual([
      ['dallas', false],
      ['reno', false],
    ]);
    expect((await publicCities(id)).map((c) => c?.toLowerCase())).toEqual(['dallas', 'reno']);
    expect((await call(payAddonsPost, { token: employer, body: { job_id: id } })).status).toBe(422);
    expect(await ordersOf(id)).toHaveLength(2);
    expect((await call(jobGet, { token: employer, params: p(id) })).json.data.released_places).toEqual([]);
    // Put back once: taken off again and a new place added, the new one is charged as before.
    expect((await save([DALLAS, { city: 'Boise', state: 'ID', postal_code: '83702' }])).json.data.addresses.map((a: { pending_payment: boolean }) => a.pending_payment)).toEqual([false, true]);
  });

  it('an invoice-billed company gets an invoice line for it when it confirms, then it is live', async () => {
    const id = await liveJob(contract, 'Live Address Contract', false);
    await call(addressesPatch, { method: 'PATCH', token: contract, params: p(id), body: { addresses: [DALLAS, RENO] } });
    expect(await publicCities(id)).toEqual(['Dallas']);
    const res = await call(payAddonsPost, { token: contract, body: { job_id: id } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ payment_method: 'CONTRACT', amount: 150 });
    expect(await publicCities(id)).toEqual(['Dallas', 'Reno']);
  });
});

describe('an add-on turned on for a live job', () => {
  it('the hyperlink is not published (public page, serialized job) before it is paid', async () => {
    const id = await liveJob(employer, 'Live Hyperlink');
    const res = await call(addonsPatch, { method: 'PATCH', token: employer, params: p(id), body: [{ addon_type: 'hyperlink', subscribed: true, external_url: LINK }] });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([expect.objectContaining({ addon_type: 'hyperlink', subscribed: true, external_url: LINK, job_hyperlink: null, pending_payment: true })]);
    expect((await getPublicJob(await getDb(), id))!.applyUrl).toBeNull();
    expect((await detailOf(employer, id)).addons[0]).toMatchObject({ job_hyperlink: null, pending_payment: true });

    const paid = await call(payAddonsPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } });
    expect(paid.status).toBe(200);
    expect(paid.json.data.amount).toBe(100);
    expect((await getPublicJob(await getDb(), id))!.applyUrl).toBe(LINK);
    expect((await detailOf(employer, id)).addons[0]).toMatchObject({ job_hyperlink: LINK, pending_payment: false });

    // Off and on again within the period it is paid for: live again at once, nothing charged.
    await call(addonsPatch, { method: 'PATCH', token: employer, params: p(id), body: [{ addon_type: 'hyperlink', subscribed: false }] });
    expect((await getPublicJob(await getDb(), id))!.applyUrl).toBeNull();
    const again = await call(addonsPatch, { method: 'PATCH', token: employer, params: p(id), body: [{ addon_type: 'hyperlink', subscribed: true, external_url: LINK }] });
    expect(again.json.data[0]).toMatchObject({ pending_payment: false, job_hyperlink: LINK });
    expect((await getPublicJob(await getDb(), id))!.applyUrl).toBe(LINK);
    expect((await ordersOf(id)).filter((o) => o.status === 'APPROVED')).toHaveLength(2);
  });

  it('a hyperlink chosen before the posting is paid goes live with the posting', async () => {
    const id = await createJobAs(employer, { title: 'Hyperlink From Start', addresses: [DALLAS], addons: [{ addon_type: 'hyperlink', external_url: LINK }] });
    expect((await detailOf(employer, id)).addons[0]).toMatchObject({ pending_payment: false });
    const token = (await detailOf(employer, id)).jobs_post_token;
    expect((await call(chargePost, { token: employer, body: { secret_token: token, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    expect((await getPublicJob(await getDb(), id))!.applyUrl).toBe(LINK);
  });
});

describe("the add-ons step's Due now on a live job", () => {
  it('is what the payment step then charges: the unpaid address and the newly ticked add-on, not what is paid (paid_for_period)', async () => {
    const { livePaid } = await import('@/components/jobs/wizard/live-paid');
    const { dueNowCents, postingCostCents } = await import('@/lib/jobs/pricing');
    const id = await liveJob(employer, 'Due Now Matches');
    await call(addonsPatch, { method: 'PATCH', token: employer, params: p(id), body: [{ addon_type: 'promote', subscribed: true }] });
    expect((await call(payAddonsPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    // Promote paid, then taken off (still paid for the period); Reno added and boost ticked, not paid.
    await call(addonsPatch, { method: 'PATCH', token: employer, params: p(id), body: [{ addon_type: 'promote', subscribed: false }, { addon_type: 'boost', subscribed: true }] });
    await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [DALLAS, RENO] } });
    const job = await detailOf(employer, id);
    expect(job.addons.map((a: { addon_type: string; subscribed: boolean; paid_for_period: boolean }) => [a.addon_type, a.subscribed, a.paid_for_period]).sort()).toEqual([
      ['boost', true, false],
      ['promote', false, true],
    ]);
    const live = livePaid('edit', job)!;
    const ticked = [
      { addon_type: 'boost' as const, subscribed: true },
      { addon_type: 'promote' as const, subscribed: true },
    ];
    // Ticking promote again adds nothing now: the step shows Reno and boost, $350, of a $600 period.
    expect(dueNowCents(live.unpaidAddresses, ticked, new Set(live.paidAddons))).toBe(35_000);
    expect(postingCostCents(job.addresses.length, ticked)).toBe(60_000);
    await call(addonsPatch, { method: 'PATCH', token: employer, params: p(id), body: ticked });
    const summary = await call(summaryGet, { token: employer, query: { job_id: id, action: 'addons' } });
    expect(summary.json.data.total_cents).toBe(35_000);
  });
});

describe('renewing early with changes not paid for this period', () => {
  it('waits until they are paid (they went live free for the rest of the period, and renewing first cost less than paying first)', async () => {
    const { POST: renewalPost } = await import('@/app/api/v1.0/payment/invoice/renewal/route');
    const { endsIn } = await import('./fixtures');
    const { PAY_PENDING_FIRST } = await import('@/lib/payments/jobs-port');
    const id = await liveJob(employer, 'Renew With Pending');
    await call(addressesPatch, { method: 'PATCH', token: employer, params: p(id), body: { addresses: [DALLAS, RENO] } });
    await endsIn(id, 5);
    const preview = await call(summaryGet, { token: employer, query: { job_id: id, action: 'renewal' } });
    expect(preview.json.data.refused).toBe(PAY_PENDING_FIRST);
    const refused = await call(renewalPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } });
    expect([refused.status, refused.json.errors]).toEqual([409, [{ message: PAY_PENDING_FIRST }]]);
    expect(await ordersOf(id)).toHaveLength(1);
    expect(await publicCities(id)).toEqual(['Dallas']);
    // Paid for this period first ($150), then renewed ($300 for both places): $450, as on any path.
    expect((await call(payAddonsPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    expect((await call(summaryGet, { token: employer, query: { job_id: id, action: 'renewal' } })).json.data.refused).toBeNull();
    const renewed = await call(renewalPost, { token: employer, body: { job_id: id, card_token: await cardToken(CARDS.approve) } });
    expect([renewed.status, renewed.json.data.amount]).toEqual([200, 300]);
    expect((await ordersOf(id)).map((o) => [o.actionType, o.amountCents]).sort()).toEqual([
      ['addons', 15_000],
      ['new_job', 15_000],
      ['renewal', 30_000],
    ]);
  });
});
