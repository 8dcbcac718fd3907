/**
 * Lists that stay fast as data grows (issue 16): every list's first page, as its service really
 * asks for it, is planned as an index scan in the list's order; no sort over the matching rows and
 * no window count over them. The services run on a database whose logger records each statement;
 * each page statement is then EXPLAINed inside a transaction that turns sequential scans and sorts
 * off (`set local`), so the planner picks an index that yields the order whenever one exists (the
 * tables here are far smaller than production and would otherwise be read whole). The totals'
 * statements stop at their cap (a Limit under the count). Runs on PGlite and on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { COUNT_CAP } from '@/lib/db/count';
import { searchJobs } from '@/lib/jobs/search';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { searchPortalJobs } from '@/lib/drivers/jobs';
import { driverJobSearchSchema } from '@/lib/drivers/schemas';
import { searchApplicants as adminApplicants } from '@/lib/admin/applicants';
import { auditPage } from '@/lib/admin/audit-view';
import { listOutbox } from '@/lib/mail/outbox';
import { searchCompanyList } from '@/lib/admin/company-search';
import { listChannelPosts } from '@/lib/news/posts';
import { listPublishedPosts } from '@/lib/news/readers';
import { searchDriverSubscriptions } from '@/lib/subscriptions/services';
import { listEmployees } from '@/lib/companies/employees';
import { listDriverApplications } from '@/lib/drivers/applications';
import { listInvoices } from '@/lib/payments/invoices';
import { adminInvoiceQuery, listCompanyInvoices } from '@/lib/payments/admin-invoices';
import { explainStatement, LAST_RESORT, recordStatements, type Statement } from '../../helpers/plans';

const ROWS = 2_000; // far more than a page, so a sort of the matches would show as thousands of rows
const admin: Actor = { userId: 0, email: 'plans@test', firstName: 'Plan', lastName: 'Admin', roles: [ROLES.SUPER_ADMIN], companyId: null };
let db: Database;
let companyId: number;
let channelId: number;
let driverId: number;

const recorded = (run: (db: Database) => Promise<unknown>) => recordStatements(db, run);
/** EXPLAIN of one statement with sequential scans, bitmaps and sorts made the planner's last resort. */
const explain = (s: Statement) => explainStatement(db, s, LAST_RESORT);

/**
 * Sort and window nodes over more than a page's worth of rows (the page itself, or one job's
 * addresses in a lateral subquery, may be sorted or counted; the matching set may not).
 */
function bigSorts(plan: string) {
  return plan
    .split('\n')
    .filter((line) => /\b(Sort|WindowAgg)\s+\(/.test(line))
    .filter((line) => Number(/rows=(\d+)/.exec(line)?.[1] ?? 0) > 100);
}

/**
 * Runs a list, finds its page statement (the one ending in limit/offset with an order) and its
 * capped count, and checks both plans.
 */
async function expectIndexedPage(run: (db: Database) => Promise<unknown>, index: string, total: 'capped' | 'exact' = 'capped') {
  const statements = await recorded(run);
  const page = statements.find((s) => /order by/i.test(s.query) && /\blimit\b/i.test(s.query) && !/count\(\*\)/i.test(s.query.split(/\bfrom\b/i)[0]));
  expect(page).toBeDefined();
  const plan = await explain(page!);
  expect({ index, plan, bigSorts: bigSorts(plan) }).toEqual({ index, plan: expect.stringMatching(new RegExp(`Index (Only )?Scan( Backward)? using ${index}\\b`)), bigSorts: [] });
  // The total: one count that stops at its cap, and no other count of the whole set. (A list bounded
  // by its owner, one company's staff or one driver's applications, keeps an exact count.)
  if (total === 'exact') return;
  const counts = statements.filter((s) => /limit \d+\) as capped/i.test(s.query));
  expect(counts).toHaveLength(1);
  // The cap is written into the text (a parameter would leave a prepared statement's generic plan
  // guessing a tenth of the table, lib/db/page.ts).
  expect(counts[0].query).toContain(`limit ${COUNT_CAP + 1}) as capped`);
  expect(await explain(counts[0])).toMatch(/Limit/);
  expect(statements.filter((s) => /^\s*select count\(/i.test(s.query) && !counts.includes(s))).toEqual([]);
}

beforeAll(async () => {
  db = await getDb();
  const [{ id }] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Plans Freight', 'Dallas', 'TX') returning id`);
  companyId = id;
  await db.execute(sql`
    insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements,
      approved, active, payment_status, jobs_post_token, posting_date, expiration_date, published_at, paid_at, created_at)
    select ${companyId}, 'Plan job ' || g, 'dry_van', 'HD', 'CS', '<p>x</p>', 100000, '{}', true, true, 'paid', md5('plans' || g),
      case when g % 7 = 0 then null else now() - (g || ' minutes')::interval end,
      case when g % 7 = 0 then null else now() + (g || ' minutes')::interval end, now(), now(), now() - (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
  // Another company's jobs, so that one company's list is a part of the table, as in production.
  await db.execute(sql`
    with c as (insert into companies (company_name, city, state) values ('Other Freight', 'Dallas', 'TX') returning id)
    insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements,
      approved, active, payment_status, jobs_post_token, posting_date, expiration_date, created_at)
    select c.id, 'Other job ' || g, 'dry_van', 'HD', 'CS', '<p>x</p>', 100000, '{}', true, true, 'paid', md5('other' || g), now(), now(), now()
    from c, generate_series(1, ${ROWS * 4}) g`);
  await db.execute(sql`
    insert into job_addresses (job_id, city, state, country, latitude, longitude, cost_cents, paid_through)
    select id, 'Plano', 'TX', 'US', 33, -96.7, 0, expiration_date from jobs where company_id = ${companyId}`);
  await db.execute(sql`insert into companies (company_name, city, state, created_at) select 'Plans company ' || g, 'Austin', 'TX', now() - (g || ' minutes')::interval from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into users (email, first_name, last_name, created_at) select 'plans' || g || '@plans.test', 'First' || g, 'Last' || (g % 500), now() - (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
  const [driver] = await queryRows<{ id: number }>(db, sql`select id from users where email = 'plans1@plans.test'`);
  driverId = driver.id;
  await db.execute(sql`
    insert into applications (job_id, user_id, stage, created_at, stage_changed_at)
    select j.id, u.id, 'new', now() - (u.n || ' seconds')::interval, now()
    from (select id, row_number() over (order by id) as n from users where email like '%@plans.test') u
    join lateral (select id from jobs where company_id = ${companyId} order by id offset (u.n % 50) limit 2) j on true`);
  await db.execute(sql`
    insert into driver_subscriptions (user_id, subscription, subscription_type, tier, subscription_date, expiration_date)
    select id, 'healthcare', 'open', 'basic', now(), now() + interval '1 year' from users where email like '%@plans.test'`);
  await db.execute(sql`
    insert into audit_log (actor_id, impersonator_id, action, entity, entity_id, created_at)
    select null, case when g % 3 = 0 then ${driverId}::int end, 'plan.test', 'job', g::text, now() - (g || ' seconds')::interval from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into email_outbox (to_address, subject, text, kind, created_at)
    select 'to' || (g % 20) || '@plans.test', 'Hello', 'Body', 'test', now() - (g || ' seconds')::interval from generate_series(1, ${ROWS}) g`);
  const [channel] = await queryRows<{ id: number }>(db, sql`insert into news_channels (channel_type, name) values ('news', 'Plans channel') returning id`);
  channelId = channel.id;
  await db.execute(sql`
    insert into news_posts (channel_id, title, status, published_at, created_at)
    select ${channelId}, 'Post ' || g, case when g % 2 = 0 then 'POSTED' else 'Inactive' end, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`update users set company_id = ${companyId} where email like '%@plans.test' and id % 2 = 0`);
  await db.execute(sql`
    insert into invoices (number, company_id, action_type, status, amount_cents, payment_method, idempotency_key, due_at, paid_at, created_at)
    select 'PLAN-' || g, ${companyId}, 'new_job', 'APPROVED', 1000, 'CONTRACT', 'plan-' || g, now() + (g || ' hours')::interval,
      case when g % 2 = 0 then now() end, now() - (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
  for (const table of ['invoices', 'jobs', 'job_addresses', 'companies', 'users', 'applications', 'driver_subscriptions', 'audit_log', 'email_outbox', 'news_posts', 'news_channels']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}, 60_000);

const jobsInput = (field: string, direction: string, company?: number) =>
  searchJobsSchema.parse({ sort: { field, direction }, offset: 0, limit: 10, ...(company ? { company_id: company } : {}) });

describe.each([
  ['posting_date', 'desc', 'posted'],
  ['posting_date', 'asc', 'posted'],
  ['title', 'asc', 'title'],
  ['title', 'desc', 'title'],
  ['expiration_date', 'asc', 'expiry_asc'],
  ['expiration_date', 'desc', 'expiry_desc'],
])('the job list sorted by %s %s', (field, direction, key) => {
  it('reads every company in index order (staff)', async () => {
    await expectIndexedPage((d) => searchJobs(d, admin, jobsInput(field, direction)), `jobs_list_${key}_idx`);
  });
  it("reads one company's jobs in index order", async () => {
    await expectIndexedPage((d) => searchJobs(d, admin, jobsInput(field, direction, companyId)), `jobs_company_list_${key}_idx`);
  });
});

describe.each([
  ['company_name', 'asc', 'companies_list_name_idx'],
  ['company_name', 'desc', 'companies_list_name_idx'],
  ['created_at', 'desc', 'companies_created_idx'],
  ['type', 'asc', 'companies_list_type_idx'],
  ['billing_type', 'desc', 'companies_list_billing_idx'],
])('the admin company grid ordered by %s %s', (field, direction, index) => {
  it('reads companies in index order', async () => {
    const body = { filters: [], orders: [{ field, direction }] } as unknown as Parameters<typeof searchCompanyList>[2];
    await expectIndexedPage((d) => searchCompanyList(d, admin, body, { offset: 0, limit: 50, statistics: false } as Parameters<typeof searchCompanyList>[3]), index);
  });
});

describe('the other lists read their first page in index order', () => {
  it('the Drivers Portal job search, boosted first, then newest', async () => {
    await expectIndexedPage((d) => searchPortalJobs(d, driverId, driverJobSearchSchema.parse({})), 'jobs_list_boosted_posted_idx');
  });
  it("the admins' applicants list", async () => {
    await expectIndexedPage((d) => adminApplicants(d, admin, { search: '', offset: 0, limit: 50 }), 'applications_created_idx');
  });
  it('the audit log, and its impersonated-only view', async () => {
    await expectIndexedPage((d) => auditPage(d, admin, { offset: 0, limit: 50 }), 'audit_log_created_idx');
    await expectIndexedPage((d) => auditPage(d, admin, { offset: 0, limit: 50, impersonatedOnly: true }), 'audit_log_impersonated_idx');
  });
  it('the outbox, of everyone and of one recipient', async () => {
    await expectIndexedPage((d) => listOutbox(d, { offset: 0, limit: 50 }, { email: 'plans@test' }), 'email_outbox_created_idx');
    await expectIndexedPage((d) => listOutbox(d, { to: 'to3@plans.test', offset: 0, limit: 50 }, { email: 'plans@test' }), 'email_outbox_to_idx');
  });
  it("a news channel's posts and the readers' news", async () => {
    await expectIndexedPage((d) => listChannelPosts(d, admin, channelId, { offset: 0, limit: 10 }), 'news_posts_channel_idx');
    await expectIndexedPage((d) => listPublishedPosts(d, { offset: 0, limit: 10 }), 'news_posts_published_idx');
  });
  it('the Driver List (drivers with subscriptions), by name', async () => {
    await expectIndexedPage((d) => searchDriverSubscriptions(d, admin, { search: '' }, { offset: 0, limit: 50 } as Parameters<typeof searchDriverSubscriptions>[3]), 'users_name_idx');
  });
});

describe("an owner's own lists read their first page in index order", () => {
  it("a company's employees, oldest first (an exact count)", async () => {
    await expectIndexedPage((d) => listEmployees(d, admin, companyId, { offset: 0, limit: 50 } as Parameters<typeof listEmployees>[3]), 'users_company_idx', 'exact');
  });
  it("a driver's applications, newest first (an exact count)", async () => {
    const [{ id }] = await queryRows<{ id: number }>(db, sql`select user_id as id from applications group by user_id order by count(*) desc limit 1`);
    await expectIndexedPage((d) => listDriverApplications(d, id, { offset: 0, limit: 10 }), 'applications_user_created_idx', 'exact');
  });
  it("a company's orders and the admins' contract invoices (all, and still due)", async () => {
    const owner: Actor = { ...admin, roles: [ROLES.COMPANY_ADMIN], companyId };
    await expectIndexedPage((d) => listInvoices(d, owner, { offset: 0, limit: 10, status: 'all' }), 'invoices_company_idx');
    await expectIndexedPage((d) => listCompanyInvoices(d, admin, adminInvoiceQuery.parse({ state: 'all' })), 'invoices_contract_created_idx');
    await expectIndexedPage((d) => listCompanyInvoices(d, admin, adminInvoiceQuery.parse({ state: 'due' })), 'invoices_due_idx');
  });
});

describe('a capped total', () => {
  it('says it is a lower bound past the cap, and exact below it', async () => {
    const { countUpTo } = await import('@/lib/db/count');
    const rows = sql`select 1 from generate_series(1, ${COUNT_CAP + 5})`;
    expect(await countUpTo(db, rows)).toEqual({ total: COUNT_CAP, total_is_lower_bound: true });
    expect(await countUpTo(db, sql`select 1 from generate_series(1, 42)`)).toEqual({ total: 42, total_is_lower_bound: false });
    // A page past the cap counts to its own end, so "Next" is offered only while a row follows it.
    expect(await countUpTo(db, rows, { offset: COUNT_CAP, limit: 10 })).toEqual({ total: COUNT_CAP + 5, total_is_lower_bound: false });
    expect(await countUpTo(db, rows, { offset: COUNT_CAP - 10, limit: 10 })).toEqual({ total: COUNT_CAP, total_is_lower_bound: true });
  });

  it('takes any offset the schemas let through, up to the largest safe integer (found by the route fuzz: a 500)', async () => {
    const { countUpTo } = await import('@/lib/db/count');
    const rows = sql`select 1 from generate_series(1, 42)`;
    expect(await countUpTo(db, rows, { offset: Number.MAX_SAFE_INTEGER, limit: 95 })).toEqual({ total: 42, total_is_lower_bound: false });
    expect(await countUpTo(db, rows, { offset: Number.MAX_SAFE_INTEGER - 100, limit: 100 })).toEqual({ total: 42, total_is_lower_bound: false });
  });
});
