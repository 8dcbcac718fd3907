import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { companies, jobAddons, jobAddresses, jobs, users } from '@/lib/db/schema';
import { tokenize } from '@/lib/payments/sandbox';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { call, tokenFor } from '../../helpers/http';

export const CARDS = {
  approve: '4111 1111 1111 1111',
  decline: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  failFirst: '4000 0000 0000 0119',
};

/** A sandbox token for a test card (what the hosted fields hand the page). */
export async function cardToken(number: string, name = 'Emma Recruiter') {
  const r = await tokenize(await getDb(), { card_number: number, expiration_date: '12/39', cvv: '123', card_holder_name: name });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.token;
}

export async function companyIdOf(email: string) {
  const db = await getDb();
  const [u] = await db.select({ companyId: users.companyId, id: users.id }).from(users).where(eq(users.email, email));
  return { companyId: u.companyId!, userId: u.id };
}

export async function makeCompany(name: string, billingType: 'CELERO' | 'CONTRACT' = 'CELERO') {
  const db = await getDb();
  const [c] = await db.insert(companies).values({ companyName: name, billingType, email: `${name.replace(/\W/g, '').toLowerCase()}@example.test` }).returning();
  return c.id;
}

/** An unpaid job as the wizard saves it: two addresses at $150 and the given add-ons. */
export async function makeJob(opts: { email?: string; companyId?: number; addons?: ('boost' | 'promote' | 'hyperlink')[]; addresses?: number; autoRenew?: boolean; title?: string } = {}) {
  const db = await getDb();
  const owner = opts.email ? await companyIdOf(opts.email) : { companyId: opts.companyId!, userId: null };
  const [job] = await db
    .insert(jobs)
    .values({
      companyId: owner.companyId,
      employerId: owner.userId,
      title: opts.title ?? 'CDL-A OTR Driver',
      jobType: 'dry_van',
      homeTime: 'HW',
      requiredExperience: 'Y1',
      jobDescriptionHtml: '<p>Drive.</p>',
      expectedPayCents: 150_000,
      jobsPostToken: randomBytes(16).toString('hex'),
      autoRenew: opts.autoRenew ?? false,
    })
    .returning();
  const n = opts.addresses ?? 2;
  const places = [
    ['Dallas', 'TX', '75201'],
    ['Houston', 'TX', '77002'],
    ['Austin', 'TX', '78701'],
  ];
  for (let i = 0; i < n; i++) {
    await db.insert(jobAddresses).values({ jobId: job.id, position: i, city: places[i % 3][0], state: places[i % 3][1] as 'TX', postalCode: places[i % 3][2], costCents: 15_000 });
  }
  const prices = { boost: 20_000, promote: 10_000, hyperlink: 10_000 };
  for (const a of opts.addons ?? []) await db.insert(jobAddons).values({ jobId: job.id, addonType: a, costCents: prices[a], externalUrl: a === 'hyperlink' ? 'https://example.com/apply' : null });
  return job;
}

export async function jobRow(id: number) {
  const db = await getDb();
  const [j] = await db.select().from(jobs).where(eq(jobs.id, id));
  return j;
}

/** Moves a live job's end date to `days` from now: inside the renewal window (7 days before it ends). */
export async function endsIn(id: number, days: number) {
  const db = await getDb();
  await db.update(jobs).set({ expirationDate: new Date(Date.now() + days * 86_400_000) }).where(eq(jobs.id, id));
  return jobRow(id);
}

/** A job posted and paid through the charge call (its approving card becomes the company's default). */
export async function paidJob(opts: Parameters<typeof makeJob>[0] = {}) {
  const job = await makeJob({ email: 'employer@demo.test', ...opts });
  const res = await call(chargePost, { token: await tokenFor('employer@demo.test'), body: { secret_token: job.jobsPostToken, card_token: await cardToken(CARDS.approve) } });
  if (res.status !== 200) throw new Error(`paying for job ${job.id}: ${res.status} ${res.text.slice(0, 200)}`);
  return jobRow(job.id);
}

/**
 * The end date a renewal by the tick gives: 30 days from when the renewals step reached the job,
 * which is the tick's time plus what the step took so far (its clock moves on,
 * lib/payments/renewals.ts). An asymmetric matcher, for toMatchObject and toEqual.
 */
export const renewedByTickFrom = (tickAt: number) => {
  const [from, to] = [tickAt + 30 * 86_400_000, tickAt + 30 * 86_400_000 + 60_000];
  return {
    asymmetricMatch: (actual: unknown) => actual instanceof Date && actual.getTime() >= from && actual.getTime() <= to,
    toAsymmetricMatcher: () => `a date from ${new Date(from).toISOString()} to ${new Date(to).toISOString()}`,
  };
};
