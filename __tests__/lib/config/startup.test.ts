import { resolvePublicOrigin, publicOrigin, startupProblems } from '@/lib/config';

const SECRET = { AUTH_SECRET: 'a-long-random-value' };

describe('startupProblems: what keeps a production server from starting', () => {
  it('refuses production without AUTH_SECRET, in one sentence that says what to set', () => {
    const problems = startupProblems({ NODE_ENV: 'production', APP_URL: 'https://jobs.example.com' });
    expect(problems).toEqual(['AUTH_SECRET is not set: set it to a long random value (openssl rand -base64 32).']);
    expect(problems[0]).not.toContain('\n');
  });

  it('refuses production without a public address (APP_URL, or the platform deployment URL)', () => {
    expect(startupProblems({ NODE_ENV: 'production', ...SECRET })).toEqual([
      "APP_URL is not set: set it to the site's public address (for example https://jobs.example.com); links in mail use it.",
    ]);
    expect(startupProblems({ NODE_ENV: 'production', ...SECRET, APP_URL: 'jobs.example.com' })[0]).toMatch(/^APP_URL is not an http\(s\) address/);
  });

  it('starts with both set, with NEXTAUTH_SECRET / NEXTAUTH_URL, or on Vercel with its deployment URL', () => {
    expect(startupProblems({ NODE_ENV: 'production', ...SECRET, APP_URL: 'https://jobs.example.com' })).toEqual([]);
    expect(startupProblems({ NODE_ENV: 'production', NEXTAUTH_SECRET: 'x', NEXTAUTH_URL: 'https://jobs.example.com/' })).toEqual([]);
    expect(startupProblems({ NODE_ENV: 'production', ...SECRET, VERCEL: '1', VERCEL_URL: 'tna-abc123.vercel.app', DATABASE_URL: 'postgres://db/tna', S3_BUCKET: 'b' })).toEqual([]);
  });

  it('requires nothing in development and tests', () => {
    expect(startupProblems({ NODE_ENV: 'development' })).toEqual([]);
    expect(startupProblems({ NODE_ENV: 'test' })).toEqual([]);
  });
});

describe('publicOrigin: the one origin of every link in mail and invitations', () => {
  it('is APP_URL (its origin only), then NEXTAUTH_URL', () => {
    expect(publicOrigin({ NODE_ENV: 'production', APP_URL: 'https://jobs.example.com/some/path?x=1' })).toBe('https://jobs.example.com');
    expect(publicOrigin({ NODE_ENV: 'production', NEXTAUTH_URL: 'https://auth.example.com' })).toBe('https://auth.example.com');
    expect(publicOrigin({ APP_URL: 'https://a.example.com', NEXTAUTH_URL: 'https://b.example.com' })).toBe('https://a.example.com');
  });

  it("on Vercel: the production domain for production deployments, the deployment's own address for previews", () => {
    const vercel = { NODE_ENV: 'production', VERCEL: '1', VERCEL_PROJECT_PRODUCTION_URL: 'jobs.example.com', VERCEL_URL: 'tna-git-x.vercel.app' };
    expect(resolvePublicOrigin({ ...vercel, VERCEL_ENV: 'production' })).toEqual({ origin: 'https://jobs.example.com', from: 'VERCEL_PROJECT_PRODUCTION_URL' });
    expect(resolvePublicOrigin({ ...vercel, VERCEL_ENV: 'preview' })).toEqual({ origin: 'https://tna-git-x.vercel.app', from: 'VERCEL_URL' });
  });

  it('is localhost with the dev port outside production, and an error in production', () => {
    expect(publicOrigin({ NODE_ENV: 'development', PORT: '3206' })).toBe('http://localhost:3206');
    expect(publicOrigin({ NODE_ENV: 'test' })).toBe('http://localhost:3000');
    expect(() => publicOrigin({ NODE_ENV: 'production' })).toThrow(/^APP_URL is not set/);
  });
});
