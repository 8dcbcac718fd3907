import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { seedAccounts } from './accounts';
import { seedJobs } from './jobs';
import { seedDrivers } from './drivers';
import { seedBilling } from './billing';
import { seedSubscriptions } from './subscriptions';

/**
 * Demo data for development and the end-to-end tests; refuses to run in production unless
 * ALLOW_DEMO_SEED is set (the e2e suite runs `next start`, which is production mode).
 * Each domain adds its own step here, after the accounts it builds on.
 */
export async function seedDemo(db: Database, options: { ads?: boolean } = {}): Promise<boolean> {
  if (process.env.NODE_ENV === 'production' && !process.env.ALLOW_DEMO_SEED) {
    throw new Error('Refusing to seed demo accounts in production.');
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  if (existing) return false;
  const accounts = await seedAccounts(db);
  await seedJobs(db, accounts);
  await seedDrivers(db);
  await seedBilling(db, accounts);
  await seedSubscriptions(db);
  // The app's demo only: the ads tests count the ads they make (./ads.ts). Loaded when asked, so
  // the tests' seed does not load sharp.
  if (options.ads) await (await import('./ads')).seedAds(db);
  return true;
}
