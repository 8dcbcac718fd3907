import { and, desc, eq } from 'drizzle-orm';
import { currentRequestIp } from '@/lib/log';
import type { Database } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';

export type AuditEntry = {
  actorUserId: number | null;
  impersonatorId?: number | null;
  /** A dotted verb: invoice.mark_paid, user.impersonate, company.update, … */
  action: string;
  subjectType: string;
  subjectId: number | string;
  companyId?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
};

export type AuditRecord = typeof auditLog.$inferSelect;

/**
 * Records one audited action. Pass the transaction that makes the change, so the change and its
 * record commit (or roll back) together.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<AuditRecord> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: entry.actorUserId,
      impersonatorId: entry.impersonatorId ?? null,
      action: entry.action,
      entity: entry.subjectType,
      entityId: String(entry.subjectId),
      companyId: entry.companyId ?? null,
      data: entry.details ?? {},
      // The API request's address when the caller did not give one (staff acting on a customer's job, …).
      ip: entry.ip ?? currentRequestIp(),
    })
    .returning();
  return row;
}

/** What a field was and becomes, by its API name. */
export type FieldValues = Record<string, { from: unknown; to: unknown }>;

/**
 * Records an edit with the fields it changed (lib/audit/changed-fields.ts) in `details.fields`. An
 * edit that changed nothing leaves no entry: the edit forms send every field, so a save often does.
 * `values` names fields whose entry must also say from what to what (money fields: a name alone does
 * not tell whether a company was switched to or from invoicing); each is kept, in `details` under
 * its name, only when `fields` says it changed.
 */
export async function recordEdit(db: Database, entry: AuditEntry & { fields: string[]; values?: FieldValues }): Promise<AuditRecord | null> {
  const { fields, values = {}, details, ...rest } = entry;
  if (!fields.length) return null;
  const changedValues = Object.fromEntries(Object.entries(values).filter(([name]) => fields.includes(name)));
  return recordAudit(db, { ...rest, details: { ...details, ...changedValues, fields } });
}

/** The history of one record, newest first. */
export function auditTrail(db: Database, subjectType: string, subjectId: number | string, limit = 50) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, subjectType), eq(auditLog.entityId, String(subjectId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
