import { and, eq } from 'drizzle-orm';
import { GET as employerGet, PATCH as employerPatch } from '@/app/api/v1.0/employer/route';
import { GET as verifyEmail } from '@/app/api/v1.0/auth/verify-email/route';
import { ROLES } from '@/lib/access';
import { getDb } from '@/lib/db/client';
import { auditLog, users } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { PASSWORD, lastMailTo, makeUser, signIn } from './helpers';

beforeAll(seed);

const patch = (token: string, body: Record<string, unknown>) => call(employerPatch, { method: 'PATCH', token, body });

describe('PATCH /api/v1.0/employer (account settings)', () => {
  it('changes the name and phone and answers the current employer user', async () => {
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const { accessToken } = await signIn(user.email);
    const res = await patch(accessToken, { first_name: 'Nina', last_name: "O'Hara", phone: '(972)555-0123' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: user.id, first_name: 'Nina', last_name: "O'Hara", phone: '9725550123', email: user.email, email_to_verify: null });
  });

  it('audits the fields a save really changes (the form sends them all), a new email once it is pending, and nothing for a save that changes nothing', async () => {
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const { accessToken } = await signIn(user.email);
    const db = await getDb();
    const entries = async () => (await db.select().from(auditLog).where(and(eq(auditLog.action, 'account.update'), eq(auditLog.entityId, String(user.id)))).orderBy(auditLog.id)).map((e) => e.data);
    const form = { first_name: 'Nina', last_name: 'Hale', phone: '(972)555-0123', email: user.email };
    expect((await patch(accessToken, form)).status).toBe(200);
    expect(await entries()).toEqual([{ fields: ['first_name', 'last_name', 'phone'] }]);
    expect((await patch(accessToken, form)).status).toBe(200);
    expect(await entries()).toHaveLength(1);
    expect((await patch(accessToken, { ...form, email: `moved-${user.email}` })).status).toBe(200);
    expect((await entries())[1]).toEqual({ fields: ['email'], emailPending: true });
  });

  it('holds a new email as email_to_verify until its mailed link is followed; the old one signs in meanwhile', async () => {
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const { accessToken } = await signIn(user.email);
    const next = `new-${user.email}`;
    const res = await patch(accessToken, { email: next.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ email: user.email, email_to_verify: next });
    expect((await signIn(user.email)).accessToken).toBeTruthy();
    const mail = await lastMailTo(next, 'email_verification');
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect((await call(verifyEmail, { url: link.toString() })).status).toBe(303);
    const after = await call(employerGet, { token: (await signIn(next, PASSWORD)).accessToken });
    expect(after.json.data).toMatchObject({ email: next, email_to_verify: null, email_verified: true });
  });

  it('mails at most three new addresses in ten minutes: the fourth is refused (429) and changes nothing', async () => {
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const { accessToken } = await signIn(user.email);
    for (const n of [1, 2, 3]) expect((await patch(accessToken, { email: `try${n}-${user.email}` })).status).toBe(200);
    // The pending address sent back with another change is not a new mail.
    expect((await patch(accessToken, { first_name: 'Ann', email: `try3-${user.email}` })).status).toBe(200);
    const fourth = await patch(accessToken, { first_name: 'Zed', email: `try4-${user.email}` });
    expect(fourth.status).toBe(429);
    expect(fourth.json.errors[0].message).toMatch(/wait a few minutes/);
    expect(await lastMailTo(`try4-${user.email}`)).toBeFalsy();
    const me = (await call(employerGet, { token: accessToken })).json.data;
    expect(me).toMatchObject({ first_name: 'Ann', email_to_verify: `try3-${user.email}` });
  });

  it('asking for the current email again drops a pending change', async () => {
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const { accessToken } = await signIn(user.email);
    await patch(accessToken, { email: `pending-${user.email}` });
    expect(await lastMailTo(`pending-${user.email}`)).toBeTruthy();
    const res = await patch(accessToken, { email: user.email });
    expect(res.json.data.email_to_verify).toBeNull();
    // The dropped address's verification mail (it named this account) goes with it.
    expect(await lastMailTo(`pending-${user.email}`)).toBeFalsy();
  });

  it('refuses an email of another account (409), bad fields (422) and drivers (403), changing nothing', async () => {
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const { accessToken } = await signIn(user.email);
    const taken = await patch(accessToken, { email: 'driver@demo.test' });
    expect(taken.status).toBe(409);
    expect(taken.json.errors[0]).toEqual({ message: 'Email already exists.', field: 'email' });
    const bad = await patch(accessToken, { first_name: 'X', phone: '123' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['first_name', 'phone']);
    expect((await patch(accessToken, {})).status).toBe(422);
    expect((await patch(accessToken, { password: 'Haul1234!' })).status).toBe(422);
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Pat', emailToVerify: null, phone: '+12145550199' });
    const driver = await makeUser();
    expect((await patch((await signIn(driver.email)).accessToken, { first_name: 'Dan' })).status).toBe(403);
  });
});
