import { and, eq } from 'drizzle-orm';
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
