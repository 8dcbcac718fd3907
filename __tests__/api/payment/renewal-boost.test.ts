import { and, eq } from 'drizzle-orm';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { GET as summaryGet } from '@/app/api/v1.0/payment/company/invoice/summary/route';
import { POST as renewalPost } from '@/app/api/v1.0/payment/invoice/renewal/route';
import { POST as payAddonsPost } from '@/app/api/v1.0/payment/employer/job/addons/route';
import { POST as boostPost } from '@/app/api/v1.0/admin/jobs/[id]/boost/route';
import { getDb } from '@/lib/db/client';
import { portalDateText } from '@/lib/validation/portal-day';
import { invoiceLines, jobAddons, jobs } from '@/lib/db/schema';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, endsIn, jobRow, makeJob } from './fixtures';

/*
 * Issue 9, item 3: renewing while a boost still runs must not charge for boost days already paid.
 * Rule: the renewal's 7 boost days follow the running boost (its end moves 7 days on), and the
 * payment step says so.
 */

let employer: string;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  admin = await tokenFor('admin@demo.test');
});

async function boostedLiveJob(title: string) {
  const job = await makeJob({ email: 'employer@demo.test', addons: ['boost'], addresses: 1, title });
  const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
  expect(res.status).toBe(200);
  const live = await jobRow(job.id);
  expect(live.boostActive).toBe(true);
  return live;
}

describe('renewing a job whose boost is still running', () => {
  it('shows on the payment step that the new boost days follow the running ones', async () => {
    const job = await boostedLiveJob('Boost Summary');
    const res = await call(summaryGet, { token: employer, query: { job_id: job.id, action: 'renewal' } });
    expect(res.status).toBe(200);
    const boost = res.json.data.lines.find((l: { description: string }) => l.description.startsWith('Boost'));
    const fmt = portalDateText;
    expect(boost.description).toBe(`Boost add-on: 7 more days after the running boost ends ${fmt(job.boostEndsAt!)} (until ${fmt(new Date(job.boostEndsAt!.getTime() + 7 * DAY))})`);
  });

  it('extends the boost from its current end instead of restarting it (no paid day lost)', async () => {
    // Inside the renewal window (7 days before its end), while the boost still runs.
    const job = await endsIn((await boostedLiveJob('Boost Renewal')).id, 5);
    const res = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect(res.status).toBe(200);
    const after = await jobRow(job.id);
    expect(after.expirationDate!.getTime()).toBe(job.expirationDate!.getTime() + 30 * DAY);
    expect(after.boostEndsAt!.getTime()).toBe(job.boostEndsAt!.getTime() + 7 * DAY);
  });

  it('an admin boost running when a paid boost add-on is bought: the paid days follow it', async () => {
    const job = await makeJob({ email: 'employer@demo.test', addresses: 1, title: 'Admin Then Paid' });
    expect((await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    expect((await call(boostPost, { token: admin, params: { id: String(job.id) } })).status).toBe(200);
    const boosted = await jobRow(job.id);
    const db = await getDb();
    await db.insert(jobAddons).values({ jobId: job.id, addonType: 'boost', costCents: 20_000 });
    // The payment step and the order's line say when the paid days start and end.
    const note = `Boost add-on: 7 more days after the running boost ends ${portalDateText(boosted.boostEndsAt!)} (until ${portalDateText(new Date(boosted.boostEndsAt!.getTime() + 7 * DAY))})`;
    const summary = await call(summaryGet, { token: employer, query: { job_id: job.id, action: 'addons' } });
    expect(summary.json.data.lines.map((l: { description: string }) => l.description)).toContain(note);
    const paid = await call(payAddonsPost, { token: employer, body: { job_id: job.id } });
    expect(paid.status).toBe(200);
    const [after] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(after.boostEndsAt!.getTime()).toBe(boosted.boostEndsAt!.getTime() + 7 * DAY);
    const [line] = await db.select().from(invoiceLines).where(and(eq(invoiceLines.invoiceId, paid.json.data.invoice_id), eq(invoiceLines.addonType, 'boost')));
    expect(line.description).toBe(note);
  });

  it('an early renewal with no boost running: the boost starts when paid, and its line says until when before the card is asked for (decided: 7 days, not a share of the period)', async () => {
    const job = await makeJob({ email: 'employer@demo.test', addons: ['boost'], addresses: 1, title: 'Early Renewal Boost' });
    expect((await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) } })).status).toBe(200);
    const db = await getDb();
    // The first boost has ended; 5 days of the period are left.
    await db.update(jobs).set({ boostActive: false, boostEndsAt: new Date(Date.now() - DAY) }).where(eq(jobs.id, job.id));
    const live = await endsIn(job.id, 5);
    const note = (from: Date) => `Boost add-on: 7 days from payment (until ${portalDateText(new Date(from.getTime() + 7 * DAY))})`;
    const summary = await call(summaryGet, { token: employer, query: { job_id: job.id, action: 'renewal' } });
    expect(summary.json.data.lines.map((l: { description: string }) => l.description)).toContain(note(new Date()));
    const before = Date.now();
    const res = await call(renewalPost, { token: employer, body: { job_id: job.id } });
    expect(res.status).toBe(200);
    const after = await jobRow(job.id);
    expect(after.expirationDate!.getTime()).toBe(live.expirationDate!.getTime() + 30 * DAY);
    expect(after.boostActive).toBe(true);
    expect(after.boostEndsAt!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(after.boostEndsAt!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const [line] = await db.select().from(invoiceLines).where(and(eq(invoiceLines.invoiceId, res.json.data.invoice_id), eq(invoiceLines.addonType, 'boost')));
    expect(line.description).toBe(`Boost add-on: 7 days from payment (until ${portalDateText(after.boostEndsAt!)})`);
  });
});
