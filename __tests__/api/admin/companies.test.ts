import { and, eq, sql } from 'drizzle-orm';
import { POST as searchPost } from '@/app/api/v1.0/companies/search/route';
import { POST as createPost } from '@/app/api/v1.0/admin/companies/route';
import { GET as getOne, PATCH as patchOne } from '@/app/api/v1.0/admin/companies/[id]/route';
import { ROLES } from '@/lib/access';
import { companyStatus, searchCompanyList } from '@/lib/admin/company-search';
import { companySearchBodySchema, pageQuerySchema } from '@/lib/admin/schemas';
import type { Actor } from '@/lib/auth/actor';
import { getDb, queryRows } from '@/lib/db/client';
import { COUNT_CAP } from '@/lib/db/count';
import { auditLog, companies } from '@/lib/db/schema';
import { createJobAs } from '../jobs/helpers';
import { call } from '../../helpers/http';
import { explainStatement, LAST_RESORT, recordStatements } from '../../helpers/plans';
import { seed } from '../../helpers/seed';
import { adminCallTokens } from './helpers';

let t: Awaited<ReturnType<typeof adminCallTokens>>;
const URL_SEARCH = 'http://localhost:3000/api/v1.0/companies/search';

beforeAll(async () => {
  await seed();
  t = await adminCallTokens();
  const db = await getDb();
  await db.insert(companies).values([
    { companyName: 'Alpha Enterprise Freight', type: 1, billingType: 'CONTRACT', createdAt: new Date('2026-01-05T12:00:00Z') },
    { companyName: 'Beta Self Haul', type: 2, billingType: 'CELERO', phone: '+15125550100', createdAt: new Date('2026-02-10T12:00:00Z') },
    { companyName: 'Gamma 50% Carriers', type: 2, billingType: 'CONTRACT', createdAt: new Date('2026-03-15T12:00:00Z') },
    // 9 pm Eastern on April 20th: the 21st in UTC. The grid prints 04/20/2026.
    { companyName: 'Delta Late Freight', type: 2, billingType: 'CELERO', createdAt: new Date('2026-04-21T01:00:00Z') },
  ]);
  await createJobAs(t.all.employer);
});

const search = (token: string, body: unknown = {}, query: Record<string, string | number> = {}) => call(searchPost, { token, url: URL_SEARCH, body, query });
const names = (res: { json: { data: { companyName: string }[] } }) => res.json.data.map((c) => c.companyName);

describe('POST /companies/search (the admin company grid)', () => {
  it('lists every company newest first by default, with the §3 row and pagination (offset 0, limit 50)', async () => {
    const res = await search(t.allowed.admin);
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ offset: 0, limit: 50, total: expect.any(Number), total_is_lower_bound: false });
    const created = res.json.data.map((c: { joiningDate: string }) => c.joiningDate);
    expect([...created].sort().reverse()).toEqual(created);
    const beta = res.json.data.find((c: { companyName: string }) => c.companyName === 'Beta Self Haul');
    expect(beta).toMatchObject({ companyType: 'Self-Service', billingType: 'Credit Card', phone: '5125550100', totalJobs: null, status: null });
    const alpha = res.json.data.find((c: { companyName: string }) => c.companyName === 'Alpha Enterprise Freight');
    expect(alpha).toMatchObject({ companyType: 'Enterprise', billingType: 'Invoice', phone: '-' });
  });

  it('filters by name (contains, does not contain, equals, not equals), type and billing type, with % taken literally', async () => {
    expect(names(await search(t.allowed.admin, { filters: [{ field: 'company_name', operator: 'ilike', value: 'SELF HAUL' }] }))).toEqual(['Beta Self Haul']);
    expect(names(await search(t.allowed.admin, { filters: [{ field: 'company_name', operator: 'ilike', value: '50%' }] }))).toEqual(['Gamma 50% Carriers']);
    expect(names(await search(t.allowed.admin, { filters: [{ field: 'company_name', operator: 'equals', value: 'beta self haul' }] }))).toEqual(['Beta Self Haul']);
    const notBeta = names(await search(t.allowed.admin, { filters: [{ field: 'company_name', operator: 'not_equals', value: 'Beta Self Haul' }] }));
    expect(notBeta).not.toContain('Beta Self Haul');
    expect(notBeta).toContain('Alpha Enterprise Freight');
    const noHaul = names(await search(t.allowed.admin, { filters: [{ field: 'company_name', operator: 'not_ilike', value: 'haul' }] }));
    expect(noHaul.some((n) => /haul/i.test(n))).toBe(false);
    expect(noHaul).toContain('Gamma 50% Carriers');
    expect(names(await search(t.allowed.admin, { filters: [{ field: 'type', operator: 'equals', value: 1 }] }))).toEqual(['Alpha Enterprise Freight']);
    expect(names(await search(t.allowed.admin, { filters: [{ field: 'type', operator: 'equals', value: 'Enterprise' }] }))).toEqual(['Alpha Enterprise Freight']);
    const invoiced = names(await search(t.allowed.admin, { filters: [{ field: 'billing_type', operator: 'equals', value: 'Invoice' }], orders: [{ field: 'company_name', direction: 'asc' }] }));
    expect(invoiced).toEqual(['Alpha Enterprise Freight', 'Gamma 50% Carriers']);
    expect(names(await search(t.allowed.admin, { filters: [{ field: 'created_at', operator: 'ilike', value: '2026-02' }] }))).toEqual(['Beta Self Haul']);
  });

  it('filters the created date as the grid shows it (mm/dd/yyyy, mm/yyyy) or as yyyy-mm-dd, and says which forms it takes', async () => {
    const created = (operator: string, value: string) => search(t.allowed.admin, { filters: [{ field: 'created_at', operator, value }] });
    expect(names(await created('equals', '02/10/2026'))).toEqual(['Beta Self Haul']);
    expect(names(await created('equals', '2/10/2026'))).toEqual(['Beta Self Haul']);
    expect(names(await created('ilike', '02/2026'))).toEqual(['Beta Self Haul']);
    expect(names(await created('equals', '2026-02-10'))).toEqual(['Beta Self Haul']);
    expect(names(await created('ilike', '2026-3'))).toEqual(['Gamma 50% Carriers']);
    // The day the grid prints (the portal's zone), not the UTC day.
    expect(names(await created('equals', '04/20/2026'))).toEqual(['Delta Late Freight']);
    expect(names(await created('equals', '04/21/2026'))).toEqual([]);
    for (const value of ['Feb 10 2026', '13/01/2026', '02/30/2026', '2026/02/10', '10.02.2026']) {
      const bad = await created('equals', value);
      expect(bad.status).toBe(422);
      expect(bad.json.errors[0].message).toBe('Filter the created date as mm/dd/yyyy (11/27/2026) or yyyy-mm-dd (2026-11-27); a month as mm/yyyy or yyyy-mm.');
    }
  });

  it('orders as asked, pages without overlap, and counts total and live jobs with statistics', async () => {
    const all = names(await search(t.allowed.admin, { orders: [{ field: 'company_name', direction: 'asc' }] }));
    const first = names(await search(t.allowed.admin, { orders: [{ field: 'company_name', direction: 'asc' }] }, { offset: 0, limit: 2 }));
    const second = names(await search(t.allowed.admin, { orders: [{ field: 'company_name', direction: 'asc' }] }, { offset: 2, limit: 2 }));
    expect([...first, ...second]).toEqual(all.slice(0, 4));
    const demo = (await search(t.allowed.superAdmin, { filters: [{ field: 'company_name', value: 'Demo Freight' }] }, { statistics: 'true' })).json.data[0];
    expect(demo.totalJobs).toBeGreaterThanOrEqual(1);
    expect(typeof demo.activeJobs).toBe('number');
    expect(['Active', 'Inactive']).toContain(demo.status);
  });

  it('refuses bad filters with a clear 422, and every role but super admin and admin (403), anonymous 401', async () => {
    const bad = await search(t.allowed.admin, { filters: [{ field: 'password', operator: 'ilike', value: 'x' }] });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].message).toMatch(/Filter by one of/);
    expect((await search(t.allowed.admin, { filters: [{ field: 'type', operator: 'equals', value: 'Gold' }] })).status).toBe(422);
    for (const token of Object.values(t.refused)) expect((await search(token)).status).toBe(403);
    expect((await call(searchPost, { url: URL_SEARCH, body: {} })).status).toBe(401);
  });

  // The type and billing-type words are looked up by what was typed: the names every object has
  // ('constructor', '__proto__') are words of neither, not a 500 or a bare "Invalid value.".
  it.each([
    ['type', 'constructor', 'Filter the type by Enterprise (1) or Self-Service (2).'],
    ['type', '__proto__', 'Filter the type by Enterprise (1) or Self-Service (2).'],
    ['billing_type', 'Constructor', 'Filter the billing type by Credit Card or Invoice.'],
    ['billing_type', '__proto__', 'Filter the billing type by Credit Card or Invoice.'],
  ])('refuses the %s filter value %s with its 422', async (field, value, message) => {
    for (const operator of ['equals', 'not_equals']) {
      const res = await search(t.allowed.admin, { filters: [{ field, operator, value }] });
      expect({ status: res.status, errors: res.json.errors }).toEqual({ status: 422, errors: [{ message, field: 'filters' }] });
    }
  });
});

describe("the grid's job statistics (counted per company up to COUNT_CAP, through jobs_company_status_idx)", () => {
  /** `count` jobs of a company, each state given as SQL over g (1…count). */
  async function addJobs(companyId: number, count: number, state: { approved: string; active: string; suspended: string }) {
    await (await getDb()).execute(sql`
      insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements,
        approved, active, suspended, payment_status, jobs_post_token, created_at)
      select ${companyId}, 'Statistics job ' || g, 'dry_van', 'HD', 'CS', '<p>x</p>', 100000, '{}',
        ${sql.raw(state.approved)}, ${sql.raw(state.active)}, ${sql.raw(state.suspended)}, 'paid', md5('statistics' || ${companyId} || '-' || g), now()
      from generate_series(1, ${count}) g`);
  }
  const company = async (name: string) => {
    const [{ id }] = await queryRows<{ id: number }>(await getDb(), sql`insert into companies (company_name) values (${name}) returning id`);
    return id;
  };
  const statistics = async () => {
    const res = await search(t.allowed.admin, { filters: [{ field: 'company_name', operator: 'ilike', value: 'Statistics' }], orders: [{ field: 'company_name', direction: 'asc' }] }, { statistics: 'true' });
    expect(res.status).toBe(200);
    return Object.fromEntries(
      res.json.data.map((c: Record<string, unknown>) => [c.companyName, { totalJobs: c.totalJobs, totalJobsIsLowerBound: c.totalJobsIsLowerBound, activeJobs: c.activeJobs, activeJobsIsLowerBound: c.activeJobsIsLowerBound, status: c.status }]),
    );
  };

  beforeAll(async () => {
    // Jobs in every state: g 1 live; 2 live but suspended; 3 approved, ended; 4 a draft (not approved); 5 active, not approved.
    await addJobs(await company('Statistics Mixed Co'), 5, { approved: 'g in (1, 2, 3)', active: 'g in (1, 2, 5)', suspended: 'g = 2' });
    // Only ended and suspended jobs: none live.
    await addJobs(await company('Statistics Ended Co'), 3, { approved: 'true', active: 'g <> 1', suspended: 'g <> 1' });
    await company('Statistics Empty Co');
    // Exactly the cap, none live; and past it: cap + 1 live jobs among cap + 3.
    await addJobs(await company('Statistics Thousand Co'), COUNT_CAP, { approved: 'true', active: 'false', suspended: 'false' });
    await addJobs(await company('Statistics Zillion Co'), COUNT_CAP + 3, { approved: 'true', active: `g <= ${COUNT_CAP + 1}`, suspended: 'false' });
  });

  it('counts every job and the live ones (approved, active, not suspended) exactly up to the cap, and the status from them', async () => {
    const stats = await statistics();
    expect(stats['Statistics Mixed Co']).toEqual({ totalJobs: 5, totalJobsIsLowerBound: false, activeJobs: 1, activeJobsIsLowerBound: false, status: 'Active' });
    expect(stats['Statistics Ended Co']).toEqual({ totalJobs: 3, totalJobsIsLowerBound: false, activeJobs: 0, activeJobsIsLowerBound: false, status: 'Inactive' });
    // Created today, Self-Service, without a job: New.
    expect(stats['Statistics Empty Co']).toEqual({ totalJobs: 0, totalJobsIsLowerBound: false, activeJobs: 0, activeJobsIsLowerBound: false, status: 'New' });
    expect(stats['Statistics Thousand Co']).toEqual({ totalJobs: COUNT_CAP, totalJobsIsLowerBound: false, activeJobs: 0, activeJobsIsLowerBound: false, status: 'Inactive' });
  });

  it('past the cap says "at least" (the cap and …IsLowerBound, shown as "1,000+"), the status unchanged', async () => {
    expect((await statistics())['Statistics Zillion Co']).toEqual({ totalJobs: COUNT_CAP, totalJobsIsLowerBound: true, activeJobs: COUNT_CAP, activeJobsIsLowerBound: true, status: 'Active' });
  });

  it("reads each company's jobs through jobs_company_status_idx and stops at the cap, not a scan of every job", async () => {
    // A grouped count of every job of the page's companies read all 100,007 jobs by a sequential
    // scan at scale (38 ms against 1.7 ms without statistics, a review on PostgreSQL).
    const db = await getDb();
    const admin: Actor = { userId: 0, email: 'plan@test', firstName: 'Plan', lastName: 'Admin', roles: [ROLES.SUPER_ADMIN], companyId: null };
    const body = companySearchBodySchema.parse({ filters: [{ field: 'company_name', operator: 'ilike', value: 'Statistics' }] });
    const statements = await recordStatements(db, (d) => searchCompanyList(d, admin, body, pageQuerySchema.parse({ statistics: 'true' })));
    const counting = statements.filter((s) => /\bfrom "?jobs"?/i.test(s.query));
    expect(counting).toHaveLength(1);
    const plan = (await explainStatement(db, counting[0], LAST_RESORT)).split('\n');
    const reads = plan.map((line, i) => ({ line, i })).filter(({ line }) => / on jobs\b/.test(line));
    expect(reads.map(({ line }) => /(Index Only Scan|Index Scan) using (\w+) on jobs/.exec(line)?.[2] ?? line.trim())).toEqual(['jobs_company_status_idx', 'jobs_company_status_idx']);
    // Each read under a Limit (the cap): its parent, the nearest node above it that is less indented.
    const nodeDepth = (line: string) => (line.includes('->') ? line.indexOf('->') : line.search(/\S/));
    for (const { line, i } of reads) {
      const parent = plan.slice(0, i).reverse().find((above, j) => (above.includes('->') || j === i - 1) && nodeDepth(above) < nodeDepth(line));
      expect(parent?.replace('->', '').trim()).toMatch(/^Limit\b/);
    }
    expect(plan.join('\n')).toContain('Index Cond: ((company_id = c.id) AND (approved = true) AND (active = true))');
    // Both counts stop at cap + 1, written into the text (lib/db/count.ts).
    expect(counting[0].query.match(new RegExp(`limit ${COUNT_CAP + 1}\\b`, 'g'))).toHaveLength(2);
  });
});

describe('the company status of a list row', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  it('is Active with a live job, Inactive when all ended, New then Idle without jobs (Enterprise stays New)', () => {
    expect(companyStatus(2, 1, 3, new Date('2025-01-01'), now)).toBe('Active');
    expect(companyStatus(2, 0, 3, new Date('2025-01-01'), now)).toBe('Inactive');
    expect(companyStatus(2, 0, 0, new Date('2026-11-10'), now)).toBe('New');
    expect(companyStatus(2, 0, 0, new Date('2026-01-01'), now)).toBe('Idle');
    expect(companyStatus(1, 0, 0, new Date('2026-01-01'), now)).toBe('New');
  });
});

describe('admin create and edit company', () => {
  const url = 'http://localhost:3000/api/v1.0/admin/companies';
  it('creates a company with the §3 payload, audited, and refuses an email already active as an employer', async () => {
    const res = await call(createPost, { token: t.allowed.admin, url, body: { company_name: 'Delta Created Co', email: 'billing@delta.test', billing_type: 'CONTRACT', type: 1, street1: '1 Main St', phone: '(512)555-0111' } });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ company_name: 'Delta Created Co', email: 'billing@delta.test', billing_type: 'CONTRACT', type: 1, street1: '1 Main St', phone: '5125550111' });
    const db = await getDb();
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, String(res.json.data.id))));
    expect(audit).toMatchObject({ action: 'company.create', entity: 'company' });

    const taken = await call(createPost, { token: t.allowed.superAdmin, url, body: { company_name: 'Clash Co', email: 'employer@demo.test' } });
    expect(taken.status).toBe(409);
    expect(taken.json.errors[0]).toEqual({ message: 'The entered email is already active as an employer in TNA', field: 'email' });
    const invalid = await call(createPost, { token: t.allowed.admin, url, body: { company_name: 'X', email: 'nope' } });
    expect(invalid.status).toBe(422);
  });

  it('reads and changes a company by id for admins only; 404 for a missing one', async () => {
    const db = await getDb();
    const [beta] = await db.select().from(companies).where(eq(companies.companyName, 'Beta Self Haul'));
    const params = { id: String(beta.id) };
    expect((await call(getOne, { token: t.allowed.admin, params })).json.data.company_name).toBe('Beta Self Haul');
    const patched = await call(patchOne, { method: 'PATCH', token: t.allowed.admin, params, body: { billing_type: 'CONTRACT', type: 1 } });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({ billing_type: 'CONTRACT', type: 1 });
    const trail = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, String(beta.id))));
    expect(trail.find((a) => a.action === 'company.update')?.data).toMatchObject({ fields: ['billing_type', 'type'] });
    expect((await call(getOne, { token: t.allowed.admin, params: { id: '999999' } })).status).toBe(404);
    for (const token of Object.values(t.refused)) {
      expect((await call(getOne, { token, params })).status).toBe(403);
      expect((await call(patchOne, { method: 'PATCH', token, params, body: { type: 2 } })).status).toBe(403);
      expect((await call(createPost, { token, url, body: { company_name: 'Nope Co', email: 'nope@nope.test' } })).status).toBe(403);
    }
  });

  it('audits a billing type change with from and to, each way (a name alone did not say whether invoicing was turned on or off)', async () => {
    const created = await call(createPost, { token: t.allowed.admin, url, body: { company_name: 'Billing Flip Co', email: 'billing@flip.test', billing_type: 'CELERO', type: 2 } });
    const params = { id: String(created.json.data.id) };
    for (const billing_type of ['CONTRACT', 'CELERO']) {
      expect((await call(patchOne, { method: 'PATCH', token: t.allowed.admin, params, body: { billing_type, type: 2 } })).status).toBe(200);
    }
    const trail = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.action, 'company.update'), eq(auditLog.entityId, params.id))).orderBy(auditLog.id);
    // The plan type was sent unchanged: neither named nor given values.
    expect(trail.map((a) => a.data)).toEqual([
      { by: 'admin', fields: ['billing_type'], billing_type: { from: 'CELERO', to: 'CONTRACT' } },
      { by: 'admin', fields: ['billing_type'], billing_type: { from: 'CONTRACT', to: 'CELERO' } },
    ]);
  });

  it('an edit from a form opened before another save answers 412 and changes nothing (If-Match); without it the last write wins', async () => {
    const created = await call(createPost, { token: t.allowed.admin, url, body: { company_name: 'Versioned Co', email: 'billing@versioned.test' } });
    const params = { id: String(created.json.data.id) };
    const opened = (await call(getOne, { token: t.allowed.admin, params })).json.data.updated_at as string;
    const patch = (body: unknown, version?: string) =>
      call(patchOne, { method: 'PATCH', token: t.allowed.admin, params, body, headers: version ? { 'if-match': `"${version}"` } : {} });
    const first = await patch({ company_name: 'Versioned Co One' }, opened);
    expect(first.status).toBe(200);
    // A second admin's form, opened at the same version, would put the old name back.
    const stale = await patch({ company_name: 'Versioned Co', phone: '(512)555-0199' }, opened);
    expect(stale.status).toBe(412);
    expect(stale.json.errors[0].message).toMatch(/changed somewhere else/);
    expect((await call(getOne, { token: t.allowed.admin, params })).json.data).toMatchObject({ company_name: 'Versioned Co One', phone: null });
    expect((await patch({ company_name: 'Versioned Co Two' })).status).toBe(200);
  });
});
