import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';

/**
 * Takes the job's row (FOR NO KEY UPDATE) before any of its addresses or add-ons: the one lock
 * order for a job and its items. A change of the job's state locks its row and then its trigger
 * rewrites the addresses' listed flags (migration 0031); paying items locks the row and then the
 * items. A writer that took the items first and the job last (an edit of the addresses or add-ons,
 * whose cost is then written on the job) deadlocked with them, and the loser's work was refused: the
 * employer's save, an admin's suspension, or an approved charge whose boost was then not applied.
 */
export async function lockJobRow(tx: Database, jobId: number) {
  await tx.execute(sql`select 1 from jobs where id = ${jobId} for no key update`);
}
