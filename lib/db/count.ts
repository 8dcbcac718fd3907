import { sql, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Database } from './client';
import { literalInt } from './page';

/**
 * A list's total stops being counted here: past it the answer is "at least this many". Counting
 * every matching row on every page grows with the table (issue 16: `count(*) over ()` made the
 * admin job list 40× slower at 100,000 jobs); counting up to a cap costs at most this many index
 * entries, whatever the table's size. Why 1,000 and not 10,000: at 100,000 jobs counting 10,001
 * entries took 2–4 ms on PostgreSQL, as long as the page itself (docs/benchmarks.md).
 */
export const COUNT_CAP = 1_000;

export type CappedTotal = { total: number; total_is_lower_bound: boolean };

/**
 * Counts the rows of `rows` (a `select 1 from … where …`, without limit) up to COUNT_CAP, or to the
 * end of the page asked for when that lies further. Past the cap the total is the cap with
 * `total_is_lower_bound`: at least one more row exists after it, so a pager can offer "Next" and
 * show "1,000+" rather than a number that was never counted.
 */
export async function countUpTo(db: Database, rows: SQLWrapper, page?: { offset: number; limit: number }): Promise<CappedTotal> {
  const counting = cappedCount(rows, page);
  const [{ n }] = await queryRows<{ n: number }>(db, counting.query);
  return counting.total(n);
}

/**
 * Where a list's count stops: COUNT_CAP, or the end of the page asked for when that lies further.
 * No further than the largest safe integer less one: the text carries cap + 1 (a page far past the
 * end, offset 2^53 - 1, made an unsafe number here and a 500).
 */
export const capOf = (page?: { offset: number; limit: number }) => Math.min(Math.max(COUNT_CAP, page ? page.offset + page.limit : 0), Number.MAX_SAFE_INTEGER - 1);

/** A count of `n` rows, counted up to `cap` and one more, as a list's total: past the cap, the cap and "at least". */
export const cappedTotal = (n: number, cap: number = COUNT_CAP): CappedTotal => (n > cap ? { total: cap, total_is_lower_bound: true } : { total: n, total_is_lower_bound: false });

/**
 * The same count as SQL (`select count(*)::int as n …`), for a list that reads its page and its
 * total in one statement (one round trip to the database instead of two; the job list, issue 16),
 * and the function that turns the counted `n` into the answer's total.
 */
export function cappedCount(rows: SQLWrapper, page?: { offset: number; limit: number }) {
  const cap = capOf(page);
  const total = (n: number) => cappedTotal(n, cap);
  return {
    // The cap is written into the text, not sent as a parameter: a prepared statement's generic plan
    // would otherwise assume a tenth of the table under it (lib/db/page.ts).
    query: sql`select count(*)::int as n from (${rows} limit ${literalInt(cap + 1)}) as capped`,
    total,
    /**
     * The answer of a statement that selects the count as `matched` and left-joins the page to it:
     * every row carries the count, and an empty page still answers one row, with only the count
     * (its `id` null), which is not a row of the page.
     */
    read: <R extends { id: unknown }>(answered: (Partial<R> & { matched: number })[]) => ({
      rows: answered.filter((r): r is R & { matched: number } => r.id != null),
      ...total(answered[0]?.matched ?? 0),
    }),
  };
}
