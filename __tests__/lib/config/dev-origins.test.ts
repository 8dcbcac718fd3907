import nextConfig from '@/next.config.mjs';
// Next's own check, the one `next dev` runs on its /_next/* scripts.
import { blockCrossSiteDEV } from 'next/dist/server/lib/router-utils/block-cross-site-dev';

/** Whether `next dev` would refuse its page scripts to a page opened at `origin`. */
function blocked(origin: string) {
  const req = { url: '/_next/static/chunks/main-app.js', headers: { origin } };
  const res = { statusCode: 200, end: () => undefined };
  return blockCrossSiteDEV(req as never, res as never, nextConfig.allowedDevOrigins, undefined);
}

describe('next dev opened at a loopback name hydrates (allowedDevOrigins)', () => {
  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.0.1.1:3000', 'http://[::1]:3000', 'http://app.localhost:3000'])('serves its scripts to %s', (origin) => {
    expect(blocked(origin)).toBe(false);
  });

  it('still refuses other sites', () => {
    expect(blocked('http://attacker.example')).toBe(true);
    expect(blocked('http://127.0.0.1.attacker.example')).toBe(true);
  });
});
