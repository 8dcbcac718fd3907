import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { POST as apiLogout } from '@/app/api/v1.0/auth/logout/route';
import { GET as employerGet } from '@/app/api/v1.0/employer/route';
import { GET as logoutPage, POST as logoutPost } from '@/app/logout/route';
import { login } from '@/lib/auth/login';
import { endSessionFamily, refreshSession } from '@/lib/auth/sessions';
import { authOptions } from '@/lib/auth/next-auth';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { authSecret } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/http';
import { seed } from '../helpers/seed';
import { SESSION_CHANNEL } from '@/lib/browser/session-channel';

beforeAll(seed);

const ORIGIN = 'http://localhost:3000';

/** Signs in like next-auth's credentials provider and answers the session cookie it would set. */
async function webSession(email = 'employer@demo.test') {
  const res = await login(await getDb(), { email, password: 'Demo1234!' }, { ip: `10.9.${Math.floor(Math.random() * 250)}.1` });
  const cookie = await encode({
    secret: authSecret(),
    token: { sub: String(res.id), userId: res.id, roles: res.userRoles, companyId: res.companyId, accessToken: res.accessToken, refreshToken: res.refreshToken, accessTokenExpiresAt: res.accessTokenExpiresAt },
  });
  return { ...res, cookie: `next-auth.session-token=${cookie}` };
}

const refreshFails = async (refreshToken: string) => refreshSession(await getDb(), refreshToken).then(() => false, () => true);

describe('POST /api/v1.0/auth/logout with the web session cookie', () => {
  it('revokes the session family, so the access and refresh tokens stop working', async () => {
    const s = await webSession();
    const res = await call(apiLogout, { method: 'POST', url: `${ORIGIN}/api/v1.0/auth/logout`, headers: { cookie: s.cookie, origin: ORIGIN, host: 'localhost:3000' } });
    expect(res.status).toBe(200);
    expect((await call(employerGet, { token: s.accessToken })).status).toBe(401);
    expect(await refreshFails(s.refreshToken)).toBe(true);
  });

  it('refuses a cookie-authenticated logout from another origin', async () => {
    const s = await webSession();
    const res = await call(apiLogout, { method: 'POST', url: `${ORIGIN}/api/v1.0/auth/logout`, headers: { cookie: s.cookie, origin: 'https://evil.test', host: 'localhost:3000' } });
    expect(res.status).toBe(403);
    expect((await call(employerGet, { token: s.accessToken })).status).toBe(200);
  });
});

describe('/logout (the logout route of spec §2)', () => {
  const post = (headers: Record<string, string>) => logoutPost(new NextRequest(`${ORIGIN}/logout`, { method: 'POST', headers: { host: 'localhost:3000', ...headers } }));

  it('GET answers a page that posts to itself instead of signing out on a prefetch', async () => {
    const res = logoutPage(new NextRequest(`${ORIGIN}/admin/logout`));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('method="post" action="/admin/logout"');
    // What the browser kept for the account (job drafts, sign-up steps) goes with the session (issue 9, item 12).
    const script = html.match(/<script[^>]*>([\s\S]*?)<\/script>/)![1].replace("document.getElementById('f').submit()", '');
    const store = (keys: string[]) => Object.assign(Object.fromEntries(keys.map((k) => [k, '1'])), { removeItem(this: Record<string, string>, k: string) { delete this[k]; } });
    const local = store(['tna.jobs.draft.new.u7', 'tna.deviceId', 'tna.nav', 'companyInfo']);
    const session = store(['signup', 'tna.resetToken']);
    // The account's other tabs hear of it (lib/browser/session-channel.ts).
    const other = new BroadcastChannel(SESSION_CHANNEL);
    const heard: unknown[] = [];
    other.onmessage = (e) => heard.push(e.data);
    new Function('localStorage', 'sessionStorage', script)(local, session);
    await new Promise((resolve) => setTimeout(resolve, 50));
    other.close();
    expect(heard).toEqual([expect.objectContaining({ type: 'signed-out' })]);
    expect(Object.keys(local).filter((k) => k !== 'removeItem')).toEqual(['tna.deviceId', 'tna.nav']);
    expect(Object.keys(session).filter((k) => k !== 'removeItem')).toEqual(['tna.resetToken']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET sent by another site waits for a click (another site signed its visitors out); from our pages or the address bar it goes on by itself', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const html = await logoutPage(new NextRequest(`${ORIGIN}/logout`, { headers: { 'sec-fetch-site': site } })).text();
      expect(html).toContain('<button type="submit"');
      expect(html).toContain('Do you want to log out?');
      expect(html).not.toContain('.submit()');
      // The click still forgets what the browser kept for the account.
      expect(html).toMatch(/addEventListener\('submit',\(\)=>\{try\{for\(const s of \[localStorage,sessionStorage\]\)/);
    }
    for (const site of ['same-origin', 'none']) {
      const html = await logoutPage(new NextRequest(`${ORIGIN}/logout`, { headers: { 'sec-fetch-site': site } })).text();
      expect(html).toContain("document.getElementById('f').submit()");
      expect(html).not.toContain('Do you want to log out?');
    }
  });

  it('POST revokes the session, clears the next-auth cookie and sends the user to /login', async () => {
    const s = await webSession();
    const res = await post({ cookie: s.cookie, origin: ORIGIN });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/login');
    expect(res.headers.get('set-cookie')).toMatch(/next-auth\.session-token=;/);
    expect(await refreshFails(s.refreshToken)).toBe(true);
    expect((await call(employerGet, { token: s.accessToken })).status).toBe(401);
  });

  it('POST from another origin is refused and signs nobody out', async () => {
    const s = await webSession();
    const res = await post({ cookie: s.cookie, origin: 'https://evil.test' });
    expect(res.status).toBe(403);
    expect(await refreshFails(s.refreshToken)).toBe(false);
  });

  it('POST with a malformed Origin is refused (403, not a 500) and signs nobody out', async () => {
    const s = await webSession();
    for (const origin of ['x', 'http://', '::']) expect((await post({ cookie: s.cookie, origin })).status).toBe(403);
    expect(await refreshFails(s.refreshToken)).toBe(false);
  });

  it('POST without a session still lands on /login', async () => {
    const res = await post({ origin: ORIGIN });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/login');
  });

  // `next start` builds a handler's request URL from its own hostname and port: behind a proxy the
  // request reads http://localhost:3000, and /login there is where the browser cannot go.
  it('POST lands on /login at the address the browser used (a relative Location), not the one the request reached the server on', async () => {
    const before = process.env.APP_URL;
    process.env.APP_URL = 'https://jobs.example.test';
    try {
      const res = await post({ origin: 'https://jobs.example.test', host: 'jobs.example.test' });
      expect(res.headers.get('location')).toBe('/login');
    } finally {
      if (before === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = before;
    }
  });
});

describe("the web session's refresh after a logout elsewhere", () => {
  // next-auth refreshes an old access token in its jwt callback; one refresh runs per refresh token
  // in this instance. Its answer was kept for 5 s after it settled and handed to any later call
  // with the same old cookie without asking the store: a copy of that cookie, sent after the
  // owner's logout, still got an identity (and a freshly signed cookie) back.
  it('a second call with the pre-refresh cookie, after the session was revoked, answers no identity', async () => {
    const s = await webSession();
    const jwt = authOptions().callbacks!.jwt!;
    const token = { sub: String(s.id), userId: s.id, roles: s.userRoles, companyId: s.companyId, accessToken: s.accessToken, refreshToken: s.refreshToken, accessTokenExpiresAt: 0 };
    const first = await jwt({ token: { ...token } } as never);
    expect(first.error).toBeUndefined();
    const claims = await verifyAccessToken(first.accessToken as string);
    await endSessionFamily(await getDb(), claims!.sid!);
    const copy = await jwt({ token: { ...token } } as never);
    expect(copy.error).toBeDefined();
  });
});
