/**
 * Applies migrations and, on an empty development database, seeds the demo accounts.
 *   tsx scripts/prepare-db.ts           migrate; seed when empty (never in production)
 *   tsx scripts/prepare-db.ts --seed    migrate and seed (even if NODE_ENV is unset)
 *   tsx scripts/prepare-db.ts --no-seed migrate only
 *   tsx scripts/prepare-db.ts --seed --scale  also the scale set (10k jobs, 100k drivers, 1M applications; a tenth on PGlite)
 */
import { count } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { seedDemo } from '@/lib/db/seed';
import { PGLITE_SCALE, POSTGRES_SCALE, seedScale } from '@/lib/db/seed/scale';

async function main() {
  const args = new Set(process.argv.slice(2));
  const handle = await openDatabase();
  try {
    console.log(`Database ready (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}), migrations applied.`);
    if (args.has('--no-seed')) return;
    const [{ n }] = await handle.db.select({ n: count() }).from(users);
    const production = process.env.NODE_ENV === 'production' && !process.env.ALLOW_DEMO_SEED;
    if (args.has('--seed') || (n === 0 && !production)) {
      const seeded = await seedDemo(handle.db, { ads: true });
      console.log(seeded ? 'Demo data seeded: sign in as superadmin@demo.test / Demo1234! (see README).' : 'Demo data already present.');
    }
    if (args.has('--scale')) await seedScale(handle.db, process.env.DATABASE_URL ? POSTGRES_SCALE : PGLITE_SCALE);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
