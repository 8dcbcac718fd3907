import { sql } from 'drizzle-orm';
import { STEP_BUDGET_MS, yieldToRequests } from './batches';
import { embeddedClient, queryRows, type Database } from './client';

/*
 * What autovacuum does on PostgreSQL, done by the tick on the embedded database. PGlite runs
 * PostgreSQL as one standalone backend: no autovacuum worker ever starts (`show autovacuum` says
 * on; pg_stat_activity holds the one backend). Every update and delete left its old row versions in
 * the table and its indexes for good, and the planner's statistics were the ones the migrations
 * left: a table updated through twice held 100,000 live rows and 200,000 dead ones. Scans of the
 * partial indexes that rows pass through (applications not yet told of in a digest, outbox mail
 * due) read every row that ever passed.
 */

/** Autovacuum's defaults: a table is vacuumed past 50 + 20% dead rows, analyzed past 50 + 10% changed. */
const VACUUM_AT = { base: 50, share: 0.2 };
const ANALYZE_AT = { base: 50, share: 0.1 };

type Due = { schema: string; table: string; vacuum: boolean };

/**
 * One pass of upkeep on the embedded database (a tick step; nothing on PostgreSQL, whose own
 * autovacuum does it): each table past autovacuum's thresholds vacuumed and analyzed, or analyzed
 * alone, one statement at a time, most changed first, yielding to requests between them, and
 * leaving the rest to the next tick once the budget is spent (at least one table a tick). On PGlite
 * at 100,000 jobs and 300,000 applications, with a quarter of each table changed: jobs' vacuum took
 * 299 ms and its analyze 494 ms, applications' 512 and 200 ms; a vacuum with nothing dead, 5 ms.
 */
export async function embeddedUpkeep(db: Database, options: { budgetMs?: number } = {}) {
  if (!embeddedClient(db)) return { skipped: true as const };
  // The backend writes its table counters out at most once a second, when idle: have them written
  // at the end of this statement, so the next one reads the changes made just before the tick.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const vacuumAt = sql.raw(`${VACUUM_AT.base} + ${VACUUM_AT.share} * n_live_tup`);
  const analyzeAt = sql.raw(`${ANALYZE_AT.base} + ${ANALYZE_AT.share} * n_live_tup`);
  const due = await queryRows<Due>(
    db,
    sql`select schemaname as schema, relname as table, n_dead_tup > ${vacuumAt} as vacuum
      from pg_stat_user_tables
      where n_dead_tup > ${vacuumAt} or n_mod_since_analyze > ${analyzeAt}
      order by n_dead_tup + n_mod_since_analyze desc`,
  );
  const deadline = Date.now() + (options.budgetMs ?? STEP_BUDGET_MS);
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const t of due) {
    const name = sql`${sql.identifier(t.schema)}.${sql.identifier(t.table)}`;
    // Vacuum and analyze as two statements, the requests that queued meanwhile answered between
    // them: together they held PGlite's one thread for 1 s at 100,000 jobs.
    if (t.vacuum) {
      await db.execute(sql`vacuum ${name}`);
      await yieldToRequests();
    }
    await db.execute(sql`analyze ${name}`);
    (t.vacuum ? vacuumed : analyzed).push(t.table);
    if (Date.now() >= deadline) break;
    await yieldToRequests();
  }
  return { vacuumed, analyzed, left: due.length - vacuumed.length - analyzed.length };
}
