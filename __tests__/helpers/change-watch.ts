import { changeWatch, embeddedClient, type Database } from '@/lib/db/client';

/**
 * Waits until every change committed so far has been announced to this process: at once on PGlite;
 * on PostgreSQL once a beat sent after now has come back (this process's own writes are also
 * announced, a moment later, and forget what was remembered meanwhile).
 */
export async function inTouch(db: Database, timeoutMs = 5_000) {
  const since = Date.now();
  while (!changeWatch(db)!.caughtUpWith(since) || !changeWatch(db)!.fresh()) {
    if (Date.now() - since > timeoutMs) throw new Error('the change listener did not catch up');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Counts the statements the handle sends: PGlite's protocol calls, or the PostgreSQL pool's queries. */
export function countStatements(db: Database) {
  const pglite = embeddedClient(db);
  if (pglite) return jest.spyOn(pglite, 'execProtocol');
  return jest.spyOn((db as unknown as { $client: { query: () => unknown } }).$client, 'query');
}
