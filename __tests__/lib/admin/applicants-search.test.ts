/**
 * The admins' applicants list search, the Driver List search and the outbox's `q` (review f2): what
 * they match, the short-term rule, the capped count, and that each term is looked up through its
 * trigram index (the exact expression the index holds) instead of reading every application, user
 * or mail. Runs on PGlite and on PostgreSQL; the words are unusual so other files' rows sharing a
 * PostgreSQL database do not match.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { APPLICANT_SEARCH_TOO_SHORT, applicantSearchProblem, searchApplicants } from '@/lib/admin/applicants';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { COUNT_CAP } from '@/lib/db/count';
import { listOutbox } from '@/lib/mail/outbox';
import { searchDriverSubscriptions } from '@/lib/subscriptions/services';
import { explainStatement, recordStatements, type Statement } from '../../helpers/plans';

const admin: Actor = { userId: 0, email: 'f2@test', firstName: 'F', lastName: 'Two', roles: [ROLES.SUPER_ADMIN], companyId: null };
const MANY = 10_050; // past the narrow path's 10,000 gathered matches and its 5,000 drivers
let db: Database;
const ids: Record<string, number> = {};

async function job(companyId: number, title: string, token: string) {
  const [{ id }] = await queryRows<{ id: number }>(db, sql`
    insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements,
      approved, active, payment_status, jobs_post_token, posting_date, expiration_date, created_at)
    values (${companyId}, ${title}, 'dry_van', 'HD', 'CS', '<p>x</p>', 100000, '{}', true, true, 'paid', ${token}, now(), now(), now())
    returning id`);
  return id;
}

beforeAll(async () => {
  db = await getDb();
  const company = async (name: string) => (await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values (${name}, 'Dallas', 'TX') returning id`))[0].id;
  const zephyr = await company('Zephyrine Haulage');
  const plain = await company('Plainwell Carriers');
  ids.quixotic = await job(plain, 'Quixotic Reefer Lead', 'f2-quixotic');
  ids.zephyrJob = await job(zephyr, 'Night Dispatcher', 'f2-zephyr');
  ids.other = await job(plain, 'Yard Hostler', 'f2-other');
  ids.omni = await job(plain, 'Omnibroad Linehaul', 'f2-omni');
  const user = async (first: string, last: string, email: string) =>
    (await queryRows<{ id: number }>(db, sql`insert into users (email, first_name, last_name) values (${email}, ${first}, ${last}) returning id`))[0].id;
  ids.oriana = await user('Oriana', 'Vexley', 'oriana.v@f2search.test');
  ids.bram = await user('Bram', 'Tollisk', 'btollmail@f2search.test');
  const apply = (jobId: number, userId: number, at: string) =>
    db.execute(sql`insert into applications (job_id, user_id, created_at, stage_changed_at) values (${jobId}, ${userId}, ${at}::timestamptz, now())`);
  await apply(ids.other, ids.oriana, '2026-10-01T10:00:00Z');
  await apply(ids.quixotic, ids.oriana, '2026-10-03T10:00:00Z');
  await apply(ids.other, ids.bram, '2026-10-02T10:00:00Z');
  await apply(ids.zephyrJob, ids.bram, '2026-10-04T10:00:00Z');
  // Many drivers of one name, each applied once to one job: a broad term either way.
  await db.execute(sql`
    insert into users (email, first_name, last_name)
    select 'multitude' || g || '@f2search.test', 'Multitude', 'Member' || g from generate_series(1, ${MANY}) g`);
  await db.execute(sql`
    insert into applications (job_id, user_id, created_at, stage_changed_at)
    select ${ids.omni}, u.id, timestamptz '2026-09-01T00:00:00Z' + (u.id || ' seconds')::interval, now()
    from users u where u.email like 'multitude%@f2search.test'`);
  await db.execute(sql`
    insert into driver_subscriptions (user_id, subscription, subscription_type, tier, subscription_date, expiration_date)
    select id, 'healthcare', 'open', 'basic', now(), now() + interval '1 year' from users where email like '%@f2search.test'`);
  await db.execute(sql`update users set billing_customer_id = 'cus_F2QWERTY' where id = ${ids.bram}`);
  await db.execute(sql`
    insert into email_outbox (to_address, subject, text, kind) values ('oriana.v@f2search.test', 'Hi', 'Body', 'test'), ('someone@else.test', 'Hi', 'Body', 'test')`);
  for (const table of ['users', 'applications', 'jobs', 'companies', 'email_outbox', 'driver_subscriptions']) await db.execute(sql.raw(`analyze ${table}`));
}, 120_000);

const found = async (search: string) => (await searchApplicants(db, admin, { search, offset: 0, limit: 50 })).lines.map((l) => `${l.driver.name}: ${l.job.title}`);

describe("the admins' applicants search", () => {
  it('matches a first name, a last name, the whole name and a part of the e-mail, newest first', async () => {
    const oriana = ['Oriana Vexley: Quixotic Reefer Lead', 'Oriana Vexley: Yard Hostler'];
    expect(await found('oriana')).toEqual(oriana);
    expect(await found('VEXLEY')).toEqual(oriana);
    expect(await found('Oriana Vexley')).toEqual(oriana);
    expect(await found('btollmail@')).toEqual(['Bram Tollisk: Night Dispatcher', 'Bram Tollisk: Yard Hostler']);
  });

  it('matches a job title and a company name', async () => {
    expect(await found('quixotic')).toEqual(['Oriana Vexley: Quixotic Reefer Lead']);
    expect(await found('zephyrine')).toEqual(['Bram Tollisk: Night Dispatcher']);
    expect(await found('xqzvvb-nothing')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await found('ori%ley')).toEqual([]);
    expect(await found('b_ollmail')).toEqual([]);
  });

  it('refuses a term under 3 characters, or without a letter or digit, with the message the page shows', async () => {
    for (const term of ['ab', ' x ', '---', '%%%']) {
      expect(applicantSearchProblem(term)).toBe(APPLICANT_SEARCH_TOO_SHORT);
      await expect(searchApplicants(db, admin, { search: term, offset: 0, limit: 50 })).rejects.toMatchObject({ status: 400, message: APPLICANT_SEARCH_TOO_SHORT });
    }
    expect(applicantSearchProblem('')).toBeNull();
    expect(applicantSearchProblem('  ')).toBeNull();
    expect(applicantSearchProblem('Bo1')).toBeNull();
    expect((await searchApplicants(db, admin, { search: '  ', offset: 0, limit: 5 })).lines).toHaveLength(5);
  });

  it('caps the count, and pages a broad term newest first (by a driver name and by a job title)', async () => {
    const newest = await queryRows<{ id: number }>(db, sql`select id from applications where job_id = ${ids.omni} order by created_at desc, id desc limit 60`);
    for (const term of ['multitude', 'omnibroad']) {
      const first = await searchApplicants(db, admin, { search: term, offset: 0, limit: 50 });
      expect({ term, total: first.total, lower: first.total_is_lower_bound }).toEqual({ term, total: COUNT_CAP, lower: true });
      expect(first.lines.map((l) => l.id)).toEqual(newest.slice(0, 50).map((r) => r.id));
      const second = await searchApplicants(db, admin, { search: term, offset: 50, limit: 10 });
      expect(second.lines.map((l) => l.id)).toEqual(newest.slice(50, 60).map((r) => r.id));
    }
    // A page past the cap counts to its own end.
    const deep = await searchApplicants(db, admin, { search: 'multitude', offset: MANY - 10, limit: 50 });
    expect({ lines: deep.lines.length, total: deep.total, lower: deep.total_is_lower_bound }).toEqual({ lines: 10, total: MANY, lower: false });
  });

  it('is admins only', async () => {
    await expect(searchApplicants(db, { ...admin, roles: [ROLES.EMPLOYER] }, { search: 'oriana', offset: 0, limit: 50 })).rejects.toMatchObject({ status: 403 });
  });
});

describe('the Driver List search and the outbox q', () => {
  const drivers = async (search: string) =>
    (await searchDriverSubscriptions(db, admin, { search }, { offset: 0, limit: 50 } as Parameters<typeof searchDriverSubscriptions>[3])).data.map((d) => d.email);
  it('matches names (first, last, whole), e-mail and billing customer id', async () => {
    expect(await drivers('oriana')).toEqual(['oriana.v@f2search.test']);
    expect(await drivers('Oriana Vexley')).toEqual(['oriana.v@f2search.test']);
    expect(await drivers('tollisk')).toEqual(['btollmail@f2search.test']);
    expect(await drivers('BTOLLMAIL@F2')).toEqual(['btollmail@f2search.test']);
    expect(await drivers('f2qwerty')).toEqual(['btollmail@f2search.test']);
  });
  it('the outbox q matches a part of the address, in any case', async () => {
    const items = (await listOutbox(db, { q: 'ORIANA.V@', offset: 0, limit: 50 }, { email: 'x@y.test' })).items;
    expect(items.map((m) => m.to)).toEqual(['oriana.v@f2search.test']);
  });
});

const recorded = (run: (db: Database) => Promise<unknown>) => recordStatements(db, run);
/**
 * EXPLAIN with sequential scans (and for some checks plain index scans) made the planner's last
 * resort: an index whose expression the statement does not compare exactly still cannot be used.
 */
const explain = (s: Statement, settings: string[]) => explainStatement(db, s, settings);

const NO_SEQSCAN = ['set local enable_seqscan = off'];
/** And no plain index scan either: a table read whole by its primary key is no better. */
const NO_WALK = [...NO_SEQSCAN, 'set local enable_indexscan = off'];
const plans = async (run: (db: Database) => Promise<unknown>, settings = NO_SEQSCAN) => Promise.all((await recorded(run)).map((s) => explain(s, settings)));
const seqScans = (plan: string) => plan.split('\n').filter((line) => /Seq Scan on (applications|users|jobs|companies|email_outbox)\b/.test(line));

describe('each search is served by its indexes', () => {
  // (companies_name_trgm_idx is not asserted: the test's few companies are read by primary key.)
  it('the applicants search: terms through the trigram indexes, applications by driver and job, none read whole', async () => {
    for (const term of ['oriana', 'multitude', 'omnibroad']) {
      const all = await plans((d) => searchApplicants(d, admin, { search: term, offset: 0, limit: 50 }));
      const joined = all.join('\n');
      for (const index of ['users_name_trgm_idx', 'users_email_trgm_idx', 'jobs_title_trgm_idx']) expect({ term, index, used: joined.includes(index) }).toEqual({ term, index, used: true });
      expect({ term, seqScans: all.flatMap(seqScans) }).toEqual({ term, seqScans: [] });
    }
    const narrow = (await plans((d) => searchApplicants(d, admin, { search: 'oriana', offset: 0, limit: 50 }))).join('\n');
    expect(narrow).toMatch(/applications_user_created_idx/);
  });

  it('the Driver List search and the outbox q', async () => {
    const listPlans = await plans((d) => searchDriverSubscriptions(d, admin, { search: 'vexley' }, { offset: 0, limit: 50 } as Parameters<typeof searchDriverSubscriptions>[3]), NO_WALK);
    const list = listPlans.join('\n');
    for (const index of ['users_name_trgm_idx', 'users_email_trgm_idx', 'users_billing_customer_trgm_idx']) expect({ index, used: list.includes(index) }).toEqual({ index, used: true });
    expect(seqScans(list)).toEqual([]);
    const outbox = (await plans((d) => listOutbox(d, { q: 'oriana', offset: 0, limit: 50 }, { email: 'x@y.test' }), NO_WALK)).join('\n');
    expect(outbox).toMatch(/email_outbox_to_trgm_idx/);
    expect(seqScans(outbox)).toEqual([]);
  });
});
