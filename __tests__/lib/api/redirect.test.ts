/**
 * @jest-environment node
 */
import { redirectToPath } from '@/lib/api/redirect';

describe('redirectToPath', () => {
  it('answers a relative Location, which the browser resolves against the address it used', () => {
    const res = redirectToPath('/login?expired=1');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?expired=1');
    expect(redirectToPath('/admin', 307).status).toBe(307);
  });

  it.each(['//evil.test', '/\\evil.test', '/\t/evil.test', 'https://evil.test', 'login', ''])('refuses %j, which a browser could read as another host', (path) => {
    expect(() => redirectToPath(path)).toThrow('Not a path of this site');
  });
});
