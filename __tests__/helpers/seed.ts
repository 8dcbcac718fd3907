import { getDb } from '@/lib/db/client';
import { seedDemo } from '@/lib/db/seed';
import { startSeeded } from './test-database';

/**
 * Seeds the demo data into this file's database (once per file): by opening it from the run's
 * seeded snapshot when nothing has opened it yet (./test-database.ts), else by seeding it.
 */
export async function seed() {
  if (startSeeded()) {
    await getDb();
    return;
  }
  await seedDemo(await getDb());
}
