import { and, desc, eq } from 'drizzle-orm';
import { GET as listGet, POST as addPost } from '@/app/api/v1.0/companies/[id]/employers/route';
import { PATCH as employeePatch } from '@/app/api/v1.0/companies/[id]/employers/[userId]/route';
import { EMPLOYEE_RESET_TOO_MANY, EMPLOYEES_TOO_MANY } from '@/lib/companies/employees';
import { limiter } from '@/lib/rate-limit';
import { POST as resetPost } from '@/app/api/v1.0/companies/[id]/employers/[userId]/password-reset/route';
import { GET as adminListGet, POST as adminAddPost } from '@/app/api/v1.0/admin/companies/[id]/employers/route';
import { PATCH as adminPatch } from '@/app/api/v1.0/admin/companies/[id]/employers/[userId]/route';
import { POST as adminResetPost } from '@/app/api/v1.0/admin/companies/[id]/employers/[userId]/password-reset/route';
import { GET as employerGet } from '@/app/api/v1.0/employer/route';
import { POST as verifyCodePost } from '@/app/api/v1.0/auth/verify-token-password/route';
import { login } from '@/lib/auth/login';
import { getDb } from '@/lib/db/client';
import { auditLog, companies, emailOutbox, refreshTokens, userRoles, users } from '@/lib/db/schema';
import { DRIVER_OWN_DETAILS, LAST_ADMIN, NOT_YOURSELF, ONLY_COMPANY_ADMINS, OTHER_COMPANY_EMAIL } from '@/lib/companies/employees';
import { LAST_ADMIN_DELETING } from '@/lib/companies/last-admin';
import { DELETE as deleteMe } from '@/app/api/v1.0/members/me/route';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { otherCompanyUser, tokens } from '../jobs/helpers';

const PASSWORD = 'Haul1234!';
let t: Awaited<ReturnType<typeof tokens>>;
let demoId: number;
let rivalCompanyId: number;
let n = 0;

beforeAll(async () => {
  await seed();
  t = await tokens();
  const db = await getDb();
  [{ id: demoId }] = await db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, 'Demo Freight Lines'));
  [{ companyId: rivalCompanyId }] = (await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'rival@other.test'))) as { companyId: number }[];
});

const newPerson = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Paula',
  last_name: 'Payroll',
  email: `hire${++n}@demo-freight.test`,
  password: PASSWORD,
  phone: '(214)555-0142',
  ...overrides,
});

const add = (token: string, body: Record<string, unknown>, companyId = demoId) => call(addPost, { token, body, params: { id: String(companyId) } });
const patch = (token: string, userId: number, body: Record<string, unknown>, companyId = demoId) =>
  call(employeePatch, { token, body, method: 'PATCH', params: { id: String(companyId), userId: String(userId) } });

async function hire(overrides: Record<string, unknown> = {}) {
  const body = newPerson(overrides);
  const res = await add(t.companyAdmin, body);
  expect(res.status).toBe(201);
  return { ...res.json.data, password: body.password } as { id: number; email: string; role: string; password: string };
}

describe('GET /companies/{id}/employers', () => {
  it('lists the company employees a page at a time, oldest first, with the spec fields and role', async () => {
    const res = await call(listGet, { token: t.companyAdmin, params: { id: String(demoId) }, query: { offset: 0, limit: 1 } });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toMatchObject({ offset: 0, limit: 1 });
    expect(res.json.pagination.total).toBeGreaterThanOrEqual(2);
    expect(res.json.data).toHaveLength(1);
    expect(Object.keys(res.json.data[0]).sort()).toEqual(
      ['active', 'blocked', 'company_id', 'created_at', 'email', 'email_verified', 'first_name', 'id', 'last_name', 'phone', 'role'].sort(),
    );
    const all = await call(listGet, { token: t.employer, params: { id: String(demoId) }, query: { limit: 100 } });
    const emails = all.json.data.map((e: { email: string }) => e.email);
    expect(emails).toEqual(expect.arrayContaining(['companyadmin@demo.test', 'employer@demo.test']));
    expect(all.json.data.find((e: { email: string }) => e.email === 'companyadmin@demo.test').role).toBe('company_admin');
    expect(all.json.data.find((e: { email: string }) => e.email === 'employer@demo.test').role).toBe('company_user');
    expect(emails).not.toContain('rival@other.test');
  });

  it('refuses bad paging with a clear message', async () => {
    const res = await call(listGet, { token: t.companyAdmin, params: { id: String(demoId) }, query: { limit: 1000 } });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].message).toBe('Limit must be a number from 1 to 100.');
  });

  it('hides another company: 404 for its own people, the list for admins through both paths', async () => {
    expect((await call(listGet, { token: t.rival, params: { id: String(demoId) } })).status).toBe(404);
    expect((await call(listGet, { token: t.companyAdmin, params: { id: String(rivalCompanyId) } })).status).toBe(404);
    expect((await call(listGet, { token: t.admin, params: { id: String(demoId) } })).status).toBe(200);
    const viaAdmin = await call(adminListGet, { token: t.superAdmin, params: { id: String(rivalCompanyId) } });
    expect(viaAdmin.status).toBe(200);
    expect(viaAdmin.json.data.map((e: { email: string }) => e.email)).toEqual(['rival@other.test']);
    expect((await call(adminListGet, { token: t.companyAdmin, params: { id: String(demoId) } })).status).toBe(403);
    expect((await call(adminListGet, { token: t.admin, params: { id: '999999' } })).status).toBe(404);
  });
});

describe('POST /companies/{id}/employers', () => {
  it('adds an employee who can sign in at once, as a company user without newsletters', async () => {
    const body = newPerson();
    const res = await add(t.companyAdmin, body);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ email: body.email, company_id: demoId, first_name: 'Paula', phone: '2145550142', active: true, role: 'company_user' });
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, res.json.data.id));
    expect(row.tnNewsletters).toBe(false);
    expect(row.passwordHash).not.toContain(PASSWORD);
    const session = await login(db, { email: body.email, password: PASSWORD }, { ip: '10.1.1.1' });
    expect(session.userRoles).toEqual(['Employer']);
    expect(session.companyId).toBe(demoId);
  });

  it('tells the address it was added, by whom, with a link to set its own password', async () => {
    const body = newPerson({ first_name: 'Nadia' });
    expect((await add(t.companyAdmin, body)).status).toBe(201);
    const mails = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('You were added to Demo Freight Lines on TNA');
    expect(mails[0].text).toContain('Hi Nadia,');
    expect(mails[0].text).toMatch(/added you as an employee of Demo Freight Lines/);
    expect(mails[0].text).toContain(`/forgot-password?email=${encodeURIComponent(body.email)}`);
    // The password the admin chose is never in it.
    expect(mails[0].text).not.toContain(PASSWORD);
    expect(mails[0].html).not.toContain(PASSWORD);
  });

  it('adds at most 30 employees an hour to a company, then answers 429 and makes no account', async () => {
    // The rival company's hour is used up (as 30 additions would): the 31st is refused.
    await (await limiter('employee-add-company', 30, 3600)).consume(String(rivalCompanyId), 30);
    const body = newPerson();
    const refused = await call(adminAddPost, { token: t.admin, body, params: { id: String(rivalCompanyId) } });
    expect([refused.status, refused.json.errors]).toEqual([429, [{ message: EMPLOYEES_TOO_MANY }]]);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const db = await getDb();
    expect(await db.$count(users, eq(users.email, body.email))).toBe(0);
    expect(await db.$count(emailOutbox, eq(emailOutbox.toAddress, body.email))).toBe(0);
    // Whether an address has an account is not answered past the limit either.
    const probe = await call(adminAddPost, { token: t.admin, body: newPerson({ email: 'companyadmin@demo.test' }), params: { id: String(rivalCompanyId) } });
    expect(probe.status).toBe(429);
    // Another company's hour is its own.
    expect((await add(t.companyAdmin, newPerson())).status).toBe(201);
  });

  it('adds a company admin when asked', async () => {
    const admin = await hire({ role: 'company_admin' });
    expect(admin.role).toBe('company_admin');
    const roles = (await (await getDb()).select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, admin.id))).map((r) => r.role);
    expect(roles.sort()).toEqual(['Employer', 'TNCompanyAdmin']);
  });

  it('checks each field with the sign-up rules and changes nothing', async () => {
    const res = await add(t.companyAdmin, newPerson({ password: 'short', email: 'nope', first_name: '' }));
    expect(res.status).toBe(422);
    const fields = res.json.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['password', 'email', 'first_name']));
    expect(res.json.errors.find((e: { field: string }) => e.field === 'password').message).toBe('Password is too short - It should be at least 8 characters.');
    expect((await add(t.companyAdmin, newPerson({ tn_newsletters: true }))).status).toBe(422);
  });

  it("asks for the employee's first and last name, not the admin's own", async () => {
    const res = await add(t.companyAdmin, newPerson({ first_name: '', last_name: '  ' }));
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: "Enter the employee's first name" },
        { field: 'last_name', message: "Enter the employee's last name" },
      ]),
    );
    const bad = await add(t.companyAdmin, newPerson({ first_name: 'P4ula' }));
    expect(bad.json.errors).toEqual([{ field: 'first_name', message: 'Needs to be a valid name.' }]);
  });

  it('answers 409 with a clear message for an email of another company, and for one already here', async () => {
    const other = await add(t.companyAdmin, newPerson({ email: 'rival@other.test' }));
    expect(other.status).toBe(409);
    expect(other.json.errors[0]).toEqual({ message: OTHER_COMPANY_EMAIL, field: 'email' });
    const here = await add(t.companyAdmin, newPerson({ email: 'employer@demo.test' }));
    expect(here.status).toBe(409);
    expect(here.json.errors[0].message).toBe('This email already belongs to an employee of this company.');
    const driver = await add(t.companyAdmin, newPerson({ email: 'DRIVER@demo.test' }));
    expect(driver.status).toBe(409);
  });

  it('is for company admins and admins only: a company user and another company are refused', async () => {
    const user = await add(t.employer, newPerson());
    expect(user.status).toBe(403);
    expect(user.json.errors[0].message).toBe(ONLY_COMPANY_ADMINS);
    expect((await add(t.rival, newPerson())).status).toBe(404);
    expect((await add(t.driver, newPerson())).status).toBe(403);
    expect((await add(t.internal, newPerson())).status).toBe(403);
    const viaAdmin = await call(adminAddPost, { token: t.admin, body: newPerson(), params: { id: String(rivalCompanyId) } });
    expect(viaAdmin.status).toBe(201);
    expect(viaAdmin.json.data.company_id).toBe(rivalCompanyId);
  });
});

describe('PATCH /companies/{id}/employers/{userId}', () => {
  it('updates names and phone', async () => {
    const e = await hire();
    const res = await patch(t.companyAdmin, e.id, { first_name: 'Pat', last_name: 'Dispatch', phone: '2145550199' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ first_name: 'Pat', last_name: 'Dispatch', phone: '2145550199' });
  });

  it('audits the fields a save really changes (the form sends them all), and nothing for a save that changes nothing', async () => {
    const e = await hire();
    const db = await getDb();
    const entries = async () =>
      (await db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(e.id)))).orderBy(auditLog.id)).map((a) => [a.action, a.data]);
    const form = { first_name: 'Paula', last_name: 'Payroll', phone: '(214)555-0142', role: 'company_user', active: true };
    const before = (await entries()).length;
    expect((await patch(t.companyAdmin, e.id, form)).status).toBe(200);
    expect(await entries()).toHaveLength(before);
    expect((await patch(t.companyAdmin, e.id, { ...form, role: 'company_admin' })).status).toBe(200);
    expect((await entries()).slice(before)).toEqual([['employee.update', { fields: ['role'], role: 'company_admin' }]]);
  });

  it('deactivating ends every session of the employee at once and refuses their sign-in; reactivating lets them back', async () => {
    const e = await hire();
    const token = await tokenFor(e.email, PASSWORD);
    expect((await call(employerGet, { token })).status).toBe(200);
    const off = await patch(t.companyAdmin, e.id, { active: false });
    expect(off.status).toBe(200);
    expect(off.json.data.active).toBe(false);
    expect((await call(employerGet, { token })).status).toBe(401);
    const db = await getDb();
    const live = await db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, e.id)));
    expect(live.every((r) => r.revokedAt)).toBe(true);
    await expect(login(db, { email: e.email, password: PASSWORD }, { ip: '10.1.1.2' })).rejects.toMatchObject({ status: 401 });
    const on = await patch(t.companyAdmin, e.id, { active: true });
    expect(on.json.data.active).toBe(true);
    expect((await login(db, { email: e.email, password: PASSWORD }, { ip: '10.1.1.3' })).accessToken).toBeTruthy();
  });

  it('a member who also uses TNA as a driver is taken out of the company, never switched off: their driver account, name and phone stay theirs', async () => {
    const db = await getDb();
    const e = await hire({ first_name: 'Dora', last_name: 'Doubleduty' });
    await db.insert(userRoles).values({ userId: e.id, role: 'Driver' });
    // Their name and phone are what other employers see on their applications.
    const renamed = await patch(t.companyAdmin, e.id, { first_name: 'Someone', last_name: 'Doubleduty' });
    expect(renamed.status).toBe(409);
    expect(renamed.json.errors).toEqual([{ message: DRIVER_OWN_DETAILS, field: 'first_name' }]);
    // The form sends every field: unchanged ones with a role change pass.
    const promoted = await patch(t.companyAdmin, e.id, { first_name: 'Dora', last_name: 'Doubleduty', phone: '(214)555-0142', role: 'company_admin' });
    expect([promoted.status, promoted.json.data.role]).toEqual([200, 'company_admin']);

    const off = await patch(t.companyAdmin, e.id, { active: false });
    expect(off.status).toBe(200);
    expect(off.json.data).toMatchObject({ id: e.id, active: false, company_id: null, removed: true });
    const [row] = await db.select({ active: users.active, companyId: users.companyId }).from(users).where(eq(users.id, e.id));
    expect(row).toEqual({ active: true, companyId: null });
    const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, e.id));
    expect(roles.map((r) => r.role)).toEqual(['Driver']);
    const listed = await call(listGet, { token: t.companyAdmin, params: { id: String(demoId) }, query: { offset: 0, limit: 100 } });
    expect(listed.json.data.map((x: { id: number }) => x.id)).not.toContain(e.id);
    // Every session ended; signing in again is a driver's sign-in, with no company.
    expect((await db.select().from(refreshTokens).where(eq(refreshTokens.userId, e.id))).every((r) => r.revokedAt)).toBe(true);
    const again = await login(db, { email: e.email, password: PASSWORD }, { ip: '10.1.1.9' });
    expect(again.accessToken).toBeTruthy();
    expect((await call(employerGet, { token: again.accessToken })).status).toBe(403);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'employee.remove'), eq(auditLog.entityId, String(e.id))));
    expect(audit).toMatchObject({ companyId: demoId });
  });

  it('never deactivates or demotes the last active company admin, nor lets an admin deactivate themselves', async () => {
    const db = await getDb();
    const [company] = await db.insert(companies).values({ companyName: 'Solo Trucking', city: 'Austin', state: 'TX' }).returning();
    const owner = await call(adminAddPost, { token: t.admin, body: newPerson({ role: 'company_admin' }), params: { id: String(company.id) } });
    const ownerId = owner.json.data.id as number;
    const ownerToken = await tokenFor(owner.json.data.email, PASSWORD);
    const viaAdmin = (body: Record<string, unknown>, id = ownerId) => call(adminPatch, { token: t.admin, body, method: 'PATCH', params: { id: String(company.id), userId: String(id) } });

    const deactivate = await viaAdmin({ active: false });
    expect(deactivate.status).toBe(409);
    expect(deactivate.json.errors[0].message).toBe(LAST_ADMIN);
    expect((await viaAdmin({ role: 'company_user' })).status).toBe(409);
    expect((await patch(ownerToken, ownerId, { active: false }, company.id)).json.errors[0].message).toBe(NOT_YOURSELF);

    // With a second admin, the first may be demoted; the second is then the last one.
    const second = await call(adminAddPost, { token: t.admin, body: newPerson({ role: 'company_admin' }), params: { id: String(company.id) } });
    expect((await patch(ownerToken, second.json.data.id, { role: 'company_user' }, company.id)).status).toBe(200);
    expect((await patch(ownerToken, second.json.data.id, { role: 'company_admin' }, company.id)).status).toBe(200);
    const demoted = await viaAdmin({ role: 'company_user' });
    expect(demoted.status).toBe(200);
    expect(demoted.json.data.role).toBe('company_user');
    expect((await viaAdmin({ active: false }, second.json.data.id)).status).toBe(409);
    const [row] = await db.select({ active: users.active }).from(users).where(eq(users.id, second.json.data.id));
    expect(row.active).toBe(true);
  });

  it("the last active company admin cannot delete their account while the company has other employees; alone, they can", async () => {
    const db = await getDb();
    const [company] = await db.insert(companies).values({ companyName: 'Hand-off Haulers', city: 'Tyler', state: 'TX' }).returning();
    const add = (role: string) => call(adminAddPost, { token: t.admin, body: newPerson({ role }), params: { id: String(company.id) } });
    const owner = (await add('company_admin')).json.data;
    const clerk = (await add('company_user')).json.data;
    const ownerToken = await tokenFor(owner.email, PASSWORD);

    const refused = await call(deleteMe, { method: 'DELETE', token: ownerToken });
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0].message).toBe(LAST_ADMIN_DELETING);
    const [kept] = await db.select({ deletedAt: users.deletedAt, email: users.email }).from(users).where(eq(users.id, owner.id));
    expect(kept).toEqual({ deletedAt: null, email: owner.email });
    expect((await call(employerGet, { token: ownerToken })).status).toBe(200);

    // The employee promoted, the owner may go; the new admin is now the last one.
    expect((await patch(ownerToken, clerk.id, { role: 'company_admin' }, company.id)).status).toBe(200);
    expect((await call(deleteMe, { method: 'DELETE', token: ownerToken })).status).toBe(200);
    // Alone in the company, the remaining admin may delete their account too.
    expect((await call(deleteMe, { method: 'DELETE', token: await tokenFor(clerk.email, PASSWORD) })).status).toBe(200);
  });

  it('an inactive admin does not count as the company admin who keeps the company managed', async () => {
    const db = await getDb();
    const [company] = await db.insert(companies).values({ companyName: 'Duo Freight', city: 'Waco', state: 'TX' }).returning();
    const a = await call(adminAddPost, { token: t.admin, body: newPerson({ role: 'company_admin' }), params: { id: String(company.id) } });
    const b = await call(adminAddPost, { token: t.admin, body: newPerson({ role: 'company_admin' }), params: { id: String(company.id) } });
    const viaAdmin = (id: number, body: Record<string, unknown>) => call(adminPatch, { token: t.admin, body, method: 'PATCH', params: { id: String(company.id), userId: String(id) } });
    expect((await viaAdmin(b.json.data.id, { active: false })).status).toBe(200);
    expect((await viaAdmin(a.json.data.id, { active: false })).status).toBe(409);
  });

  it('refuses a company user, another company, an unknown employee and an email change', async () => {
    const e = await hire();
    expect((await patch(t.employer, e.id, { first_name: 'Nope' })).status).toBe(403);
    expect((await patch(t.rival, e.id, { active: false })).status).toBe(404);
    expect((await patch(t.companyAdmin, e.id, { active: false }, rivalCompanyId)).status).toBe(404);
    const rival = await otherCompanyUser();
    expect(rival).toBeTruthy();
    const [rivalUser] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, 'rival@other.test'));
    expect((await patch(t.companyAdmin, rivalUser.id, { active: false })).status).toBe(404);
    expect((await patch(t.companyAdmin, 999999, { active: false })).status).toBe(404);
    const email = await patch(t.companyAdmin, e.id, { email: 'new@demo-freight.test' });
    expect(email.status).toBe(422);
    expect((await patch(t.companyAdmin, e.id, {})).json.errors[0].message).toBe('Nothing to update.');
    const [row] = await (await getDb()).select({ active: users.active, firstName: users.firstName }).from(users).where(eq(users.id, e.id));
    expect(row).toEqual({ active: true, firstName: 'Paula' });
  });
});

describe('POST /companies/{id}/employers/{userId}/password-reset', () => {
  it('mails the employee a code that opens the reset flow; the admin sees no password and no code', async () => {
    const e = await hire();
    const res = await call(resetPost, { token: t.companyAdmin, params: { id: String(demoId), userId: String(e.id) } });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/\b\d{6}\b/);
    const [mail] = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.toAddress, e.email)).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail.kind).toBe('employee_password_reset');
    expect(mail.text).toContain('Demo Freight Lines');
    expect(mail.text).toContain(`/reset-code?email=${encodeURIComponent(e.email)}`);
    const code = mail.text.match(/\b(\d{6})\b/)![1];
    const verified = await call(verifyCodePost, { body: { email: e.email, code } });
    expect(verified.status).toBe(200);
    expect(verified.json.data.token).toBeTruthy();
  });

  it('is for company admins and admins; another company and a deactivated employee are refused', async () => {
    const e = await hire();
    const params = { id: String(demoId), userId: String(e.id) };
    expect((await call(resetPost, { token: t.employer, params })).status).toBe(403);
    expect((await call(resetPost, { token: t.rival, params })).status).toBe(404);
    expect((await call(adminResetPost, { token: t.superAdmin, params })).status).toBe(200);
    await patch(t.companyAdmin, e.id, { active: false });
    const inactive = await call(resetPost, { token: t.companyAdmin, params });
    expect(inactive.status).toBe(409);
  });

  it('sends one employee at most 5 reset mails an hour, then answers 429 and queues nothing', async () => {
    const e = await hire();
    const params = { id: String(demoId), userId: String(e.id) };
    const db = await getDb();
    const mails = () => db.$count(emailOutbox, eq(emailOutbox.toAddress, e.email));
    const before = await mails();
    for (let i = 0; i < 5; i++) expect((await call(resetPost, { token: t.companyAdmin, params })).status).toBe(200);
    const refused = await call(resetPost, { token: t.companyAdmin, params });
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0].message).toBe(EMPLOYEE_RESET_TOO_MANY);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await mails()).toBe(before + 5);
  });
});
