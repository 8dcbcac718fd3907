import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import { dueRenewals, renewalRefusal } from '@/lib/jobs/lifecycle';
import { assertNotEnded, assertPayable, paymentRefusal } from '@/lib/jobs/ended';
import { companies, invoiceLines, invoices, paymentMethods, users } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { publicUrl } from '@/lib/config';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import { AppError, conflict, forbidden, unprocessable } from '@/lib/errors';
import { log } from '@/lib/log';
import { enqueueMail, enqueueTemplate } from '@/lib/mail';
import { noteNotApplied, payOnce, reconcile, STALE_PROCESSING_MS, withDefaults, type ChargeDeps, type OnApproved, type PaymentOutcome } from './charge';
import { getGateway } from './gateway';
import { addonLines, currentJob, renewJobPeriod, isPublished, loadChargeableJob, markLinesPaid, pendingLines, postingLines, publishJob, renewalLines, startBoost, type ChargeableJob } from './jobs-port';
import { PaymentInProgress, totalOf, type LineInput, type OrderInput } from './orders';
import { formatUsd } from '@/lib/jobs/codes';
import { makeDefaultCard, resolveCard } from './payment-methods';
import type { ChargeInput, JobChargeInput } from './schemas';

export const MULTIMEDIA_FAILED = 'multimedia upload failed';
export const PAYMENT_COMPLETED = 'Payment completed successfully';

type Company = { id: number; billingType: 'CELERO' | 'CONTRACT'; email: string | null };

async function companyOfJob(db: Database, job: ChargeableJob): Promise<Company> {
  const [company] = await db.select({ id: companies.id, billingType: companies.billingType, email: companies.email }).from(companies).where(eq(companies.id, job.companyId));
  return company;
}

/** Who hears about a job's billing: its employer, else the company's billing email. */
async function recipientOf(db: Database, job: ChargeableJob, company: Company) {
  if (job.employerId) {
    const [u] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, job.employerId));
    if (u) return u;
  }
  return company.email ? { email: company.email, firstName: null } : null;
}

const jobUrl = (jobId: number) => publicUrl(`/company/jobs/${jobId}/detail`).toString();
const dateText = (d: Date) => d.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

export const PAID_AFTER_JOB_ENDED = 'This payment was approved after the job was closed or cancelled, so the job was left as it was. Contact support for a refund.';

/**
 * What an approved order does to its job, by action: publish it, start a paid boost, renew it,
 * boost it for an admin; with its mail. The same for a live request and a reconciled order. Only
 * what the order's lines name is paid for: an address or add-on added while the charge was in
 * flight stays pending payment.
 */
export function afterApproval(job: ChargeableJob, company: Company, deps: ChargeDeps = {}): OnApproved {
  return async (tx, invoice) => {
    const now = deps.now?.() ?? new Date();
    // Closed or cancelled while the charge was in flight (payments refuse such a job up front).
    const state = await currentJob(tx, job.id);
    if (state && (state.closedAt || state.cancelledAt)) {
      // Nothing was charged (an invoice, a $0 boost): refuse, and the order is not written.
      if (!invoice.gateway && !invoice.transactionId) throw conflict(paymentRefusal(state)!);
      // The processor took the money: the order stays paid for the accountant, the job as its owner left it.
      log.warn('Payment approved for a job closed or cancelled meanwhile; not applied', { invoiceId: invoice.id, jobId: job.id });
      await noteNotApplied(tx, invoice.id, PAID_AFTER_JOB_ENDED);
      return;
    }
    const to = await recipientOf(tx, job, company);
    const amount = `$${(invoice.amountCents / 100).toFixed(2)}`;
    const lines = await tx
      .select({ addressId: invoiceLines.addressId, addonId: invoiceLines.addonId, addonType: invoiceLines.addonType })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id));
    switch (invoice.actionType) {
      case 'new_job':
        await publishJob(tx, job, invoice.paymentMethod === 'CONTRACT' ? 'invoiced' : 'paid', now, lines);
        if (to) await enqueueTemplate(tx, to.email, 'new_job', { firstName: to.firstName, jobTitle: job.title, jobUrl: jobUrl(job.id) });
        return;
      case 'addons': {
        // What this order paid for goes live now (never before): its addresses and add-ons.
        await markLinesPaid(tx, job.id, lines);
        if (lines.some((l) => l.addonType === 'boost')) await startBoost(tx, job.id, now);
        return;
      }
      case 'renewal': {
        const until = await renewJobPeriod(tx, job, now, lines);
        if (!to) return;
        if (invoice.autoRenew) {
          await enqueueTemplate(tx, to.email, 'auto_renew_job', { firstName: to.firstName, jobTitle: job.title, amountCents: invoice.amountCents, expiresAt: dateText(until), jobUrl: jobUrl(job.id) });
        } else {
          const text = `Your job "${job.title}" was renewed for ${amount} and now runs until ${dateText(until)}.\n\n${jobUrl(job.id)}`;
          await enqueueMail(tx, { to: to.email, kind: 'renew_job', subject: `"${job.title}" was renewed`, text });
        }
        return;
      }
      case 'admin_boost': {
        const until = await startBoost(tx, job.id, now);
        const days = Math.round((until.getTime() - now.getTime()) / 86_400_000);
        if (to) await enqueueTemplate(tx, to.email, 'boost_job', { firstName: to.firstName, jobTitle: job.title, days, jobUrl: jobUrl(job.id) });
      }
    }
  };
}

/**
 * Orders a crashed request left in PROCESSING_PAYMENT (tick step): ask the gateway by key, charge
 * again with the same key if it never saw it, and apply the job-side effect once approved.
 */
export async function reconcileStaleOrders(db: Database, now: Date, deps: ChargeDeps = {}) {
  const stale = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'PROCESSING_PAYMENT'), lt(invoices.updatedAt, new Date(now.getTime() - STALE_PROCESSING_MS))))
    .limit(50);
  const report = { approved: 0, declined: 0, failed: 0 };
  for (const invoice of stale) {
    // One order's failure (its job gone, a gateway fault) must not hold up the others or the renewals after them.
    try {
      const [card] = invoice.paymentMethodId ? await db.select({ token: paymentMethods.token }).from(paymentMethods).where(eq(paymentMethods.id, invoice.paymentMethodId)) : [];
      const job = invoice.jobId ? await loadChargeableJob(db, null, { jobId: invoice.jobId }) : null;
      const effect: OnApproved = job ? afterApproval(job, await companyOfJob(db, job), { ...deps, now: () => now }) : async () => {};
      const settled = await reconcile(db, await getGateway(db), invoice, card?.token ?? null, effect, deps);
      if (settled.status === 'APPROVED') report.approved += 1;
      else if (settled.status === 'PROCESSING_PAYMENT') report.failed += 1;
      else report.declined += 1;
    } catch (error) {
      log.error('Could not reconcile a stale order; the next tick tries again', { invoiceId: invoice.id, jobId: invoice.jobId, error });
      report.failed += 1;
    }
  }
  return report;
}

/** Card or contract: builds the order and pays it once (see payOnce). */
async function pay(
  db: Database,
  actor: Actor | null,
  job: ChargeableJob,
  company: Company,
  order: Omit<OrderInput, 'companyId' | 'jobId' | 'jobTitle' | 'paymentMethod'>,
  cardToken: string | undefined,
  onApproved: OnApproved,
  deps: ChargeDeps,
): Promise<PaymentOutcome> {
  const base = { ...order, companyId: job.companyId, jobId: job.id, jobTitle: job.title, createdBy: actor?.userId ?? null };
  if (company.billingType === 'CONTRACT' && !cardToken) {
    return payOnce(db, null, { ...base, paymentMethod: 'CONTRACT' }, null, onApproved, deps);
  }
  const card = await resolveCard(db, job.companyId, actor?.userId ?? null, cardToken);
  const gateway = await getGateway(db);
  const outcome = await payOnce(
    db,
    gateway,
    { ...base, paymentMethod: 'CELERO', paymentMethodId: card.id, cardType: card.cardType, maskedNumber: card.maskedNumber, gateway: gateway.name },
    card.token,
    onApproved,
    deps,
  );
  if (outcome.approved && !card.isDefault) await makeDefaultCard(db, job.companyId, card.id);
  return outcome;
}

/** The answer of every charge call: success, or 402 with the processor's reason. */
function answer(outcome: PaymentOutcome, job: ChargeableJob) {
  if (!outcome.approved) throw new AppError(402, outcome.message);
  // Approved but not applied (the job was closed meanwhile): the order's note says what happened.
  const note = outcome.invoice.error;
  return {
    message: note || PAYMENT_COMPLETED,
    job_updated: !note,
    already_paid: outcome.alreadyPaid ?? false,
    invoice_id: outcome.invoice.id,
    invoice_number: outcome.invoice.number,
    status: outcome.invoice.status,
    amount: outcome.invoice.amountCents / 100,
    payment_method: outcome.invoice.paymentMethod,
    transaction_id: outcome.invoice.transactionId,
    job_id: job.id,
  };
}

/**
 * The order comes to what the payer was shown (`expected_total_cents`), or nothing is charged: a
 * co-worker who added an address or an add-on between the summary and the click would otherwise
 * have it charged to a card whose holder confirmed a smaller amount.
 */
export const AMOUNT_CHANGED = (now: number, shown: number) =>
  `This order now comes to ${formatUsd(now)}, not the ${formatUsd(shown)} shown: the job was changed meanwhile. Check the order and pay again.`;
function assertShownTotal(lines: LineInput[], expected: number | undefined) {
  if (expected !== undefined && totalOf(lines) !== expected) throw conflict(AMOUNT_CHANGED(totalOf(lines), expected), 'expected_total_cents');
}

const nothingToPay = (job: ChargeableJob) => {
  if (!job.addresses.length) throw unprocessable('Add a targeting address before paying for this job.');
};

/**
 * POST /payment/company/invoice/charge: pays a new job named by its jobs_post_token (card, or the
 * company's contract) and publishes it. Also accepts action_type addons and renewal.
 */
export async function chargeJob(db: Database, actor: Actor, input: ChargeInput, deps: ChargeDeps = {}) {
  if (input.multimediaUploadFailed || input.multimedia_upload_failed) throw unprocessable(MULTIMEDIA_FAILED);
  const job = await loadChargeableJob(db, actor, { jobsPostToken: input.secret_token });
  const rest = { job_id: job.id, card_token: input.card_token, expected_total_cents: input.expected_total_cents };
  if (input.action_type === 'addons') return payAddons(db, actor, rest, deps);
  if (input.action_type === 'renewal') return renewJob(db, actor, rest, deps);
  return payNewJob(db, actor, job, input.card_token, input.expected_total_cents, deps);
}

/**
 * POST /payment/employer/job/invoice: an invoice-billed (CONTRACT) company publishes a job on its
 * contract, named by id. Card-billed companies pay through the charge call instead.
 */
export async function invoiceJob(db: Database, actor: Actor, input: { job_id: number; expected_total_cents?: number }, deps: ChargeDeps = {}) {
  const job = await loadChargeableJob(db, actor, { jobId: input.job_id });
  const company = await companyOfJob(db, job);
  if (company.billingType !== 'CONTRACT') throw unprocessable('Your company pays by card: add a card to pay for this job.');
  return payNewJob(db, actor, job, undefined, input.expected_total_cents, deps);
}

async function payNewJob(db: Database, actor: Actor, job: ChargeableJob, cardToken: string | undefined, expected: number | undefined, deps: ChargeDeps) {
  assertPayable(job);
  const company = await companyOfJob(db, job);
  nothingToPay(job);
  const subscribed = job.addons.filter((a) => a.subscribed);
  const lines = [...postingLines(job), ...addonLines(subscribed)];
  assertShownTotal(lines, expected);
  const order = { actionType: 'new_job' as const, periodKey: '', autoRenew: job.autoRenew, lines };
  const outcome = await pay(db, actor, job, company, order, cardToken, afterApproval(job, company, deps), deps);
  return answer(outcome, job);
}

/**
 * POST /payment/employer/job/addons: pays what waits for payment on a live job — add-ons switched
 * on and targeting addresses added since its posting was paid (card: charged; invoice-billed: an
 * invoice line). They go live in the order's effect (afterApproval), never before.
 */
export async function payAddons(db: Database, actor: Actor, input: JobChargeInput, deps: ChargeDeps = {}) {
  const job = await loadChargeableJob(db, actor, { jobId: input.job_id });
  assertNotEnded(job);
  assertPayable(job);
  if (!isPublished(job)) throw unprocessable('Pay for the job posting first; its add-ons are charged with it.');
  const lines = pendingLines(job);
  if (!lines.length) throw unprocessable('There are no unpaid add-ons on this job.');
  assertShownTotal(lines, input.expected_total_cents);
  const company = await companyOfJob(db, job);
  // One live order per set of items and period: a double click pays once, a new item is a new order.
  const items = lines.map((l) => l.addonType ?? `address:${l.addressId}`).sort();
  const periodKey = `${items.join(',')}@${job.expirationDate?.toISOString() ?? ''}`;
  const order = { actionType: 'addons' as const, periodKey, lines };
  const outcome = await pay(db, actor, job, company, order, input.card_token, afterApproval(job, company, deps), deps);
  return answer(outcome, job);
}

/**
 * The renewal of one period: charge the posting amount, 30 more days, a mail. Refused before any
 * charge for a job that cannot be renewed (closed, cancelled, suspended) or not yet in its renewal
 * window: the end date a renewal moved is the key of the next one, so a repeated renewal would
 * otherwise be charged as a new period.
 */
async function renewal(db: Database, actor: Actor | null, job: ChargeableJob, cardToken: string | undefined, auto: boolean, deps: ChargeDeps, expected?: number) {
  assertPayable(job);
  const now = withDefaults(deps).now?.() ?? new Date();
  const early = renewalRefusal(job, now);
  if (early) throw conflict(early);
  const company = await companyOfJob(db, job);
  nothingToPay(job);
  const lines: LineInput[] = renewalLines(job, now);
  assertShownTotal(lines, expected);
  const periodKey = job.expirationDate?.toISOString() ?? 'first';
  const order = { actionType: 'renewal' as const, periodKey, autoRenew: auto, lines };
  const outcome = await pay(db, actor, job, company, order, cardToken, afterApproval(job, company, deps), deps);
  return { outcome, company };
}

/** How long a renewal that went through answers a repeat of it (a second tab, a double click that lost the race). */
export const RENEWAL_REPEAT_MS = 2 * 60 * 1000;

/** POST /payment/invoice/renewal */
export async function renewJob(db: Database, actor: Actor, input: JobChargeInput, deps: ChargeDeps = {}) {
  const job = await loadChargeableJob(db, actor, { jobId: input.job_id });
  if (!isPublished(job)) throw unprocessable('This job has not been posted yet.');
  try {
    const { outcome } = await renewal(db, actor, job, input.card_token, false, deps, input.expected_total_cents);
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

async function recentRenewal(db: Database, jobId: number, now: Date) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), eq(invoices.actionType, 'renewal'), eq(invoices.status, 'APPROVED'), gt(invoices.updatedAt, new Date(now.getTime() - RENEWAL_REPEAT_MS))))
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
  const report: { renewed: number; failed: number; errors: number; retry: number[]; unfinishedAfter?: number } = { renewed: 0, failed: 0, errors: 0, retry: [] };
  let afterId = 0;
  const { done } = await inBatches(async (limit) => {
    const due = await dueRenewals(db, now, { afterId, limit });
    for (const { id } of due) {
      afterId = id;
      try {
        if (await autoRenew(db, id, now, deps)) report.renewed += 1;
        else report.failed += 1;
      } catch (error) {
        // An error of ours, not a refused payment: the others go on, and this job is not expired
        // unbilled (expire-jobs spares `retry`); the next tick tries it again.
        log.error('Auto-renewal failed; tried again next tick', { jobId: id, error });
        report.errors += 1;
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
 * failed_payments and answers false (the job then expires). Any other error is thrown.
 */
async function autoRenew(db: Database, id: number, now: Date, deps: ChargeDeps): Promise<boolean> {
  const job = await loadChargeableJob(db, null, { jobId: id });
  const company = await companyOfJob(db, job);
  let reason = '';
  try {
    const { outcome } = await renewal(db, null, job, undefined, true, { ...deps, now: () => now });
    if (outcome.approved) return true;
    reason = outcome.message;
  } catch (error) {
    // Another charge of this job is in flight: not a refusal; the next tick tries again.
    if (!(error instanceof AppError) || error instanceof PaymentInProgress) throw error;
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
  return false;
}

/**
 * The tick's 'renewals' step: first finish orders a crash left in flight, then charge the
 * auto-renewing jobs that are due.
 */
export async function paymentsTick(db: Database, now: Date, deps: ChargeDeps = {}, options: BatchOptions = {}) {
  const reconciled = await reconcileStaleOrders(db, now, deps);
  return { reconciled, ...(await autoRenewDueJobs(db, now, deps, options)) };
}

/**
 * Why an admin cannot boost a job, or null: only a live job (published, paid, not ended, not
 * suspended) is seen by anyone, so a boost of any other would be a free boost of nothing.
 */
function boostRefusal(job: ChargeableJob, now: Date): string | null {
  const live = 'only a live job can be boosted.';
  if (!isPublished(job)) return 'This job is not published yet: it can be boosted once its posting is paid.';
  if (job.closedAt) return `This job is closed: ${live}`;
  if (job.cancelledAt) return `This job is cancelled: ${live}`;
  if (job.expiredAt || (job.expirationDate && job.expirationDate <= now)) return `This job has expired: ${live}`;
  if (job.suspended) return `This job is suspended: ${live}`;
  if (!job.active || !job.approved) return `This job is not live: ${live}`;
  return null;
}

/** POST /admin/jobs/{id}/boost: an admin boosts a live job without payment (an order of 0 for the record). */
export async function adminBoost(db: Database, actor: Actor, jobId: number, deps: ChargeDeps = {}) {
  if (!hasAny(actor.roles, ADMIN_ROLES)) throw forbidden();
  const job = await loadChargeableJob(db, actor, { jobId });
  const now = deps.now?.() ?? new Date();
  const refusal = boostRefusal(job, now);
  if (refusal) throw conflict(refusal);
  if (job.boostActive && job.boostEndsAt && job.boostEndsAt > now) throw conflict('This job is already boosted.');
  const company = await companyOfJob(db, job);
  const outcome = await payOnce(
    db,
    null,
    {
      companyId: job.companyId,
      jobId: job.id,
      jobTitle: job.title,
      actionType: 'admin_boost',
      periodKey: now.toISOString(),
      paymentMethod: company.billingType,
      lines: [{ kind: 'addon', description: 'Boost add-on (by an admin, no charge)', amountCents: 0, addonType: 'boost' }],
      createdBy: actor.userId,
    },
    null,
    afterApproval(job, company, deps),
    deps,
  );
  return { job_id: job.id, boost_active: true, invoice_id: outcome.invoice.id, invoice_number: outcome.invoice.number };
}
