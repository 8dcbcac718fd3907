import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from './client';

export type Page = { offset: number; limit: number };

/** A whole number as SQL text (a LIMIT, an OFFSET, a cap): only ever one the schemas validated. */
export function literalInt(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a row count: ${n}`);
  return sql.raw(String(n));
}

/**
 * A list's page statement, sent the cheapest way that plans it well. The first page, the one nearly
 * every visit asks for, runs as a named prepared statement with its LIMIT and OFFSET written into
 * the text; a later page runs as a plain statement with them as parameters, planned with their
 * values on every call.
 *
 * Why written into the text: PostgreSQL builds a prepared statement's generic plan without the
 * parameters' values, and for `limit $n` or `offset $n` it assumes a tenth of the rows. At
 * 1,000,000 applications that generic plan looked a thousand times dearer than a page's own plan,
 * so the server never kept it and planned every call anew (pg_prepared_statements: 0 generic plans
 * in 80 calls; the admins' applicants list took 3.4 ms, most of it planning, where its page executes
 * in under 1 ms). With the page's size in the text the generic plan costs what the page costs, and
 * the server keeps it after its five custom plans (docs/benchmarks.md).
 *
 * Why only the first page: a literal offset makes every page a statement of its own, and a
 * connection keeps each statement it prepared. Limits are bounded by the schemas, so the first pages
 * of a list are a handful of statements per connection.
 */
export function queryPage<T>(db: Database, page: Page, statement: (limitOffset: SQL) => SQL): Promise<T[]> {
  if (page.offset === 0) return queryRowsPrepared<T>(db, statement(sql`limit ${literalInt(page.limit)} offset 0`));
  return queryRows<T>(db, statement(sql`limit ${page.limit} offset ${page.offset}`));
}
