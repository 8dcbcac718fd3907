import { POST as loginPost } from '@/app/api/v1.0/auth/login/route';
import { KNOWN_DEVICE_COOKIE } from '@/lib/auth/known-device';
import { ACCOUNT_LIMITED } from '@/lib/auth/login-throttle';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';

beforeAll(seed);
jest.setTimeout(120_000);

const OWNER = 'driver@demo.test';
const RIGHT = 'Demo1234!';

const attempt = (password: string, ip: string, cookie?: string) =>
  call(loginPost, { body: { email: OWNER, password }, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });

/** `failures` wrong passwords for the owner's email, ten from each of several addresses, in parallel. */
async function attack(failures: number) {
  const addresses = Array.from({ length: Math.ceil(failures / 10) }, (_, i) => `198.51.100.${i + 1}`);
  const statuses = await Promise.all(
    addresses.map(async (ip) => {
      const seen: number[] = [];
      for (let i = 0; i < 10; i++) seen.push((await attempt('Guess1234!', ip)).status);
      return seen;
    }),
  );
  return statuses.flat();
}

async function knownDeviceCookie() {
  const res = await attempt(RIGHT, '192.0.2.50');
  expect(res.status).toBe(200);
  const value = /tna_known_device=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  expect(value).toBeTruthy();
  return `${KNOWN_DEVICE_COOKIE}=${value}`;
}

describe('failed sign-ins do not lock the owner out', () => {
  it('lets the owner in from another address after a stranger failed 50 times', async () => {
    const statuses = await attack(50);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    const owner = await attempt(RIGHT, '192.0.2.1');
    expect(owner.status).toBe(200);
  });

  it('still throttles the same address and email, right password included', async () => {
    await attack(10);
    const again = await attempt(RIGHT, '198.51.100.1');
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
  });

  it('refuses new devices once the account has had 100 failures in an hour, but lets a known device through at once', async () => {
    const cookie = await knownDeviceCookie();
    await attack(100);
    const stranger = await attempt(RIGHT, '192.0.2.2');
    expect(stranger.status).toBe(429);
    expect(stranger.json.errors[0].message).toBe(ACCOUNT_LIMITED);
    const started = Date.now();
    const owner = await attempt(RIGHT, '192.0.2.3', cookie);
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000); // not slowed either
  });

  it('counts a burst of parallel guesses: ten from one address get a password check, the rest 429', async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, () => attempt('Guess1234!', '198.51.100.77')));
    expect(statuses.filter((r) => r.status === 401)).toHaveLength(10);
    expect(statuses.filter((r) => r.status === 429)).toHaveLength(20);
  });

  it("gives a right password its point back: the owner's sign-ins never add up to a limit", async () => {
    for (let i = 0; i < 60; i++) expect((await attempt(RIGHT, '192.0.2.60')).status).toBe(200);
  });

  it('does not accept a known-device cookie of another account or a forged one', async () => {
    await attack(100);
    const forged = await attempt(RIGHT, '192.0.2.4', `${KNOWN_DEVICE_COOKIE}=eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjJ9.forged`);
    expect(forged.status).toBe(429);
  });

  it('counts an IPv6 client by its /64: addresses rotated inside one network share its limits', async () => {
    // The address+email limit is 10: fifteen addresses of one /64 get 10 password checks, then 429.
    const statuses: number[] = [];
    for (let i = 1; i <= 15; i++) {
      const ip = `2001:db8:aa:1::${i.toString(16)}`;
      statuses.push((await call(loginPost, { body: { email: 'employer@demo.test', password: 'Guess1234!' }, headers: { 'x-forwarded-for': ip } })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    // Another /64 is another client.
    expect((await call(loginPost, { body: { email: 'employer@demo.test', password: RIGHT }, headers: { 'x-forwarded-for': '2001:db8:aa:2::1' } })).status).toBe(200);
  });
});

