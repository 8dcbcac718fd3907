import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who did what to which record, for actions people must be able to account for later (sign-ups,
 * password resets, company edits, an invoice marked paid, impersonation). Rows are only ever
 * added; write them through lib/audit's recordAudit. The subject is a type and a plain id so any
 * table can be one; users and companies are not foreign keys, so the record outlives them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The signed-in user who acted (the impersonated user while impersonating). */
    actorId: integer(),
    /** The admin behind an impersonated session, if any. */
    impersonatorId: integer(),
    /** A dotted verb: invoice.mark_paid, company.update, password.reset, … */
    action: text().notNull(),
    /** The subject's type (invoice, company, user) and id. */
    entity: text(),
    entityId: text(),
    /** The company the subject belongs to, for a company's own trail. */
    companyId: integer(),
    /** Details of the action (amounts, fields changed): never secrets. */
    data: jsonb(),
    ip: text(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_company_idx').on(t.companyId, t.createdAt),
    // The audit log page, newest first; and its "impersonated only" view.
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_impersonated_idx').on(t.createdAt, t.id).where(sql`${t.impersonatorId} is not null`),
  ],
);
