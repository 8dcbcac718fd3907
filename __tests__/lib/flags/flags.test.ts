import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { FLAG_COOKIE, flagDefaults, flagEnvName, flagOverridesFromQuery, parseFlagCookie, resolveFlags, serializeFlagCookie } from '@/lib/flag-overrides';

/** The cookie header the page render gets from the proxy (Next's x-middleware-request-* copy). */
const forwardedCookie = (res: Response) => res.headers.get('x-middleware-request-cookie') ?? '';

describe('feature flag defaults', () => {
  it('are the classic layout with social sign-in, pickers and channels on', () => {
    expect(flagDefaults({})).toEqual({ newLayout: false, socialLogin: true, pickers: true, channels: true });
  });

  it('come from FEATURE_* configuration, ignoring values that are not a yes or no', () => {
    expect(flagEnvName('newLayout')).toBe('FEATURE_NEW_LAYOUT');
    expect(flagEnvName('socialLogin')).toBe('FEATURE_SOCIAL_LOGIN');
    const env = { FEATURE_NEW_LAYOUT: 'true', FEATURE_CHANNELS: 'false', FEATURE_PICKERS: 'maybe' };
    expect(flagDefaults(env)).toEqual({ newLayout: true, socialLogin: true, pickers: true, channels: false });
  });

  it('give way to the session override', () => {
    expect(resolveFlags({ newLayout: false, pickers: false }, { FEATURE_NEW_LAYOUT: 'true' })).toMatchObject({ newLayout: false, pickers: false, channels: true });
  });
});

describe('query overrides', () => {
  it('read true/false for known flags only', () => {
    expect(flagOverridesFromQuery(new URLSearchParams('newLayout=true&channels=false&pickers=yes&other=true'))).toEqual({ newLayout: true, channels: false });
  });

  it('round-trip through the cookie, which ignores anything unreadable', () => {
    expect(serializeFlagCookie({ channels: false, newLayout: true })).toBe('newLayout:1,channels:0');
    expect(parseFlagCookie('newLayout:1,channels:0')).toEqual({ newLayout: true, channels: false });
    expect(parseFlagCookie('bogus:1,pickers:2,,socialLogin:0')).toEqual({ socialLogin: false });
    expect(parseFlagCookie(undefined)).toEqual({});
  });
});

describe('the proxy keeps a query override for the session', () => {
  it('sets a session cookie (no expiry) and hands the new value to the page being rendered', async () => {
    const res = await proxy(new NextRequest('http://localhost:3000/login?newLayout=true'));
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toContain(`${FLAG_COOKIE}=newLayout%3A1`);
    expect(set).not.toMatch(/max-age|expires/i);
    expect(set).toMatch(/httponly/i);
    expect(forwardedCookie(res)).toContain(`${FLAG_COOKIE}=newLayout%3A1`);
  });

  it('merges a new override into the ones the session already holds', async () => {
    const req = new NextRequest('http://localhost:3000/login?channels=false', { headers: { cookie: `${FLAG_COOKIE}=newLayout:1; other=x` } });
    const res = await proxy(req);
    expect(decodeURIComponent(res.headers.get('set-cookie') ?? '')).toContain(`${FLAG_COOKIE}=newLayout:1,channels:0`);
    expect(decodeURIComponent(forwardedCookie(res))).toContain('other=x');
  });

  it('leaves the cookie alone when the address names no flag', async () => {
    const res = await proxy(new NextRequest('http://localhost:3000/login?foo=bar', { headers: { cookie: `${FLAG_COOKIE}=newLayout:1` } }));
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('keeps the override on a redirect to sign in too', async () => {
    const res = await proxy(new NextRequest('http://localhost:3000/admin/channels?channels=true'));
    expect(res.status).toBe(307);
    expect(res.headers.get('set-cookie')).toContain(`${FLAG_COOKIE}=channels%3A1`);
  });
});
