import { and, eq, isNull } from 'drizzle-orm';
import { GET as leaveGet } from '@/app/api/auth/impersonation/route';
import { POST as logoutPage } from '@/app/logout/route';
import { POST as impersonatePost } from '@/app/api/v1.0/auth/login/impersonate/route';
import { POST as changePasswordPost } from '@/app/api/v1.0/auth/change-password/route';
import { DELETE as deleteMe, GET as meGet, PATCH as mePatch } from '@/app/api/v1.0/members/me/route';
import { GET as applicationsGet } from '@/app/api/v1.0/members/applications/route';
import { POST as applyPost } from '@/app/api/v1.0/jobs/[id]/apply/route';
import { PATCH as jobPatch } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as refreshPost } from '@/app/api/v1.0/auth/refresh/route';
import { GET as employerGet, PATCH as employerPatch } from '@/app/api/v1.0/employer/route';
import { DELETE as sessionDelete } from '@/app/api/v1.0/auth/sessions/[id]/route';
import { DRIVER_ACCOUNT_OWN } from '@/lib/auth/messages';
import { POST as logoutPost } from '@/app/api/v1.0/auth/logout/route';
import { POST as searchPost } from '@/app/api/v1.0/companies/search/route';
import { ROLES } from '@/lib/access';
import { ADMIN_NOT_IMPERSONABLE, NOT_IMPERSONABLE } from '@/lib/auth/impersonation';
import { hashPassword } from '@/lib/auth/passwords';
import { LEAVE_FIRST, leaveFromCookie, startFromCookie, type ImpersonatingToken } from '@/lib/auth/impersonation-session';
import { impersonationRedirect } from '@/lib/auth/impersonation-gate';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { encodeSessionCookie } from '@/lib/auth/session-cookie';
import { NextRequest } from 'next/server';
import { login } from '@/lib/auth/login';
import { getDb } from '@/lib/db/client';
import { auditLog, refreshTokens, userRoles, users } from '@/lib/db/schema';
import { DEMO_PASSWORD } from '@/lib/db/seed/accounts';
import { createJobAs } from '../jobs/helpers';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { adminCallTokens } from './helpers';

let t: Awaited<ReturnType<typeof adminCallTokens>>;
const ids: Record<string, number> = {};
const URL_IMP = 'http://localhost:3000/api/v1.0/auth/login/impersonate';

beforeAll(async () => {
  await seed();
  t = await adminCallTokens();
  const db = await getDb();
  for (const email of ['employer@demo.test', 'companyadmin@demo.test', 'admin@demo.test', 'superadmin@demo.test', 'internal@demo.test', 'driver@demo.test']) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    ids[email] = u.id;
  }
});

const impersonate = (token: string, userId: number, body: Record<string, unknown> = {}) => call(impersonatePost, { token, url: URL_IMP, query: { user_id: userId }, body: { user_id: userId, device_id: 'abcd1234', role: 'employer', ...body } });

describe('POST /auth/login/impersonate', () => {
  it('answers firstName, lastName and tokens of the company user; the token carries the admin as imp and ends within 600 s', async () => {
    const res = await impersonate(t.allowed.admin, ids['employer@demo.test']);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ firstName: 'Emma', lastName: 'Recruiter', accessToken: expect.any(String), refreshToken: expect.any(String) });
    const claims = await verifyAccessToken(res.json.data.accessToken);
    expect(claims).toMatchObject({ userId: ids['employer@demo.test'], imp: ids['admin@demo.test'] });
    expect(claims!.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
    expect((await call(employerGet, { token: res.json.data.accessToken })).json.data.email).toBe('employer@demo.test');
    const db = await getDb();
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.impersonate'), eq(auditLog.entityId, String(ids['employer@demo.test']))));
    expect(audit).toMatchObject({ actorId: ids['admin@demo.test'], entity: 'user' });
  });

  it('records every change made with it as "admin X as user Y" in the audit log', async () => {
    const jobId = await createJobAs(t.all.employer);
    const { accessToken } = (await impersonate(t.allowed.superAdmin, ids['employer@demo.test'])).json.data;
    const res = await call(jobPatch, { method: 'PATCH', token: accessToken, url: `http://localhost:3000/api/v1.0/jobs/${jobId}`, params: { id: String(jobId) }, body: { title: 'Edited while impersonating' } });
    expect(res.status).toBe(200);
    const db = await getDb();
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'impersonated.request'));
    expect(rows).toContainEqual(expect.objectContaining({ actorId: ids['employer@demo.test'], impersonatorId: ids['superadmin@demo.test'], entityId: `PATCH /api/v1.0/jobs/${jobId}` }));
  });

  it('a log out while impersonating ends the impersonation in the audit log, as Leave does', async () => {
    const { accessToken } = (await impersonate(t.allowed.admin, ids['companyadmin@demo.test'])).json.data;
    expect((await call(logoutPost, { token: accessToken, body: {} })).status).toBe(200);
    const db = await getDb();
    const ends = await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.impersonate.end'), eq(auditLog.entityId, String(ids['companyadmin@demo.test']))));
    expect(ends).toEqual([expect.objectContaining({ actorId: ids['admin@demo.test'], entity: 'user' })]);
    expect((await call(employerGet, { token: accessToken })).status).toBe(401);
  });

  it('refuses an admin account (403), a driver (422), a missing user (404), and any caller but super admin and admin (403)', async () => {
    for (const email of ['admin@demo.test', 'superadmin@demo.test', 'internal@demo.test']) {
      const res = await impersonate(t.allowed.admin, ids[email]);
      expect(res.status).toBe(403);
      expect(res.json.errors[0].message).toBe(ADMIN_NOT_IMPERSONABLE);
    }
    const driver = await impersonate(t.allowed.admin, ids['driver@demo.test']);
    expect(driver.status).toBe(422);
    expect(driver.json.errors[0].message).toBe(NOT_IMPERSONABLE);
    expect((await impersonate(t.allowed.admin, 999999)).status).toBe(404);
    for (const token of Object.values(t.refused)) expect((await impersonate(token, ids['employer@demo.test'])).status).toBe(403);
    expect((await call(impersonatePost, { url: URL_IMP, body: { user_id: ids['employer@demo.test'] } })).status).toBe(401);
  });

  it('a company user who is also a driver keeps the Drivers Portal to themselves: the impersonated session is a company user only', async () => {
    const db = await getDb();
    const [employer] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, ids['employer@demo.test']));
    const email = `both-${Date.now()}@demo.test`;
    const [row] = await db.insert(users).values({ email, firstName: 'Dora', lastName: 'Both', companyId: employer.companyId, passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date() }).returning();
    await db.insert(userRoles).values([{ userId: row.id, role: ROLES.DRIVER }, { userId: row.id, role: ROLES.EMPLOYER }]);
    const own = await tokenFor(email);
    expect((await call(meGet, { token: own })).json.data).toHaveProperty('profile_completeness');
    const { accessToken } = (await impersonate(t.allowed.admin, row.id)).json.data;
    const jobId = await createJobAs(t.all.employer);
    expect((await call(employerGet, { token: accessToken })).status).toBe(200);
    // The account's own name and email, as any signed-in user reads them; none of the driver's profile.
    const seen = await call(meGet, { token: accessToken });
    expect(seen.status).toBe(200);
    expect(seen.json.data).toMatchObject({ email });
    expect(seen.json.data).not.toHaveProperty('profile_completeness');
    expect((await call(applicationsGet, { token: accessToken })).status).toBe(403);
    expect((await call(mePatch, { method: 'PATCH', token: accessToken, body: { street1: 'changed by admin' } })).status).toBe(403);
    const apply = await call(applyPost, { token: accessToken, url: `http://localhost:3000/api/v1.0/jobs/${jobId}/apply`, params: { id: String(jobId) }, body: { message: 'applied by admin' } });
    expect(apply.status).toBe(403);
    // Nor their name or phone, which employers see on the driver's applications: the admin's own
    // route refuses the change (lib/admin/employers.ts), and impersonating was a way around it.
    for (const body of [{ first_name: 'Renamed' }, { last_name: 'ByAdmin' }, { phone: '(214)555-0199' }]) {
      const renamed = await call(employerPatch, { method: 'PATCH', token: accessToken, body });
      expect([renamed.status, renamed.json.errors?.[0]?.message]).toEqual([403, DRIVER_ACCOUNT_OWN]);
    }
    const [after] = await db.select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone }).from(users).where(eq(users.id, row.id));
    expect(after).toEqual({ firstName: 'Dora', lastName: 'Both', phone: null });
    // The person themselves may, and an impersonated member who is not a driver may be fixed still.
    expect((await call(employerPatch, { method: 'PATCH', token: own, body: { first_name: 'Dorothy' } })).status).toBe(200);
    const member = (await impersonate(t.allowed.admin, ids['employer@demo.test'])).json.data.accessToken;
    const [emma] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, ids['employer@demo.test']));
    expect((await call(employerPatch, { method: 'PATCH', token: member, body: { phone: '(214)555-0123' } })).status).toBe(200);
    await db.update(users).set({ phone: emma.phone }).where(eq(users.id, ids['employer@demo.test']));
  });

  it('never lets an impersonated session act as an admin or impersonate again', async () => {
    const { accessToken } = (await impersonate(t.allowed.admin, ids['companyadmin@demo.test'])).json.data;
    expect((await impersonate(accessToken, ids['employer@demo.test'])).status).toBe(403);
    expect((await call(searchPost, { token: accessToken, url: 'http://localhost:3000/api/v1.0/companies/search', body: {} })).status).toBe(403);
  });

  it('expires on the server at its deadline: a refresh keeps the deadline, and past it every call is 401', async () => {
    const { accessToken, refreshToken } = (await impersonate(t.allowed.admin, ids['employer@demo.test'])).json.data;
    const sid = (await verifyAccessToken(accessToken))!.sid!;
    const db = await getDb();
    const [first] = await db.select().from(refreshTokens).where(eq(refreshTokens.familyId, sid));
    const refreshed = await call(refreshPost, { token: refreshToken, body: {} });
    expect(refreshed.status).toBe(200);
    const family = await db.select().from(refreshTokens).where(eq(refreshTokens.familyId, sid));
    expect(family).toHaveLength(2);
    for (const row of family) expect(row.expiresAt.getTime()).toBe(first.expiresAt.getTime());
    // The countdown reaches zero.
    await db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.familyId, sid));
    expect((await call(employerGet, { token: refreshed.json.data.accessToken })).status).toBe(401);
    expect((await call(refreshPost, { token: refreshed.json.data.refreshToken, body: {} })).status).toBe(401);
  });
});

/** The admin's own browser session, as next-auth keeps it in the cookie. */
async function adminCookieToken(): Promise<ImpersonatingToken> {
  const res = await login(await getDb(), { email: 'admin@demo.test', password: DEMO_PASSWORD }, { ip: '10.9.9.9' });
  return { userId: res.id, name: 'Adam Admin', email: res.email, roles: res.userRoles, companyId: null, accessToken: res.accessToken, refreshToken: res.refreshToken, accessTokenExpiresAt: res.accessTokenExpiresAt };
}

describe('the browser session swap (cookie)', () => {
  it('keeps the admin aside, renews with a fresh session, and restores the admin on leaving (impersonated session revoked)', async () => {
    const db = await getDb();
    const admin = await adminCookieToken();
    const imp = await startFromCookie(db, admin, ids['employer@demo.test']);
    expect(imp).toMatchObject({ userId: ids['employer@demo.test'], companyId: expect.any(Number), impersonation: { userName: 'Emma Recruiter', companyName: 'Demo Freight Lines', adminName: 'Adam Admin' } });
    expect(imp.impersonation!.admin.accessToken).toBe(admin.accessToken);
    expect(imp.impersonation!.expiresAt - Date.now()).toBeGreaterThan(590_000);
    const firstSid = (await verifyAccessToken(imp.accessToken as string))!.sid!;

    const renewed = await startFromCookie(db, imp, 'renew');
    expect(renewed.impersonation!.admin.accessToken).toBe(admin.accessToken);
    expect((await verifyAccessToken(renewed.accessToken as string))!.sid).not.toBe(firstSid);
    expect((await call(employerGet, { token: imp.accessToken as string })).status).toBe(401);

    const back = await leaveFromCookie(db, renewed);
    expect(back).toMatchObject({ userId: admin.userId, accessToken: admin.accessToken, roles: admin.roles });
    expect(back.impersonation).toBeUndefined();
    expect((await call(employerGet, { token: renewed.accessToken as string })).status).toBe(401);
    const ends = await db.select().from(auditLog).where(eq(auditLog.action, 'user.impersonate.end'));
    expect(ends.length).toBeGreaterThan(0);
  });

  it('one impersonation at a time: starting another while impersonating is refused (it was recorded as a renewal of the first, never ended)', async () => {
    const db = await getDb();
    const imp = await startFromCookie(db, await adminCookieToken(), ids['employer@demo.test']);
    await expect(startFromCookie(db, imp, ids['companyadmin@demo.test'])).rejects.toMatchObject({ status: 409, message: LEAVE_FIRST });
    // Still the first one, and it still works; left, the next may start.
    expect((await call(employerGet, { token: imp.accessToken as string })).json.data.email).toBe('employer@demo.test');
    const next = await startFromCookie(db, await leaveFromCookie(db, imp), ids['companyadmin@demo.test']);
    expect(next.impersonation!.userId).toBe(ids['companyadmin@demo.test']);
  });

  it('the page gate sends an impersonating admin leaving the Company Portal (or past the deadline) through the restore', () => {
    const token = { impersonation: { userId: 1 } };
    expect(impersonationRedirect('/company/jobs', token)).toBeNull();
    expect(impersonationRedirect('/admin/company-list', token)).toBe('/api/auth/impersonation?next=%2Fadmin%2Fcompany-list');
    expect(impersonationRedirect('/news', token)).toBe('/api/auth/impersonation?next=%2Fnews');
    expect(impersonationRedirect('/company/jobs', { ...token, error: 'RefreshAccessTokenError' })).toBe('/api/auth/impersonation?next=%2Fadmin%2Fcompany-list');
    expect(impersonationRedirect('/admin/company-list', { userId: 1 })).toBeNull();
  });
});

describe('an impersonation ends with its admin (deleted, deactivated, no longer an admin, password set)', () => {
  let n = 0;
  /** An admin of our own, so removing them leaves the demo admins alone. */
  async function freshAdmin() {
    const db = await getDb();
    const email = `imp-admin-${++n}-${Date.now()}@staff.test`;
    const [row] = await db.insert(users).values({ email, firstName: 'Ivy', lastName: `Admin${n}`, passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date() }).returning();
    await db.insert(userRoles).values({ userId: row.id, role: ROLES.ADMIN });
    return { id: row.id, token: await tokenFor(email) };
  }
  const read = (token: string) => call(employerGet, { token });
  const refresh = (token: string) => call(refreshPost, { token, body: {} });

  it('the admin deletes their account: the impersonated token neither reads nor writes, and its refresh is refused', async () => {
    const admin = await freshAdmin();
    const jobId = await createJobAs(t.all.employer);
    const { accessToken, refreshToken } = (await impersonate(admin.token, ids['employer@demo.test'])).json.data;
    expect((await read(accessToken)).status).toBe(200);
    expect((await call(deleteMe, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect((await read(accessToken)).status).toBe(401);
    const write = await call(jobPatch, { method: 'PATCH', token: accessToken, url: `http://localhost:3000/api/v1.0/jobs/${jobId}`, params: { id: String(jobId) }, body: { title: 'After the admin left' } });
    expect(write.status).toBe(401);
    expect((await refresh(refreshToken)).status).toBe(401);
    const sid = (await verifyAccessToken(accessToken))!.sid!;
    const family = await (await getDb()).select().from(refreshTokens).where(eq(refreshTokens.familyId, sid));
    for (const row of family) expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it('the admin is deactivated or loses the admin role: every call and refresh is refused from the next one on', async () => {
    const db = await getDb();
    const admin = await freshAdmin();
    const { accessToken, refreshToken } = (await impersonate(admin.token, ids['employer@demo.test'])).json.data;
    expect((await read(accessToken)).status).toBe(200);
    await db.update(users).set({ active: false }).where(eq(users.id, admin.id));
    expect((await read(accessToken)).status).toBe(401);
    expect((await refresh(refreshToken)).status).toBe(401);
    await db.update(users).set({ active: true }).where(eq(users.id, admin.id));
    expect((await read(accessToken)).status).toBe(200);
    await db.delete(userRoles).where(eq(userRoles.userId, admin.id));
    await db.insert(userRoles).values({ userId: admin.id, role: ROLES.EMPLOYER });
    expect((await read(accessToken)).status).toBe(401);
    expect((await refresh(refreshToken)).status).toBe(401);
    // A super admin may impersonate as well.
    await db.update(userRoles).set({ role: ROLES.SUPER_ADMIN }).where(eq(userRoles.userId, admin.id));
    expect((await read(accessToken)).status).toBe(200);
    expect((await refresh(refreshToken)).status).toBe(200);
  });

  it("the admin's password is set again: their impersonations end with their other sessions", async () => {
    const admin = await freshAdmin();
    const { accessToken, refreshToken } = (await impersonate(admin.token, ids['employer@demo.test'])).json.data;
    const changed = await call(changePasswordPost, { token: admin.token, body: { old_password: DEMO_PASSWORD, password: 'Other1234!' } });
    expect(changed.status).toBe(200);
    expect((await read(accessToken)).status).toBe(401);
    expect((await refresh(refreshToken)).status).toBe(401);
    // The admin's own session (the one that changed the password) goes on.
    expect((await call(searchPost, { token: admin.token, url: 'http://localhost:3000/api/v1.0/companies/search', body: {} })).status).toBe(200);
  });

  it('the admin signs out of the API: the impersonations they started end (recorded), their token and its refresh refused', async () => {
    const db = await getDb();
    const admin = await freshAdmin();
    const { accessToken, refreshToken } = (await impersonate(admin.token, ids['employer@demo.test'])).json.data;
    expect((await read(accessToken)).status).toBe(200);
    expect((await call(logoutPost, { token: admin.token })).status).toBe(200);
    expect((await read(accessToken)).status).toBe(401);
    expect((await refresh(refreshToken)).status).toBe(401);
    const ends = await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.impersonate.end'), eq(auditLog.actorId, admin.id)));
    const [emma] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, ids['employer@demo.test']));
    // Recorded with the user's company, as Leave records it (the audit log filters by company).
    expect(ends.map((e) => [e.entityId, e.companyId])).toEqual([[String(ids['employer@demo.test']), emma.companyId]]);
  });

  it('the admin signs one of their sessions out from the sessions list: the impersonations they opened end too', async () => {
    const admin = await freshAdmin();
    const [row] = await (await getDb()).select({ email: users.email }).from(users).where(eq(users.id, admin.id));
    const laptop = await tokenFor(row.email);
    const { accessToken, refreshToken } = (await impersonate(laptop, ids['employer@demo.test'])).json.data;
    expect((await read(accessToken)).status).toBe(200);
    // From another device (the admin's phone), the laptop's session is signed out.
    const laptopSession = (await verifyAccessToken(laptop))!.sid!;
    expect((await call(sessionDelete, { method: 'DELETE', token: admin.token, params: { id: laptopSession } })).status).toBe(200);
    expect((await read(laptop)).status).toBe(401);
    expect((await read(accessToken)).status).toBe(401);
    expect((await refresh(refreshToken)).status).toBe(401);
    // The phone's own session goes on.
    expect((await call(searchPost, { token: admin.token, url: 'http://localhost:3000/api/v1.0/companies/search', body: {} })).status).toBe(200);
  });

  it("a copy of the admin's refresh token used again (the sign-in ended for reuse) ends the impersonations they opened too", async () => {
    const db = await getDb();
    const admin = await freshAdmin();
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, admin.id));
    const laptop = await login(db, { email: row.email, password: DEMO_PASSWORD }, { ip: '10.9.0.1' });
    // Whoever holds a copy of the laptop's tokens opens an impersonation, then refreshes the copy.
    const { accessToken, refreshToken } = (await impersonate(laptop.accessToken, ids['employer@demo.test'])).json.data;
    expect((await refresh(laptop.refreshToken)).status).toBe(200);
    // Past the grace of a rotation, the laptop presents the rotated token: reuse, the sign-in ends.
    await db.update(refreshTokens).set({ rotatedAt: new Date(Date.now() - 120_000) }).where(and(eq(refreshTokens.userId, admin.id), isNull(refreshTokens.impersonatorId)));
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
    expect((await read(laptop.accessToken)).status).toBe(401);
    expect((await read(accessToken)).status).toBe(401);
    expect((await refresh(refreshToken)).status).toBe(401);
  });

  it("signing out of the browser while impersonating ends the admin's own session too: a copy of the cookie gets nothing back by leaving", async () => {
    const db = await getDb();
    const admin = await freshAdmin();
    const login_ = await login(db, { email: (await db.select().from(users).where(eq(users.id, admin.id)))[0].email, password: DEMO_PASSWORD }, { ip: '10.9.9.8' });
    const own: ImpersonatingToken = { userId: admin.id, name: 'Ivy Admin', email: login_.email, roles: login_.userRoles, companyId: null, accessToken: login_.accessToken, refreshToken: login_.refreshToken, accessTokenExpiresAt: login_.accessTokenExpiresAt };
    // Another impersonation of theirs, opened through the API, ends with the browser's sign-out too.
    const viaApi = (await impersonate(admin.token, ids['companyadmin@demo.test'])).json.data;
    const imp = await startFromCookie(db, own, ids['employer@demo.test']);
    const cookie = `next-auth.session-token=${await encodeSessionCookie({ token: imp })}`;
    expect((await call(searchPost, { token: own.accessToken as string, url: 'http://localhost:3000/api/v1.0/companies/search', body: {} })).status).toBe(200);
    const out = await logoutPage(new NextRequest('http://localhost:3000/logout', { method: 'POST', headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' } }));
    expect(out.status).toBe(303);
    // Both ends recorded: the browser's impersonation and the one through the API.
    const ends = await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.impersonate.end'), eq(auditLog.actorId, admin.id)));
    expect(ends.map((e) => e.entityId).sort()).toEqual([String(ids['employer@demo.test']), String(ids['companyadmin@demo.test'])].sort());
    // The copy of the cookie: leaving the impersonation puts the admin's tokens back, and they are dead.
    const copy = await leaveFromCookie(db, imp);
    expect(copy.accessToken).toBe(own.accessToken);
    expect((await call(searchPost, { token: copy.accessToken as string, url: 'http://localhost:3000/api/v1.0/companies/search', body: {} })).status).toBe(401);
    expect((await refresh(copy.refreshToken as string)).status).toBe(401);
    expect((await read(imp.accessToken as string)).status).toBe(401);
    expect((await read(viaApi.accessToken)).status).toBe(401);
  });
});

describe('GET /api/auth/impersonation?next= (leaving, then going on)', () => {
  const leave = (next: string) => call(leaveGet, { url: `http://localhost:3000/api/auth/impersonation?next=${next}` });

  it('goes on to a path of ours, with its query', async () => {
    const res = await leave(encodeURIComponent('/news?page=2'));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/news?page=2');
  });

  // `next start` builds a handler's request URL from its own hostname and port: behind a proxy the
  // request reads http://localhost:3000, and going on from there left the admin on localhost.
  it('goes on at the address the browser used (a relative Location), not the one the request reached the server on', async () => {
    const before = process.env.APP_URL;
    process.env.APP_URL = 'https://jobs.example.test';
    try {
      const res = await leave(encodeURIComponent('/news?page=2'));
      expect(res.headers.get('location')).toBe('/news?page=2');
    } finally {
      if (before === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = before;
    }
  });

  it('sent by another site, an impersonating admin is asked to click before the impersonation ends (a link elsewhere ended it)', async () => {
    const db = await getDb();
    const admin = await adminCookieToken();
    const imp = await startFromCookie(db, admin, ids['employer@demo.test']);
    const cookie = `next-auth.session-token=${await encodeSessionCookie({ token: imp })}`;
    const url = 'http://localhost:3000/api/auth/impersonation?next=%2Fadmin%2Fjobs';
    const visit = (site: string) => leaveGet(new NextRequest(url, { headers: { cookie, 'sec-fetch-site': site } }));
    for (const site of ['cross-site', 'same-site']) {
      const asked = await visit(site);
      expect(asked.status).toBe(200);
      expect(asked.headers.get('set-cookie')).toBeNull();
      const html = await asked.text();
      expect(html).toContain('<a href="/api/auth/impersonation?next=%2Fadmin%2Fjobs">Leave the impersonation and go on</a>');
      // Still impersonating: the impersonated session works.
      expect((await call(employerGet, { token: imp.accessToken as string })).status).toBe(200);
    }
    // The click comes from our own page: left, and on to next.
    const left = await visit('same-origin');
    expect(left.status).toBe(307);
    expect(left.headers.get('location')).toBe('/admin/jobs');
    expect(left.headers.get('set-cookie')).toMatch(/next-auth\.session-token=/);
    expect((await call(employerGet, { token: imp.accessToken as string })).status).toBe(401);
  });

  it.each(['/%5Cevil.test/phish', '/%09/evil.test', '%2F%2Fevil.test', 'https%3A%2F%2Fevil.test%2F', '/%0A/evil.test', '', 'javascript:alert(1)'])(
    'never leaves the site: next=%s goes to the admin home',
    async (next) => {
      const res = await leave(next);
      expect(res.headers.get('location')).toBe('/admin/company-list');
    },
  );
});
