import { eq } from 'drizzle-orm';
import { GET as tokenGet } from '@/app/api/v1.0/auth/email-check-token/route';
import { POST as validatePost } from '@/app/api/v1.0/auth/validate-employer-email/route';
import { POST as signupPost } from '@/app/api/v1.0/auth/signup/route';
import { getDb } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { login } from '@/lib/auth/login';
import { signAccessToken, signPurposeToken } from '@/lib/auth/tokens';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';

beforeAll(seed);

let ipCounter = 0;
const freshIp = () => `172.16.${++ipCounter}.1`;

const valid = {
  email: 'new.owner@fleet.test',
  password: 'Haul1234!',
  first_name: 'Maria',
  last_name: 'Lopez',
  phone: '(214)555-0188',
  role: 'employer',
  tn_newsletters: true,
};

const signup = (body: Record<string, unknown>, ip = freshIp()) => call(signupPost, { body, headers: { 'x-forwarded-for': ip } });

async function checkToken() {
  const res = await call(tokenGet);
  expect(res.status).toBe(200);
  return res.json.data.token as string;
}

const check = async (email: string, token?: string) => call(validatePost, { body: { email }, token: token ?? (await checkToken()), headers: { 'x-forwarded-for': freshIp() } });

describe('POST /api/v1.0/auth/validate-employer-email', () => {
  it('hands out a token that lives 5 seconds', async () => {
    const res = await call(tokenGet);
    expect(res.json.data.expiresIn).toBe(5);
    const [, payload] = res.json.data.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(5);
    expect(claims.aud).toBe('email-check');
  });

  it('answers a new email as not existing', async () => {
    const res = await check('brand.new@fleet.test');
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ exists: false, missingRole: false });
  });

  it('sends an existing driver to fast login (missing role)', async () => {
    const res = await check('driver@demo.test');
    expect(res.json.data).toEqual({ exists: true, missingRole: true, message: 'Email already exists.' });
  });

  it.each(['employer@demo.test', 'companyadmin@demo.test', 'admin@demo.test', 'EMPLOYER@Demo.test'])('sends %s to login (no role missing)', async (email) => {
    const res = await check(email);
    expect(res.json.data).toEqual({ exists: true, missingRole: false, message: 'Email already exists.' });
  });

  it('refuses a call without a token, with a forged, foreign or expired token', async () => {
    expect((await call(validatePost, { body: { email: 'driver@demo.test' } })).status).toBe(401);
    const token = await checkToken();
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await check('driver@demo.test', forged)).status).toBe(401);
    const otherPurpose = await signPurposeToken('email-verification', {}, 5);
    expect((await check('driver@demo.test', otherPurpose)).status).toBe(401);
    const accessToken = await signAccessToken({ userId: 1, roles: [] });
    expect((await check('driver@demo.test', accessToken)).status).toBe(401);

    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'setInterval'] });
    jest.setSystemTime(Date.now() + 6_000);
    const expired = await check('driver@demo.test', token);
    jest.useRealTimers();
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual({ errors: [{ message: 'Unauthorized' }] });
  });

  it.each([
    ['', "This is required — you'll need to enter an email."],
    ['a@b.c', 'Needs to be a valid email.'],
    ['not-an-email', 'Needs to be a valid email.'],
    [`${'x'.repeat(60)}@fleet.test`, 'Needs to be a valid email.'],
  ])('validates the email %p', async (email, message) => {
    const res = await check(email);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message, field: 'email' }]);
  });

  it('rate-limits checks per client address', async () => {
    const ip = '198.51.100.7';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await call(validatePost, { body: { email: 'x@fleet.test' }, token: await checkToken(), headers: { 'x-forwarded-for': ip } })).status;
    }
    expect(last).toBe(429);
  });
});

describe('POST /api/v1.0/auth/signup', () => {
  it('creates an employer with a hashed password, answers its id, and the account can sign in', async () => {
    const res = await signup(valid);
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({ id: expect.any(Number) });
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, res.json.data.id));
    expect(user).toMatchObject({ email: 'new.owner@fleet.test', firstName: 'Maria', lastName: 'Lopez', phone: '+12145550188', tnNewsletters: true, companyId: null });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
    expect(roles.map((r) => r.role)).toEqual(['Employer']);
    const session = await login(db, { email: valid.email, password: valid.password }, { ip: '10.9.9.9' });
    expect(new URL(session.redirect).pathname).toBe('/company-info');
  });

  it('answers 409 for an email that already exists, whatever its case', async () => {
    const res = await signup({ ...valid, email: 'Employer@Demo.test' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ errors: [{ message: 'Email already exists.', field: 'email' }] });
  });

  it("refuses the address a deleted account's email becomes, so no one can block another user's deletion", async () => {
    for (const email of ['deleted+20@invalid.local', 'Someone@Invalid.Local']) {
      const res = await signup({ ...valid, email });
      expect(res.status).toBe(422);
      expect(res.json.errors[0]).toEqual({ message: 'Needs to be a valid email.', field: 'email' });
    }
  });

  it('defaults the role to employer and tn_newsletters to false; member makes a driver', async () => {
    const { role, tn_newsletters, ...rest } = valid;
    void role;
    void tn_newsletters;
    const res = await signup({ ...rest, email: 'defaults@fleet.test' });
    expect(res.status).toBe(201);
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, res.json.data.id));
    expect(user.tnNewsletters).toBe(false);
    const member = await signup({ ...valid, email: 'member@fleet.test', role: 'member' });
    const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, member.json.data.id));
    expect(roles.map((r) => r.role)).toEqual(['Driver']);
  });

  it('never signs anyone up as an admin', async () => {
    const res = await signup({ ...valid, email: 'sneaky@fleet.test', role: 'admin' });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].field).toBe('role');
  });

  it.each([
    ['+1 214 555 0199', '+12145550199'],
    ['12145550198', '+12145550198'],
    ['214.555.0197', '+12145550197'],
  ])('accepts the phone %p and stores it as %p', async (phone, stored) => {
    const res = await signup({ ...valid, email: `p${stored.slice(-4)}@fleet.test`, phone });
    expect(res.status).toBe(201);
    const [user] = await (await getDb()).select().from(users).where(eq(users.id, res.json.data.id));
    expect(user.phone).toBe(stored);
  });

  it.each([
    ['email', undefined, "This is required — you'll need to enter an email."],
    ['email', '', "This is required — you'll need to enter an email."],
    ['email', 'bad@', 'Needs to be a valid email.'],
    ['first_name', undefined, 'You must enter your name'],
    ['first_name', '', 'You must enter your name'],
    ['first_name', 'M', 'Needs to be a valid name.'],
    ['first_name', 'M4ria', 'Needs to be a valid name.'],
    ['last_name', 'De  la Cruz', 'Needs to be a valid name.'],
    ['last_name', 'x'.repeat(101), 'Needs to be a valid name.'],
    ['password', undefined, 'No password provided.'],
    ['password', '', 'No password provided.'],
    ['password', 'Ab1!', 'Password is too short - It should be at least 8 characters.'],
    ['password', `Ab1!${'x'.repeat(61)}`, 'Password is too long - should be up to 64 chars.'],
    ['password', 'haul1234!', 'At least 1 number,1 symbol (@$!#%*?&) and 1 uppercase letter.'],
    ['password', 'Haulhaul!', 'At least 1 number,1 symbol (@$!#%*?&) and 1 uppercase letter.'],
    ['password', 'Haul12345', 'At least 1 number,1 symbol (@$!#%*?&) and 1 uppercase letter.'],
    ['phone', undefined, 'No phone provided'],
    ['phone', '', 'No phone provided'],
    ['phone', '(214)555-018', 'Phone numbers should have 10 digits'],
    ['phone', '214555018899', 'Phone numbers should have 10 digits'],
    ['phone', 'call me', 'Should contain a valid number'],
    ['phone', '(114)555-0188', 'Should contain a valid number'],
  ])('rejects %s = %p with %p', async (field, value, message) => {
    const body: Record<string, unknown> = { ...valid, email: 'rules@fleet.test' };
    if (value === undefined) delete body[field];
    else body[field] = value;
    const res = await signup(body);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message, field }]);
  });

  it('accepts names with accents, apostrophes and hyphens', async () => {
    const res = await signup({ ...valid, email: 'names@fleet.test', first_name: 'José María', last_name: "O'Brien-Núñez" });
    expect(res.status).toBe(201);
  });

  it('rate-limits sign-ups per client address', async () => {
    const ip = '203.0.113.9';
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await signup({ ...valid, email: `bulk${i}@fleet.test` }, ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
