import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import { invoices } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { publicUrl } from '@/lib/config';
import { AppError, conflict, unprocessable } from '@/lib/errors';
import { assertPayable, paymentRefusal } from '@/lib/jobs/ended';
import { dueRenewals, renewalRefusal } from '@/lib/jobs/lifecycle';
import { log } from '@/lib/log';
import { enqueueTemplate } from '@/lib/mail';
import { withDefaults, type ChargeDeps } from './charge';
import { afterApproval, answer, assertShownTotal, companyOfJob, JobChangedWhilePaying, newCardOf, nothingToPay, pay, PAYMENT_COMPLETED, pricedOnJobAsIs, recipientOf } from './job-order';
import { isPublished, loadChargeableJob, renewalLines, renewalPendingRefusal, type ChargeableJob } from './jobs-port';
import { PaymentInProgress, type LineInput } from './orders';
import type { JobChargeInput, PayCardInput } from './schemas';

/**
 * The renewal of one period: charge the posting amount, 30 more days, a mail. Refused before any
 * charge for a job that cannot be renewed (closed, cancelled, suspended) or not yet in its renewal
 * window: the end date a renewal moved is the key of the next one, so a repeated renewal would
 * otherwise be charged as a new period.
 */
async function renewal(db: Database, actor: Actor | null, job: ChargeableJob, card: PayCardInput | undefined, auto: boolean, deps: ChargeDeps, expected?: number, ip?: string) {
  assertPayable(job);
  const now = withDefaults(deps).now?.() ?? new Date();
  const early = renewalRefusal(job, now) ?? renewalPendingRefusal(job, now);
  if (early) throw conflict(early);
  const company = await companyOfJob(db, job);
  nothingToPay(job);
  const lines: LineInput[] = renewalLines(job, now);
  assertShownTotal(lines, expected);
  const periodKey = job.expirationDate?.toISOString() ?? 'first';
  // An automatic renewal only while the customer still wants it, checked under the job's lock.
  const wanted = auto ? assertStillAutoRenewing : undefined;
  const order = { actionType: 'renewal' as const, periodKey, autoRenew: auto, lines, verify: pricedOnJobAsIs(job.id, lines, (j) => renewalLines(j, now), wanted) };
  const outcome = await pay(db, actor, job, company, order, card, afterApproval(job, company, deps), deps, ip);
  return { outcome, company };
}

/** An auto-renewal whose job no longer renews by itself (turned off, or cancelled with a reason). */
export class RenewalNoLongerWanted extends AppError {
  constructor() {
    super(409, 'Automatic renewal was turned off for this job.');
  }
}

/** Whether the job still renews by itself: auto-renew on and not cancelled. */
const autoRenews = (job: Pick<ChargeableJob, 'autoRenew' | 'renewalCanceledAt'>) => job.autoRenew && !job.renewalCanceledAt;

function assertStillAutoRenewing(job: Pick<ChargeableJob, 'autoRenew' | 'renewalCanceledAt'>) {
  if (!autoRenews(job)) throw new RenewalNoLongerWanted();
}

/** How long a renewal that went through answers a repeat of it (a second tab, a double click that lost the race). */
export const RENEWAL_REPEAT_MS = 2 * 60 * 1000;

/** POST /payment/invoice/renewal */
export async function renewJob(db: Database, actor: Actor, input: JobChargeInput, deps: ChargeDeps = {}, ip?: string) {
  const job = await loadChargeableJob(db, actor, { jobId: input.job_id });
  if (!isPublished(job)) throw unprocessable('This job has not been posted yet.');
  try {
    const { outcome } = await renewal(db, actor, job, newCardOf(input), false, deps, input.expected_total_cents, ip);
    return answer(outcome, job);
  } catch (error) {
    // Sent again right after it went through (it moved the end date, so this one is "too early"):
    // the answer is the renewal that was paid, not an error for a payment that succeeded.
    const now = withDefaults(deps).now?.() ?? new Date();
    const tooEarly = error instanceof AppError && error.status === 409 && !paymentRefusal(job) && renewalRefusal(job, now) === error.message;
    const just = tooEarly ? await recentRenewal(db, job.id, now) : null;
    if (!just) throw error;
    return answer({ invoice: just, approved: true, message: PAYMENT_COMPLETED, alreadyPaid: true }, job);
  }
}

/**
 * When a renewal went through, a time nothing moves afterwards: a card's approval (paid_at, set when
 * its charge settled), an invoice's issue (billing_date: an invoice-billed order is opened approved).
 * Not updated_at: an admin marking an old renewal invoice paid moves it (and paid_at), and a renewal
 * asked for outside the window was then answered as that invoice, "already paid", with nothing renewed.
 */
const renewedAt = sql`case when ${invoices.paymentMethod} = 'CONTRACT' then ${invoices.billingDate} else ${invoices.paidAt} end`;

/** The renewal of this job that went through in the last RENEWAL_REPEAT_MS, if any. */
async function recentRenewal(db: Database, jobId: number, now: Date) {
  const since = new Date(now.getTime() - RENEWAL_REPEAT_MS);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), eq(invoices.actionType, 'renewal'), eq(invoices.status, 'APPROVED'), sql`${renewedAt} > ${since.toISOString()}::timestamptz`))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ?? null;
}

/**
 * The tick's auto-renew step: a live auto-renewing job whose end date has come is charged its
 * posting amount with the company's default card (or its contract) and runs 30 more days. A
 * failure leaves it to expire and mails failed_payments. In batches of due jobs in id order
 * (lib/db/batches.ts); no transaction is open around a charge (payOnce opens the order, charges,
 * then settles it in a short transaction of its own). When the budget is spent, `unfinishedAfter`
 * is the last job tried: the ones after it wait for the next tick, and expire-jobs spares them.
 */
/** A renewal is a dozen statements and a gateway call: batches of fewer jobs than lib/db/batches.ts's rows. */
const RENEWAL_BATCH = 25;

export async function autoRenewDueJobs(db: Database, now: Date, deps: ChargeDeps = {}, options: BatchOptions = {}) {
  const report: { renewed: number; failed: number; turnedOff: number; errors: number; retry: number[]; unfinishedAfter?: number } = { renewed: 0, failed: 0, turnedOff: 0, errors: 0, retry: [] };
  let afterId = 0;
  // The step's clock moves on with the time it takes. Handed the step's start to the last job, a
  // renewal charged minutes in (each can take 185 s, after up to 50 reconciliations) opened its order
  // already older than STALE_PROCESSING_MS: the customer's own renewal, sent meanwhile, took it for
  // a crashed one and reconciled it while its sale was still at the processor, booked it declined,
  // and charged the card a second time.
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  const { done } = await inBatches(async (limit) => {
    const due = await dueRenewals(db, now, { afterId, limit });
    for (const { id } of due) {
      afterId = id;
      try {
        report[await autoRenew(db, id, clock(), deps)] += 1;
      } catch (error) {
        // A payment of this job still in flight, the job changed while its order opened, or an
        // error of ours, not a refused payment: the others go on, and this job is not expired
        // unbilled (expire-jobs spares `retry`); the next tick tries it again.
        if (error instanceof PaymentInProgress) log.info('Auto-renewal waits for a payment in flight; tried again next tick', { jobId: id });
        else if (error instanceof JobChangedWhilePaying) log.info('Auto-renewal: the job changed while its order opened; tried again next tick', { jobId: id });
        else {
          log.error('Auto-renewal failed; tried again next tick', { jobId: id, error });
          report.errors += 1;
        }
        report.retry.push(id);
      }
    }
    return due;
  }, { size: RENEWAL_BATCH, ...options });
  if (!done) report.unfinishedAfter = afterId;
  return report;
}

/**
 * One due job's renewal; a refused payment (declined card, no card, nothing to charge) mails
 * failed_payments and answers 'failed' (the job then expires); one whose auto-renewal was turned off
 * meanwhile answers 'turnedOff' and mails nothing. A payment still in flight throws
 * PaymentInProgress, a job changed while its order opened JobChangedWhilePaying, and any other
 * error is thrown: the job is spared and tried next tick.
 */
async function autoRenew(db: Database, id: number, now: Date, deps: ChargeDeps): Promise<'renewed' | 'failed' | 'turnedOff'> {
  const job = await loadChargeableJob(db, null, { jobId: id });
  // Turned off since the batch was read (the renewal cancelled while earlier jobs were charged):
  // not renewed, and no failure to mail; expire-jobs ends it as any job without renewal.
  if (!autoRenews(job)) return 'turnedOff';
  const company = await companyOfJob(db, job);
  let reason = '';
  try {
    const { outcome } = await renewal(db, null, job, undefined, true, { ...deps, now: () => now });
    if (outcome.approved) return 'renewed';
    // Not refused but still in flight (a manual renewal of the same period outlasted the wait, or
    // the gateway's answer is unclear): the next tick sees how it ended; nothing is mailed or expired.
    if (outcome.invoice.status === 'PROCESSING_PAYMENT') throw new PaymentInProgress();
    reason = outcome.message;
  } catch (error) {
    // Another charge of this job is in flight, or the job changed (a co-worker's addresses or
    // add-ons) between pricing the renewal and opening its order: the card was never tried, so it
    // is no refusal; the next tick tries again, on the job as it is then.
    if (!(error instanceof AppError) || error instanceof PaymentInProgress || error instanceof JobChangedWhilePaying) throw error;
    // Turned off while its order opened: nothing was charged, and nothing failed.
    if (error instanceof RenewalNoLongerWanted) return 'turnedOff';
    reason = error.message;
  }
  const to = await recipientOf(db, job, company);
  if (to) {
    await enqueueTemplate(db, to.email, 'failed_payments', {
      firstName: to.firstName,
      jobTitle: job.title,
      amountCents: job.addresses.reduce((s, a) => s + Number(a.costCents), 0) + job.addons.filter((a) => a.subscribed).reduce((s, a) => s + Number(a.costCents), 0),
      reason,
      billingUrl: publicUrl('/company/settings/payment').toString(),
    });
  }
  // Nothing more here: the tick's next step (expire-jobs) expires it, so it is not tried again.
  return 'failed';
}

