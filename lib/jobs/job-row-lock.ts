import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { jobs, type JobRow } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { JOB_NOT_FOUND } from './access';
import { lockJobCharges } from './payment-in-flight';

/**
 * Takes the job's row (FOR NO KEY UPDATE) before any of its addresses or add-ons: the one lock
 * order for a job and its items. A change of the job's state locks its row and then its trigger
 * rewrites the addresses' listed flags (migration 0031); paying items locks the row and then the
 * items. A writer that took the items first and the job last (an edit of the addresses or add-ons,
 * whose cost is then written on the job) deadlocked with them, and the loser's work was refused: the
 * employer's save, an admin's suspension, or an approved charge whose boost was then not applied.
 *
 * Answers the row as it is once locked. A caller decides on that row, never on one read before the
 * lock: a job published, renewed or closed by a transaction the lock waited for is seen as it now
 * is (an edit read the job as unpaid, then removed the address a payment had just made live).
 */
export async function lockJobRow(tx: Database, jobId: number): Promise<JobRow> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('no key update');
  if (!job) throw notFound(JOB_NOT_FOUND);
  return job;
}

/**
 * A change of the job that orders must see: the job's charges lock (lib/jobs/payment-in-flight.ts,
 * which an order opening takes too), then its row. Answers the locked row.
 */
export async function lockJobForChange(tx: Database, jobId: number): Promise<JobRow> {
  await lockJobCharges(tx, jobId);
  return lockJobRow(tx, jobId);
}
