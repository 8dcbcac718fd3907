import { and, eq } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import { POST as getAdmins } from '@/app/api/v1.0/admin/get-admins/route';
import { POST as createAdminPost } from '@/app/api/v1.0/admin/admins/route';
import { GET as employerGet, PATCH as employerPatch } from '@/app/api/v1.0/admin/employer/[id]/route';
import { PATCH as changePassword } from '@/app/api/v1.0/admin/employers/change-password/route';
import { POST as contactPost } from '@/app/api/v1.0/admin/contact_review_job/route';
import { GET as meGet, PATCH as mePatch } from '@/app/api/v1.0/employer/route';
import { hashPassword } from '@/lib/auth/passwords';
import { DEMO_PASSWORD } from '@/lib/db/seed/accounts';
import { POST as tokenPassword } from '@/app/api/v1.0/auth/token-password/route';
import { POST as verifyTokenPassword } from '@/app/api/v1.0/auth/verify-token-password/route';
import { getDb } from '@/lib/db/client';
import { auditLog, emailOutbox, jobReviewMessages, userRoles, users } from '@/lib/db/schema';
import { DRIVER_ACCOUNT_OWN } from '@/lib/auth/messages';
import { createJobAs } from '../jobs/helpers';
import { codeFor } from '../accounts/helpers';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { adminCallTokens } from './helpers';

let t: Awaited<ReturnType<typeof adminCallTokens>>;
const id: Record<string, number> = {};

beforeAll(async () => {
  await seed();
  t = await adminCallTokens();
  const db = await getDb();
  for (const email of ['employer@demo.test', 'admin@demo.test', 'superadmin@demo.test', 'driver@demo.test']) id[email] = (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
});

describe('POST /admin/get-admins and admin create', () => {
  const url = 'http://localhost:3000/api/v1.0/admin/get-admins';
  it('lists super admins and admins oldest first with pagination; filters by name', async () => {
    const res = await call(getAdmins, { token: t.allowed.admin, url, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data.map((a: { email: string }) => a.email)).toEqual(['superadmin@demo.test', 'admin@demo.test']);
    expect(res.json.data[0]).toEqual({ id: expect.any(Number), email: 'superadmin@demo.test', first_name: 'Sara', last_name: 'Super', full_name: 'Sara Super', created_at: expect.any(String), updated_at: expect.any(String) });
    expect(res.json.pagination).toEqual({ offset: 0, limit: 50, total: 2 });
    const adam = await call(getAdmins, { token: t.allowed.admin, url, body: { filters: [{ field: 'full_name', operator: 'ilike', value: 'adam' }] } });
    expect(adam.json.data.map((a: { email: string }) => a.email)).toEqual(['admin@demo.test']);
  });

  it('creates an admin with the sign-up rules (audited), refuses a taken email and a weak password', async () => {
    const body = { first_name: 'Nina', last_name: 'New', email: 'nina.admin@demo.test', password: 'Str0ng!Pass' };
    const res = await call(createAdminPost, { token: t.allowed.superAdmin, body });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ email: 'nina.admin@demo.test', full_name: 'Nina New' });
    expect(await tokenFor('nina.admin@demo.test', 'Str0ng!Pass')).toEqual(expect.any(String));
    expect((await call(createAdminPost, { token: t.allowed.admin, body })).status).toBe(409);
    const weak = await call(createAdminPost, { token: t.allowed.admin, body: { ...body, email: 'weak@demo.test', password: 'password' } });
    expect(weak.status).toBe(422);
    expect(weak.json.errors[0].message).toBe('At least 1 number,1 symbol (@$!#%*?&) and 1 uppercase letter.');
  });

  it("filters the created date by the day the grid prints (the portal's zone), not the UTC day", async () => {
    const db = await getDb();
    // 9 pm Eastern on April 20th: the 21st in UTC.
    const [late] = await db.insert(users).values({ email: 'late.admin@demo.test', firstName: 'Lena', lastName: 'Late', createdAt: new Date('2026-04-21T01:00:00Z') }).returning();
    await db.insert(userRoles).values({ userId: late.id, role: ROLES.ADMIN });
    try {
      const on = async (value: string) =>
        (await call(getAdmins, { token: t.allowed.admin, url, body: { filters: [{ field: 'created_at', operator: 'equals', value }] } })).json.data.map((a: { email: string }) => a.email);
      expect(await on('2026-04-20')).toEqual(['late.admin@demo.test']);
      expect(await on('2026-04-21')).toEqual([]);
    } finally {
      await db.delete(userRoles).where(eq(userRoles.userId, late.id));
      await db.delete(users).where(eq(users.id, late.id));
    }
  });

  it('is refused to every role but super admin and admin', async () => {
    for (const token of Object.values(t.refused)) {
      expect((await call(getAdmins, { token, url, body: {} })).status).toBe(403);
      expect((await call(createAdminPost, { token, body: { first_name: 'No', last_name: 'Way', email: 'noway@demo.test', password: 'Str0ng!Pass' } })).status).toBe(403);
    }
  });
});

describe('an admin helping a company user', () => {
  it('changes name and phone (audited with who and whom), and refuses an admin or a driver account', async () => {
    const params = { id: String(id['employer@demo.test']) };
    expect((await call(employerGet, { token: t.allowed.admin, params })).json.data).toMatchObject({ email: 'employer@demo.test' });
    const res = await call(employerPatch, { method: 'PATCH', token: t.allowed.admin, params, body: { first_name: 'Emmy', phone: '(214)555-0199' } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ first_name: 'Emmy', phone: '2145550199' });
    const db = await getDb();
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.update_by_admin'), eq(auditLog.entityId, params.id)));
    expect(audit).toMatchObject({ actorId: id['admin@demo.test'], data: { fields: ['first_name', 'phone'] } });
    expect((await call(employerPatch, { method: 'PATCH', token: t.allowed.admin, params: { id: String(id['superadmin@demo.test']) }, body: { first_name: 'Hack' } })).status).toBe(403);
    expect((await call(employerPatch, { method: 'PATCH', token: t.allowed.admin, params: { id: String(id['driver@demo.test']) }, body: { first_name: 'Hack' } })).status).toBe(403);
    for (const token of Object.values(t.refused)) expect((await call(employerPatch, { method: 'PATCH', token, params, body: { first_name: 'Nope' } })).status).toBe(403);
  });

  it('audits only the fields that changed (the form sends them all), and nothing for a save that changes nothing', async () => {
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
    const params = { id: String(user.id) };
    const entries = async () => db.select().from(auditLog).where(and(eq(auditLog.action, 'user.update_by_admin'), eq(auditLog.entityId, params.id)));
    const same = { first_name: user.firstName, last_name: user.lastName, email: user.email };
    expect((await call(employerPatch, { method: 'PATCH', token: t.allowed.admin, params, body: same })).status).toBe(200);
    expect(await entries()).toHaveLength(0);
    expect((await call(employerPatch, { method: 'PATCH', token: t.allowed.admin, params, body: { ...same, phone: '(214)555-0177' } })).status).toBe(200);
    expect((await entries()).map((e) => e.data)).toEqual([{ fields: ['phone'] }]);
  });

  it('a new email set by an admin is not verified: the account is mailed a link to confirm it', async () => {
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
    expect(user.emailVerifiedAt).not.toBeNull();
    const res = await call(employerPatch, { method: 'PATCH', token: t.allowed.admin, params: { id: String(user.id) }, body: { email: 'cam.new@elsewhere.test' } });
    expect(res.status).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ email: 'cam.new@elsewhere.test', emailVerifiedAt: null });
    const mail = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'cam.new@elsewhere.test'), eq(emailOutbox.kind, 'email_verification')));
    expect(mail).toHaveLength(1);
    await db.update(users).set({ email: user.email, emailVerifiedAt: user.emailVerifiedAt }).where(eq(users.id, user.id));
  });

  it("a new email set by an admin over the user's own pending change takes that change's verification mail out of the outbox", async () => {
    const db = await getDb();
    const [{ companyId }] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'employer@demo.test'));
    const [member] = await db
      .insert(users)
      .values({ email: 'pending.member@demo.test', firstName: 'Pia', lastName: 'Pending', companyId, passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date() })
      .returning();
    await db.insert(userRoles).values({ userId: member.id, role: ROLES.EMPLOYER });
    // The member asks to move to an address of their own: its link is queued.
    const own = await call(mePatch, { method: 'PATCH', token: await tokenFor(member.email), body: { email: 'pia.typo@elsewhere.test' } });
    expect(own.status).toBe(200);
    const pendingMail = () => db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'pia.typo@elsewhere.test'), eq(emailOutbox.kind, 'email_verification')));
    expect(await pendingMail()).toHaveLength(1);
    // Support sets the right address instead: the pending one is dropped, and so is the mail that named the account.
    const res = await call(employerPatch, { method: 'PATCH', token: t.allowed.admin, params: { id: String(member.id) }, body: { email: 'pia.right@elsewhere.test' } });
    expect(res.status).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, member.id));
    expect(after).toMatchObject({ email: 'pia.right@elsewhere.test', emailToVerify: null });
    expect(await pendingMail()).toHaveLength(0);
  });

  it("never sets the password, email or name of a company member who also uses TNA as a driver: that hands over their driver account", async () => {
    const db = await getDb();
    const [{ companyId }] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'employer@demo.test'));
    const [founder] = await db.insert(users).values({ email: 'founder.driver@demo.test', firstName: 'Fay', lastName: 'Founder', companyId }).returning();
    await db.insert(userRoles).values(['Driver', 'Employer', 'TNCompanyAdmin'].map((role) => ({ userId: founder.id, role: role as never })));
    const password = await call(changePassword, { method: 'PATCH', token: t.allowed.admin, body: { employer_id: founder.id, password: 'N3w!Password' } });
    expect(password.status).toBe(403);
    expect(password.json.errors[0].message).toBe(DRIVER_ACCOUNT_OWN);
    for (const body of [{ email: 'taken.over@elsewhere.test' }, { first_name: 'Someone' }]) {
      expect((await call(employerPatch, { method: 'PATCH', token: t.allowed.admin, params: { id: String(founder.id) }, body })).status).toBe(403);
    }
    const [after] = await db.select().from(users).where(eq(users.id, founder.id));
    expect([after.passwordHash, after.email, after.firstName]).toEqual([null, 'founder.driver@demo.test', 'Fay']);
    // Reading them, as support does, is still allowed.
    expect((await call(employerGet, { token: t.allowed.admin, params: { id: String(founder.id) } })).status).toBe(200);
  });

  it('sets a new password: the old sessions end, a reset code mailed before no longer works, the new password signs in, the audit names the admin', async () => {
    for (const token of Object.values(t.refused)) expect((await call(changePassword, { method: 'PATCH', token, body: { employer_id: id['employer@demo.test'], password: 'N3w!Password' } })).status).toBe(403);
    const before = await tokenFor('employer@demo.test');
    const headers = { 'x-forwarded-for': '172.16.9.1' };
    expect((await call(tokenPassword, { body: { email: 'employer@demo.test' }, headers })).status).toBe(200);
    const code = await codeFor('employer@demo.test');
    const res = await call(changePassword, { method: 'PATCH', token: t.allowed.superAdmin, body: { employer_id: id['employer@demo.test'], password: 'N3w!Password' } });
    expect(res.status).toBe(200);
    expect((await call(meGet, { token: before })).status).toBe(401);
    expect((await call(verifyTokenPassword, { body: { email: 'employer@demo.test', code }, headers })).status).toBe(422);
    expect(await tokenFor('employer@demo.test', 'N3w!Password')).toEqual(expect.any(String));
    const db = await getDb();
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'password.set_by_admin'));
    expect(audit).toMatchObject({ actorId: id['superadmin@demo.test'], entityId: String(id['employer@demo.test']) });
    expect((await call(changePassword, { method: 'PATCH', token: t.allowed.admin, body: { employer_id: id['employer@demo.test'], password: 'short' } })).status).toBe(422);
  });
});

describe('POST /admin/contact_review_job', () => {
  it('mails the company and keeps the message with the job; subject and message are required', async () => {
    const jobId = await createJobAs(await tokenFor('companyadmin@demo.test'));
    const res = await call(contactPost, { token: t.allowed.admin, body: { job_id: jobId, subject: 'Your posting', message: 'Please add the pay range.' } });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ job_id: jobId, subject: 'Your posting', sent_to: 'billing@demo.test' });
    const db = await getDb();
    expect(await db.select().from(jobReviewMessages).where(eq(jobReviewMessages.jobId, jobId))).toHaveLength(1);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact_review_job'));
    expect(mail).toMatchObject({ toAddress: 'billing@demo.test', subject: 'Your posting' });
    expect(mail.text).toContain('Please add the pay range.');
    const empty = await call(contactPost, { token: t.allowed.admin, body: { job_id: jobId, subject: ' ', message: '' } });
    expect(empty.status).toBe(422);
    expect((await call(contactPost, { token: t.allowed.admin, body: { job_id: 999999, subject: 'a', message: 'b' } })).status).toBe(404);
    // The employer's sessions ended with the password change above: sign in again with the new one.
    const refused = { ...t.refused, employer: await tokenFor('employer@demo.test', 'N3w!Password') };
    for (const token of Object.values(refused)) expect((await call(contactPost, { token, body: { job_id: jobId, subject: 'a', message: 'b' } })).status).toBe(403);
  });
});
