/**
 * Job statistics (issue 10): views of the public and portal job pages once per visitor per day,
 * applications per day, candidates, cost per applicant; and the plans that serve the lists.
 */
import { eq, sql } from 'drizzle-orm';
import { GET as statisticsGet } from '@/app/api/v1.0/jobs/[id]/statistics/route';
import { jobPoints, rankingSql } from '@/lib/applications/candidates';
import { recordJobView, visitorKey } from '@/lib/applications/views';
import { queryRows } from '@/lib/db/client';
import { getDb } from '@/lib/db/client';
import { invoiceLines, invoices, jobAddons, jobAddresses, jobs } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from '../jobs/helpers';
import { addApplicant, addDriver } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let jobId: number;

beforeAll(async () => {
  await seed();
  t = await tokens();
  jobId = await createJobAs(t.employer);
  const db = await getDb();
  await db.update(jobAddresses).set({ latitude: 45.7833, longitude: -108.5007 }).where(eq(jobAddresses.jobId, jobId));
});

const stats = async (token = t.employer, id: number | string = jobId) => call(statisticsGet, { token, params: { id: String(id) } });

it('counts a view once per visitor per day, public and portal apart', async () => {
  const db = await getDb();
  const now = new Date();
  const yesterday = new Date(now.getTime() - 86_400_000);
  const a = visitorKey({ userId: 12 });
  const b = visitorKey({ ip: '203.0.113.9', userAgent: 'Mozilla' });
  expect(a).not.toContain('12');
  await recordJobView(db, jobId, a, 'public', now);
  await recordJobView(db, jobId, a, 'public', now);
  await recordJobView(db, jobId, b, 'portal', now);
  await recordJobView(db, jobId, a, 'portal', yesterday);
  const res = await stats();
  expect(res.status).toBe(200);
  expect(res.json.data.views).toBe(3);
  const today = res.json.data.daily.at(-1);
  expect(today).toMatchObject({ day: now.toISOString().slice(0, 10), views_public: 1, views_portal: 1 });
  expect(res.json.data.daily.at(-2)).toMatchObject({ views_portal: 1, views_public: 0 });
  expect(res.json.data.daily).toHaveLength(30);
});

it('gives applications per day, totals, candidates and the cost per applicant: what the job was charged over its applicants', async () => {
  const db = await getDb();
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  await addApplicant(jobId, {}, { createdAt: twoDaysAgo });
  await addApplicant(jobId, {});
  await addApplicant(jobId, {});
  await addDriver({ cdlStatus: 'A', latitude: 45.79, longitude: -108.5, travelDistance: 100 });
  await db.insert(jobAddons).values({ jobId, addonType: 'boost', costCents: 20000, paidThrough: new Date(Date.now() + 86_400_000) });
  await db.insert(jobAddons).values({ jobId, addonType: 'promote', costCents: 10000, paidThrough: null });
  // The posting ($500: address and boost) and a renewal by invoice count; a declined card does not.
  const [job] = await db.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, jobId));
  const order = { companyId: job.companyId, jobId, paymentMethod: 'CELERO' as const };
  const [posting, renewal, declined] = await db
    .insert(invoices)
    .values([
      { ...order, number: 'INV-STATS-1', idempotencyKey: 'stats-1', actionType: 'new_job', status: 'APPROVED', amountCents: 50000 },
      { ...order, number: 'INV-STATS-2', idempotencyKey: 'stats-2', actionType: 'renewal', status: 'APPROVED', amountCents: 30000, paymentMethod: 'CONTRACT' },
      { ...order, number: 'INV-STATS-3', idempotencyKey: 'stats-3', actionType: 'renewal', status: 'DECLINED', amountCents: 30000 },
    ])
    .returning({ id: invoices.id });
  // The boost was bought with the posting and again with the renewal (two periods, $400); the
  // declined renewal's and the never-paid promote's do not count.
  const boost = { kind: 'addon' as const, description: 'Boost add-on', addonType: 'boost', amountCents: 20000 };
  await db.insert(invoiceLines).values([
    { invoiceId: posting.id, kind: 'job_posting', description: 'Job posting', amountCents: 30000 },
    { invoiceId: posting.id, ...boost },
    { invoiceId: renewal.id, kind: 'renewal', description: 'Renewal', amountCents: 10000 },
    { invoiceId: renewal.id, ...boost },
    { invoiceId: declined.id, kind: 'renewal', description: 'Renewal', amountCents: 10000 },
    { invoiceId: declined.id, ...boost },
  ]);
  const res = await stats();
  expect(res.json.data).toMatchObject({ total_applicants: 3, today_applicants: 2, total_candidates: 1, paid_addons_cost: 400, total_cost: 800, cost_per_applicant: 266.67 });
  expect(res.json.data.daily.at(-1).applications).toBe(2);
  expect(res.json.data.daily.at(-3).applications).toBe(1);
});

it("another company's job answers 404", async () => {
  expect((await stats(t.rival)).status).toBe(404);
});

describe('query plans', () => {
  const plan = async (query: ReturnType<typeof sql>) => {
    const db = await getDb();
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await db.execute(sql`set enable_seqscan = on`);
    }
  };
  it("candidates are found through a gist index on driver_profiles: each driver's reach within travel distance, the 250-mile box without", async () => {
    const db = await getDb();
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    const points = await jobPoints(db, job);
    expect(await plan(rankingSql(job, points, true))).toContain('driver_profiles_reach_idx');
    expect(await plan(rankingSql(job, points, false))).toContain('driver_profiles_earth_idx');
  });
  it("a job's applicants are read through an applications (job_id, …) index", async () => {
    const text = await plan(sql`select id from applications where job_id = ${jobId} order by created_at desc limit 10`);
    expect(text).toMatch(/applications_job_\w+_idx/);
  });
});
