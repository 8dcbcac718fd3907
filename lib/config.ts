import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { storageProblems } from './storage/config';

/** Settings read from the environment, in one place. The README's configuration table mirrors this file. */
export const config = {
  isProduction: process.env.NODE_ENV === 'production',
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || path.join(process.cwd(), '.data'),
  pgliteDir: process.env.PGLITE_DIR || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || 'TNA <no-reply@truckersnetwork.example>',
  cronSecret: process.env.CRON_SECRET || undefined,
  productName: process.env.NEXT_PUBLIC_PRODUCT_NAME || 'TNA',
};

type Env = Partial<Record<string, string>>;

const AUTH_SECRET_MISSING = 'AUTH_SECRET is not set: set it to a long random value (openssl rand -base64 32).';
const APP_URL_MISSING = "APP_URL is not set: set it to the site's public address (for example https://jobs.example.com); links in mail use it.";
const APP_URL_INVALID = 'APP_URL is not an http(s) address: set it to the site\'s public address (for example https://jobs.example.com).';

/**
 * The public origin of the site and where it came from: APP_URL (or NEXTAUTH_URL); on Vercel the
 * production domain (production deployments) or the preview's branch address, else the
 * deployment's own address (previews); in
 * development and tests http://localhost:PORT. Production without any of them is an error: a
 * link in mail must never point at localhost, nor at whatever Host a request claimed.
 */
export function resolvePublicOrigin(env: Env = process.env): { origin: string; from: string } {
  const name = env.APP_URL ? 'APP_URL' : env.NEXTAUTH_URL ? 'NEXTAUTH_URL' : null;
  if (name) {
    let url: URL;
    try {
      url = new URL(env[name]!);
    } catch {
      throw new Error(APP_URL_INVALID);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(APP_URL_INVALID);
    return { origin: url.origin, from: name };
  }
  // A preview's branch address stays the same across its pushes (VERCEL_URL is per deployment).
  const production = env.VERCEL_ENV === 'production';
  const vercel: [string, string | undefined][] = [
    ['VERCEL_PROJECT_PRODUCTION_URL', production ? env.VERCEL_PROJECT_PRODUCTION_URL : undefined],
    ['VERCEL_BRANCH_URL', production ? undefined : env.VERCEL_BRANCH_URL],
    ['VERCEL_URL', env.VERCEL_URL],
  ];
  for (const [from, host] of vercel) if (host) return { origin: new URL(`https://${host}`).origin, from };
  if (env.NODE_ENV === 'production') throw new Error(APP_URL_MISSING);
  return { origin: `http://localhost:${env.PORT || 3000}`, from: 'the development default' };
}

/** The site's public origin ('https://jobs.example.com'): every link in mail, invitations and documents starts with it. */
export const publicOrigin = (env: Env = process.env) => resolvePublicOrigin(env).origin;

/** An absolute link on the public site: publicUrl('/signup') → 'https://jobs.example.com/signup'. */
export const publicUrl = (pathAndQuery: string, env: Env = process.env) => new URL(pathAndQuery, publicOrigin(env));

/**
 * What keeps a production server from starting, each problem in a sentence saying what to set
 * (instrumentation.ts refuses to start on any). Outside production nothing is required.
 */
export function startupProblems(env: Env = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.AUTH_SECRET && !env.NEXTAUTH_SECRET) problems.push(AUTH_SECRET_MISSING);
  try {
    resolvePublicOrigin(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  problems.push(...storageProblems(env));
  if (env.VERCEL) {
    // Vercel's disk is per instance and thrown away: neither the database nor uploads may live there.
    if (!env.DATABASE_URL) problems.push(VERCEL_DATABASE_MISSING);
    if (!env.STORAGE_DRIVER && !env.S3_BUCKET) problems.push(VERCEL_STORAGE_MISSING);
  }
  return problems;
}

const VERCEL_DATABASE_MISSING =
  'DATABASE_URL is not set: on Vercel the embedded database would be lost with every instance; set DATABASE_URL to a PostgreSQL database.';
const VERCEL_STORAGE_MISSING =
  'S3_BUCKET is not set: on Vercel uploads cannot stay on the local disk; set S3_BUCKET (and its S3_* settings) for S3-compatible storage.';

/** 'production' or 'preview' on Vercel (VERCEL_ENV), null anywhere else. */
export function vercelDeployment(env: Env = process.env): 'production' | 'preview' | null {
  if (env.VERCEL_ENV === 'production' || env.VERCEL_ENV === 'preview') return env.VERCEL_ENV;
  return null;
}

/** A Vercel preview: the ribbon, noindex and the sandbox card gateway (docs/deploy.md). */
export const isPreviewDeployment = (env: Env = process.env) => vercelDeployment(env) === 'preview';

/**
 * next-auth builds its callback addresses from NEXTAUTH_URL: unset, it gets the same public origin
 * as every other link (on Vercel, the production domain or the preview's branch address).
 */
export function applyDerivedAuthUrl(env: Env = process.env) {
  if (env.NEXTAUTH_URL) return;
  try {
    env.NEXTAUTH_URL = resolvePublicOrigin(env).origin;
  } catch {
    // Production without an address: startupProblems() has already refused to start.
  }
}

let cachedSecret: string | undefined;

/**
 * The key that signs access tokens and encrypts the next-auth cookie. Production must set
 * AUTH_SECRET (checked at start); development keeps a random one per checkout in .data so no
 * secret lives in the repo.
 */
export function authSecret(): string {
  if (cachedSecret) return cachedSecret;
  const fromEnv = process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET;
  if (fromEnv) return (cachedSecret = fromEnv);
  if (config.isProduction) throw new Error(AUTH_SECRET_MISSING);
  const file = path.join(config.dataDir, 'dev-secret');
  try {
    cachedSecret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    cachedSecret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, cachedSecret, { mode: 0o600 });
  }
  return cachedSecret;
}
