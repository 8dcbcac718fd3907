/**
 * An address with a broken percent-escape (%ff, a lone %) made Next answer a bare text 500 from its
 * router, before any handler: the proxy answers it instead (lib/api/path-encoding.ts), with the
 * API's envelope under /api, and lets a well-formed escape through untouched.
 */
import { NextRequest } from 'next/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { config as proxyConfig, proxy } from '@/proxy';
import { BAD_ESCAPE, badlyEncoded } from '@/lib/api/path-encoding';

const at = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

describe('addresses whose escapes do not decode', () => {
  it('reach the proxy also under the API and the cached pages, which otherwise skip it', () => {
    const runs = (url: string) => unstable_doesMiddlewareMatch({ config: proxyConfig, url });
    for (const path of ['/api/v1.0/jobs/%ff', '/api/v1.0/x%2', '/jobs/%ff', '/posts/%']) expect({ path, runs: runs(path) }).toEqual({ path, runs: true });
    for (const path of ['/api/v1.0/jobs/12', '/jobs/12', '/posts/3']) expect({ path, runs: runs(path) }).toEqual({ path, runs: false });
  });

  it.each(['/api/v1.0/jobs/%ff', '/api/v1.0/jobs/%', '/api/v1.0/news/posts/%c0%af', '/api/v1.0/x%2'])('%s answers the 400 envelope', async (path) => {
    const res = await at(path);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ errors: [{ message: BAD_ESCAPE }] });
  });

  it.each(['/jobs/%ff', '/posts/%', '/company/%ff'])('the page %s answers 400 in plain text', async (path) => {
    const res = await at(path);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(BAD_ESCAPE);
  });

  it('lets a well-formed escape through to the route, with nothing of the page gate on the API', async () => {
    const res = await at('/api/v1.0/jobs/%25');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-middleware-next')).toBe('1');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(badlyEncoded('/jobs/caf%C3%A9')).toBe(false);
    expect(badlyEncoded('/jobs/1')).toBe(false);
  });
});
