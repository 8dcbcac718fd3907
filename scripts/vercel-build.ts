/**
 * Vercel's build (`npm run vercel-build`, which Vercel runs instead of `build` when present):
 *   1. the deployment's configuration is checked first: what would keep the server from starting
 *      (no DATABASE_URL, no S3 storage, no AUTH_SECRET) fails the build with one line;
 *   2. migrations are applied to the deployment's database;
 *   3. a preview whose database is empty gets the demo accounts (docs/deploy.md);
 * then package.json runs `next build`.
 */
import { count } from 'drizzle-orm';
import { startupProblems, vercelDeployment } from '@/lib/config';
import { openDatabase } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { seedDemo } from '@/lib/db/seed';

async function main() {
  const problems = startupProblems({ ...process.env, NODE_ENV: 'production' });
  if (problems.length) {
    console.error(`Not deploying: ${problems.join(' ')}`);
    process.exit(1);
  }
  const handle = await openDatabase();
  try {
    console.log('Migrations applied.');
    if (vercelDeployment() !== 'preview') return;
    const [{ n }] = await handle.db.select({ n: count() }).from(users);
    if (n > 0) return console.log('Preview database already has accounts: no demo seed.');
    // A preview's own, empty database: the demo accounts, so the preview can be tried at once.
    process.env.ALLOW_DEMO_SEED = '1';
    await seedDemo(handle.db, { ads: true });
    console.log('Preview: demo accounts seeded (README lists them).');
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
