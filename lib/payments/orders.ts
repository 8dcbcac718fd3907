import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies, invoiceCounters, invoiceLines, invoices } from '@/lib/db/schema';
import { AppError, sqlState } from '@/lib/errors';
import { portalDateText } from '@/lib/validation/portal-day';
import { dueDateFrom, settlesAtOnce } from './settlement';
import { lockJobCharges } from '@/lib/jobs/payment-in-flight';

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceAction = Invoice['actionType'];
export type InvoiceStatus = Invoice['status'];

export type LineInput = {
  kind: 'job_posting' | 'addon' | 'contract' | 'renewal';
  description: string;
  amountCents: number;
  addonType?: string | null;
  addonId?: number | null;
  addressId?: number | null;
};

export type OrderInput = {
  companyId: number;
  jobId: number | null;
  jobTitle: string | null;
  actionType: InvoiceAction;
  /** Distinguishes charges of one job and action that may each be paid once (a renewal period, an add-on set). */
  periodKey: string;
  paymentMethod: 'CELERO' | 'CONTRACT';
  paymentMethodId?: number | null;
  cardType?: string | null;
  maskedNumber?: string | null;
  gateway?: string | null;
  autoRenew?: boolean;
  lines: LineInput[];
  createdBy?: number | null;
  status?: InvoiceStatus;
  /**
   * Checks, under the job's lock and before the order opens, that what it was priced on still
   * holds (job-order.ts pricedOnJobAsIs); throws to open nothing.
   */
  verify?: (tx: Database) => Promise<void>;
};

/** Orders that stand (charged, or invoiced on the contract); paid means paidAt is set (settlement.ts). */
export const ACCEPTED_STATUSES: InvoiceStatus[] = ['APPROVED'];
const LIVE_STATUSES: InvoiceStatus[] = ['APPROVED', 'PROCESSING_PAYMENT'];

export const totalOf = (lines: LineInput[]) => lines.reduce((sum, l) => sum + l.amountCents, 0);

export function formatInvoiceNumber(year: number, n: number) {
  return `INV-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * The year an order is numbered in: the portal zone's (US/Eastern), the year its documents print.
 * An order at 8 pm Eastern on December 31 is already next year in UTC, yet dated 12/31.
 */
export const invoiceYearOf = (at: Date) => Number(portalDateText(at).slice(-4));

/** The next number of the year, in the caller's transaction (a rolled-back order leaves no gap). */
async function nextNumber(tx: Database, now: Date) {
  const year = invoiceYearOf(now);
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return formatInvoiceNumber(year, row.last);
}

/**
 * Who the order is billed to: the company's name and address (Settings → Address) as they are when
 * the order opens. The order keeps its copy, as it keeps the job's title and the card's mask: its
 * invoice or receipt must reprint what it said when issued, not the company's later name or address.
 */
async function billedTo(tx: Database, companyId: number) {
  const [row] = await tx
    .select({
      billToName: companies.companyName,
      billToStreet1: companies.street1,
      billToStreet2: companies.street2,
      billToCity: companies.city,
      billToState: companies.state,
      billToPostalCode: companies.postalCode,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? {};
}

/** The paid or in-flight order for this job, action and period, if any. */
export async function liveOrder(db: Database, jobId: number, actionType: InvoiceAction, periodKey: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), eq(invoices.actionType, actionType), eq(invoices.periodKey, periodKey), inArray(invoices.status, LIVE_STATUSES)));
  return row ?? null;
}

export const PAYMENT_IN_PROGRESS = 'A payment for this job is being processed. Wait a moment, then reload the job to see its result.';

/** 409: another charge of the same job is in flight (a payment of another set of items, or a renewal). */
export class PaymentInProgress extends AppError {
  constructor() {
    super(409, PAYMENT_IN_PROGRESS);
  }
}

/**
 * Opens an order in PROCESSING_PAYMENT (or the given status) with its lines. Answers null when a
 * live order for the same job, action and period exists: the unique indexes decide, so two
 * concurrent requests can never both open one.
 *
 * One charge of a job is in flight at a time. An order for another set of items (or a renewal)
 * opened while one is processing would charge again what that one is charging: an add-on still
 * unpaid while its payment runs is still owed, so it joined the next order too (the same boost
 * billed twice in one period). That order is refused with PaymentInProgress instead; the job's
 * lock makes the check and the insert one step for concurrent requests. Under the same lock the
 * order's own check (`verify`) compares its lines with the job as it is now: one that settled
 * meanwhile, or an address removed, would otherwise still be charged.
 */
export async function openOrder(db: Database, input: OrderInput, now = new Date()): Promise<Invoice | null> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(invoices)
    .where(
      input.jobId == null
        ? sql`false`
        : and(eq(invoices.jobId, input.jobId), eq(invoices.actionType, input.actionType), eq(invoices.periodKey, input.periodKey)),
    );
  const accepted = input.status === 'APPROVED';
  const total = totalOf(input.lines);
  const idempotencyKey = `${input.actionType}:${input.jobId ?? 'none'}:${input.periodKey || '-'}:${n + 1}`;
  try {
    return await db.transaction(async (tx) => {
      if (input.jobId != null) {
        await lockJobCharges(tx as unknown as Database, input.jobId);
        const [busy] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.jobId, input.jobId),
              eq(invoices.status, 'PROCESSING_PAYMENT'),
              or(ne(invoices.actionType, input.actionType), ne(invoices.periodKey, input.periodKey)),
            ),
          )
          .limit(1);
        if (busy) throw new PaymentInProgress();
        await input.verify?.(tx as unknown as Database);
      }
      const number = await nextNumber(tx as unknown as Database, now);
      const [invoice] = await tx
        .insert(invoices)
        .values({
          number,
          companyId: input.companyId,
          jobId: input.jobId,
          jobTitle: input.jobTitle,
          actionType: input.actionType,
          status: input.status ?? 'PROCESSING_PAYMENT',
          amountCents: total,
          paymentMethod: input.paymentMethod,
          paymentMethodId: input.paymentMethodId ?? null,
          cardType: input.cardType ?? null,
          maskedNumber: input.maskedNumber ?? null,
          ...(await billedTo(tx as unknown as Database, input.companyId)),
          gateway: input.gateway ?? null,
          periodKey: input.periodKey,
          autoRenew: input.autoRenew ?? false,
          idempotencyKey,
          billingDate: accepted ? now : null,
          // An invoice is due on its terms until an admin records the payment; anything else accepted is paid.
          dueAt: accepted && !settlesAtOnce(input.paymentMethod, total) ? dueDateFrom(now) : null,
          paidAt: accepted && settlesAtOnce(input.paymentMethod, total) ? now : null,
          createdBy: input.createdBy ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (input.lines.length) {
        await tx.insert(invoiceLines).values(input.lines.map((l, position) => ({ ...l, invoiceId: invoice.id, position })));
      }
      return invoice;
    });
  } catch (error) {
    if (sqlState(error) === '23505') return null;
    throw error;
  }
}

export async function linesOf(db: Database, invoiceIds: number[]) {
  if (!invoiceIds.length) return [];
  return db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, invoiceIds)).orderBy(invoiceLines.invoiceId, invoiceLines.position);
}
