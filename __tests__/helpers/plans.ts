import type { Logger } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';

/** One statement as drizzle sent it. */
export type Statement = { query: string; params: unknown[] };

/**
 * The statements a service sends, recorded by a second drizzle instance over the same connection
 * (PGlite, or PostgreSQL when DATABASE_URL is set): plan tests EXPLAIN exactly what the app runs.
 */
export async function recordStatements(db: Database, run: (db: Database) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const logger: Logger = { logQuery: (query, params) => void statements.push({ query, params }) };
  const client = (db as unknown as { $client: unknown }).$client;
  const { drizzle } = process.env.DATABASE_URL ? await import('drizzle-orm/node-postgres') : await import('drizzle-orm/pglite');
  const recording = (drizzle as unknown as (c: unknown, o: object) => Database)(client, { schema, casing: 'snake_case', logger });
  await run(recording);
  return statements;
}

/** Sequential scans, sorts and bitmaps made the planner's last resort: the test tables are small enough to be read whole otherwise. */
export const LAST_RESORT = ['set local enable_seqscan = off', 'set local enable_sort = off', 'set local enable_bitmapscan = off'];

/** EXPLAIN of one statement under these planner settings (none: the planner's own choice), in a transaction rolled back. */
export async function explainStatement(db: Database, { query, params }: Statement, settings: string[] = []): Promise<string> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (process.env.DATABASE_URL) {
    const c = await (client as import('pg').Pool).connect();
    try {
      await c.query('begin');
      for (const s of settings) await c.query(s);
      const r = await c.query(`explain ${query}`, params as unknown[]);
      return r.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    } finally {
      await c.query('rollback');
      c.release();
    }
  }
  return (client as import('@electric-sql/pglite').PGlite).transaction(async (tx) => {
    for (const s of settings) await tx.exec(s);
    const r = await tx.query<Record<string, string>>(`explain ${query}`, params as unknown[]);
    await tx.rollback();
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  }) as Promise<string>;
}
