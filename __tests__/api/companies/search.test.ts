import { GET as companiesGet } from '@/app/api/v1.0/companies/route';
import { getDb } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';
import { searchCompanies } from '@/lib/companies/search';
import { actorFromClaims } from '@/lib/auth/actor';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';

const t: Record<string, string> = {};

beforeAll(async () => {
  await seed();
  const db = await getDb();
  await db.insert(companies).values([
    { companyName: 'Lone Star Haulers', city: 'Austin', state: 'TX' },
    { companyName: 'Prairie 100% Freight', city: 'Omaha', state: 'NE' },
    { companyName: 'lowercase logistics', city: 'Austin', state: 'TX' },
  ]);
  for (const [k, email] of Object.entries({ admin: 'admin@demo.test', superadmin: 'superadmin@demo.test', internal: 'internal@demo.test', employer: 'employer@demo.test', companyAdmin: 'companyadmin@demo.test', driver: 'driver@demo.test' })) t[k] = await tokenFor(email);
});

const search = (token: string, query: Record<string, string | number> = {}) => call(companiesGet, { token, url: 'http://localhost:3000/api/v1.0/companies', query });

describe('GET /api/v1.0/companies?search= (the company picker, issue 9 items 13 and 14)', () => {
  it('finds companies by part of the name or city, case-insensitively, sorted by name', async () => {
    const res = await search(t.admin, { search: 'AUSTIN' });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      { id: expect.any(Number), company_name: 'Lone Star Haulers', city: 'Austin', state: 'TX' },
      { id: expect.any(Number), company_name: 'lowercase logistics', city: 'Austin', state: 'TX' },
    ]);
    expect((await search(t.internal, { search: 'demo freight' })).json.data.map((c: { company_name: string }) => c.company_name)).toEqual(['Demo Freight Lines']);
  });

  it('treats % and _ in the search as text, and lists the first companies without a search', async () => {
    expect((await search(t.superadmin, { search: '100%' })).json.data.map((c: { company_name: string }) => c.company_name)).toEqual(['Prairie 100% Freight']);
    expect((await search(t.superadmin, { search: '_' })).json.data).toEqual([]);
    expect((await search(t.superadmin, { limit: 2 })).json.data).toHaveLength(2);
  });

  it('refuses company users and drivers (403), anonymous callers (401) and a bad limit (clear message)', async () => {
    for (const token of [t.employer, t.companyAdmin, t.driver]) expect((await search(token, { search: 'a' })).status).toBe(403);
    expect((await call(companiesGet, { url: 'http://localhost:3000/api/v1.0/companies' })).status).toBe(401);
    const bad = await search(t.admin, { limit: 500 });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.json.errors[0].message).toBe('Limit must be a number from 1 to 50.');
  });

  it('checks the role in the service too, not only in the route table', async () => {
    const db = await getDb();
    const { login } = await import('@/lib/auth/login');
    const res = await login(db, { email: 'employer@demo.test', password: 'Demo1234!' }, { ip: '10.77.0.1' });
    const actor = await actorFromClaims(db, { userId: res.id, rid: 3, roles: [] });
    await expect(searchCompanies(db, actor, { search: '', limit: 20 })).rejects.toMatchObject({ status: 403 });
  });
});
