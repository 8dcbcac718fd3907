import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import type { BatchOptions } from '@/lib/db/batches';
import { invoices } from '@/lib/db/schema';
import { log } from '@/lib/log';
import { reconcile, STALE_PROCESSING_MS, type ChargeDeps, type OnApproved } from './charge';
import { getGateway } from './gateway';
import { afterApproval, companyOfJob } from './job-order';
import { loadChargeableJob } from './jobs-port';
import { autoRenewDueJobs } from './renewals';

/**
 * Orders a crashed request left in PROCESSING_PAYMENT (tick step): ask the gateway by key, charge
 * again with the same key and the order's own card if it never saw it, and apply the job-side
 * effect once approved. An order another reconciler claimed first is skipped (`skipped`).
 */
export async function reconcileStaleOrders(db: Database, now: Date, deps: ChargeDeps = {}) {
  const stale = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'PROCESSING_PAYMENT'), lt(invoices.updatedAt, new Date(now.getTime() - STALE_PROCESSING_MS))))
    .limit(50);
  const report = { approved: 0, declined: 0, failed: 0, skipped: 0 };
  for (const invoice of stale) {
    // One order's failure (its job gone, a gateway fault) must not hold up the others or the renewals after them.
    try {
      const job = invoice.jobId ? await loadChargeableJob(db, null, { jobId: invoice.jobId }) : null;
      const effect: OnApproved = job ? afterApproval(job, await companyOfJob(db, job), { ...deps, now: () => now }) : async () => {};
      const settled = await reconcile(db, await getGateway(db), invoice, effect, deps);
      // Claimed by a request for it (or another tick) since it was read: that one finishes it.
      if (!settled) report.skipped += 1;
      else if (settled.status === 'APPROVED') report.approved += 1;
      else if (settled.status === 'PROCESSING_PAYMENT') report.failed += 1;
      else report.declined += 1;
    } catch (error) {
      log.error('Could not reconcile a stale order; the next tick tries again', { invoiceId: invoice.id, jobId: invoice.jobId, error });
      report.failed += 1;
    }
  }
  return report;
}

/**
 * The tick's 'renewals' step: first finish orders a crash left in flight, then charge the
 * auto-renewing jobs that are due.
 */
export async function paymentsTick(db: Database, now: Date, deps: ChargeDeps = {}, options: BatchOptions = {}) {
  const reconciled = await reconcileStaleOrders(db, now, deps);
  return { reconciled, ...(await autoRenewDueJobs(db, now, deps, options)) };
}

