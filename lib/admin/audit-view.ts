import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { auditLog, users } from '@/lib/db/schema';
import { assertAdmin } from './guard';

export type AuditLine = {
  id: number;
  at: string;
  /** "Adam Admin as Emma Recruiter", or the one person who acted. */
  who: string;
  action: string;
  subject: string;
  details: Record<string, unknown> | null;
  /** The fields an edit changed, by their API names (lib/audit/changed-fields.ts); empty for other actions. */
  changed: string[];
};

const changedOf = (details: Record<string, unknown> | null) =>
  Array.isArray(details?.fields) ? details.fields.filter((f): f is string => typeof f === 'string') : [];

const fullName = (first: string | null, last: string | null, email: string | null) => (first ? `${first} ${last ?? ''}`.trim() : (email ?? 'Someone'));

/**
 * The audit log for admins, newest first, one page at a time; names joined in the same query
 * (actor and impersonator), so an impersonated action reads "admin X as user Y".
 */
export async function auditPage(db: Database, actor: Actor | null, page: { offset: number; limit: number; impersonatedOnly?: boolean }) {
  assertAdmin(actor);
  const actorUser = alias(users, 'actor_user');
  const impUser = alias(users, 'imp_user');
  const where = page.impersonatedOnly ? sql`${auditLog.impersonatorId} is not null` : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        data: auditLog.data,
        impersonatorId: auditLog.impersonatorId,
        actorFirst: actorUser.firstName,
        actorLast: actorUser.lastName,
        actorEmail: actorUser.email,
        impFirst: impUser.firstName,
        impLast: impUser.lastName,
        impEmail: impUser.email,
      })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
      .leftJoin(impUser, eq(impUser.id, auditLog.impersonatorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    countUpTo(db, db.select({ one: sql`1` }).from(auditLog).where(where), page),
  ]);
  const lines: AuditLine[] = rows.map((r) => {
    const person = fullName(r.actorFirst, r.actorLast, r.actorEmail);
    const details = (r.data as Record<string, unknown> | null) ?? null;
    return {
      id: r.id,
      at: r.createdAt.toISOString(),
      who: r.impersonatorId ? `${fullName(r.impFirst, r.impLast, r.impEmail)} as ${person}` : person,
      action: r.action,
      subject: r.entity === 'api' ? (r.entityId ?? '') : [r.entity, r.entityId].filter(Boolean).join(' #'),
      details,
      changed: changedOf(details),
    };
  });
  return { lines, ...counted };
}
