import { NextRequest } from 'next/server';
import { config as proxyConfig, proxy } from '@/proxy';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { cspParts, pageCsp } from '@/lib/security/csp';
import { secureCookies } from '@/lib/auth/cookie-security';

describe('page Content-Security-Policy', () => {
  it('the proxy gives every page a fresh nonce, to the browser and to Next (request header)', async () => {
    const first = await proxy(new NextRequest('http://localhost:3000/login'));
    const second = await proxy(new NextRequest('http://localhost:3000/'));
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    // Next reads the nonce from the request's copy of the policy (x-middleware-request-* headers).
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(first.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce!);
  });

  it('the proxy does not run for the pages served from cache to everyone, nor the API (each cost as much CPU again as the answer); it does for the rest', () => {
    const runs = (url: string) => unstable_doesMiddlewareMatch({ config: proxyConfig, url });
    for (const path of ['/jobs/12', '/posts/3', '/jobs/12/nope', '/api/v1.0/jobs/12', '/api/v1.0']) expect({ path, runs: runs(path) }).toEqual({ path, runs: false });
    for (const path of ['/members/jobs/12', '/company/jobs/12', '/jobs', '/login']) expect({ path, runs: runs(path) }).toEqual({ path, runs: true });
  });

  it('next.config.mjs gives those pages the policy without a nonce: the same directives as the others but script-src', async () => {
    const parts = cspParts({ NODE_ENV: 'production' });
    expect(parts.cached).toMatch(/script-src 'self' 'unsafe-inline';/);
    expect(parts.cached).not.toMatch(/nonce|strict-dynamic|unsafe-eval/);
    const withoutScripts = (policy: string) => policy.split('; ').filter((d) => !d.startsWith('script-src'));
    expect(withoutScripts(parts.cached)).toEqual(withoutScripts(pageCsp(parts, 'n', '/login')));
    const { default: nextConfig } = await import('@/next.config.mjs');
    const rules = await nextConfig.headers!();
    for (const source of ['/jobs/:path*', '/posts/:path*']) {
      const rule = rules.find((r: { source: string }) => r.source === source);
      expect(rule?.headers).toContainEqual({ key: 'Content-Security-Policy', value: cspParts(process.env).cached });
    }
  });

  it('portal pages still get the gate before any policy', async () => {
    const res = await proxy(new NextRequest('http://localhost:3000/company/jobs'));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/login');
  });

  it('lets only the app frame the card fields, and adds Google Maps only with a key', () => {
    const parts = cspParts({ NODE_ENV: 'production', APP_URL: 'https://portal.example', SANDBOX_GATEWAY_ORIGIN: 'https://gw.example' });
    expect(pageCsp(parts, 'n', '/sandbox-gateway/hosted-fields')).toMatch(/frame-ancestors 'self' https:\/\/portal\.example$/);
    expect(pageCsp(parts, 'n', '/company/jobs')).toMatch(/frame-ancestors 'self'$/);
    expect(pageCsp(parts, 'n', '/company/jobs')).toContain("frame-src 'self' https://gw.example");
    expect(pageCsp(parts, 'n', '/')).not.toContain('googleapis');
    expect(pageCsp(parts, 'n', '/')).not.toContain('unsafe-eval');
    const maps = pageCsp(cspParts({ NODE_ENV: 'development', NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: 'k' }), 'n', '/');
    expect(maps).toContain('https://maps.googleapis.com');
    expect(maps).toContain("'unsafe-eval'");
  });
});

describe('session cookies', () => {
  it('are Secure in production, except for a plain-http app on this machine', () => {
    expect(secureCookies(true, 'https://portal.example')).toBe(true);
    expect(secureCookies(true, 'http://portal.example')).toBe(true);
    expect(secureCookies(true, 'http://localhost:3000')).toBe(false);
    expect(secureCookies(false, 'http://localhost:3000')).toBe(false);
  });

  it("next-auth's session cookie carries Secure under a production https app", async () => {
    const env = { ...process.env };
    Object.assign(process.env, { NODE_ENV: 'production', APP_URL: 'https://portal.example', AUTH_SECRET: 'test-secret-0123456789abcdef0123456789' });
    try {
      let authOptions: typeof import('@/lib/auth/next-auth').authOptions | undefined;
      await jest.isolateModulesAsync(async () => {
        authOptions = (await import('@/lib/auth/next-auth')).authOptions;
      });
      const cookies = authOptions!().cookies!;
      expect(cookies.sessionToken!.options.secure).toBe(true);
      expect(cookies.sessionToken!.name).toBe('next-auth.session-token');
      expect(cookies.csrfToken!.options.secure).toBe(true);
    } finally {
      process.env = env;
    }
  });

  it('the fast-login proof carries Secure under a production https app, though the request reached it over http (TLS ended at a proxy)', async () => {
    const env = { ...process.env };
    Object.assign(process.env, { NODE_ENV: 'production', APP_URL: 'https://portal.example', AUTH_SECRET: 'test-secret-0123456789abcdef0123456789' });
    try {
      let cookie = '';
      await jest.isolateModulesAsync(async () => {
        cookie = await (await import('@/lib/accounts/fast-login')).fastLoginCookie('driver@demo.test', false);
      });
      expect(cookie).toMatch(/; Secure$/);
    } finally {
      process.env = env;
    }
  });
});
