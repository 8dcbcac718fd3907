import { and, eq, sql } from 'drizzle-orm';
import { assertVersion, atVersion, staleEditError } from '@/lib/api/if-match';
import type { Actor } from '@/lib/auth/actor';
import { toE164 } from '@/lib/auth/phone';
import { recordAudit, recordEdit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { assertEmailNotEmployer, emailChanges } from '@/lib/companies/billing-email';
import { companyView } from '@/lib/companies/view';
import { billingValues } from '@/lib/companies/billing-values';
import { assertAdmin } from './guard';
import type { AdminCompanyInput, AdminCompanyPatch } from './schemas';
import { companyChanged } from '@/lib/cache/tags';
import { changedFields } from '@/lib/audit/changed-fields';

function phoneOf(phone: string | undefined) {
  return phone === undefined ? undefined : toE164(phone);
}

/**
 * POST /admin/companies: a company set up by an admin (sales-led, often Enterprise or invoiced).
 * The logo is uploaded afterwards through the company's logo route (PUT /companies/{id}/logo), so
 * the payload never names a stored file.
 */
export async function createAdminCompany(db: Database, actor: Actor | null, input: AdminCompanyInput, ip?: string) {
  assertAdmin(actor);
  await assertEmailNotEmployer(db, input.email);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({
        companyName: input.company_name,
        email: input.email,
        billingType: input.billing_type,
        type: input.type,
        street1: input.street1 || null,
        phone: phoneOf(input.phone) ?? null,
      })
      .returning();
    await recordAudit(tx as unknown as Database, {
      actorUserId: actor.userId,
      action: 'company.create',
      subjectType: 'company',
      subjectId: row.id,
      companyId: row.id,
      details: { by: 'admin', company_name: row.companyName, billing_type: row.billingType, type: row.type },
      ip,
    });
    return companyView(row);
  });
}

async function companyRow(db: Database, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw notFound('Company not found.');
  return row;
}

export async function getAdminCompany(db: Database, actor: Actor | null, id: number) {
  assertAdmin(actor);
  return companyView(await companyRow(db, id));
}

/**
 * PATCH /admin/companies/{id}: any of the create fields; the change is audited with the fields named.
 * `expectedVersion` (If-Match): the updated_at the admin's form opened; 412 when the company was saved
 * since (the form sends every field, so it would put back what changed meanwhile).
 */
export async function updateAdminCompany(db: Database, actor: Actor | null, id: number, input: AdminCompanyPatch, ip?: string, expectedVersion?: string | null) {
  assertAdmin(actor);
  const current = await companyRow(db, id);
  assertVersion(expectedVersion, current.updatedAt, 'company');
  if (emailChanges(input.email, current.email)) await assertEmailNotEmployer(db, input.email!, id);
  const patch: Partial<typeof companies.$inferInsert> = {
    companyName: input.company_name,
    email: input.email,
    billingType: input.billing_type,
    type: input.type,
    street1: input.street1 === undefined ? undefined : input.street1 || null,
    phone: phoneOf(input.phone),
  };
  const changed = changedFields(patch, current, { companyName: 'company_name', email: 'email', billingType: 'billing_type', type: 'type', street1: 'street1', phone: 'phone' });
  const view = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(companies.id, id), atVersion(companies.updatedAt, expectedVersion, current.updatedAt)))
      .returning();
    if (!row) throw staleEditError('company');
    await recordEdit(tx, {
      actorUserId: actor.userId,
      action: 'company.update',
      subjectType: 'company',
      subjectId: id,
      companyId: id,
      details: { by: 'admin' },
      fields: changed,
      values: billingValues(current, patch),
      ip,
    });
    return companyView(row);
  });
  if (input.company_name !== undefined) companyChanged(id);
  return view;
}
