import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, migrationsFolder, type Database } from '@/lib/db/client';

export type Readiness = { ready: boolean; database: 'ok' | 'unreachable'; migrations: { applied: number; expected: number } };

let expected: number | undefined;

/** How many migrations this build ships (read once: the folder does not change while it runs). */
function expectedMigrations() {
  expected ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  return expected;
}

/**
 * Ready means the database answers and holds every migration this build ships: a load balancer
 * sends traffic only then (an instance started before `db:migrate` finished stays out).
 */
export async function readiness(db: () => Promise<Database>): Promise<Readiness> {
  const want = expectedMigrations();
  try {
    const rows = await queryRows<{ n: number | string }>(await db(), sql`select count(*) as n from drizzle.__drizzle_migrations`);
    const applied = Number(rows[0]?.n ?? 0);
    return { ready: applied >= want, database: 'ok', migrations: { applied, expected: want } };
  } catch {
    return { ready: false, database: 'unreachable', migrations: { applied: 0, expected: want } };
  }
}
