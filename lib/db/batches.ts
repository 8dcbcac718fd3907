/**
 * Scheduled work in small pieces (issue 16): each batch is a few hundred rows in statements or
 * short transactions of its own, so on PGlite (one connection, one thread) a request waits at most
 * one batch, never a whole tick.
 *
 * A batch that updates the rows a subquery picked (`where id in (select … where due limit n)`)
 * says `due` again in its own WHERE. When a request changed a picked row and the batch waited for
 * its lock, PostgreSQL re-checks only the update's own condition on the row as it is now, with the
 * subquery's old answer: a job renewed by its company meanwhile was expired all the same.
 */

/** Rows one batch touches at most. */
export const BATCH_ROWS = 250;
/** Wall-clock time one step may spend before it leaves the rest to the next tick. */
export const STEP_BUDGET_MS = 15_000;

/** Lets the requests queued behind the batch run (their I/O callbacks come before setImmediate's). */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export type BatchOptions = { size?: number; budgetMs?: number };

/**
 * Runs `batch(limit)` until it answers fewer rows than `limit` (nothing left) or the budget is
 * spent, yielding between batches. `done` false: work was left for the next tick.
 */
export async function inBatches<T>(batch: (limit: number) => Promise<T[]>, options: BatchOptions = {}): Promise<{ rows: T[]; done: boolean }> {
  const size = options.size ?? BATCH_ROWS;
  const deadline = Date.now() + (options.budgetMs ?? STEP_BUDGET_MS);
  const rows: T[] = [];
  for (;;) {
    const got = await batch(size);
    rows.push(...got);
    if (got.length < size) return { rows, done: true };
    if (Date.now() >= deadline) return { rows, done: false };
    await yieldToRequests();
  }
}
