import { eq } from 'drizzle-orm';
import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { GET as tokenGet } from '@/app/api/v1.0/auth/email-check-token/route';
import { POST as validatePost } from '@/app/api/v1.0/auth/validate-employer-email/route';
import { ROLES, type Role } from '@/lib/access';
import { FAST_LOGIN_COOKIE, isCheckedDriverEmail } from '@/lib/accounts/fast-login';
import { getDb } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { signPurposeToken } from '@/lib/auth/tokens';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { PASSWORD, makeUser } from '../accounts/helpers';

beforeAll(seed);

let ipN = 0;
const freshIp = () => `10.77.${ipN++ % 250}.${1 + Math.floor(ipN / 250)}`;
const createRole = (email: string, password = 'Demo1234!') =>
  call(loginPost, { body: { email, password, device_id: 'abcd1234', role: 'employer', create_role: true }, headers: { 'x-forwarded-for': freshIp() } });

async function rolesOf(email: string) {
  const db = await getDb();
  const rows = await db.select({ role: userRoles.role }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).where(eq(users.email, email));
  return rows.map((r) => r.role).sort();
}

describe('POST /auth/login with create_role (driver to company)', () => {
  it('gives a driver the Employer role', async () => {
    const driver = await makeUser({ role: ROLES.DRIVER });
    const res = await createRole(driver.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.data.userRoles).toEqual(expect.arrayContaining([ROLES.DRIVER, ROLES.EMPLOYER]));
    expect(await rolesOf(driver.email)).toEqual([ROLES.DRIVER, ROLES.EMPLOYER].sort());
  });

  it.each([ROLES.NEWS_CONTRIBUTOR, ROLES.NEWS_ADMIN, ROLES.ADS_ADMIN, ROLES.INTERNAL_USER, ROLES.ADMIN, ROLES.SUPER_ADMIN] as Role[])(
    'refuses a %s with 403 and changes no role',
    async (role) => {
      const user = await makeUser({ role });
      const res = await createRole(user.email, PASSWORD);
      expect(res.status).toBe(403);
      expect(res.json.errors[0].message).toBe('Only a driver account can create a company this way. Sign in to your account instead.');
      expect(await rolesOf(user.email)).toEqual([role]);
    },
  );

  it('refuses the demo news contributor', async () => {
    const res = await createRole('contributor@demo.test');
    expect(res.status).toBe(403);
    expect(await rolesOf('contributor@demo.test')).toEqual([ROLES.NEWS_CONTRIBUTOR]);
  });

  it('still answers 409 for an employer and 401 for a wrong password', async () => {
    expect((await createRole('employer@demo.test')).status).toBe(409);
    const driver = await makeUser({ role: ROLES.DRIVER });
    const wrong = await createRole(driver.email, 'Wrong1234!');
    expect(wrong.status).toBe(401);
    expect(wrong.json.errors[0].message).toBe('This email or password is wrong.');
    expect(await rolesOf(driver.email)).toEqual([ROLES.DRIVER]);
  });
});

describe('the fast-login page claims "already registered as a driver" only for the checked email', () => {
  async function checkedCookie(email: string) {
    const token = (await call(tokenGet)).json.data.token as string;
    const res = await call(validatePost, { body: { email }, token, headers: { 'x-forwarded-for': freshIp() } });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    const match = new RegExp(`${FAST_LOGIN_COOKIE}=([^;]*)`).exec(setCookie);
    return { res, value: match?.[1] ?? null, setCookie };
  }

  it('the email check of a driver leaves a short-lived, http-only proof for that email', async () => {
    const { value, setCookie, res } = await checkedCookie('driver@demo.test');
    expect(res.json.data).toEqual({ exists: true, missingRole: true, message: 'Email already exists.' });
    expect(value).toBeTruthy();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/fast-login/i);
    expect(await isCheckedDriverEmail('driver@demo.test', value)).toBe(true);
    expect(await isCheckedDriverEmail('DRIVER@demo.test', value)).toBe(true);
    expect(await isCheckedDriverEmail('someone.else@example.test', value)).toBe(false);
  });

  it('leaves no proof for an employer or a new email', async () => {
    expect((await checkedCookie('employer@demo.test')).value).toBeFalsy();
    expect((await checkedCookie('nobody.here@example.test')).value).toBeFalsy();
  });

  it('the query string alone, a forged or foreign proof claim nothing', async () => {
    expect(await isCheckedDriverEmail('anything@example.test', undefined)).toBe(false);
    expect(await isCheckedDriverEmail('anything@example.test', 'garbage')).toBe(false);
    const foreign = await signPurposeToken('email-verification', { email: 'anything@example.test' }, 600);
    expect(await isCheckedDriverEmail('anything@example.test', foreign)).toBe(false);
  });
});
