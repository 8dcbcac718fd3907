import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { invoices } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { notFound, unprocessable } from '@/lib/errors';
import { linesOf, type Invoice } from './orders';
import { PAYMENT_STATE_LABELS, paymentStateOf } from './settlement';
import { companyOf } from './payment-methods';
import type { InvoiceListQuery } from './schemas';

/** Spec §9 payment method codes and how they read. */
export const PAYMENT_METHOD_LABELS = { CELERO: 'Credit Card', CONTRACT: 'Invoice' } as const;
export const NO_CHARGE = 'No charge';

/** How an order was paid, as every screen and document says it: an order of $0 (an admin's boost) used no card. */
export function paymentMethodLabel(inv: Pick<Invoice, 'paymentMethod' | 'amountCents' | 'cardType' | 'maskedNumber'>, detail = false) {
  if (inv.amountCents === 0) return NO_CHARGE;
  if (inv.paymentMethod !== 'CELERO' || !detail) return PAYMENT_METHOD_LABELS[inv.paymentMethod];
  return `${inv.cardType ?? 'Card'} ${inv.maskedNumber ?? ''}`.trim();
}

export const ACTION_LABELS: Record<Invoice['actionType'], string> = {
  new_job: 'New job',
  addons: 'Add-ons',
  renewal: 'Renewal',
  admin_boost: 'Boost by admin',
};

type Line = Awaited<ReturnType<typeof linesOf>>[number];

/**
 * The PDF an order has: an invoice-billed order (CONTRACT, not $0) has an Invoice, due or settled;
 * a paid card order a Receipt; a declined or unfinished order none.
 */
export function documentKindOf(inv: Invoice): 'invoice' | 'receipt' | null {
  const state = paymentStateOf(inv);
  if (state !== 'paid' && state !== 'due') return null;
  return inv.paymentMethod === 'CONTRACT' && inv.amountCents > 0 ? 'invoice' : 'receipt';
}

/** A billing history entry as the spec names it (jobs spec §3), plus the order's lines. */
export function toInvoiceView(inv: Invoice, lines: Line[]) {
  return {
    id: inv.id,
    number: inv.number,
    amount: inv.amountCents / 100,
    amount_cents: inv.amountCents,
    /** The spec's order state (APPROVED: charged or invoiced). */
    status: inv.status,
    /** Where the money stands, as every screen and the PDF say it: paid, due, declined, processing, … */
    payment_state: paymentStateOf(inv),
    payment_state_label: PAYMENT_STATE_LABELS[paymentStateOf(inv)],
    paid_at: inv.paidAt,
    due_date: inv.dueAt,
    document: documentKindOf(inv),
    transaction_id: inv.transactionId,
    billing_date: inv.billingDate,
    created_at: inv.createdAt,
    title: inv.jobTitle,
    job_id: inv.jobId,
    auto_renew: inv.autoRenew,
    action_type: inv.actionType,
    error: inv.error,
    payment_method: {
      code: inv.paymentMethod,
      description: paymentMethodLabel(inv),
      card_type: inv.cardType,
      masked_number: inv.maskedNumber,
    },
    addons: lines
      .filter((l) => l.kind === 'addon')
      .map((l) => ({ id: l.addonId ?? l.id, addon_type: l.addonType, cost: l.amountCents / 100, addon_renewable: inv.actionType !== 'admin_boost' })),
    lines: lines.map((l) => ({ id: l.id, kind: l.kind, description: l.description, amount: l.amountCents / 100, amount_cents: l.amountCents })),
  };
}
export type InvoiceView = ReturnType<typeof toInvoiceView>;

/** The company's orders, newest first; status=paid gives the order history (settled orders only). */
export async function listInvoices(db: Database, actor: Actor, query: InvoiceListQuery) {
  const company = await companyOf(db, actor);
  const where = and(eq(invoices.companyId, company.id), query.status === 'paid' ? isNotNull(invoices.paidAt) : undefined);
  const [rows, counted] = await Promise.all([
    db.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(query.limit).offset(query.offset),
    countUpTo(db, db.select({ one: sql`1` }).from(invoices).where(where), query),
  ]);
  const lines = await linesOf(db, rows.map((r) => r.id));
  const items = rows.map((r) => toInvoiceView(r, lines.filter((l) => l.invoiceId === r.id)));
  return { items, ...counted };
}

/** One of the caller's own orders, or 404 (another company's order looks like none). */
export async function getOwnInvoice(db: Database, actor: Actor, invoiceId: number) {
  const company = await companyOf(db, actor);
  const [row] = await db.select().from(invoices).where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, company.id)));
  if (!row) throw notFound('Invoice not found.');
  return { invoice: row, lines: await linesOf(db, [row.id]), company };
}

/**
 * The order behind a PDF: a paid order's receipt or an invoice (due or settled); others have none.
 * Its BILLED TO block is the name and address the order was opened with (openOrder keeps them on
 * the order), so a document reprints as issued after the company renames itself or moves.
 */
export async function receiptData(db: Database, actor: Actor, invoiceId: number) {
  const data = await getOwnInvoice(db, actor, invoiceId);
  const kind = documentKindOf(data.invoice);
  if (!kind) throw unprocessable('Only paid or invoiced orders have a receipt or an invoice.');
  const inv = data.invoice;
  const billedTo = {
    name: inv.billToName ?? data.company.companyName,
    lines: billedToLines({ street1: inv.billToStreet1, street2: inv.billToStreet2, city: inv.billToCity, state: inv.billToState, postalCode: inv.billToPostalCode }),
  };
  return { ...data, kind, billedTo };
}

/** An address as the lines of a billed-to block: street, second line, "City, ST 12345"; empty parts left out. */
export function billedToLines(a: { street1: string | null; street2: string | null; city: string | null; state: string | null; postalCode: string | null } | undefined): string[] {
  if (!a) return [];
  const place = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.street1, a.street2, place].map((l) => (l ?? '').trim()).filter(Boolean);
}
