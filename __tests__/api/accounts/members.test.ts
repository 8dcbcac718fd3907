import { eq } from 'drizzle-orm';
import { DELETE as deleteMe, GET as getMe } from '@/app/api/v1.0/members/me/route';
import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { POST as refreshPost } from '@/app/api/v1.0/auth/refresh/route';
import { POST as tokenPassword } from '@/app/api/v1.0/auth/token-password/route';
import { getDb } from '@/lib/db/client';
import { emailOutbox, userRoles, users } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { PASSWORD, makeUser, signIn } from './helpers';

beforeAll(seed);

describe('GET /api/v1.0/members/me', () => {
  it('answers the signed-in user profile', async () => {
    const user = await makeUser({ verified: false });
    const { accessToken } = await signIn(user.email);
    const res = await call(getMe, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ firstName: 'Pat', lastName: 'Tester', email: user.email, phone: '2145550199', emailVerified: false, roles: ['Driver'] });
  });

  it('answers 401 without a token', async () => {
    expect((await call(getMe)).status).toBe(401);
  });
});

describe('DELETE /api/v1.0/members/me', () => {
  it('erases personal data, keeps the row, ends every session and refuses the old password', async () => {
    const user = await makeUser();
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    await call(tokenPassword, { body: { email: user.email }, headers: { 'x-forwarded-for': '172.17.0.1' } });

    const res = await call(deleteMe, { method: 'DELETE', token: first.accessToken });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ deleted: true, message: 'Your account has been deleted.' });

    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'Deleted',
      phone: null,
      email: `deleted+${user.id}@invalid.local`,
      passwordHash: null,
      active: false,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email))).toHaveLength(0);

    const login = await call(loginPost, { body: { email: user.email, password: PASSWORD }, headers: { 'x-forwarded-for': '172.17.0.2' } });
    expect(login.status).toBe(401);
    expect(login.json.errors[0].message).toBe('This email or password is wrong.');
    expect((await call(getMe, { token: first.accessToken })).status).toBe(401);
    expect((await call(getMe, { token: second.accessToken })).status).toBe(401);
    expect((await call(refreshPost, { token: second.refreshToken })).status).toBe(401);
    expect((await call(deleteMe, { method: 'DELETE', token: first.accessToken })).status).toBe(401);
  });

  it('frees the email for a new sign-up', async () => {
    const user = await makeUser();
    const { accessToken } = await signIn(user.email);
    await call(deleteMe, { method: 'DELETE', token: accessToken });
    const again = await makeUser();
    expect(again.id).not.toBe(user.id);
    const db = await getDb();
    await expect(db.update(users).set({ email: user.email }).where(eq(users.id, again.id))).resolves.toBeDefined();
  });

  it('answers 401 without a token', async () => {
    expect((await call(deleteMe, { method: 'DELETE' })).status).toBe(401);
  });
});
