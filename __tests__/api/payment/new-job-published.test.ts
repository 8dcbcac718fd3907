import { eq } from 'drizzle-orm';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { getDb } from '@/lib/db/client';
import { invoices, sandboxCharges } from '@/lib/db/schema';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { setChargeDefaults } from '@/lib/payments/charge';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, jobRow, makeJob } from './fixtures';

let employer: string;

beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  setChargeDefaults({ sleep: async () => {} });
});
afterAll(() => setChargeDefaults(undefined));

describe('a new-job charge for a job already published', () => {
  it('is refused before any charge when the job went live without an order of its own (published outside the charge path)', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const db = await getDb();
    // As the demo and scale seeds publish (lib/jobs/lifecycle.ts PaidItems 'all'): live, no new_job order.
    await publishPaidJob(db, job.id, new Date());
    const before = await jobRow(job.id);
    const card = await cardToken(CARDS.approve);
    const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, card_token: card } });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ errors: [{ message: 'This job is already paid for and published.' }] });
    expect(await db.select().from(invoices).where(eq(invoices.jobId, job.id))).toHaveLength(0);
    expect(await db.select().from(sandboxCharges).where(eq(sandboxCharges.token, card))).toHaveLength(0);
    expect(await jobRow(job.id)).toEqual(before);
  });

  it('a repeat of the charge that published it still answers that order (already paid), without charging', async () => {
    const job = await makeJob({ email: 'employer@demo.test' });
    const body = { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) };
    const first = await call(chargePost, { token: employer, body });
    expect(first.status).toBe(200);
    const again = await call(chargePost, { token: employer, body });
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ already_paid: true, invoice_id: first.json.data.invoice_id });
    const db = await getDb();
    expect(await db.select().from(invoices).where(eq(invoices.jobId, job.id))).toHaveLength(1);
  });
});
