import { ADMIN_ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import { conflict, forbidden, unprocessable } from '@/lib/errors';
import { assertNotEnded, assertPayable } from '@/lib/jobs/ended';
import { payOnce, STALE_PROCESSING_MS, type ChargeDeps } from './charge';
import { afterApproval, answer, assertShownTotal, companyOfJob, newCardOf, nothingToPay, pay, pricedOnJobAsIs } from './job-order';
import { addonLines, isPublished, loadChargeableJob, pendingLines, postingLines, type ChargeableJob } from './jobs-port';
import { liveOrder } from './orders';
import { renewJob } from './renewals';
import type { ChargeInput, JobChargeInput, PayCardInput } from './schemas';

/** The charge calls of a job: a new posting, its add-ons, the contract invoice, an admin's boost (renewals: ./renewals.ts). */

export const MULTIMEDIA_FAILED = 'multimedia upload failed';

/**
 * POST /payment/company/invoice/charge: pays a new job named by its jobs_post_token (card, or the
 * company's contract) and publishes it. Also accepts action_type addons and renewal.
 */
export async function chargeJob(db: Database, actor: Actor, input: ChargeInput, deps: ChargeDeps = {}, ip?: string) {
  if (input.multimediaUploadFailed || input.multimedia_upload_failed) throw unprocessable(MULTIMEDIA_FAILED);
  const job = await loadChargeableJob(db, actor, { jobsPostToken: input.secret_token });
  const card = newCardOf(input);
  const rest = { job_id: job.id, ...card, expected_total_cents: input.expected_total_cents };
  if (input.action_type === 'addons') return payAddons(db, actor, rest, deps, ip);
  if (input.action_type === 'renewal') return renewJob(db, actor, rest, deps, ip);
  return payNewJob(db, actor, job, card, input.expected_total_cents, deps, ip);
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

export const ALREADY_PUBLISHED = 'This job is already paid for and published.';

async function payNewJob(db: Database, actor: Actor, job: ChargeableJob, card: PayCardInput | undefined, expected: number | undefined, deps: ChargeDeps, ip?: string) {
  assertPayable(job);
  // A posting is paid once. A repeat of the charge that published it finds that order (payOnce
  // answers it, already paid); a job that went live without one of its own (published outside the
  // charge path, as the demo and scale seeds do) was charged the full posting again, and the
  // approval then changed nothing (publishPaidJob leaves a published job as it is).
  if (isPublished(job) && !(await liveOrder(db, job.id, 'new_job', ''))) throw conflict(ALREADY_PUBLISHED);
  const company = await companyOfJob(db, job);
  nothingToPay(job);
  const linesOf = (j: ChargeableJob) => [...postingLines(j), ...addonLines(j.addons.filter((a) => a.subscribed))];
  const lines = linesOf(job);
  assertShownTotal(lines, expected);
  const order = { actionType: 'new_job' as const, periodKey: '', autoRenew: job.autoRenew, lines, verify: pricedOnJobAsIs(job.id, lines, linesOf) };
  const outcome = await pay(db, actor, job, company, order, card, afterApproval(job, company, deps), deps, ip);
  return answer(outcome, job);
}

export const RENEW_BEFORE_ADDONS = 'This job has expired: renew it first; its add-ons are charged with the renewal.';
export const RENEW_BEFORE_CLOSING_ADDONS = 'This job ends in less than 5 minutes: renew it first; its add-ons are charged with the renewal.';
/**
 * How close to its end date a job's add-ons can no longer be bought. A charge may take up to
 * STALE_PROCESSING_MS (4 min 5 s) to settle; one settling after the end marked its add-ons paid
 * through an end already gone, and the renewal charged them again.
 */
export const ADDONS_CLOSING_MS = 5 * 60_000;
if (ADDONS_CLOSING_MS < STALE_PROCESSING_MS) throw new Error('ADDONS_CLOSING_MS must outlast the longest charge');

/**
 * Why add-ons cannot be paid now because the job's end date has passed (even before the tick marks
 * it expired), or comes before a charge started now could settle, or null. One rule for payAddons
 * and the payment summary's `refused`, so the summary never shows a total the charge then refuses.
 */
export const addonsEndedRefusal = (job: ChargeableJob, now: Date): string | null => {
  if (!job.expirationDate) return null;
  const left = job.expirationDate.getTime() - now.getTime();
  return left <= 0 ? RENEW_BEFORE_ADDONS : left <= ADDONS_CLOSING_MS ? RENEW_BEFORE_CLOSING_ADDONS : null;
};

/**
 * POST /payment/employer/job/addons: pays what waits for payment on a live job — add-ons switched
 * on and targeting addresses added since its posting was paid (card: charged; invoice-billed: an
 * invoice line). They go live in the order's effect (afterApproval), never before.
 * Not once its end date has passed, even before the tick marks it expired, nor in the last
 * ADDONS_CLOSING_MS before it (409): they would be paid through that end (markLinesPaid), a time
 * already gone, and charged again by the renewal.
 */
export async function payAddons(db: Database, actor: Actor, input: JobChargeInput, deps: ChargeDeps = {}, ip?: string) {
  const job = await loadChargeableJob(db, actor, { jobId: input.job_id });
  assertNotEnded(job);
  assertPayable(job);
  if (!isPublished(job)) throw unprocessable('Pay for the job posting first; its add-ons are charged with it.');
  const now = deps.now?.() ?? new Date();
  const ended = addonsEndedRefusal(job, now);
  if (ended) throw conflict(ended);
  const lines = pendingLines(job, now);
  if (!lines.length) throw unprocessable('There are no unpaid add-ons on this job.');
  assertShownTotal(lines, input.expected_total_cents);
  const company = await companyOfJob(db, job);
  // One live order per set of items and period: a double click pays once, a new item is a new order.
  const items = lines.map((l) => l.addonType ?? `address:${l.addressId}`).sort();
  const periodKey = `${items.join(',')}@${job.expirationDate?.toISOString() ?? ''}`;
  const order = { actionType: 'addons' as const, periodKey, lines, verify: pricedOnJobAsIs(job.id, lines, (j) => pendingLines(j, now)) };
  const outcome = await pay(db, actor, job, company, order, newCardOf(input), afterApproval(job, company, deps), deps, ip);
  return answer(outcome, job);
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
export async function adminBoost(db: Database, actor: Actor, jobId: number, deps: ChargeDeps = {}, ip?: string) {
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
      // One boost per state of the job's boost, not per click: two admins clicking together read the
      // same end (none, or the last boost's), so the second finds the first's order instead of
      // adding 7 more free days. The next boost, after this one ends, has a new key.
      periodKey: `after:${job.boostEndsAt?.toISOString() ?? 'none'}`,
      paymentMethod: company.billingType,
      lines: [{ kind: 'addon', description: 'Boost add-on (by an admin, no charge)', amountCents: 0, addonType: 'boost' }],
      createdBy: actor.userId,
    },
    null,
    afterApproval(job, company, deps),
    deps,
  );
  // The dialog tells the admin "Your name and the time are recorded": so they are (once: the
  // second of two clicks answers the first's order and boosted nothing).
  if (!outcome.alreadyPaid) await recordAudit(db, {
    actorUserId: actor.userId,
    impersonatorId: actor.impersonatorId ?? null,
    action: 'job.admin_boost',
    subjectType: 'job',
    subjectId: job.id,
    companyId: job.companyId,
    details: { title: job.title, invoice_number: outcome.invoice.number },
    ip,
  });
  return { job_id: job.id, boost_active: true, invoice_id: outcome.invoice.id, invoice_number: outcome.invoice.number };
}
