import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { invoices } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';

/**
 * Close, cancel and removing what is charged (an address, a subscribed add-on) wait while a charge
 * for the job is in flight (an order in PROCESSING_PAYMENT): the processor may approve it a few
 * seconds later (a retried charge takes 5 s), and the payment would then publish or renew what no
 * longer exists, or charge for items just removed. The tick settles a stuck order within minutes.
 */
export async function assertNoPaymentInFlight(db: Database, jobId: number) {
  const [inFlight] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), eq(invoices.status, 'PROCESSING_PAYMENT')))
    .limit(1);
  if (inFlight) throw conflict('A payment for this job is in progress; try again in a minute.');
}

/** Advisory lock space of a job's charges (the second key is the job id). */
const JOB_CHARGE_LOCK_SPACE = 7_341_003;

/**
 * Serializes, per job, opening an order (lib/payments/orders.ts) with changing what orders charge
 * (addresses, add-ons): until its transaction ends. Without it an order priced on a job, then
 * opened after a co-worker removed an address or another order paid an add-on, charged for the
 * removed address or for the add-on a second time (an accountant's review); under it, the order
 * checks its lines against the job as it is, and the change sees the order in flight.
 */
export async function lockJobCharges(tx: Database, jobId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${JOB_CHARGE_LOCK_SPACE}, ${jobId})`);
}
