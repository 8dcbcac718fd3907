import { fileURLToPath } from 'node:url';
import { cspParts } from './lib/security/csp-parts.mjs';

/**
 * Hosts a browser may open `next dev` at besides localhost (Next blocks its dev scripts for other
 * origins, and the page then never hydrates): every loopback name, plus ALLOWED_DEV_ORIGINS
 * (comma-separated, e.g. a LAN address). Development only; production ignores it.
 */
const allowedDevOrigins = [
  '127.*.*.*',
  '[::1]',
  ...(process.env.ALLOWED_DEV_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

// Security headers (docs/shell.md, "Security headers"); worked out once, at build.
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const SECURITY_HEADERS = [
  { key: 'Permissions-Policy', value: 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()' },
  // Browsers honour HSTS only over https, so a local `next start` on http is not affected.
  ...(process.env.NODE_ENV === 'production' ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
];

const CACHED_PAGE_HEADERS = [
  { key: 'Content-Security-Policy', value: cspParts(process.env).cached },
  // A Vercel preview is never indexed (the proxy says so for the other pages; docs/deploy.md).
  ...(process.env.VERCEL_ENV === 'preview' ? [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }] : []),
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  allowedDevOrigins,
  // Packages with native or WASM parts stay out of the server bundle and load from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'zipcodes', '@node-rs/argon2', 'pg', 'pdfkit', 'ioredis', 'nodemailer'],
  // Migrations are read from disk at start; make sure serverless bundles (Vercel) carry them.
  outputFileTracingIncludes: { '/**': ['./drizzle/**/*'] },
  poweredByHeader: false,
  // The page cache on `next start` keeps 404 answers in memory only (lib/cache/page-cache-handler.cjs);
  // Vercel keeps its own shared cache.
  ...(process.env.VERCEL ? {} : { cacheHandler: fileURLToPath(new URL('./lib/cache/page-cache-handler.cjs', import.meta.url)) }),
  // Separate build folders let several dev servers run side by side in one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The API's own root answers the unknown-endpoint 404 of app/api/v1.0/[...path] (a catch-all
  // needs one segment at least).
  async rewrites() {
    return [{ source: '/api/v1.0', destination: '/api/v1.0/index' }];
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          ...SECURITY_HEADERS,
        ],
      },
      // The pages served from Next's cache to everyone (issue 16; proxy.ts does not run for them): one
      // HTML cannot carry a request's nonce, so their own policy allows the app's scripts without one.
      ...['/jobs/:path*', '/posts/:path*'].map((source) => ({ source, headers: CACHED_PAGE_HEADERS })),
      // Other pages get a per-request nonce policy from proxy.ts; API answers are data and may run nothing.
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
      // public/brand: file names carry a version (`.v1`), so a change is a new URL.
      { source: '/brand/:path*', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
      { source: '/favicon.ico', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
    ];
  },
};
export default nextConfig;
