import { and, eq } from 'drizzle-orm';
import { POST as searchPost } from '@/app/api/v1.0/companies/search/route';
import { POST as createPost } from '@/app/api/v1.0/admin/companies/route';
import { GET as getOne, PATCH as patchOne } from '@/app/api/v1.0/admin/companies/[id]/route';
import { companyStatus } from '@/lib/admin/company-search';
import { getDb } from '@/lib/db/client';
import { auditLog, companies } from '@/lib/db/schema';
import { createJobAs } from '../jobs/helpers';
import { call } from '../../helpers/http';
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
