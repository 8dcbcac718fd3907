import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pageOffsetNumber, plainNumber, rowIdNumber } from '@/lib/validation/numbers';
import { ADMIN_ROLES, hasAny } from '@/lib/access';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { companies, invoices } from '@/lib/db/schema';
import { conflict, forbidden, notFound } from '@/lib/errors';
import { linesOf } from './orders';
import { toInvoiceView } from './invoices';
import { paymentStateOf } from './settlement';

/** GET /admin/invoices: invoices of invoice-billed companies, due ones by default. */
export const adminInvoiceQuery = z.object({
  offset: pageOffsetNumber(),
  limit: plainNumber(z.coerce.number().int().min(1).max(100)).default(20),
  state: z.enum(['due', 'paid', 'all']).default('due'),
  company_id: rowIdNumber().optional(),
});
export type AdminInvoiceQuery = z.infer<typeof adminInvoiceQuery>;

function requireAdmin(actor: Actor) {
  if (!hasAny(actor.roles, ADMIN_ROLES)) throw forbidden();
}

export async function listCompanyInvoices(db: Database, actor: Actor, query: AdminInvoiceQuery) {
  requireAdmin(actor);
  const where = and(
    eq(invoices.paymentMethod, 'CONTRACT'),
    eq(invoices.status, 'APPROVED'),
    // An order of $0 (an admin's free boost) is a receipt, not an invoice (documentKindOf): nothing to collect.
    gt(invoices.amountCents, 0),
    query.state === 'due' ? isNull(invoices.paidAt) : query.state === 'paid' ? isNotNull(invoices.paidAt) : undefined,
    query.company_id ? eq(invoices.companyId, query.company_id) : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select({ invoice: invoices, companyName: companies.companyName })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where)
      // The oldest debt first while listing what is due (ties oldest first); newest first otherwise.
      // Each order is the key of an index: invoices_due_idx, invoices_contract_created_idx.
      .orderBy(...(query.state === 'due' ? [sql`${invoices.dueAt} asc nulls last`, asc(invoices.id)] : [desc(invoices.createdAt), desc(invoices.id)]))
      .limit(query.limit)
      .offset(query.offset),
    countUpTo(db, db.select({ one: sql`1` }).from(invoices).where(where), query),
  ]);
  const lines = await linesOf(db, rows.map((r) => r.invoice.id));
  const items = rows.map((r) => ({
    ...toInvoiceView(r.invoice, lines.filter((l) => l.invoiceId === r.invoice.id)),
    company: { id: r.invoice.companyId, name: r.companyName },
  }));
  return { items, ...counted };
}

/**
 * An admin records that an invoice was settled (money received outside the portal). Only a due
 * invoice can be marked; who and when go to the audit log in the same transaction.
 */
export async function markInvoicePaid(db: Database, actor: Actor, invoiceId: number, { now = new Date(), ip }: { now?: Date; ip?: string } = {}) {
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!current) throw notFound('Invoice not found.');
    const state = paymentStateOf(current);
    if (state === 'paid') throw conflict('This invoice is already paid.');
    if (state !== 'due') throw conflict('Only a due invoice can be marked paid.');
    const [paid] = await tx.update(invoices).set({ paidAt: now, updatedAt: now }).where(eq(invoices.id, invoiceId)).returning();
    await recordAudit(tx as unknown as Database, {
      actorUserId: actor.userId,
      impersonatorId: actor.impersonatorId ?? null,
      action: 'invoice.mark_paid',
      subjectType: 'invoice',
      subjectId: paid.id,
      companyId: paid.companyId,
      details: { number: paid.number, amount_cents: paid.amountCents, due_at: paid.dueAt?.toISOString() ?? null, paid_at: now.toISOString() },
      ip,
    });
    return toInvoiceView(paid, await linesOf(tx as unknown as Database, [paid.id]));
  });
}
