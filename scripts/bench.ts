/**
 * npm run bench: service timings on the scale set (issue 10 "Scale"); a benchmark, not a test.
 *   1. loads the scale jobs and drivers, then 10,000 applications (100 to each of 100 jobs) and times
 *      the applicants search on those jobs;
 *   2. adds 990,000 applications to the other jobs (1,000,000 in all) and times the same searches
 *      again: with the (job_id, …) indexes the second should stay within twice the first;
 *   3. times the top-10 candidates of random jobs and the Drivers Portal job search of random drivers.
 * --no-seed measures the data already there (phase 3 and one applicants figure).
 * Then the HTTP part (scripts/bench/http.ts): real requests against the built app beside Next's floor,
 * and first-load JS over an empty Next app. --http-only runs only that part, --no-http skips it,
 * --quick makes it a short smoke.
 * PostgreSQL with DATABASE_URL; PGlite gets a tenth of the sizes.
 * At the end it writes what it measured into docs/benchmarks.md (scripts/bench/report.ts), except
 * with --quick or --no-write.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { queryRows, openDatabase, type Database } from '@/lib/db/client';
import { PGLITE_SCALE, POSTGRES_SCALE, SCALE_COMPANY, SCALE_DOMAIN, seedScaleApplications, seedScaleBase } from '@/lib/db/seed/scale';
import { searchApplicants } from '@/lib/applications/applicants';
import { listCandidates } from '@/lib/applications/candidates';
import type { SearchApplicants } from '@/lib/applications/schemas';
import { benchLists } from './bench/lists';
import { benchHttp } from './bench/http';
import { addSection, writeReport } from './bench/report';

const staff: Actor = { userId: 0, email: 'bench@local', firstName: 'Bench', lastName: 'Mark', roles: [ROLES.SUPER_ADMIN], companyId: null };
let RUNS = 200;
/** The services' rows, for the report. */
const timed: string[] = [];

function p95(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
}

async function time(label: string, runs: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(i); // warm the caches and the plan
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  const out = { label, p95: p95(ms), median: [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] };
  timed.push(`| ${label} | ${out.p95.toFixed(1)} ms | ${out.median.toFixed(1)} ms | ${runs} |`);
  console.log(`${label.padEnd(58)} p95 ${out.p95.toFixed(1).padStart(7)} ms   median ${out.median.toFixed(1).padStart(7)} ms   (${runs} runs)`);
  return out;
}

/** Searches an employer makes: the default page, a filtered and sorted one, a name search. */
const SEARCHES: SearchApplicants[] = [
  { filter: [], sort: [], offset: 0, limit: 10 },
  { filter: [{ field: 'years_of_experience', operator: 'greater_than', value: 5 }], sort: [{ field: 'distance', direction: 'asc' }], offset: 0, limit: 10 },
  { filter: [{ field: 'applicant', operator: 'ilike', value: 'number 1' }, { field: 'within_range', operator: 'equals', value: 'Yes' }], sort: [{ field: 'applicant', direction: 'asc' }], offset: 10, limit: 10 },
  { filter: [{ field: 'endorsements', operator: 'in', value: ['H', 'T'] }, { field: 'application_at', operator: 'greater_than', value: '2000-01-01' }], sort: [{ field: 'years_of_experience', direction: 'desc' }], offset: 0, limit: 10 },
];

async function scaleJobIds(db: Database, limit: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select j.id from jobs j join companies c on c.id = j.company_id where c.company_name = ${SCALE_COMPANY} order by j.id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

async function applicantsBench(db: Database, label: string, jobIds: number[]) {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from applications`);
  return time(`applicants search, ${n.toLocaleString('en-US')} applications`, RUNS, (i) =>
    searchApplicants(db, staff, jobIds[i % jobIds.length], SEARCHES[i % SEARCHES.length]),
  ).then((r) => ({ ...r, applications: n, phase: label }));
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (!args.has('--http-only')) await services(args);
  if (!args.has('--no-http')) await benchHttp({ quick: args.has('--quick') });
  if (!args.has('--quick') && !args.has('--no-write')) {
    const file = writeReport(process.cwd(), process.argv.slice(2));
    if (file) console.log(`\nWritten to ${path.relative(process.cwd(), file)}.`);
  }
}

async function services(args: Set<string>) {
  const handle = await openDatabase();
  const db = handle.db;
  const pg = !!process.env.DATABASE_URL;
  // --quick: CI's smoke (a few hundred rows, 5 runs each), only to keep the bench working.
  const quick = args.has('--quick');
  if (quick) RUNS = 5;
  const size = quick ? { jobs: 100, drivers: 500, applications: 2_000 } : pg ? POSTGRES_SCALE : PGLITE_SCALE;
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; database: ${pg ? 'PostgreSQL' : 'PGlite'}`);
  try {
    const perJob = 100;
    const firstJobs = Math.max(1, Math.round(size.applications / 100 / perJob));
    if (!args.has('--no-seed')) {
      console.log(`Seeding ${size.jobs} jobs and ${size.drivers} drivers…`);
      await seedScaleBase(db, size);
      await seedScaleApplications(db, 1, firstJobs, perJob);
    }
    const hot = await scaleJobIds(db, firstJobs);
    if (!hot.length) throw new Error('No scale data: run without --no-seed, or npm run db:seed -- --scale.');
    await applicantsBench(db, 'small', hot);
    if (!args.has('--no-seed')) {
      await seedScaleApplications(db, firstJobs + 1, size.jobs - firstJobs, perJob);
      await applicantsBench(db, 'large', hot);
    }
    const all = await scaleJobIds(db, size.jobs);
    await time('top-10 candidates (distance_limit=true)', RUNS, (i) =>
      listCandidates(db, staff, all[(i * 7919) % all.length], { distanceLimit: true, offset: 0, limit: 10 }),
    );
    await time('top-10 candidates (no distance limit)', RUNS, (i) =>
      listCandidates(db, staff, all[(i * 104729) % all.length], { distanceLimit: false, offset: 0, limit: 10 }),
    );
    const drivers = await queryRows<{ id: number }>(db, sql`select id from users where email like ${`%@${SCALE_DOMAIN}`} order by id limit 1000`);
    // Imported by path: the Drivers Portal search lands beside this script (issue 10, drivers half).
    const portal = await import(path.join(process.cwd(), 'lib/drivers/jobs.ts')).catch(() => null);
    if (portal && 'searchPortalJobs' in portal && drivers.length) {
      const search = portal.searchPortalJobs as (db: Database, userId: number, input: Record<string, unknown>) => Promise<unknown>;
      await time('driver job search (radius 250 mi, page 1)', RUNS, (i) => search(db, drivers[i % drivers.length].id, { radius: 250, offset: 0, limit: 10 }));
      await time('driver job search (keywords, newest first)', RUNS, (i) => search(db, drivers[i % drivers.length].id, { q: `job ${i % 100}`, offset: 0, limit: 10 }));
    } else {
      console.log('driver job search: lib/drivers/jobs.ts is not on this branch yet, skipped');
    }
    addSection(
      `Services on the scale set (${pg ? 'PostgreSQL' : 'PGlite'})`,
      [`${size.jobs.toLocaleString('en-US')} jobs, ${size.drivers.toLocaleString('en-US')} drivers; each measure after 5 warm-up runs.`, '', '| measure | p95 | median | runs |', '|---|---:|---:|---:|', ...timed].join('\n'),
    );
    // Every list's first page, demo seed vs 100,000 jobs (scripts/bench/lists.ts).
    if (!args.has('--no-seed')) addSection('Lists at scale', await benchLists(db, pg, quick));
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
