import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';

/** Advisory lock key of the tick (every instance uses the same one). */
export const TICK_LOCK = 7_341_002;

/** Runs one piece of work so that its failure leaves the others' work intact. */
export type Isolate = <R>(f: (db: Database) => Promise<R>) => Promise<R>;

type PgPool = { connect: () => Promise<{ query: (q: string, v?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>; release: () => void }> };

function poolOf(db: Database): PgPool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client as { connect?: unknown; totalCount?: unknown } | undefined;
  return client && typeof client.connect === 'function' && 'totalCount' in client ? (client as unknown as PgPool) : undefined;
}

/**
 * Runs `fn` only when no other instance holds the tick lock; answers undefined when one does.
 * PostgreSQL (a pool): a session lock on one dedicated connection, released in finally, while
 * `fn` works through the pool. PGlite (one connection, one process): a transaction-level lock,
 * and `fn` runs on that transaction, since PGlite would queue any other query behind it.
 */
export async function withTickLock<T>(db: Database, fn: (db: Database, isolate: Isolate) => Promise<T>): Promise<{ value: T } | undefined> {
  const pool = poolOf(db);
  if (pool) {
    const conn = await pool.connect();
    try {
      const { rows } = await conn.query('select pg_try_advisory_lock($1) as locked', [TICK_LOCK]);
      if (!rows[0]?.locked) return undefined;
      try {
        return { value: await fn(db, (f) => f(db)) };
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [TICK_LOCK]).catch(() => {});
      }
    } finally {
      conn.release();
    }
  }
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [row] = await queryRows<{ locked: boolean }>(t, sql`select pg_try_advisory_xact_lock(${TICK_LOCK}) as locked`);
    if (!row?.locked) return undefined;
    // A savepoint per piece of work, so one failing step does not abort the others.
    return { value: await fn(t, (f) => t.transaction((sp) => f(sp as unknown as Database))) };
  });
}
