/**
 * Server pages check the session cookie against the store, as the API does (issue 9, item 8): a
 * logout, a password change or an account deletion on another device ends the page session too.
 */
import { encode, type JWT } from 'next-auth/jwt';
import { DELETE as deleteMe } from '@/app/api/v1.0/members/me/route';
import { POST as changePasswordPost } from '@/app/api/v1.0/auth/change-password/route';
import { POST as logoutPost } from '@/app/api/v1.0/auth/logout/route';
import { authSecret } from '@/lib/config';
import { call } from '../helpers/http';
import { seed } from '../helpers/seed';
import { PASSWORD, makeUser, signIn } from '../api/accounts/helpers';

let mockCookies: { name: string; value: string }[] = [];
jest.mock('next/headers', () => ({
  cookies: async () => ({ getAll: () => mockCookies, get: (n: string) => mockCookies.find((c) => c.name === n) }),
  headers: async () => new Headers(),
}));

// Imported after the mock is in place.
import { getSessionUser, requireUser } from '@/lib/auth/server';
import { authOptions } from '@/lib/auth/next-auth';
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';

beforeAll(seed);

/** What the jwt callback keeps in the browser's cookie for a login. */
const tokenOf = (session: Awaited<ReturnType<typeof signIn>>): JWT => ({
  name: `${session.firstName} ${session.lastName}`,
  email: session.email,
  userId: session.id,
  roles: session.userRoles,
  companyId: session.companyId,
  accessToken: session.accessToken,
  refreshToken: session.refreshToken,
  accessTokenExpiresAt: session.accessTokenExpiresAt,
});

/** The browser's next-auth cookie for a login, as the jwt callback writes it. */
async function useCookieOf(session: Awaited<ReturnType<typeof signIn>>) {
  const value = await encode({ secret: authSecret(), token: tokenOf(session) });
  mockCookies = [{ name: 'next-auth.session-token', value }];
}

/** Where requireUser sends the request (Next's redirect() throws with the target in its digest). */
async function redirectOf(run: () => Promise<unknown>) {
  try {
    await run();
    return null;
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? '';
    if (!digest.startsWith('NEXT_REDIRECT')) throw error;
    return digest.split(';')[2];
  }
}

const membersGuard = ['Driver'] as const;
const CHANGE_BODY = { old_password: PASSWORD, password: 'Fresh5678#' };

describe('a server page session ends when the store says so', () => {
  it('a live session renders, also after its 15-minute access token has lapsed', async () => {
    const user = await makeUser();
    await useCookieOf(await signIn(user.email));
    expect(await getSessionUser()).toMatchObject({ id: user.id, roles: ['Driver'] });
    expect(await redirectOf(() => requireUser(membersGuard))).toBeNull();

    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'setInterval'] });
    try {
      jest.setSystemTime(Date.now() + 20 * 60 * 1000);
      expect(await getSessionUser()).toMatchObject({ id: user.id });
    } finally {
      jest.useRealTimers();
    }
  });

  it('after a logout elsewhere (the same session ended through the API)', async () => {
    const user = await makeUser();
    const session = await signIn(user.email);
    await useCookieOf(session);
    expect((await call(logoutPost, { token: session.accessToken, method: 'POST' })).status).toBe(200);
    expect(await getSessionUser()).toBeNull();
    expect(await redirectOf(() => requireUser(membersGuard))).toBe('/login?expired=1');
  });

  it('after a password change on another device', async () => {
    const user = await makeUser();
    const here = await signIn(user.email);
    const there = await signIn(user.email);
    await useCookieOf(here);
    const res = await call(changePasswordPost, {
      token: there.accessToken,
      body: CHANGE_BODY,
    });
    expect(res.status).toBe(200);
    expect(await redirectOf(() => requireUser(membersGuard))).toBe('/login?expired=1');
  });

  it('after the account was deleted', async () => {
    const user = await makeUser();
    const here = await signIn(user.email);
    const there = await signIn(user.email);
    await useCookieOf(here);
    expect((await call(deleteMe, { method: 'DELETE', token: there.accessToken })).status).toBe(200);
    expect(await getSessionUser()).toBeNull();
    expect(await redirectOf(() => requireUser('authenticated'))).toBe('/login?expired=1');
  });

  it('without any cookie: plain /login, no expired warning', async () => {
    mockCookies = [];
    expect(await getSessionUser()).toBeNull();
    expect(await redirectOf(() => requireUser('authenticated'))).toBe('/login');
  });
});

/**
 * next-auth's own GET /api/auth/session runs the jwt and session callbacks on the cookie. Within the
 * access token's 15 minutes it used to hand back the token unchecked, so a copy of the cookie (a
 * second tab, a stolen cookie) went on answering name, email and roles after the logout.
 */
describe("next-auth's session endpoint after the session ended elsewhere", () => {
  const { jwt, session: toSession } = authOptions().callbacks!;
  const answer = async (token: JWT) => {
    const checked = await jwt!({ token } as Parameters<NonNullable<typeof jwt>>[0]);
    const session = { expires: '2099-01-01T00:00:00.000Z', user: { name: token.name, email: token.email } };
    return (await toSession!({ session, token: checked } as unknown as Parameters<NonNullable<typeof toSession>>[0])) as unknown as { user?: { id: number }; error?: string };
  };

  it('names the user while the session lives, and nobody once it was logged out', async () => {
    const user = await makeUser();
    const session = await signIn(user.email);
    const copied = tokenOf(session);
    expect((await answer(copied)).user).toMatchObject({ id: user.id });

    expect((await call(logoutPost, { token: session.accessToken, method: 'POST' })).status).toBe(200);
    const after = await answer(copied);
    expect(after.user).toBeUndefined();
    expect(after.error).toBe('SessionEnded');
    expect(JSON.stringify(after)).not.toContain(user.email);
  });

  it('a page opened with the cookie the endpoint marked goes to /login with the expired warning', async () => {
    const user = await makeUser();
    const session = await signIn(user.email);
    expect((await call(logoutPost, { token: session.accessToken, method: 'POST' })).status).toBe(200);
    const marked = await jwt!({ token: tokenOf(session) } as Parameters<NonNullable<typeof jwt>>[0]);
    const value = await encode({ secret: authSecret(), token: marked as JWT });
    const res = await proxy(new NextRequest('http://localhost:3000/members/home', { headers: { cookie: `next-auth.session-token=${value}` } }));
    expect(new URL(res.headers.get('location')!).pathname + new URL(res.headers.get('location')!).search).toBe('/login?expired=1');
  });

  it('nobody after a password change on another device', async () => {
    const user = await makeUser();
    const here = await signIn(user.email);
    const there = await signIn(user.email);
    expect((await call(changePasswordPost, { token: there.accessToken, body: CHANGE_BODY })).status).toBe(200);
    expect((await answer(tokenOf(here))).user).toBeUndefined();
  });
});
