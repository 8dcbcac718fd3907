import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { POST as refreshPost } from '@/app/api/v1.0/auth/refresh/route';
import { POST as logoutPost } from '@/app/api/v1.0/auth/logout/route';
import { GET as employerGet } from '@/app/api/v1.0/employer/route';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { verifyAccessToken } from '@/lib/auth/tokens';

beforeAll(seed);

const loginAs = (email: string, password = 'Demo1234!', ip = '1.1.1.1') =>
  call(loginPost, { body: { email, password, device_id: 'abcd1234', role: 'employer' }, headers: { 'x-forwarded-for': ip } });

describe('POST /api/v1.0/auth/login', () => {
  it('answers the spec login response with tokens and the landing page', async () => {
    const res = await loginAs('employer@demo.test');
    expect(res.status).toBe(200);
    const d = res.json.data;
    expect(d).toMatchObject({ firstName: 'Emma', lastName: 'Recruiter', email: 'employer@demo.test', phone: '2145550123', userRoles: ['Employer'] });
    expect(new URL(d.redirect).pathname).toBe('/company/jobs');
    const claims = await verifyAccessToken(d.accessToken);
    expect(claims).toMatchObject({ rid: 3, roles: ['Employer'], did: 'abcd1234' });
    expect(typeof d.refreshToken).toBe('string');
  });

  it.each([
    ['superadmin@demo.test', '/admin/company-list', 1],
    ['admin@demo.test', '/admin/company-list', 1],
    ['internal@demo.test', '/company/jobs', 3],
    ['companyadmin@demo.test', '/company/jobs', 3],
    ['newsadmin@demo.test', '/news', 3],
    ['contributor@demo.test', '/news', 3],
    ['adsadmin@demo.test', '/ads/manage', 3],
    ['driver@demo.test', '/members/home', 2],
  ])('lands %s on %s', async (email, path, rid) => {
    const res = await loginAs(email);
    expect(new URL(res.json.data.redirect).pathname).toBe(path);
    expect((await verifyAccessToken(res.json.data.accessToken))?.rid).toBe(rid);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await loginAs('employer@demo.test', 'Wrong1234!', '2.2.2.2');
    const unknown = await loginAs('nobody@demo.test', 'Wrong1234!', '2.2.2.3');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ errors: [{ message: 'This email or password is wrong.' }] });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('validates the payload with the spec messages', async () => {
    const res = await call(loginPost, { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(
      expect.arrayContaining([
        { message: 'Needs to be a valid email.', field: 'email' },
        { message: 'No password provided', field: 'password' },
      ]),
    );
  });

  it('answers 400 for malformed JSON and 413 for an oversized body', async () => {
    const bad = await call(loginPost, { rawBody: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errors: [{ message: 'Invalid JSON body' }] });
    const big = await call(loginPost, { rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(big.status).toBe(413);
  });

  it('locks out the 11th failure within 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await loginAs('driver@demo.test', 'Nope1234!', '3.3.3.3')).status).toBe(401);
    const eleventh = await loginAs('driver@demo.test', 'Demo1234!', '3.3.3.3');
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toBeTruthy();
  });
});

describe('refresh, logout and the current employer', () => {
  it('rotates refresh tokens, honours the grace window and revokes a family on reuse', async () => {
    const { refreshToken } = (await loginAs('employer@demo.test')).json.data;
    const first = await call(refreshPost, { token: refreshToken });
    expect(first.status).toBe(200);
    // A concurrent refresh with the same token (another tab) gets the same successor.
    const second = await call(refreshPost, { token: refreshToken });
    expect(second.status).toBe(200);
    expect(second.json.data.refreshToken).toBe(first.json.data.refreshToken);
    const next = await call(refreshPost, { token: first.json.data.refreshToken });
    expect(next.status).toBe(200);
    expect(next.json.data.refreshToken).not.toBe(first.json.data.refreshToken);
  });

  it('treats reuse after the grace window as theft and ends the session', async () => {
    const { refreshToken } = (await loginAs('employer@demo.test')).json.data;
    const rotated = await call(refreshPost, { token: refreshToken });
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'setInterval'] });
    jest.setSystemTime(Date.now() + 60_000);
    const reuse = await call(refreshPost, { token: refreshToken });
    jest.useRealTimers();
    expect(reuse.status).toBe(401);
    const successor = await call(refreshPost, { token: rotated.json.data.refreshToken });
    expect(successor.status).toBe(401);
  });

  it('returns the current employer and refuses it after logout', async () => {
    const { accessToken } = (await loginAs('employer@demo.test')).json.data;
    const me = await call(employerGet, { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ email: 'employer@demo.test', first_name: 'Emma', email_verified: true, phone: '2145550123' });
    expect(typeof me.json.data.company_id).toBe('number');
    expect((await call(logoutPost, { token: accessToken, method: 'POST' })).status).toBe(200);
    expect((await call(employerGet, { token: accessToken })).status).toBe(401);
  });

  it('answers 401 without a token and 403 for a driver', async () => {
    expect((await call(employerGet)).status).toBe(401);
    const driver = (await loginAs('driver@demo.test', 'Demo1234!', '4.4.4.4')).json.data.accessToken;
    expect((await call(employerGet, { token: driver })).status).toBe(403);
  });
});
