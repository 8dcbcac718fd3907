import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DELETE as deleteMe, GET as getMe } from '@/app/api/v1.0/members/me/route';
import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { POST as impersonatePost } from '@/app/api/v1.0/auth/login/impersonate/route';
import { POST as changePasswordPost } from '@/app/api/v1.0/auth/change-password/route';
import { DELETE as sessionsDelete, GET as sessionsGet } from '@/app/api/v1.0/auth/sessions/route';
import { DELETE as sessionDelete } from '@/app/api/v1.0/auth/sessions/[id]/route';
import { PATCH as employerPatch } from '@/app/api/v1.0/employer/route';
import { POST as refreshPost } from '@/app/api/v1.0/auth/refresh/route';
import { POST as tokenPassword } from '@/app/api/v1.0/auth/token-password/route';
import { PUT as picturePut } from '@/app/api/v1.0/account/picture/route';
import { ROLES } from '@/lib/access';
import { impersonationRefusal } from '@/lib/auth/impersonation';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { emailOutbox, socialIdentities, userRoles, users } from '@/lib/db/schema';
import { DiskStorage, setStorage, storage } from '@/lib/storage';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';
import { PASSWORD, makeUser, signIn } from './helpers';

beforeAll(seed);
const uploads = withTempStorage('member-pictures');

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
    await (await getDb()).insert(socialIdentities).values({ userId: user.id, provider: 'google', subject: `g-${user.id}`, email: user.email });

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
    expect(await db.select().from(socialIdentities).where(eq(socialIdentities.userId, user.id))).toHaveLength(0);

    const login = await call(loginPost, { body: { email: user.email, password: PASSWORD }, headers: { 'x-forwarded-for': '172.17.0.2' } });
    expect(login.status).toBe(401);
    expect(login.json.errors[0].message).toBe('This email or password is wrong.');
    expect((await call(getMe, { token: first.accessToken })).status).toBe(401);
    expect((await call(getMe, { token: second.accessToken })).status).toBe(401);
    expect((await call(refreshPost, { token: second.refreshToken })).status).toBe(401);
    expect((await call(deleteMe, { method: 'DELETE', token: first.accessToken })).status).toBe(401);
  });

  /** Uploads a profile picture for the signed-in user; answers its storage key. */
  async function uploadPicture(userId: number, token: string) {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1f57d0' } }).png().toBuffer();
    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    expect((await call(picturePut, { method: 'PUT', token, rawBody: form })).status).toBe(200);
    const [row] = await (await getDb()).select({ picture: users.profilePicture }).from(users).where(eq(users.id, userId));
    expect(await storage().get(row.picture!)).not.toBeNull();
    return row.picture!;
  }

  it('removes the stored profile picture file, not only its key', async () => {
    const user = await makeUser();
    const { accessToken } = await signIn(user.email);
    const key = await uploadPicture(user.id, accessToken);
    expect((await call(deleteMe, { method: 'DELETE', token: accessToken })).status).toBe(200);
    const [row] = await (await getDb()).select({ picture: users.profilePicture }).from(users).where(eq(users.id, user.id));
    expect(row.picture).toBeNull();
    expect(await storage().get(key)).toBeNull();
  });

  it('still deletes the account when removing the picture file fails (the failure is logged)', async () => {
    const user = await makeUser();
    const { accessToken } = await signIn(user.email);
    await uploadPicture(user.id, accessToken);
    const failing = new DiskStorage(uploads);
    failing.delete = () => Promise.reject(new Error('storage down'));
    setStorage(failing);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect((await call(deleteMe, { method: 'DELETE', token: accessToken })).status).toBe(200);
      expect(stderr.mock.calls.map(([line]) => String(line)).join('')).toContain('its profile picture could not be removed');
    } finally {
      stderr.mockRestore();
      setStorage(new DiskStorage(uploads));
    }
    const [row] = await (await getDb()).select({ deletedAt: users.deletedAt, picture: users.profilePicture }).from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.picture).toBeNull();
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

describe('while an admin impersonates the user', () => {
  /** A company user of the demo company, and an admin's impersonated session as them. */
  async function impersonatedCompanyUser() {
    const db = await getDb();
    const user = await makeUser({ role: ROLES.EMPLOYER });
    const [demo] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'employer@demo.test'));
    await db.update(users).set({ companyId: demo.companyId }).where(eq(users.id, user.id));
    const res = await call(impersonatePost, {
      token: await tokenFor('admin@demo.test'),
      url: 'http://localhost:3000/api/v1.0/auth/login/impersonate',
      query: { user_id: user.id },
      body: { user_id: user.id },
    });
    expect(res.status).toBe(200);
    return { user, imp: res.json.data.accessToken as string };
  }
  const refused = (res: { status: number; json: { errors: { message: string }[] } }, what: string) => {
    expect(res.status).toBe(403);
    expect(res.json.errors[0].message).toBe(impersonationRefusal(what));
  };

  it('refuses deleting the account (403); the account and its data stay', async () => {
    const { user, imp } = await impersonatedCompanyUser();
    refused(await call(deleteMe, { method: 'DELETE', token: imp }), 'delete the account');
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Pat', email: user.email, active: true, deletedAt: null });
    expect((await call(getMe, { token: imp })).status).toBe(200);
  });

  it("refuses listing the user's sessions (403): where they sign in from stays theirs; they still see it", async () => {
    const { user, imp } = await impersonatedCompanyUser();
    const own = await signIn(user.email);
    refused(await call(sessionsGet, { token: imp }), 'see where the user is signed in');
    const mine = await call(sessionsGet, { token: own.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.json.data.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses the password, a new email and signing the user out elsewhere (403); the name and phone can still be fixed', async () => {
    const { user, imp } = await impersonatedCompanyUser();
    const own = await signIn(user.email);
    refused(await call(changePasswordPost, { token: imp, body: { old_password: PASSWORD, password: 'Newer1234!' } }), 'change the password');
    refused(await call(employerPatch, { method: 'PATCH', token: imp, body: { email: `taken-over-${user.email}` } }), 'change the email address');
    refused(await call(sessionsDelete, { method: 'DELETE', token: imp }), 'sign the user out of their sessions');
    const ownSid = (await verifyAccessToken(own.accessToken))!.sid!;
    refused(await call(sessionDelete, { method: 'DELETE', token: imp, params: { id: ownSid } }), 'sign the user out of their sessions');
    expect((await call(getMe, { token: own.accessToken })).status).toBe(200);
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, emailToVerify: null, passwordHash: user.passwordHash });
    const named = await call(employerPatch, { method: 'PATCH', token: imp, body: { first_name: 'Petra' } });
    expect(named.status).toBe(200);
    // Leaving ends the impersonated session itself: that one is the admin's to end.
    const impSid = (await verifyAccessToken(imp))!.sid!;
    expect((await call(sessionDelete, { method: 'DELETE', token: imp, params: { id: impSid } })).status).toBe(200);
  });
});
