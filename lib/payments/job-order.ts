import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { paymentRefusal } from '@/lib/jobs/ended';
import { companies, invoiceLines } from '@/lib/db/schema';
import { jobContact } from '@/lib/jobs/contact';
import type { Actor } from '@/lib/auth/actor';
import { publicUrl } from '@/lib/config';
import { AppError, conflict, unprocessable } from '@/lib/errors';
import { formatUsd } from '@/lib/jobs/codes';
import { log } from '@/lib/log';
import { enqueueMail, enqueueTemplate } from '@/lib/mail';
import { noteNotApplied, payOnce, type ChargeDeps, type OnApproved, type PaymentOutcome } from './charge';
import { getGateway } from './gateway';
import { currentJob, loadChargeableJob, markLinesPaid, publishJob, renewJobPeriod, startBoost, type ChargeableJob } from './jobs-port';
import { totalOf, type LineInput, type OrderInput } from './orders';
import { makeDefaultCard, resolveCard } from './payment-methods';
import type { PayCardInput } from './schemas';
import { portalDateText } from '@/lib/validation/portal-day';

/**
 * One job's order, whatever it pays for (a new posting, add-ons, a renewal, an admin's boost): who
 * pays and by what, what its approval does to the job, and the answer the charge calls give.
 */

export const PAYMENT_COMPLETED = 'Payment completed successfully';

export type Company = { id: number; billingType: 'CELERO' | 'CONTRACT'; email: string | null };

export async function companyOfJob(db: Database, job: ChargeableJob): Promise<Company> {
  const [company] = await db.select({ id: companies.id, billingType: companies.billingType, email: companies.email }).from(companies).where(eq(companies.id, job.companyId));
  return company;
}

/** Who hears about a job's billing: its employer, else the company's billing email. */
export const recipientOf = (db: Database, job: ChargeableJob, company: Company) => jobContact(db, job, company.email);

const jobUrl = (jobId: number) => publicUrl(`/company/jobs/${jobId}/detail`).toString();

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
          await enqueueTemplate(tx, to.email, 'auto_renew_job', { firstName: to.firstName, jobTitle: job.title, amountCents: invoice.amountCents, expiresAt: portalDateText(until), jobUrl: jobUrl(job.id) });
        } else {
          const text = `Your job "${job.title}" was renewed for ${formatUsd(invoice.amountCents)} and now runs until ${portalDateText(until)}.\n\n${jobUrl(job.id)}`;
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

/** The card typed at checkout, as a charge call sends it (none: the saved card, or the contract). */
export function newCardOf(input: PayCardInput): PayCardInput | undefined {
  if (!input.card_token) return undefined;
  const { card_token, card_holder_name, card_type, masked_number, expiration_date } = input;
  return { card_token, card_holder_name, card_type, masked_number, expiration_date };
}

/**
 * Card or contract: builds the order and pays it once (see payOnce). `newCard` is the card typed
 * at checkout (its token and what the hosted fields showed of it); none means the saved card, or
 * the contract. `ip` goes to the audit entry when the new card becomes the saved one.
 */
export async function pay(
  db: Database,
  actor: Actor | null,
  job: ChargeableJob,
  company: Company,
  order: Omit<OrderInput, 'companyId' | 'jobId' | 'jobTitle' | 'paymentMethod'>,
  newCard: PayCardInput | undefined,
  onApproved: OnApproved,
  deps: ChargeDeps,
  ip?: string,
): Promise<PaymentOutcome> {
  const base = { ...order, companyId: job.companyId, jobId: job.id, jobTitle: job.title, createdBy: actor?.userId ?? null };
  if (company.billingType === 'CONTRACT' && !newCard?.card_token) {
    return payOnce(db, null, { ...base, paymentMethod: 'CONTRACT' }, null, onApproved, deps);
  }
  const card = await resolveCard(db, job.companyId, actor?.userId ?? null, newCard);
  const gateway = await getGateway(db);
  const outcome = await payOnce(
    db,
    gateway,
    { ...base, paymentMethod: 'CELERO', paymentMethodId: card.id, cardType: card.cardType, maskedNumber: card.maskedNumber, gateway: gateway.name },
    card.token,
    onApproved,
    deps,
  );
  // Only the card this request charged: an order already paid (a second tab, a replay) answers
  // success without touching the card sent with it, which may never have been approved.
  if (outcome.approved && outcome.invoice.paymentMethodId === card.id && !card.isDefault) await makeDefaultCard(db, job.companyId, card.id, { actor, ip });
  return outcome;
}

/** The answer of every charge call: success, or 402 with the processor's reason. */
export function answer(outcome: PaymentOutcome, job: ChargeableJob) {
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
export function assertShownTotal(lines: LineInput[], expected: number | undefined) {
  if (expected !== undefined && totalOf(lines) !== expected) throw conflict(AMOUNT_CHANGED(totalOf(lines), expected), 'expected_total_cents');
}

export const nothingToPay = (job: ChargeableJob) => {
  if (!job.addresses.length) throw unprocessable('Add a targeting address before paying for this job.');
};

export const JOB_CHANGED_WHILE_PAYING =
  'This job changed while the payment was being prepared: an address or an add-on in this order was removed or paid for meanwhile. Nothing was charged. Check the order and pay again.';

/**
 * 409: the job changed between pricing its order and opening it; nothing was charged. A class of
 * its own so the tick's auto-renewal can tell it from a refused payment by type: the card was never
 * tried, so the renewal is tried again next tick instead of mailing failed_payments and expiring.
 */
export class JobChangedWhilePaying extends AppError {
  constructor() {
    super(409, JOB_CHANGED_WHILE_PAYING);
  }
}

/** What a line charges for, and how much: its words (a boost's dates) may differ between two readings. */
const lineKey = (l: LineInput) => `${l.kind}:${l.addressId ?? '-'}:${l.addonId ?? '-'}:${l.amountCents}`;

/**
 * An order's check that it was priced on the job as it still is (orders.ts runs it under the job's
 * lock, right before the order opens). An order is priced from a reading of the job taken before
 * that lock: an order that settled in between (the boost it also carried, now paid) or an address
 * a co-worker removed would still be charged. `linesOf` prices the job again, the way the order was:
 * every line of the order must still be owed, at its amount, on a job that can still be paid for.
 * Something added meanwhile is not in the order and stays pending payment (afterApproval pays only
 * what the lines name).
 */
export function pricedOnJobAsIs(jobId: number, priced: LineInput[], linesOf: (job: ChargeableJob) => LineInput[], stillWanted?: (job: ChargeableJob) => void) {
  return async (tx: Database) => {
    const job = await loadChargeableJob(tx, null, { jobId });
    // Closed, cancelled or suspended since the up-front check: refused before any charge (closing
    // and suspending take the same lock, so they either see this order in flight or this check sees
    // the job ended).
    const refused = paymentRefusal(job);
    if (refused) throw conflict(refused);
    stillWanted?.(job);
    const owed = new Set(linesOf(job).map(lineKey));
    if (!priced.every((l) => owed.has(lineKey(l)))) throw new JobChangedWhilePaying();
  };
}

