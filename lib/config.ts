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
 * production domain (production deployments) or the deployment's own address (previews); in
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
  const vercel: [string, string | undefined][] = [
    ['VERCEL_PROJECT_PRODUCTION_URL', env.VERCEL_ENV === 'production' ? env.VERCEL_PROJECT_PRODUCTION_URL : undefined],
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
  return problems;
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
