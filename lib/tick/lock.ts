import type { Database } from '@/lib/db/client';
import { log } from '@/lib/log';

/** Advisory lock key of the tick (every instance uses the same one). */
export const TICK_LOCK = 7_341_002;

/** Runs one piece of work so that its failure leaves the others' work intact. */
export type Isolate = <R>(f: (db: Database) => Promise<R>) => Promise<R>;

type LockClient = {
  connect: () => Promise<unknown>;
  query: (q: string, v?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  end: () => Promise<void>;
  on: (event: 'error', listener: (error: Error) => void) => unknown;
};
type PgPool = { options: Record<string, unknown> & { password?: string } };

function poolOf(db: Database): PgPool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client as { connect?: unknown; totalCount?: unknown; options?: unknown } | undefined;
  return client && typeof client.connect === 'function' && 'totalCount' in client && client.options ? (client as unknown as PgPool) : undefined;
}

/**
 * Runs `fn` only when no other instance holds the tick lock; answers undefined when one does.
 * PostgreSQL (a pool): a session lock on a connection of its own, opened beside the pool (not taken
 * from it) and closed in finally, while `fn` works through the pool. Taken from the pool, the lock's
 * connection left a pool of one (DATABASE_POOL_MAX=1) nothing to run the steps on: the tick, and
 * every request behind it, waited for ever. PGlite: one process owns the database (lib/db/client.ts
 * acquireLock) and tick() keeps a flag against a second run in it, so there is nothing to lock
 * here. It used to hold a transaction-level lock and run the whole tick in that transaction, on
 * PGlite's only connection: every request waited for the tick (over a minute at 100,000 jobs,
 * issue 16). Each step now commits its own short batches.
 */
export async function withTickLock<T>(db: Database, fn: (db: Database, isolate: Isolate) => Promise<T>): Promise<{ value: T } | undefined> {
  const pool = poolOf(db);
  if (!pool) return { value: await fn(db, (f) => f(db)) };
  const { Client } = await import('pg');
  // The pool's own settings (connection string, TLS, time-outs): the lock goes to the same server.
  // (The password named on its own: pg-pool keeps it as a property the spread does not copy.)
  const conn = new Client({ ...pool.options, password: pool.options.password, application_name: 'tna-tick-lock' }) as unknown as LockClient;
  // A connection the server drops while the tick runs must not crash the process (its lock goes with it).
  conn.on('error', (error) => log.warn('Scheduled tick: the lock connection failed', { error: error.message }));
  try {
    await conn.connect();
    const { rows } = await conn.query('select pg_try_advisory_lock($1) as locked', [TICK_LOCK]);
    if (!rows[0]?.locked) return undefined;
    try {
      return { value: await fn(db, (f) => f(db)) };
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [TICK_LOCK]).catch(() => {});
    }
  } finally {
    await conn.end().catch(() => {});
  }
}
