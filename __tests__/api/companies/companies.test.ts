import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as companiesPost } from '@/app/api/v1.0/companies/route';
import { GET as companyGet, PATCH as companyPatch } from '@/app/api/v1.0/companies/[id]/route';
import { PATCH as adminCompanyPatch } from '@/app/api/v1.0/admin/companies/[id]/route';
import { GET as logoImageGet, PUT as logoPut, DELETE as logoDelete } from '@/app/api/v1.0/companies/[id]/logo/route';
import { GET as logoUrlGet } from '@/app/api/v1.0/companies/logo/[id]/route';
import { POST as signupPost } from '@/app/api/v1.0/auth/signup/route';
import { getDb } from '@/lib/db/client';
import { ROLES } from '@/lib/access';
import { auditPage } from '@/lib/admin/audit-view';
import { auditLog, companies, userRoles, users } from '@/lib/db/schema';
import { DiskStorage, setStorage } from '@/lib/storage';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';

const ALREADY = 'The entered email is already active as an employer in TNA';
const PASSWORD = 'Haul1234!';
let uploads: string;
let n = 0;

beforeAll(async () => {
  await seed();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-logos-'));
  setStorage(new DiskStorage(uploads));
});
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(uploads, { recursive: true, force: true });
});

/** A brand-new employer from the real sign-up route, signed in. */
async function newEmployer() {
  const email = `owner${++n}@fleet.test`;
  const res = await call(signupPost, {
    body: { email, password: PASSWORD, first_name: 'Olga', last_name: 'Owner', phone: '(469)555-0101' },
    headers: { 'x-forwarded-for': `10.20.${n}.1` },
  });
  expect(res.status).toBe(201);
  return { id: res.json.data.id as number, email, token: await tokenFor(email, PASSWORD) };
}

const company = {
  company_name: 'Lone Star Haulers',
  size: '11-20',
  street1: '123 Main St',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  country: 'USA',
  latitude: 32.7904,
  longitude: -96.8044,
};

const create = (token: string | undefined, body: Record<string, unknown> = company) => call(companiesPost, { token, body });

async function demoCompanyId() {
  const [c] = await (await getDb()).select({ id: companies.id }).from(companies).where(eq(companies.companyName, 'Demo Freight Lines'));
  return c.id;
}

describe('POST /api/v1.0/companies (onboarding)', () => {
  it('creates the company, makes the caller its employer and company admin', async () => {
    const owner = await newEmployer();
    const res = await create(owner.token);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      company_name: 'Lone Star Haulers',
      size: '11-20',
      street1: '123 Main St',
      city: 'Dallas',
      state: 'TX',
      postal_code: '75201',
      country: 'US',
      employer_id: owner.id,
      coordinates: { lat: 32.7904, lng: -96.8044 },
      email: owner.email,
      phone: '4695550101',
      logo: null,
      billing_type: 'CELERO',
    });
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(user.companyId).toBe(res.json.data.id);
    const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, owner.id))).map((r) => r.role).sort();
    expect(roles).toEqual(['Employer', 'TNCompanyAdmin']);
  });

  it('refuses a second company for the same user, and a user already in a company', async () => {
    const owner = await newEmployer();
    expect((await create(owner.token)).status).toBe(201);
    const again = await create(owner.token, { ...company, company_name: 'Second Try' });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ errors: [{ message: ALREADY }] });
    const member = await create(await tokenFor('employer@demo.test'));
    expect(member.status).toBe(409);
    expect(member.json.errors[0].message).toBe(ALREADY);
  });

  it('lets only one of two simultaneous requests through', async () => {
    const owner = await newEmployer();
    const results = await Promise.all([create(owner.token), create(owner.token, { ...company, company_name: 'Twin' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const db = await getDb();
    expect(await db.select().from(companies).where(eq(companies.employerId, owner.id))).toHaveLength(1);
  });

  it("refuses another company's employer as the new company's email (409, nothing created), as settings and the admin's create do; the creator's own and other addresses are fine", async () => {
    const owner = await newEmployer();
    const db = await getDb();
    for (const email of ['employer@demo.test', 'CompanyAdmin@demo.test']) {
      const taken = await create(owner.token, { ...company, email });
      expect([taken.status, taken.json.errors]).toEqual([409, [{ message: ALREADY, field: 'email' }]]);
    }
    expect(await db.select().from(companies).where(eq(companies.employerId, owner.id))).toEqual([]);
    expect((await create(owner.token, { ...company, email: owner.email.toUpperCase() })).status).toBe(201);
    expect((await create((await newEmployer()).token, { ...company, email: 'dispatch@fleet.test' })).status).toBe(201);
  });

  it('answers 401 anonymous and 403 for roles that do not create companies', async () => {
    expect((await create(undefined)).status).toBe(401);
    expect((await create(await tokenFor('driver@demo.test'))).status).toBe(403);
    expect((await create(await tokenFor('newsadmin@demo.test'))).status).toBe(403);
  });

  it('looks the coordinates up from the ZIP code or the city when they are left out', async () => {
    const byZip = await create((await newEmployer()).token, { company_name: 'Zip Co', size: '1-5', city: 'Chicago', state: 'IL', postal_code: '60601' });
    expect(byZip.status).toBe(201);
    expect(byZip.json.data.coordinates).toEqual({ lat: expect.closeTo(41.88, 1), lng: expect.closeTo(-87.62, 1) });
    const byCity = await create((await newEmployer()).token, { company_name: 'City Co', size: '101+', city: 'Denver', state: 'Colorado' });
    expect(byCity.status).toBe(201);
    expect(byCity.json.data).toMatchObject({ state: 'CO', postal_code: null });
    expect(byCity.json.data.latitude).toBeCloseTo(39.7, 0);
  });

  it('keeps a pin only near its ZIP code: a Houston pin sent with a Dallas address is put at Dallas', async () => {
    const res = await create((await newEmployer()).token, { ...company, latitude: 29.7604, longitude: -95.3698 });
    expect(res.status).toBe(201);
    expect(res.json.data.coordinates).toEqual({ lat: expect.closeTo(32.79, 1), lng: expect.closeTo(-96.8, 1) });
    // A true street pin, a few miles from the ZIP's centre, is kept as sent.
    expect((await create((await newEmployer()).token)).json.data.coordinates).toEqual({ lat: 32.7904, lng: -96.8044 });
  });

  it.each([
    [{ company_name: undefined }, 'company_name', 'Enter your company name'],
    [{ company_name: ' ' }, 'company_name', 'Enter your company name'],
    [{ company_name: 'A' }, 'company_name', 'Company name should be at least 2 characters long'],
    [{ company_name: 'x'.repeat(121) }, 'company_name', 'Company name should be up to 120 characters'],
    [{ size: '7-9' }, 'size', 'Select the size of your company'],
    [{ size: undefined }, 'size', 'Select the size of your company'],
    [{ country: 'Canada' }, 'country', 'Addresses should be from the US'],
    [{ state: 'ON' }, 'state', 'Addresses should be from the US'],
    [{ city: '' }, 'city', 'Select a valid address, city, or zip code'],
    [{ postal_code: '7520' }, 'postal_code', 'Enter a valid ZIP code'],
    [{ latitude: 43.65, longitude: 79.38 }, 'latitude', 'Addresses should be from the US'],
    [{ city: 'Nowhere Special', postal_code: '', latitude: undefined, longitude: undefined }, 'city', 'Select a valid address, city, or zip code'],
    // A pin used to make any name a place: nothing can check it.
    [{ city: 'Nowhere Special', postal_code: '' }, 'city', 'Select a valid address, city, or zip code'],
    // 77002 is a Houston ZIP code.
    [{ postal_code: '77002' }, 'postal_code', 'The city and the ZIP code of this address are more than 50 miles apart. Check them and choose the address again.'],
  ])('rejects %p with the message for %s', async (change, field, message) => {
    const owner = await newEmployer();
    const body: Record<string, unknown> = { ...company, ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
    const res = await create(owner.token, body);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message, field }]);
  });
});

describe('GET and PATCH /api/v1.0/companies/{id}', () => {
  it('answers the own company with the spec fields', async () => {
    const id = await demoCompanyId();
    const res = await call(companyGet, { token: await tokenFor('employer@demo.test'), params: { id: String(id) } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.data)).toEqual(
      expect.arrayContaining(['company_name', 'size', 'street1', 'street2', 'city', 'state', 'postal_code', 'employer_id', 'id', 'logo', 'billing_type', 'phone', 'email', 'email_to_verify', 'email_verified', 'coordinates', 'latitude', 'longitude', 'blocked_users', 'color_template', 'created_at', 'updated_at', 'enable_requisite_numbers', 'experienced_driver_filter', 'sales_ref', 'second_chance_company']),
    );
    expect(res.json.data).toMatchObject({ id, company_name: 'Demo Freight Lines', phone: '2145550100' });
  });

  it("answers 404 for another company's id, a missing id and a malformed id; admins see any company", async () => {
    const owner = await newEmployer();
    const own = (await create(owner.token)).json.data.id;
    const demo = String(await demoCompanyId());
    const employer = await tokenFor('employer@demo.test');
    expect((await call(companyGet, { token: owner.token, params: { id: demo } })).status).toBe(404);
    expect((await call(companyGet, { token: employer, params: { id: String(own) } })).json).toEqual({ errors: [{ message: 'Company not found.' }] });
    expect((await call(companyGet, { token: employer, params: { id: '999999' } })).status).toBe(404);
    expect((await call(companyGet, { token: employer, params: { id: 'abc' } })).status).toBe(404);
    for (const admin of ['admin@demo.test', 'superadmin@demo.test', 'internal@demo.test']) {
      expect((await call(companyGet, { token: await tokenFor(admin), params: { id: String(own) } })).status).toBe(200);
    }
  });

  it('answers 401 anonymous and 403 for a driver', async () => {
    const id = String(await demoCompanyId());
    expect((await call(companyGet, { params: { id } })).status).toBe(401);
    expect((await call(companyGet, { token: await tokenFor('driver@demo.test'), params: { id } })).status).toBe(403);
  });

  it('lets the company change its profile and address; billing and plan type only for admins', async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token)).json.data.id);
    const renamed = await call(companyPatch, { method: 'PATCH', token: owner.token, params: { id }, body: { company_name: 'Lone Star Freight', size: '21-50' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toMatchObject({ company_name: 'Lone Star Freight', size: '21-50', city: 'Dallas' });
    const moved = await call(companyPatch, { method: 'PATCH', token: owner.token, params: { id }, body: { street1: '', city: 'Austin', state: 'TX', postal_code: '78701' } });
    expect(moved.json.data).toMatchObject({ street1: null, city: 'Austin', postal_code: '78701' });
    expect(moved.json.data.latitude).toBeCloseTo(30.27, 1);
    const billing = await call(companyPatch, { method: 'PATCH', token: owner.token, params: { id }, body: { billing_type: 'CONTRACT' } });
    expect(billing.status).toBe(403);
    const admin = await call(companyPatch, { method: 'PATCH', token: await tokenFor('admin@demo.test'), params: { id }, body: { billing_type: 'CONTRACT', type: 1 } });
    expect(admin.json.data).toMatchObject({ billing_type: 'CONTRACT', type: 1 });
    // Money fields are audited with what they were and became, not only their names.
    const [entry] = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.action, 'company.update'), eq(auditLog.entityId, id))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry.data).toEqual({ fields: ['billing_type', 'type'], billing_type: { from: 'CELERO', to: 'CONTRACT' }, type: { from: 2, to: 1 } });
    const empty = await call(companyPatch, { method: 'PATCH', token: owner.token, params: { id }, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual([{ message: 'Nothing to update.' }]);
    const foreign = await call(companyPatch, { method: 'PATCH', token: await tokenFor('employer@demo.test'), params: { id }, body: { company_name: 'Mine now' } });
    expect(foreign.status).toBe(404);
  });

  it('audits the fields a settings save really changes (the form sends them all), and nothing for a save that changes nothing', async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token)).json.data.id);
    const db = await getDb();
    const entries = async () =>
      (await db.select().from(auditLog).where(and(eq(auditLog.action, 'company.update'), eq(auditLog.entityId, id)))).map((e) => ({ data: e.data, companyId: e.companyId }));
    const { json } = await call(companyGet, { token: owner.token, params: { id } });
    const form = { company_name: json.data.company_name, size: json.data.size, email: json.data.email, phone: json.data.phone, street1: json.data.street1, city: json.data.city, state: json.data.state, postal_code: json.data.postal_code };
    expect((await call(companyPatch, { method: 'PATCH', token: owner.token, params: { id }, body: form })).status).toBe(200);
    expect(await entries()).toEqual([]);
    expect((await call(companyPatch, { method: 'PATCH', token: owner.token, params: { id }, body: { ...form, company_name: 'Renamed Haulers' } })).status).toBe(200);
    expect(await entries()).toEqual([{ data: { fields: ['company_name'] }, companyId: Number(id) }]);
    // The admins' audit log shows what changed.
    const staff = { userId: 0, email: 'staff@local', firstName: 'Staff', lastName: 'Member', roles: [ROLES.SUPER_ADMIN], companyId: null };
    const { lines } = await auditPage(db, staff, { offset: 0, limit: 50 });
    expect(lines.find((l) => l.action === 'company.update' && l.actionLabel === 'Company edited' && l.subject === `Renamed Haulers (company #${id})`)?.changed).toEqual(['company_name']);
  });

  it("refuses another company's employer as the company email (409), as the admin's edit does; its own people and other addresses are fine", async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token, { ...company, email: 'dispatch@fleet.test' })).json.data.id);
    const setEmail = (email: string, token = owner.token, handler = companyPatch) => call(handler, { method: 'PATCH', token, params: { id }, body: { email } });
    const admin = await tokenFor('admin@demo.test');
    for (const [token, handler] of [
      [owner.token, companyPatch],
      [admin, companyPatch],
      [admin, adminCompanyPatch],
    ] as const) {
      for (const email of ['employer@demo.test', 'CompanyAdmin@demo.test']) {
        const taken = await setEmail(email, token, handler);
        expect(taken.status).toBe(409);
        expect(taken.json.errors).toEqual([{ message: ALREADY, field: 'email' }]);
      }
    }
    const [row] = await (await getDb()).select({ email: companies.email }).from(companies).where(eq(companies.id, Number(id)));
    expect(row.email).toBe('dispatch@fleet.test');
    expect((await setEmail(owner.email)).json.data.email).toBe(owner.email);
    expect((await setEmail('billing@fleet.test')).json.data.email).toBe('billing@fleet.test');
    expect((await setEmail(owner.email, admin, adminCompanyPatch)).status).toBe(200);
    // A driver's address is not an employer's: the rule is about company people only.
    expect((await setEmail('driver@demo.test')).status).toBe(200);
  });
});

describe('two tabs: a settings save over a newer company (If-Match)', () => {
  const STALE = 'This company was changed somewhere else (another tab, device or person) after you opened it. Reload the page to see the changes, then make yours again.';

  it("refuses with 412 a save made from a company another tab saved since, and keeps that tab's change", async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token)).json.data.id);
    const save = (body: Record<string, unknown>, headers?: Record<string, string>) => call(companyPatch, { method: 'PATCH', token: owner.token, params: { id }, body, headers });
    const opened = (await call(companyGet, { token: owner.token, params: { id } })).json.data;
    const ifMatch = { 'if-match': `"${opened.updated_at}"` };
    // Tab A renames the company with the version it read.
    const a = await save({ company_name: 'Renamed In Tab A' }, ifMatch);
    expect(a.status).toBe(200);
    expect(a.json.data.updated_at).not.toBe(opened.updated_at);
    // Tab B, opened before, saves its name and size with the old version: refused, nothing written.
    const b = await save({ company_name: 'Renamed In Tab B', size: '51-100' }, ifMatch);
    expect([b.status, b.json.errors]).toEqual([412, [{ message: STALE }]]);
    const now = (await call(companyGet, { token: owner.token, params: { id } })).json.data;
    expect(now).toMatchObject({ company_name: 'Renamed In Tab A', size: '11-20', updated_at: a.json.data.updated_at });
    const entries = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.action, 'company.update'), eq(auditLog.entityId, id)));
    expect(entries).toHaveLength(1);
    // With the version it now shows, B's save goes through (W/ and quotes optional); without a header, or with `*`, the last write wins.
    expect((await save({ size: '51-100' }, { 'if-match': `W/"${now.updated_at}"` })).status).toBe(200);
    expect((await save({ company_name: 'Last Write Wins' })).status).toBe(200);
    expect((await save({ company_name: 'Still Wins' }, { 'if-match': '*' })).json.data.company_name).toBe('Still Wins');
  });

  it('lets only one of two saves from the same version through, also when they land together', async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token)).json.data.id);
    const opened = (await call(companyGet, { token: owner.token, params: { id } })).json.data;
    const headers = { 'if-match': `"${opened.updated_at}"` };
    const results = await Promise.all(['First Tab Haulers', 'Second Tab Haulers'].map((company_name) => call(companyPatch, { method: 'PATCH', token: owner.token, params: { id }, body: { company_name }, headers })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.status === 200)!.json.data.company_name;
    expect((await call(companyGet, { token: owner.token, params: { id } })).json.data.company_name).toBe(winner);
  });
});

describe('company logos', () => {
  const png = (width: number, height = width) =>
    sharp({ create: { width, height, channels: 4, background: { r: 31, g: 87, b: 208, alpha: 1 } } }).png().toBuffer();
  const upload = (token: string, id: string, file: Blob, name = 'logo.png', crop: Record<string, string | number> = {}) => {
    const form = new FormData();
    form.append('logo', file, name);
    for (const [k, v] of Object.entries(crop)) form.append(k, String(v));
    return call(logoPut, { method: 'PUT', token, params: { id }, rawBody: form });
  };
  const served = async (id: string, size?: 'small') => {
    const url = `http://localhost/api/v1.0/companies/${id}/logo${size ? '?size=small' : ''}`;
    const res = await logoImageGet(new NextRequest(url), { params: Promise.resolve({ id }) });
    return sharp(Buffer.from(await res.arrayBuffer()));
  };
  /** The RGBA of one pixel of a served image. */
  const pixel = async (image: ReturnType<typeof sharp>, x: number, y: number) => {
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * 4;
    return [data[i], data[i + 1], data[i + 2], data[i + 3]];
  };

  it('cuts the crop dialog\'s frame out of the original on the server, at 343x133 and 49x19', async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token)).json.data.id);
    // 800x400: left half red, right half blue. At zoom 400 it is 400x200; the red/blue edge is at x=200.
    const halves = await sharp({ create: { width: 800, height: 400, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
      .composite([{ input: { create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } }, left: 400, top: 0 }])
      .png()
      .toBuffer();
    const res = await upload(owner.token, id, new Blob([new Uint8Array(halves)], { type: 'image/png' }), 'logo.png', { zoom: 400, left: 100, top: 20 });
    expect(res.status).toBe(200);
    expect(res.json.data.small_url).toMatch(/size=small/);
    const large = await served(id);
    expect(await large.metadata()).toMatchObject({ width: 343, height: 133, format: 'webp' });
    // Frame x 0..99 is image x 100..199 (red), frame x 100.. is image x 200.. (blue).
    const [r1, , b1] = await pixel(await served(id), 50, 60);
    const [r2, , b2] = await pixel(await served(id), 200, 60);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(50);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(50);
    // The frame reaches past the image's right edge (100 + 343 > 400): that strip is transparent.
    expect((await pixel(await served(id), 320, 60))[3]).toBe(0);
    expect(await (await served(id, 'small')).metadata()).toMatchObject({ width: 49, height: 19, format: 'webp' });

    const bad = await upload(owner.token, id, new Blob([new Uint8Array(halves)], { type: 'image/png' }), 'logo.png', { zoom: 205, left: 0, top: 0 });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0]).toEqual({ message: 'Zoom must be from 200 to 700 in steps of 10, with whole-pixel offsets.', field: 'zoom' });
    // A bad offset is named as such, not as a zoom problem; so is one left out.
    const OFFSET = "Send left and top with the zoom: the crop frame's whole-pixel offset inside the zoomed image.";
    const farLeft = await upload(owner.token, id, new Blob([new Uint8Array(halves)], { type: 'image/png' }), 'logo.png', { zoom: 700, left: 99999, top: 0 });
    expect([farLeft.status, farLeft.json.errors]).toEqual([422, [{ message: OFFSET, field: 'left' }]]);
    const noOffsets = await upload(owner.token, id, new Blob([new Uint8Array(halves)], { type: 'image/png' }), 'logo.png', { zoom: 300 });
    expect([noOffsets.status, noOffsets.json.errors]).toEqual([422, [{ message: OFFSET, field: 'left' }]]);
    const noTop = await upload(owner.token, id, new Blob([new Uint8Array(halves)], { type: 'image/png' }), 'logo.png', { zoom: 300, left: 0 });
    expect([noTop.status, noTop.json.errors]).toEqual([422, [{ message: OFFSET, field: 'top' }]]);
    const outside = await upload(owner.token, id, new Blob([new Uint8Array(halves)], { type: 'image/png' }), 'logo.png', { zoom: 200, left: 500, top: 0 });
    expect(outside.status).toBe(422);
    expect((await call(logoUrlGet, { token: owner.token, params: { id } })).json.data.url).toBe(res.json.data.url);
  });

  it('refuses, at once, an image that would be scaled past the crop\'s bounds or declares too many pixels (a 186-byte PNG cost 10 s of CPU)', async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token)).json.data.id);
    // A PNG of one grey colour compresses to almost nothing whatever size it declares.
    const plain = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png({ compressionLevel: 9 }).toBuffer();
    const tall = await plain(10, 10_000);
    expect(tall.length).toBeLessThan(2_000);
    const started = performance.now();
    const refused = await upload(owner.token, id, new Blob([new Uint8Array(tall)], { type: 'image/png' }), 'logo.png', { zoom: 700, left: 0, top: 0 });
    expect([refused.status, refused.json.errors]).toEqual([422, [{ message: "This image is too tall for a logo: cut it closer to a logo's shape (343 × 133) and upload it again.", field: 'logo' }]]);
    // Before: about 10 s at 100% CPU, scaling it to 700 × 700,000 px.
    expect(performance.now() - started).toBeLessThan(1_000);
    // The same image without a crop is fitted into the frame (a shrink, cheap), and a tall but sane one crops.
    expect((await upload(owner.token, id, new Blob([new Uint8Array(tall)], { type: 'image/png' }), 'logo.png')).status).toBe(200);
    expect((await upload(owner.token, id, new Blob([new Uint8Array(await plain(600, 3_000))], { type: 'image/png' }), 'logo.png', { zoom: 700, left: 0, top: 0 })).status).toBe(200);
    const huge = await plain(8_000, 8_000);
    const many = await upload(owner.token, id, new Blob([new Uint8Array(huge)], { type: 'image/png' }), 'logo.png');
    expect([many.status, many.json.errors]).toEqual([422, [{ message: 'The image has too many pixels (at most 50 megapixels): send a smaller one.', field: 'logo' }]]);
  });

  it('stores both display sizes as WebP, serves them publicly and answers their URLs', async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token)).json.data.id);
    const res = await upload(owner.token, id, new Blob([new Uint8Array(await png(1400, 500))], { type: 'image/png' }));
    expect(res.status).toBe(200);
    expect(res.json.data.url).toMatch(new RegExp(`^/api/v1.0/companies/${id}/logo\\?v=`));
    const meta = await call(logoUrlGet, { token: owner.token, params: { id } });
    expect(meta.json.data.url).toBe(res.json.data.url);
    const image = await call(logoImageGet, { params: { id } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const info = await (await served(id)).metadata();
    expect([info.width, info.height]).toEqual([343, 133]);
    // Without a crop the whole image is fitted into the frame: 1400x500 → 343x123 centred, clear above and below.
    expect((await pixel(await served(id), 170, 1))[3]).toBe(0);
    expect((await pixel(await served(id), 170, 66))[3]).toBe(255);
    expect((await call(companyGet, { token: owner.token, params: { id } })).json.data.logo).toBe(res.json.data.url);

    const removed = await call(logoDelete, { method: 'DELETE', token: owner.token, params: { id } });
    expect(removed.json.data).toEqual({ url: null, small_url: null });
    expect((await call(logoImageGet, { params: { id }, query: { size: 'small' } })).status).toBe(404);
    expect((await call(logoImageGet, { params: { id } })).status).toBe(404);
  });

  it('refuses files that are not images, files over 5 MB, and other companies', async () => {
    const owner = await newEmployer();
    const id = String((await create(owner.token)).json.data.id);
    const text = await upload(owner.token, id, new Blob(['hello'], { type: 'image/png' }), 'logo.png');
    expect(text.status).toBe(422);
    expect(text.json.errors).toEqual([{ message: 'The logo must be a PNG, JPEG, WebP or GIF image.', field: 'logo' }]);
    const big = await upload(owner.token, id, new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }));
    expect(big.status).toBe(413);
    expect(big.json.errors[0].message).toBe('The logo must be 5 MB or smaller.');
    const foreign = await upload(await tokenFor('employer@demo.test'), id, new Blob([new Uint8Array(await png(50))], { type: 'image/png' }));
    expect(foreign.status).toBe(404);
    expect((await call(logoUrlGet, { token: await tokenFor('employer@demo.test'), params: { id } })).status).toBe(404);
    expect((await upload(await tokenFor('driver@demo.test'), id, new Blob(['x']))).status).toBe(403);
  });
});
