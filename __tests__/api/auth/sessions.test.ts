import { GET as sessionsGet, DELETE as sessionsDelete } from '@/app/api/v1.0/auth/sessions/route';
import { DELETE as sessionDelete } from '@/app/api/v1.0/auth/sessions/[id]/route';
import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { POST as refreshPost } from '@/app/api/v1.0/auth/refresh/route';
import { GET as membersMe } from '@/app/api/v1.0/members/me/route';
import { deviceName } from '@/lib/auth/sessions-origin';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { PASSWORD, makeUser } from '../accounts/helpers';

beforeAll(seed);

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let n = 0;
async function signInFrom(email: string, userAgent: string) {
  const res = await call(loginPost, { body: { email, password: PASSWORD }, headers: { 'user-agent': userAgent, 'x-tna-peer-address': `10.77.${++n}.9` } });
  expect(res.status).toBe(200);
  return res.json.data as { accessToken: string; refreshToken: string };
}

describe("Where you're signed in", () => {
  it('lists each live sign-in with its device, first and last seen, and marks this one', async () => {
    const user = await makeUser();
    const phone = await signInFrom(user.email, SAFARI_IPHONE);
    const desk = await signInFrom(user.email, CHROME_WINDOWS);
    const res = await call(sessionsGet, { token: desk.accessToken });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(2);
    const [mine] = res.json.data.filter((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ device: 'Chrome on Windows', region: null, impersonated: false });
    const other = res.json.data.find((s: { current: boolean }) => !s.current);
    expect(other.device).toBe('Safari on iPhone');
    expect(Date.parse(other.first_seen)).toBeLessThanOrEqual(Date.parse(other.last_seen));
    // A refresh rotates the token; the session stays one entry and its last-seen moves on.
    await new Promise((r) => setTimeout(r, 20));
    expect((await call(refreshPost, { method: 'POST', token: phone.refreshToken })).status).toBe(200);
    const again = (await call(sessionsGet, { token: desk.accessToken })).json.data;
    expect(again).toHaveLength(2);
    const rotated = again.find((s: { id: string }) => s.id === other.id);
    expect(Date.parse(rotated.last_seen)).toBeGreaterThan(Date.parse(other.last_seen));
    expect(rotated.first_seen).toBe(other.first_seen);
  });

  it('ends one other session at once; another user cannot end it', async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const phone = await signInFrom(user.email, SAFARI_IPHONE);
    const desk = await signInFrom(user.email, CHROME_WINDOWS);
    const theirs = await signInFrom(stranger.email, CHROME_WINDOWS);
    const other = (await call(sessionsGet, { token: desk.accessToken })).json.data.find((s: { current: boolean }) => !s.current);
    expect((await call(sessionDelete, { method: 'DELETE', token: theirs.accessToken, params: { id: other.id } })).status).toBe(404);
    expect((await call(membersMe, { token: phone.accessToken })).status).toBe(200);
    const ended = await call(sessionDelete, { method: 'DELETE', token: desk.accessToken, params: { id: other.id } });
    expect(ended.status).toBe(200);
    expect((await call(membersMe, { token: phone.accessToken })).status).toBe(401);
    expect((await call(refreshPost, { method: 'POST', token: phone.refreshToken })).status).toBe(401);
    expect((await call(membersMe, { token: desk.accessToken })).status).toBe(200);
    expect((await call(sessionDelete, { method: 'DELETE', token: desk.accessToken, params: { id: 'not-a-uuid' } })).status).toBe(404);
  });

  it('ends every session but this one', async () => {
    const user = await makeUser();
    const a = await signInFrom(user.email, SAFARI_IPHONE);
    const b = await signInFrom(user.email, SAFARI_IPHONE);
    const desk = await signInFrom(user.email, CHROME_WINDOWS);
    expect((await call(sessionsDelete, { method: 'DELETE', token: desk.accessToken })).status).toBe(200);
    expect((await call(membersMe, { token: a.accessToken })).status).toBe(401);
    expect((await call(membersMe, { token: b.accessToken })).status).toBe(401);
    const left = (await call(sessionsGet, { token: desk.accessToken })).json.data;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect((await call(sessionsGet)).status).toBe(401);
  });

  it('names devices from their User-Agent', () => {
    expect(deviceName(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Linux');
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0')).toBe('Edge on macOS');
    expect(deviceName('okhttp/4.12.0')).toBe('okhttp');
    expect(deviceName(null)).toBe('Unknown device');
  });
});
