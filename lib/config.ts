import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Settings read from the environment, in one place. The README's configuration table mirrors this file. */
export const config = {
  isProduction: process.env.NODE_ENV === 'production',
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || path.join(process.cwd(), '.data'),
  pgliteDir: process.env.PGLITE_DIR || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || 'TNA <no-reply@truckersnetwork.example>',
  appUrl: process.env.APP_URL || process.env.NEXTAUTH_URL || 'http://localhost:3000',
  cronSecret: process.env.CRON_SECRET || undefined,
  productName: process.env.NEXT_PUBLIC_PRODUCT_NAME || 'TNA',
};

let cachedSecret: string | undefined;

/**
 * The key that signs access tokens and encrypts the next-auth cookie. Production must set
 * AUTH_SECRET; development keeps a random one per checkout in .data so no secret lives in the repo.
 */
export function authSecret(): string {
  if (cachedSecret) return cachedSecret;
  const fromEnv = process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET;
  if (fromEnv) return (cachedSecret = fromEnv);
  if (config.isProduction && !process.env.ALLOW_DEV_SECRET) {
    throw new Error('AUTH_SECRET is not set. Set it to a long random value (openssl rand -base64 32).');
  }
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
