import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { jobChanged } from '@/lib/cache/tags';
import { invoices, paymentAttempts, paymentMethods } from '@/lib/db/schema';
import { log } from '@/lib/log';
import { GATEWAY_CALL_TIMEOUT_MS, type ChargeResult, type PaymentGateway } from './gateway';
import { liveOrder, openOrder, type Invoice, type OrderInput } from './orders';

/** Spec §9: a generic charge failure is retried once after this long. */
export const CHARGE_RETRY_DELAY_MS = 5000;
/** Spec §8: a charge answered with this counts as paid. */
export const ALREADY_PAID_MARKER = 'is already paid. Aborting';
/**
 * The gateway calls one charge makes at the most (chargeWithRetry): the sale, its one retry after a
 * processing error, then the lookup of its key when the retry errors too.
 */
export const CHARGE_CALLS_AT_MOST = 3;
/** The longest a live charge can run: every call up to its time-out, plus the wait before the retry. */
export const LONGEST_CHARGE_MS = CHARGE_CALLS_AT_MOST * GATEWAY_CALL_TIMEOUT_MS + CHARGE_RETRY_DELAY_MS;
/** Room on top for the database writes between the calls and for two servers' clocks. */
export const STALE_MARGIN_MS = 60_000;
/**
 * An order still in flight after this long is taken for a crashed request and reconciled (by
 * another request for it or the tick). It must outlast any live charge: a shorter one let a second
 * tab settle DECLINED an order whose slow sale was being approved (2 minutes against up to 185 s).
 */
export const STALE_PROCESSING_MS = LONGEST_CHARGE_MS + STALE_MARGIN_MS;

export type ChargeDeps = {
  /** Injected so tests do not wait 5 s. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** How long a concurrent request waits for the one that holds the order (ms). */
  waitForPeerMs?: number;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const globalForCharge = globalThis as unknown as { __tnaChargeDefaults?: ChargeDeps };

/** Tests replace the real 5 s wait (and the clock) for calls that come through the routes. */
export function setChargeDefaults(deps: ChargeDeps | undefined) {
  globalForCharge.__tnaChargeDefaults = deps;
}

export function withDefaults(deps: ChargeDeps = {}): ChargeDeps {
  return { ...globalForCharge.__tnaChargeDefaults, ...deps };
}

export type PaymentOutcome = { invoice: Invoice; approved: boolean; message: string; alreadyPaid?: boolean };

/** After an approval: the job-side change, committed with the order's APPROVED status. */
export type OnApproved = (tx: Database, invoice: Invoice) => Promise<void>;

async function recordAttempt(db: Database, invoice: Invoice, gateway: string, attempt: number, outcome: string, result?: Partial<ChargeResult>) {
  await db.insert(paymentAttempts).values({
    invoiceId: invoice.id,
    attempt,
    gateway,
    idempotencyKey: invoice.idempotencyKey,
    outcome,
    transactionId: result?.transactionId ?? null,
    message: result?.message ?? null,
  });
}

async function safeCharge(gateway: PaymentGateway, invoice: Invoice, token: string): Promise<ChargeResult> {
  try {
    return await gateway.charge({
      token,
      amountCents: invoice.amountCents,
      idempotencyKey: invoice.idempotencyKey,
      description: `${invoice.number} ${invoice.jobTitle ?? ''}`.trim(),
    });
  } catch {
    return { outcome: 'error', message: 'Processing error.' };
  }
}

const isAlreadyPaid = (r: ChargeResult) => r.message.includes(ALREADY_PAID_MARKER);

/**
 * What the charge calls of one order came to. `unsettled`: the gateway's answer stayed unclear and
 * it could not be asked what happened, so the order stays PROCESSING_PAYMENT for the reconciler.
 */
export type ChargeVerdict = { approved: boolean; result: ChargeResult; unsettled?: boolean };

/**
 * The retry rules of spec §4 for one order: approved or 'is already paid. Aborting' → paid; a
 * processing error → one retry after 5000 ms with the SAME idempotency key; anything else is the
 * order's error. A processing error is no refusal (a time-out, a busy processor: the sale may have
 * gone through), so when the retry errors too the gateway is asked for the key first (see unclear).
 */
export async function chargeWithRetry(db: Database, gateway: PaymentGateway, invoice: Invoice, token: string, deps: ChargeDeps = {}, firstAttempt = 1): Promise<ChargeVerdict> {
  const sleep = withDefaults(deps).sleep ?? realSleep;
  let attempt = firstAttempt;
  let result = await safeCharge(gateway, invoice, token);
  for (;;) {
    const paid = result.outcome === 'approved' || isAlreadyPaid(result);
    await recordAttempt(db, invoice, gateway.name, attempt, paid && result.outcome !== 'approved' ? 'already_paid' : result.outcome, result);
    if (paid) return { approved: true, result };
    if (result.outcome !== 'error') return { approved: false, result };
    if (attempt > firstAttempt) return unclear(db, gateway, invoice, result);
    await sleep(CHARGE_RETRY_DELAY_MS);
    attempt += 1;
    result = await safeCharge(gateway, invoice, token);
  }
}

/**
 * Both tries answered a processing error: before the order is declined (and the user's next click
 * charges under a new key), the gateway says what it did with this key. Approved there → paid;
 * declined → that reason; never seen, or seen failing → declined with the error, nothing was taken.
 * If it cannot be asked, nothing is decided: the order stays in flight and the reconciler (the
 * next request for it, or the tick) asks again later.
 */
async function unclear(db: Database, gateway: PaymentGateway, invoice: Invoice, result: ChargeResult): Promise<ChargeVerdict> {
  let found: ChargeResult | null;
  try {
    found = await gateway.lookup(invoice.idempotencyKey);
  } catch (error) {
    log.warn('Charge unclear and its lookup failed; the order is left for the reconciler', { invoiceId: invoice.id, error });
    return { approved: false, result, unsettled: true };
  }
  if (!found) return { approved: false, result };
  await recordAttempt(db, invoice, gateway.name, 0, 'reconciled', found);
  if (found.outcome === 'approved' || isAlreadyPaid(found)) return { approved: true, result: found };
  if (found.outcome === 'declined') return { approved: false, result: found };
  return { approved: false, result };
}

/**
 * An approved order changed its job (published, renewed, items paid, boosted): its public page and
 * the sitemap are expired once the change has committed, so no request re-caches the old state.
 */
function jobPageAfter(invoice: Invoice | undefined) {
  if (invoice?.status === 'APPROVED' && invoice.jobId != null) jobChanged(invoice.jobId);
  return invoice;
}

export const NOT_APPLIED = 'This payment was approved but could not be applied to the job. Contact support: it will be applied or refunded.';

/**
 * An approved order whose effect on its job did not happen: it stays APPROVED and paid (the
 * processor took the money, so the accountant must see it) and its `error` says why.
 */
export async function noteNotApplied(tx: Database, invoiceId: number, reason: string) {
  await tx.update(invoices).set({ error: reason }).where(eq(invoices.id, invoiceId));
}

/**
 * Moves an in-flight order to its final state; the job-side change commits with it. When that
 * change fails after an approval, the order is still recorded as paid, without it: otherwise it
 * would stay PROCESSING_PAYMENT, and every reconciliation would fail the same way.
 */
async function settle(db: Database, invoice: Invoice, approved: boolean, result: ChargeResult, onApproved: OnApproved, now: Date): Promise<Invoice> {
  try {
    return jobPageAfter(await settleInTransaction(db, invoice, approved, result, onApproved, now))!;
  } catch (error) {
    if (!approved) throw error;
    log.error('Approved payment: its effect on the job failed; recorded as paid without it', { invoiceId: invoice.id, jobId: invoice.jobId, error });
    return settleInTransaction(db, invoice, true, result, (tx, row) => noteNotApplied(tx, row.id, NOT_APPLIED), now);
  }
}

/**
 * An approved card order is billed when it was opened and paid when it was approved. Its billing
 * date is the moment it was numbered (openOrder: created_at), so the date its receipt is issued on
 * is in the year of its number, and the numbers of a year run in the order of their dates: one
 * opened at 11:59 pm Eastern on December 31 and approved after midnight is INV-2026-…, dated
 * 12/31/2026. paid_at stays the approval, the true day the money was taken (the receipt prints
 * both), rather than back-dating the payment or renumbering an order whose number the gateway
 * already has.
 */
async function settleInTransaction(db: Database, invoice: Invoice, approved: boolean, result: ChargeResult, onApproved: OnApproved, now: Date): Promise<Invoice> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set(
        approved
          ? { status: 'APPROVED', transactionId: result.transactionId ?? null, error: null, billingDate: invoice.createdAt, paidAt: now, updatedAt: now }
          : { status: 'DECLINED', error: result.message || 'Unknown error.', updatedAt: now },
      )
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'PROCESSING_PAYMENT')))
      .returning();
    if (!row) {
      // Someone else settled it first (a reconciler); answer what they decided.
      const [current] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
      return current;
    }
    if (!approved) return row;
    await onApproved(tx as unknown as Database, row);
    // As the effect left it (it may have noted that it could not apply).
    const [after] = await tx.select().from(invoices).where(eq(invoices.id, row.id));
    return after;
  });
}

/** The token of the card an order was opened with, or null (no card, or the card row is gone). */
export async function orderCardToken(db: Database, invoice: Invoice): Promise<string | null> {
  if (!invoice.paymentMethodId) return null;
  const [card] = await db.select({ token: paymentMethods.token }).from(paymentMethods).where(eq(paymentMethods.id, invoice.paymentMethodId));
  return card?.token ?? null;
}

/**
 * Takes a stale order for one reconciler: moves its updated_at to now, only while it is still in
 * flight with the updated_at that was read. Answers the claimed row, or null when another request
 * or the tick claimed (or settled) it first. Without it the tick and a second tab reconciled the
 * same order at once: a provider that errors on a concurrent request with the same key left one of
 * them DECLINED while the other was approved, and a new order then charged the card again. Once
 * claimed, the order is no longer stale for STALE_PROCESSING_MS, longer than any reconciliation.
 * updated_at is compared to the millisecond: a Date read back has no microseconds.
 */
export async function claimStale(db: Database, invoice: Invoice, now: Date): Promise<Invoice | null> {
  const [row] = await db
    .update(invoices)
    .set({ updatedAt: now })
    .where(
      and(
        eq(invoices.id, invoice.id),
        eq(invoices.status, 'PROCESSING_PAYMENT'),
        sql`date_trunc('milliseconds', ${invoices.updatedAt}) = ${invoice.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * A crashed request left the order in flight: ask the gateway what happened to its key before
 * charging anything again, then finish the order. It is charged (same key) only with its own card,
 * the one it was opened with: never with the card of whichever request finds it. The order is
 * claimed first (claimStale): null means another reconciler holds it, and nothing was done.
 */
export async function reconcile(db: Database, gateway: PaymentGateway, stale: Invoice, onApproved: OnApproved, deps: ChargeDeps = {}): Promise<Invoice | null> {
  const now = deps.now?.() ?? new Date();
  const invoice = await claimStale(db, stale, now);
  if (!invoice) return null;
  const found = await gateway.lookup(invoice.idempotencyKey);
  if (found && (found.outcome === 'approved' || found.outcome === 'declined')) {
    await recordAttempt(db, invoice, gateway.name, 0, 'reconciled', found);
    return settle(db, invoice, found.outcome === 'approved', found, onApproved, now);
  }
  const token = await orderCardToken(db, invoice);
  if (!token) return settle(db, invoice, false, { outcome: 'error', message: 'The payment was interrupted. Please try again.' }, onApproved, now);
  // Never reached the gateway, or left in error: the same key makes a second charge impossible.
  const { approved, result, unsettled } = await chargeWithRetry(db, gateway, invoice, token, deps);
  if (unsettled) return invoice;
  return settle(db, invoice, approved, result, onApproved, now);
}

async function waitForPeer(db: Database, invoice: Invoice, deps: ChargeDeps): Promise<Invoice> {
  const deadline = Date.now() + (deps.waitForPeerMs ?? 30_000);
  let current = invoice;
  while (current.status === 'PROCESSING_PAYMENT' && Date.now() < deadline) {
    await realSleep(50);
    [current] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
  }
  return current;
}

function outcomeOf(invoice: Invoice, alreadyPaid = false): PaymentOutcome {
  if (invoice.status === 'APPROVED') return { invoice, approved: true, message: 'Payment completed successfully', alreadyPaid };
  if (invoice.status === 'PROCESSING_PAYMENT') return { invoice, approved: false, message: 'This payment is still being processed. Please check again in a minute.' };
  return { invoice, approved: false, message: invoice.error || 'The payment was declined.' };
}

/**
 * Pays one order exactly once. A second request for the same job and action (double click,
 * concurrent tab, retry after a time-out) finds the live order: paid → success without charging;
 * in flight → waits for it and answers its result; stale (a crashed request's) → reconciles it
 * with its own card (or, when another reconciler claimed it first, waits for that one), and when
 * that is refused opens this request's order afresh.
 */
export async function payOnce(
  db: Database,
  gateway: PaymentGateway | null,
  order: OrderInput,
  token: string | null,
  onApproved: OnApproved,
  options: ChargeDeps = {},
): Promise<PaymentOutcome> {
  const deps = withDefaults(options);
  for (let round = 0; round < 3; round++) {
    // Read each round: a reconciliation before a later round can take minutes.
    const now = deps.now?.() ?? new Date();
    const live = order.jobId != null ? await liveOrder(db, order.jobId, order.actionType, order.periodKey) : null;
    if (live?.status === 'APPROVED') return outcomeOf(live, true);
    if (live) {
      const stale = now.getTime() - live.updatedAt.getTime() > STALE_PROCESSING_MS;
      if (stale && gateway) {
        // A crashed request's order is finished with its own card and amount. Paid (or still
        // unclear) is this request's answer; refused, this request opens its own order afresh,
        // with its card and the total its payer confirmed. Claimed by another reconciler (the
        // tick, another tab): this request waits for its result, as for a live order.
        const settled = (await reconcile(db, gateway, live, onApproved, deps)) ?? (await waitForPeer(db, live, deps));
        if (settled.status === 'DECLINED') continue;
        return outcomeOf(settled);
      }
      return outcomeOf(await waitForPeer(db, live, deps), true);
    }
    // Invoice-billed: nothing to charge; the order is invoiced on the company's contract and due on its terms.
    if (!gateway || !token) {
      const created = await db.transaction(async (tx) => {
        const inv = await openOrder(tx as unknown as Database, { ...order, status: 'APPROVED' }, now);
        if (inv) await onApproved(tx as unknown as Database, inv);
        return inv;
      });
      if (created) return outcomeOf(jobPageAfter(created)!);
      continue;
    }
    const invoice = await openOrder(db, order, now);
    if (!invoice) continue; // lost the race: read the winner's order
    const { approved, result, unsettled } = await chargeWithRetry(db, gateway, invoice, token, deps);
    // The gateway's answer stayed unclear and it could not be asked: the reconciler settles it.
    if (unsettled) return outcomeOf(invoice);
    return outcomeOf(await settle(db, invoice, approved, result, onApproved, deps.now?.() ?? new Date()));
  }
  throw new Error('Could not open the order after three attempts.');
}
