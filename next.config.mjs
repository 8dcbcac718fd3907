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

/** @type {import('next').NextConfig} */
const nextConfig = {
  allowedDevOrigins,
  // Packages with native or WASM parts stay out of the server bundle and load from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'zipcodes', '@node-rs/argon2', 'pg', 'pdfkit', 'ioredis', 'nodemailer'],
  // Migrations are read from disk at start; make sure serverless bundles (Vercel) carry them.
  outputFileTracingIncludes: { '/**': ['./drizzle/**/*'] },
  poweredByHeader: false,
  // Separate build folders let several dev servers run side by side in one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
    ];
  },
};
export default nextConfig;
