/**
 * "Lists at scale" (issue 16): the first page of every list the app offers, timed through its own
 * service on the demo seed and at 100,000 jobs (with 100,000 drivers) and 1,000,000 applications
 * (PGlite: a tenth), side by side with the ratio. Target: every list within 2×.
 * The two sets live in two databases on the same server (PGlite: two in this process) and are timed
 * in alternating rounds, so what the machine does meanwhile (a checkpoint after the bulk load, a
 * neighbour's build) falls on both alike: timed one after the other, lists that read no row at all
 * came out 1.9–3.5× "slower" at scale on a noisy day.
 * A benchmark, not a test. Called by scripts/bench.ts; alone: `npx tsx scripts/bench/lists.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { changeWatch, openDatabase, queryRows, type Database } from '@/lib/db/client';
import { pgAdmin } from './pg-admin';
import { seedDemo } from '@/lib/db/seed';
import { clearScale, seedScaleApplications, seedScaleBase, SCALE_COMPANY } from '@/lib/db/seed/scale';
import { searchJobs } from '@/lib/jobs/search';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { bestMatchingJobs, searchPortalJobs } from '@/lib/drivers/jobs';
import { driverJobSearchSchema } from '@/lib/drivers/schemas';
import { searchApplicants } from '@/lib/applications/applicants';
import { searchApplicantsSchema } from '@/lib/applications/schemas';
import { searchApplicants as adminApplicants } from '@/lib/admin/applicants';
import { listCandidates } from '@/lib/applications/candidates';
import { auditPage } from '@/lib/admin/audit-view';
import { searchCompanyList } from '@/lib/admin/company-search';
import { companySearchBodySchema, pageQuerySchema } from '@/lib/admin/schemas';
import { listOutbox } from '@/lib/mail/outbox';
import { listPublishedPosts } from '@/lib/news/readers';
import { searchDriverSubscriptions } from '@/lib/subscriptions/services';

const staff: Actor = { userId: 0, email: 'bench@local', firstName: 'Bench', lastName: 'Mark', roles: [ROLES.SUPER_ADMIN], companyId: null };
let RUNS = 60;

/** What a list's first page needs to know about the data: the largest company, job and a driver. */
type Subjects = { companyId: number; jobId: number; driverId: number; middleJobId: number };
/** A list's first page; `limit` set: a page of that many rows (the same fill as the demo seed's page). */
type ListCase = { name: string; run: (db: Database, s: Subjects, limit?: number) => Promise<unknown> };

const jobs = (sort: { field: string; direction: string }, company?: number, limit?: number) =>
  searchJobsSchema.parse({ sort, ...(company ? { company_id: company } : {}), ...(limit ? { limit } : {}) });
const page = (limit?: number, statistics = false) => pageQuerySchema.parse({ ...(limit ? { limit: String(limit) } : {}), ...(statistics ? { statistics: 'true' } : {}) });

export const LIST_CASES: ListCase[] = [
  { name: 'admin job list, newest first (default)', run: (db, _s, n) => searchJobs(db, staff, jobs({ field: 'posting_date', direction: 'desc' }, undefined, n)) },
  { name: 'admin job list, by title', run: (db, _s, n) => searchJobs(db, staff, jobs({ field: 'title', direction: 'asc' }, undefined, n)) },
  { name: 'admin job list, by expiration (latest first)', run: (db, _s, n) => searchJobs(db, staff, jobs({ field: 'expiration_date', direction: 'desc' }, undefined, n)) },
  { name: 'company job list (largest company), newest first', run: (db, s, n) => searchJobs(db, staff, jobs({ field: 'posting_date', direction: 'desc' }, s.companyId, n)) },
  { name: 'company job list (largest company), by title', run: (db, s, n) => searchJobs(db, staff, jobs({ field: 'title', direction: 'desc' }, s.companyId, n)) },
  { name: 'company job list, active only, by expiration', run: (db, s, n) => searchJobs(db, staff, { ...jobs({ field: 'expiration_date', direction: 'asc' }, s.companyId, n), status: 'active' }) },
  { name: 'Drivers Portal job search, boosted first, then newest', run: (db, s, n) => searchPortalJobs(db, s.driverId, driverJobSearchSchema.parse(n ? { limit: n } : {})) },
  // Nearest first within a radius (lib/drivers/radius-search.ts): 250 miles, and the farthest the form allows.
  { name: 'Drivers Portal job search within 250 miles, nearest first', run: (db, s, n) => searchPortalJobs(db, s.driverId, driverJobSearchSchema.parse({ radius: 250, ...(n ? { limit: n } : {}) })) },
  { name: 'Drivers Portal job search within 3,000 miles, nearest first', run: (db, s, n) => searchPortalJobs(db, s.driverId, driverJobSearchSchema.parse({ radius: 3000, ...(n ? { limit: n } : {}) })) },
  { name: 'applicants of the most applied-to job', run: (db, s, n) => searchApplicants(db, staff, s.jobId, searchApplicantsSchema.parse(n ? { limit: n } : {})) },
  { name: 'applicants of the most applied-to job, within range first', run: (db, s, n) => searchApplicants(db, staff, s.jobId, searchApplicantsSchema.parse({ sort: [{ field: 'within_range', direction: 'desc' }], ...(n ? { limit: n } : {}) })) },
  { name: "Drivers Portal best matches (the driver's home page)", run: (db, s) => bestMatchingJobs(db, s.driverId) },
  // Every driver within the job's reach is scored to rank the first ten (their points decide the
  // order): at scale a thousand or more near a job, on the demo seed a handful. The job nearest the
  // middle of the mainland, whose reach is full of drivers wherever the seed put them (the first
  // scale job, which the seed places at random, may lie near the box's edge with half as many).
  { name: "a job's matched candidates (the job nearest the middle), within travel distance", run: (db, s, n) => listCandidates(db, staff, s.middleJobId, { distanceLimit: true, offset: 0, limit: n ?? 10 }) },
  { name: "admins' applicants list", run: (db, _s, n) => adminApplicants(db, staff, { search: '', offset: 0, limit: n ?? 50 }) },
  { name: "admins' applicants list, searched by a driver's name", run: (db, _s, n) => adminApplicants(db, staff, { search: 'lopez', offset: 0, limit: n ?? 50 }) },
  { name: 'admin company grid, newest first', run: (db, _s, n) => searchCompanyList(db, staff, companySearchBodySchema.parse({}), page(n)) },
  { name: 'admin company grid, by name', run: (db, _s, n) => searchCompanyList(db, staff, companySearchBodySchema.parse({ orders: [{ field: 'company_name', direction: 'asc' }] }), page(n)) },
  // As the screen asks for it: with each company's job counts (lib/admin/company-search.ts companyJobCounts).
  { name: 'admin company grid, newest first, with job counts', run: (db, _s, n) => searchCompanyList(db, staff, companySearchBodySchema.parse({}), page(n, true)) },
  { name: 'Driver List (drivers with subscriptions)', run: (db, _s, n) => searchDriverSubscriptions(db, staff, { search: '' }, page(n)) },
  { name: 'audit log', run: (db, _s, n) => auditPage(db, staff, { offset: 0, limit: n ?? 50 }) },
  { name: 'outbox', run: (db, _s, n) => listOutbox(db, { offset: 0, limit: n ?? 50 }, { email: staff.email }) },
  { name: 'news for readers', run: (db, _s, n) => listPublishedPosts(db, { offset: 0, limit: n ?? 10 }) },
];

async function subjects(db: Database): Promise<Subjects> {
  const [company] = await queryRows<{ id: number }>(db, sql`select company_id as id from jobs group by company_id order by count(*) desc limit 1`);
  const [job] = await queryRows<{ id: number }>(db, sql`select job_id as id from applications group by job_id order by count(*) desc, job_id limit 1`);
  const [driver] = await queryRows<{ id: number }>(db, sql`select user_id as id from driver_profiles order by user_id limit 1`);
  // The middle of the scale set's box (lib/db/seed/scale.ts: latitude 25–49, longitude -124 – -67).
  // A job with candidates to show (lib/applications/candidates.ts showsCandidates): an ended one answers nothing.
  const [middle] = await queryRows<{ id: number }>(db, sql`select a.job_id as id from job_addresses a join jobs j on j.id = a.job_id
    where a.listed and a.latitude is not null and j.closed_at is null and j.cancelled_at is null and j.expired_at is null and not j.suspended
    order by ll_to_earth(a.latitude, a.longitude) <-> ll_to_earth(37, -95.5) limit 1`);
  return { companyId: company?.id ?? 0, jobId: job?.id ?? 0, driverId: driver?.id ?? 0, middleJobId: middle?.id ?? 0 };
}

/** One side of a comparison: a database, its subjects, and the page size (unset: the list's own). */
type Side = { db: Database; s: Subjects; limit?: number };

/** The rows on a list's page: the first array in its answer (items, lines, data…). */
function pageRows(answer: unknown): number | null {
  if (Array.isArray(answer)) return answer.length;
  if (answer && typeof answer === 'object') for (const v of Object.values(answer)) if (Array.isArray(v)) return v.length;
  return null;
}

const ROUNDS = 6;
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)];

/**
 * p50 of each side's RUNS first pages, in ROUNDS alternating rounds. Each run after the process
 * forgot what it remembered (lib/db/change-watch.ts): the job list is answered from memory between
 * changes, and what is measured here is its statement, the cost of the first call after any change.
 */
async function sideBySide(c: ListCase, sides: Side[]) {
  const once = (side: Side) => {
    changeWatch(side.db)?.forgetAll();
    return c.run(side.db, side.s, side.limit);
  };
  for (const side of sides) for (let i = 0; i < 3; i++) await once(side); // warm the caches and the plans
  const ms: number[][] = sides.map(() => []);
  const perRound = Math.max(1, Math.round(RUNS / ROUNDS));
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < sides.length; i++) {
      for (let k = 0; k < perRound; k++) {
        const t = performance.now();
        await once(sides[i]);
        ms[i].push(performance.now() - t);
      }
    }
  }
  return ms.map(median);
}

type Measured = { name: string; demo: { ms: number; rows: number | null }; scale: { ms: number; rows: number | null }; fill?: { ms: number; rows: number } };

/**
 * Every list's first page on both sets, side by side. Where the demo's page is not full (7 jobs
 * where a page holds 10, 8 applications where it holds 50), a third side, "same fill": the scale
 * set with a page of the demo's row count, which separates what the table's size adds from what a
 * fuller page costs in joins whatever the size.
 */
async function measureSideBySide(demo: Database, scale: Database): Promise<Measured[]> {
  const [sd, ss] = [await subjects(demo), await subjects(scale)];
  const out: Measured[] = [];
  // BENCH_LISTS_ONLY: a pattern of the lists' names to time (while working on one list).
  const only = process.env.BENCH_LISTS_ONLY ? new RegExp(process.env.BENCH_LISTS_ONLY, 'i') : null;
  for (const c of LIST_CASES.filter((c) => !only || only.test(c.name))) {
    const demoRows = pageRows(await c.run(demo, sd));
    const scaleRows = pageRows(await c.run(scale, ss));
    const fill = demoRows && scaleRows && demoRows < scaleRows ? demoRows : undefined;
    const sides: Side[] = [{ db: demo, s: sd }, { db: scale, s: ss }, ...(fill ? [{ db: scale, s: ss, limit: fill }] : [])];
    const [a, b, f] = await sideBySide(c, sides);
    const m: Measured = { name: c.name, demo: { ms: a, rows: demoRows }, scale: { ms: b, rows: scaleRows }, ...(fill ? { fill: { ms: f, rows: fill } } : {}) };
    out.push(m);
    console.log(`  ${c.name.padEnd(54)} demo ${a.toFixed(1).padStart(6)} ms (${demoRows ?? '?'})  scale ${b.toFixed(1).padStart(6)} ms (${scaleRows ?? '?'})${f ? `  same fill ${f.toFixed(1).padStart(6)} ms` : ''}`);
  }
  return out;
}

/**
 * The scale set's database, beside the demo's: another database on the same PostgreSQL server, or
 * an embedded one in a temporary folder. Dropped by `drop`.
 */
async function twinDatabase(pg: boolean): Promise<{ db: Database; kept: boolean; drop: () => Promise<void> }> {
  if (pg) {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `${url.pathname.slice(1).replace(/\W/g, '_')}_lists_scale`;
    // BENCH_LISTS_KEEP: the scale set kept after the run and used again by the next (PostgreSQL only).
    const keep = !!process.env.BENCH_LISTS_KEEP;
    const kept = keep && (await pgAdmin(url, `select 1 from pg_database where datname = '${name}'`)).length > 0;
    if (!kept) {
      await pgAdmin(url, `drop database if exists ${name} with (force)`);
      await pgAdmin(url, `create database ${name}`);
    }
    const twin = new URL(url);
    twin.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: twin.toString() });
    return {
      db: handle.db,
      kept,
      drop: async () => {
        await handle.close();
        if (!keep) await pgAdmin(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-bench-lists-'));
  const handle = await openDatabase({ pgliteDir: dir });
  return {
    db: handle.db,
    kept: false,
    drop: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * After a bulk load, the state autovacuum leaves: statistics and the visibility map (index-only
 * counts), and a checkpoint. `compact`: the demo database, after a previous scale set was deleted. A plain vacuum leaves
 * the deleted rows' pages in place when it cannot truncate them, and the demo's 8 applications then
 * sat in 11,364 empty pages (93 MB) that every scan walked (a first page took 17–35 ms in one run),
 * so that phase rewrites the tables as a fresh demo database has them.
 */
async function settle(db: Database, compact = false) {
  for (const table of ['jobs', 'job_addresses', 'applications', 'users', 'driver_profiles', 'driver_subscriptions', 'companies']) {
    await db.execute(sql.raw(`vacuum (${compact ? 'full, ' : ''}analyze) ${table}`));
  }
  // The load's dirty pages written now, not by a checkpoint in the middle of the timing.
  await db.execute(sql`checkpoint`).catch(() => undefined);
}

async function counts(db: Database) {
  const [r] = await queryRows<{ jobs: number; applications: number; users: number }>(
    db,
    sql`select (select count(*)::int from jobs) as jobs, (select count(*)::int from applications) as applications, (select count(*)::int from users) as users`,
  );
  return r;
}

/**
 * The lists part: `db` holds the demo seed (any scale set in it is cleared), a second database the
 * demo seed and 100,000 jobs (one company), 100,000 drivers and 10 applications to each job; every
 * list's first page is timed on both, side by side. Returns the Markdown table recorded in
 * docs/benchmarks.md under "Lists at scale".
 */
export async function benchLists(db: Database, pg = !!process.env.DATABASE_URL, quick = false) {
  // quick: CI's smoke, a few hundred rows and a few runs, only to keep the bench working.
  if (quick) RUNS = ROUNDS;
  const size = quick
    ? { jobs: 200, drivers: 200, applications: 1_000 }
    : pg
      ? { jobs: 100_000, drivers: 100_000, applications: 1_000_000 }
      : { jobs: 10_000, drivers: 10_000, applications: 100_000 };
  console.log(`Lists at scale (${pg ? 'PostgreSQL' : 'PGlite'}): the demo seed beside ${size.jobs.toLocaleString('en-US')} jobs and ${size.applications.toLocaleString('en-US')} applications`);
  await clearScale(db);
  await seedDemo(db);
  await settle(db, true);
  const twin = await twinDatabase(pg);
  try {
    if (!twin.kept) {
      await seedDemo(twin.db);
      await seedScaleBase(twin.db, size);
      await seedScaleApplications(twin.db, 1, size.jobs, Math.round(size.applications / size.jobs));
      await settle(twin.db);
    }
    const [small, large] = [await counts(db), await counts(twin.db)];
    const measured = await measureSideBySide(db, twin.db);
    const ratioCell = (ratio: number) => `${ratio.toFixed(2)}× | ${ratio <= 2 ? 'met' : '**not met**'}`;
    const rows = measured.map(({ name, demo: a, scale: b, fill: f }) => {
      const fill = f ? `${f.ms.toFixed(1)} ms (${f.rows}) | ${(f.ms / a.ms).toFixed(2)}×` : '– | –';
      return `| ${name} | ${a.ms.toFixed(1)} ms | ${a.rows ?? '–'} | ${b.ms.toFixed(1)} ms | ${b.rows ?? '–'} | ${ratioCell(b.ms / a.ms)} | ${fill} |`;
    });
    const head =
      `p50 of ${RUNS} first pages a side after 3 warm-up runs, through each list's service (no HTTP), the demo seed and the scale set in two databases of the same ${pg ? 'PostgreSQL server' : 'process (PGlite)'}, timed in ${ROUNDS} alternating rounds, each after vacuum (analyze) and a checkpoint. ` +
      `Demo seed: ${small.jobs.toLocaleString('en-US')} jobs, ${small.applications.toLocaleString('en-US')} applications, ${small.users.toLocaleString('en-US')} users; ` +
      `scale: ${large.jobs.toLocaleString('en-US')} jobs (${SCALE_COMPANY} holds ${size.jobs.toLocaleString('en-US')}), ${large.applications.toLocaleString('en-US')} applications, ${large.users.toLocaleString('en-US')} users. ` +
      `"Same fill": the scale set with a page of the demo's row count, where the demo's page was not full (what the table's size adds, without the cost of a fuller page). ` +
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
  } finally {
    await twin.drop();
  }
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
