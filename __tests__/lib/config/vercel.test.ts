/**
 * Vercel deployments, tested through the environment they get (docs/deploy.md): the addresses
 * derived from Vercel's variables, the refusals of the embedded database and local disk, and what
 * a preview switches on (ribbon, noindex, sandbox payments).
 */
import { NextRequest } from 'next/server';
import { applyDerivedAuthUrl, resolvePublicOrigin, startupProblems, vercelDeployment } from '@/lib/config';
import { gatewayName } from '@/lib/payments/gateway';
import robots from '@/app/robots';
import { proxy } from '@/proxy';

const READY = { AUTH_SECRET: 'a-long-random-value', DATABASE_URL: 'postgres://db.example/tna', S3_BUCKET: 'tna-uploads' };
const PREVIEW = {
  NODE_ENV: 'production',
  VERCEL: '1',
  VERCEL_ENV: 'preview',
  VERCEL_URL: 'tna-abc123-team.vercel.app',
  VERCEL_BRANCH_URL: 'tna-git-feature-x-team.vercel.app',
  VERCEL_PROJECT_PRODUCTION_URL: 'jobs.example.com',
};

async function withEnv<T>(env: Record<string, string | undefined>, run: () => T | Promise<T>): Promise<T> {
  const saved = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  try {
    return await run();
  } finally {
    for (const key of Object.keys(env)) if (saved[key] === undefined) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

describe('addresses on Vercel', () => {
  it("a preview uses its branch address first, then the deployment's own", () => {
    expect(resolvePublicOrigin(PREVIEW)).toEqual({ origin: 'https://tna-git-feature-x-team.vercel.app', from: 'VERCEL_BRANCH_URL' });
    expect(resolvePublicOrigin({ ...PREVIEW, VERCEL_BRANCH_URL: undefined })).toEqual({ origin: 'https://tna-abc123-team.vercel.app', from: 'VERCEL_URL' });
  });

  it('production uses the production domain; APP_URL wins over all of them', () => {
    expect(resolvePublicOrigin({ ...PREVIEW, VERCEL_ENV: 'production' }).origin).toBe('https://jobs.example.com');
    expect(resolvePublicOrigin({ ...PREVIEW, APP_URL: 'https://www.example.org' }).origin).toBe('https://www.example.org');
  });

  it("next-auth's address follows the derived one when NEXTAUTH_URL is unset, and is left alone when set", () => {
    const env: Record<string, string | undefined> = { ...PREVIEW };
    applyDerivedAuthUrl(env);
    expect(env.NEXTAUTH_URL).toBe('https://tna-git-feature-x-team.vercel.app');
    const set: Record<string, string | undefined> = { ...PREVIEW, NEXTAUTH_URL: 'https://auth.example.com' };
    applyDerivedAuthUrl(set);
    expect(set.NEXTAUTH_URL).toBe('https://auth.example.com');
  });

  it('knows which kind of deployment it is', () => {
    expect(vercelDeployment(PREVIEW)).toBe('preview');
    expect(vercelDeployment({ ...PREVIEW, VERCEL_ENV: 'production' })).toBe('production');
    expect(vercelDeployment({ NODE_ENV: 'production' })).toBeNull();
  });
});

describe('refusals on Vercel, one line each', () => {
  it('refuses the embedded database and local-disk storage', () => {
    const problems = startupProblems({ ...PREVIEW, AUTH_SECRET: 'x' });
    expect(problems).toEqual([
      'DATABASE_URL is not set: on Vercel the embedded database would be lost with every instance; set DATABASE_URL to a PostgreSQL database.',
      'S3_BUCKET is not set: on Vercel uploads cannot stay on the local disk; set S3_BUCKET (and its S3_* settings) for S3-compatible storage.',
    ]);
    for (const p of problems) expect(p).not.toContain('\n');
  });

  it('starts with PostgreSQL and S3', () => {
    expect(startupProblems({ ...PREVIEW, ...READY })).toEqual([]);
    expect(startupProblems({ ...PREVIEW, ...READY, STORAGE_DRIVER: 's3' })).toEqual([]);
  });

  it('asks nothing of the same settings away from Vercel', () => {
    expect(startupProblems({ NODE_ENV: 'production', AUTH_SECRET: 'x', APP_URL: 'https://jobs.example.com' })).toEqual([]);
  });
});

describe('a preview deployment says so', () => {
  it('uses the sandbox card gateway whatever PAYMENT_GATEWAY says; production keeps its choice', async () => {
    await withEnv({ ...PREVIEW, PAYMENT_GATEWAY: 'celero', CELERO_API_KEY: 'k', CELERO_BASE_URL: 'https://gw.example' }, () => expect(gatewayName()).toBe('sandbox'));
    await withEnv({ ...PREVIEW, VERCEL_ENV: 'production', PAYMENT_GATEWAY: 'celero' }, () => expect(gatewayName()).toBe('celero'));
  });

  it('robots.txt disallows everything on a preview, and only the portals elsewhere', async () => {
    await withEnv(PREVIEW, () => expect(robots().rules).toEqual({ userAgent: '*', disallow: '/' }));
    await withEnv({ VERCEL_ENV: undefined }, () => expect(JSON.stringify(robots().rules)).toContain('/jobs/'));
  });

  it('pages carry X-Robots-Tag: noindex on a preview only', async () => {
    const preview = await withEnv(PREVIEW, () => proxy(new NextRequest('http://localhost:3000/login')));
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const normal = await proxy(new NextRequest('http://localhost:3000/login'));
    expect(normal.headers.get('x-robots-tag')).toBeNull();
  });
});
