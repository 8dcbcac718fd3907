/**
 * "Lists at scale" (issue 16): the first page of every list the app offers, timed through its own
 * service on the demo seed, then again at 100,000 jobs (with 100,000 drivers) and 1,000,000
 * applications (PGlite: a tenth), side by side with the ratio. Target: every list within 2×.
 * A benchmark, not a test. Called by scripts/bench.ts; alone: `npx tsx scripts/bench/lists.ts`.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { changeWatch, openDatabase, queryRows, type Database } from '@/lib/db/client';
import { seedDemo } from '@/lib/db/seed';
import { clearScale, seedScaleApplications, seedScaleBase, SCALE_COMPANY } from '@/lib/db/seed/scale';
import { searchJobs } from '@/lib/jobs/search';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { searchPortalJobs } from '@/lib/drivers/jobs';
import { driverJobSearchSchema } from '@/lib/drivers/schemas';
import { searchApplicants } from '@/lib/applications/applicants';
import { searchApplicantsSchema } from '@/lib/applications/schemas';
import { searchApplicants as adminApplicants } from '@/lib/admin/applicants';
import { auditPage } from '@/lib/admin/audit-view';
import { searchCompanyList } from '@/lib/admin/company-search';
import { companySearchBodySchema, pageQuerySchema } from '@/lib/admin/schemas';
import { listOutbox } from '@/lib/mail/outbox';
import { listPublishedPosts } from '@/lib/news/readers';
import { searchDriverSubscriptions } from '@/lib/subscriptions/services';

const staff: Actor = { userId: 0, email: 'bench@local', firstName: 'Bench', lastName: 'Mark', roles: [ROLES.SUPER_ADMIN], companyId: null };
let RUNS = 60;

/** What a list's first page needs to know about the data: the largest company, job and a driver. */
type Subjects = { companyId: number; jobId: number; driverId: number };
/** A list's first page; `limit` set: a page of that many rows (the same fill as the demo seed's page). */
type ListCase = { name: string; run: (db: Database, s: Subjects, limit?: number) => Promise<unknown> };

const jobs = (sort: { field: string; direction: string }, company?: number, limit?: number) =>
  searchJobsSchema.parse({ sort, ...(company ? { company_id: company } : {}), ...(limit ? { limit } : {}) });
const page = (limit?: number) => pageQuerySchema.parse(limit ? { limit: String(limit) } : {});

export const LIST_CASES: ListCase[] = [
  { name: 'admin job list, newest first (default)', run: (db, _s, n) => searchJobs(db, staff, jobs({ field: 'posting_date', direction: 'desc' }, undefined, n)) },
  { name: 'admin job list, by title', run: (db, _s, n) => searchJobs(db, staff, jobs({ field: 'title', direction: 'asc' }, undefined, n)) },
  { name: 'admin job list, by expiration (latest first)', run: (db, _s, n) => searchJobs(db, staff, jobs({ field: 'expiration_date', direction: 'desc' }, undefined, n)) },
  { name: 'company job list (largest company), newest first', run: (db, s, n) => searchJobs(db, staff, jobs({ field: 'posting_date', direction: 'desc' }, s.companyId, n)) },
  { name: 'company job list (largest company), by title', run: (db, s, n) => searchJobs(db, staff, jobs({ field: 'title', direction: 'desc' }, s.companyId, n)) },
  { name: 'company job list, active only, by expiration', run: (db, s, n) => searchJobs(db, staff, { ...jobs({ field: 'expiration_date', direction: 'asc' }, s.companyId, n), status: 'active' }) },
  { name: 'Drivers Portal job search, boosted first, then newest', run: (db, s, n) => searchPortalJobs(db, s.driverId, driverJobSearchSchema.parse(n ? { limit: n } : {})) },
  { name: 'applicants of the most applied-to job', run: (db, s, n) => searchApplicants(db, staff, s.jobId, searchApplicantsSchema.parse(n ? { limit: n } : {})) },
  { name: "admins' applicants list", run: (db, _s, n) => adminApplicants(db, staff, { search: '', offset: 0, limit: n ?? 50 }) },
  { name: 'admin company grid, newest first', run: (db, _s, n) => searchCompanyList(db, staff, companySearchBodySchema.parse({}), page(n)) },
  { name: 'admin company grid, by name', run: (db, _s, n) => searchCompanyList(db, staff, companySearchBodySchema.parse({ orders: [{ field: 'company_name', direction: 'asc' }] }), page(n)) },
  { name: 'Driver List (drivers with subscriptions)', run: (db, _s, n) => searchDriverSubscriptions(db, staff, { search: '' }, page(n)) },
  { name: 'audit log', run: (db, _s, n) => auditPage(db, staff, { offset: 0, limit: n ?? 50 }) },
  { name: 'outbox', run: (db, _s, n) => listOutbox(db, { offset: 0, limit: n ?? 50 }, { email: staff.email }) },
  { name: 'news for readers', run: (db, _s, n) => listPublishedPosts(db, { offset: 0, limit: n ?? 10 }) },
];

async function subjects(db: Database): Promise<Subjects> {
  const [company] = await queryRows<{ id: number }>(db, sql`select company_id as id from jobs group by company_id order by count(*) desc limit 1`);
  const [job] = await queryRows<{ id: number }>(db, sql`select job_id as id from applications group by job_id order by count(*) desc, job_id limit 1`);
  const [driver] = await queryRows<{ id: number }>(db, sql`select user_id as id from driver_profiles order by user_id limit 1`);
  return { companyId: company?.id ?? 0, jobId: job?.id ?? 0, driverId: driver?.id ?? 0 };
}

/**
 * Each run after the process forgot what it remembered (lib/db/change-watch.ts): the job list is
 * answered from memory between changes, and what is measured here is its statement, the cost of
 * the first call after any change.
 */
async function p50(db: Database, fn: () => Promise<unknown>) {
  const forget = () => changeWatch(db)?.forgetAll();
  for (let i = 0; i < 3; i++) {
    forget();
    await fn(); // warm the caches and the plans
  }
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    forget();
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)];
}

/** The rows on a list's page: the first array in its answer (items, lines, data…). */
function pageRows(answer: unknown): number | null {
  if (Array.isArray(answer)) return answer.length;
  if (answer && typeof answer === 'object') for (const v of Object.values(answer)) if (Array.isArray(v)) return v.length;
  return null;
}

/** Every list's first page; `limits` set: only the lists named there, each with a page of that many rows. */
async function measure(db: Database, label: string, limits?: Map<string, number>) {
  const s = await subjects(db);
  const out = new Map<string, { ms: number; rows: number | null }>();
  for (const c of LIST_CASES) {
    if (limits && !limits.has(c.name)) continue;
    const limit = limits?.get(c.name);
    const ms = await p50(db, () => c.run(db, s, limit));
    const rows = pageRows(await c.run(db, s, limit));
    out.set(c.name, { ms, rows });
    console.log(`  ${label.padEnd(6)} ${c.name.padEnd(52)} p50 ${ms.toFixed(1).padStart(7)} ms, ${rows ?? '?'} rows`);
  }
  return out;
}

/**
 * The lists whose demo page is not full, with the demo's row count: at scale their first page holds
 * more rows (10 jobs where the demo has 7, 50 applications where it has 8), and those rows cost
 * their joins whatever the table's size. Timing the scale set with the demo's page fill separates
 * what the table's size adds from what a fuller page adds.
 */
function partialPages(demo: Map<string, { rows: number | null }>, scale: Map<string, { rows: number | null }>) {
  const limits = new Map<string, number>();
  for (const [name, d] of demo) {
    const full = scale.get(name)?.rows;
    if (d.rows && full && d.rows < full) limits.set(name, d.rows);
  }
  return limits;
}

/**
 * After a bulk load, the state autovacuum leaves: statistics and the visibility map (index-only
 * counts). `compact`: the demo phase, after a previous scale set was deleted. A plain vacuum leaves
 * the deleted rows' pages in place when it cannot truncate them, and the demo's 8 applications then
 * sat in 11,364 empty pages (93 MB) that every scan walked (a first page took 17–35 ms in one run),
 * so that phase rewrites the tables as a fresh demo database has them.
 */
async function settle(db: Database, compact = false) {
  for (const table of ['jobs', 'job_addresses', 'applications', 'users', 'driver_profiles', 'driver_subscriptions', 'companies']) {
    await db.execute(sql.raw(`vacuum (${compact ? 'full, ' : ''}analyze) ${table}`));
  }
}

async function counts(db: Database) {
  const [r] = await queryRows<{ jobs: number; applications: number; users: number }>(
    db,
    sql`select (select count(*)::int from jobs) as jobs, (select count(*)::int from applications) as applications, (select count(*)::int from users) as users`,
  );
  return r;
}

/**
 * The lists phase: clears any scale set, seeds the demo data when missing, times every list; loads
 * 100,000 jobs (one company), 100,000 drivers and 10 applications to each job; times them again.
 * Returns the Markdown table recorded in docs/benchmarks.md under "Lists at scale".
 */
export async function benchLists(db: Database, pg = !!process.env.DATABASE_URL, quick = false) {
  // quick: CI's smoke, a few hundred rows and 5 runs, only to keep the bench working.
  if (quick) RUNS = 5;
  const size = quick
    ? { jobs: 200, drivers: 200, applications: 1_000 }
    : pg
      ? { jobs: 100_000, drivers: 100_000, applications: 1_000_000 }
      : { jobs: 10_000, drivers: 10_000, applications: 100_000 };
  console.log(`Lists at scale (${pg ? 'PostgreSQL' : 'PGlite'}): the demo seed, then ${size.jobs.toLocaleString('en-US')} jobs and ${size.applications.toLocaleString('en-US')} applications`);
  await clearScale(db);
  await seedDemo(db);
  await settle(db, true);
  const small = await counts(db);
  const before = await measure(db, 'demo');
  await seedScaleBase(db, size);
  await seedScaleApplications(db, 1, size.jobs, Math.round(size.applications / size.jobs));
  await settle(db);
  const large = await counts(db);
  const after = await measure(db, 'scale');
  const sameFill = await measure(db, 'fill', partialPages(before, after));
  const ratioCell = (ratio: number) => `${ratio.toFixed(2)}× | ${ratio <= 2 ? 'met' : '**not met**'}`;
  const rows = LIST_CASES.map((c) => {
    const a = before.get(c.name)!;
    const b = after.get(c.name)!;
    const f = sameFill.get(c.name);
    const fill = f ? `${f.ms.toFixed(1)} ms (${f.rows}) | ${(f.ms / a.ms).toFixed(2)}×` : '– | –';
    return `| ${c.name} | ${a.ms.toFixed(1)} ms | ${a.rows ?? '–'} | ${b.ms.toFixed(1)} ms | ${b.rows ?? '–'} | ${ratioCell(b.ms / a.ms)} | ${fill} |`;
  });
  const head = `p50 of ${RUNS} first pages after 3 warm-up runs, through each list's service (no HTTP), each phase after vacuum (analyze) of the loaded tables. ${pg ? 'PostgreSQL' : 'PGlite'}; ` +
    `demo seed: ${small.jobs.toLocaleString('en-US')} jobs, ${small.applications.toLocaleString('en-US')} applications, ${small.users.toLocaleString('en-US')} users; ` +
    `scale: ${large.jobs.toLocaleString('en-US')} jobs (${SCALE_COMPANY} holds ${size.jobs.toLocaleString('en-US')}), ${large.applications.toLocaleString('en-US')} applications, ${large.users.toLocaleString('en-US')} users. ` +
    `"Same fill": the scale set again, where the demo's page was not full, with a page of the demo's row count (what the table's size adds, without the cost of a fuller page). ` +
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}.`;
  const table = [
    head,
    '',
    '| list (first page) | demo seed | rows | scale | rows | ratio | ≤ 2× | scale, same fill (rows) | ratio |',
    '|---|---:|---:|---:|---:|---:|---|---:|---:|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}\n`);
  return table;
}

// Run alone: `npx tsx scripts/bench/lists.ts` (DATABASE_URL for PostgreSQL).
if (process.argv[1]?.endsWith('lists.ts')) {
  (async () => {
    const handle = await openDatabase();
    try {
      await benchLists(handle.db);
    } finally {
      await handle.close();
    }
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
