import { getDb } from '@/lib/db/client';
import { seedDemo } from '@/lib/db/seed';

/** Seeds the demo data into this file's database (once per file). */
export async function seed() {
  await seedDemo(await getDb());
}
