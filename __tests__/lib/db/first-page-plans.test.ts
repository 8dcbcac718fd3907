/**
 * Issue 16: a list's first page is planned once per connection even when the table is far larger
 * than a page. Its LIMIT and its count's cap are written into the statement (lib/db/page.ts): sent as
 * parameters, the generic plan assumed a tenth of the table, looked far dearer than the page's own
 * plan, and the server planned every call anew (0 generic plans in 80 calls at 1,000,000
 * applications). Here 2,000 jobs and 20,000 applications make a tenth of the table a hundred pages.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { changeWatch, getDb, queryRows, queryRowsPrepared, type Database } from '@/lib/db/client';
import { seedScaleApplications, seedScaleBase } from '@/lib/db/seed/scale';
import { searchApplicants } from '@/lib/admin/applicants';
import { searchJobs } from '@/lib/jobs/search';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { seed } from '../../helpers/seed';

const staff: Actor = { userId: 0, email: 'plans@test', firstName: 'Plan', lastName: 'Admin', roles: [ROLES.SUPER_ADMIN], companyId: null };
let db: Database;

beforeAll(async () => {
  await seed();
  db = await getDb();
  await seedScaleBase(db, { jobs: 2_000, drivers: 2_000, applications: 20_000 });
  await seedScaleApplications(db, 1, 2_000, 10);
  for (const table of ['jobs', 'applications', 'users', 'companies']) await db.execute(sql.raw(`analyze ${table}`));
}, 120_000);

/** How often the server ran each prepared page statement on its generic plan (the plan it keeps). */
async function genericPlans() {
  const rows = await queryRowsPrepared<{ statement: string; generic_plans: number | string }>(
    db,
    sql`select statement, generic_plans from pg_prepared_statements where statement like ${'%with page as%'}`,
  );
  return rows.map((r) => ({ list: r.statement.includes('a.distance_miles') ? 'applicants' : 'jobs', generic: Number(r.generic_plans) }));
}

it('keeps the generic plan of the first page of the job list and of the admins\' applicants list', async () => {
  const jobs = searchJobsSchema.parse({ limit: 10 });
  for (let i = 0; i < 8; i++) {
    changeWatch(db)?.forgetAll(); // what is measured is the statement, not the list remembered between changes
    await searchJobs(db, staff, jobs);
    await searchApplicants(db, staff, { search: '', offset: 0, limit: 50 });
  }
  const plans = await genericPlans();
  expect(plans.map((p) => p.list).sort()).toEqual(['applicants', 'jobs']);
  // Five custom plans first, then the generic one for every later call.
  expect(plans.filter((p) => p.generic >= 3)).toEqual(plans);
});

it('answers a first page and a later page alike: the same rows whether the page is prepared or not', async () => {
  const first = await searchApplicants(db, staff, { search: '', offset: 0, limit: 20 });
  const second = await searchApplicants(db, staff, { search: '', offset: 10, limit: 10 });
  expect(first.lines).toHaveLength(20);
  expect(second.lines.map((l) => l.id)).toEqual(first.lines.slice(10).map((l) => l.id));
  expect(first).toMatchObject({ total: 1_000, total_is_lower_bound: true });
  // Every line carries its driver, job and company, joined after the page was chosen.
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from applications`);
  expect(n).toBeGreaterThan(20_000);
  for (const line of first.lines) expect(line).toMatchObject({ driver: { name: expect.any(String), email: expect.any(String) }, job: { title: expect.any(String) }, company: { name: expect.any(String) } });
});
