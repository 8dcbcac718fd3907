import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { auditLog, companies, jobs, users } from '@/lib/db/schema';
import { assertAdmin } from './guard';

export type AuditLine = {
  id: number;
  at: string;
  /** "Adam Admin as Emma Recruiter", or the one person who acted. */
  who: string;
  /** The action's code (company.update) and its words (Company edited). */
  action: string;
  actionLabel: string;
  /** "Carl Owner (user #5)", "Demo Freight Lines (company #1)"; a subject gone or not joined reads "ad #3". */
  subject: string;
  details: Record<string, unknown> | null;
  /** The fields an edit changed, by their API names (lib/audit/changed-fields.ts); empty for other actions. */
  changed: string[];
};

/** The audit log's actions in words; a code not listed here shows as it is. */
export const ACTION_LABELS: Record<string, string> = {
  'account.update': 'Account settings changed',
  'account.deleted': 'Account deleted',
  'ad.create': 'Ad created',
  'ad.update': 'Ad edited',
  'ad.pause': 'Ad paused',
  'ad.resume': 'Ad resumed',
  'ad.activate': 'Ad activated',
  'ad.end': 'Ad ended',
  'ad.draft': 'Ad set back to draft',
  'ad.delete': 'Ad deleted',
  'ad_settings.update': 'Ad settings changed',
  'admin.create': 'Admin added',
  'application.create': 'Application sent',
  'application.stage': 'Applicant moved to another stage',
  'application.withdraw': 'Application withdrawn by the driver',
  'company.create': 'Company created',
  'company.update': 'Company edited',
  'driver_profile.update': 'Driver profile edited',
  'employee.add': 'Employee added',
  'employee.password_reset': 'Employee password reset sent',
  'impersonated.request': 'Request while impersonating',
  'invoice.mark_paid': 'Invoice marked paid',
  'job.admin_boost': 'Job boosted by an admin',
  'job.contact_review': 'Job contact reviewed',
  'job.suspend': 'Job suspended',
  'job.release': 'Job released',
  'job.staff_update': "Customer's job edited by staff",
  'job.staff_close': "Customer's job closed by staff",
  'job.staff_cancel': "Customer's job cancelled by staff",
  'job.staff_cancel_renewal': "Customer's job renewal cancelled by staff",
  'job.staff_addresses': "Customer's job addresses changed by staff",
  'job.staff_addons': "Customer's job add-ons changed by staff",
  'news_channel.create': 'News channel created',
  'news_channel.update': 'News channel edited',
  'news_post.create': 'News post created',
  'news_post.update': 'News post edited',
  'password.set_by_admin': 'Password set by an admin',
  'payment_method.save': 'Card saved',
  'payment_method.default': 'Default card changed',
  'subscription.cancel': 'Subscription cancelled',
  'user.impersonate': 'Impersonation started',
  'user.impersonate.renew': 'Impersonation renewed',
  'user.impersonate.end': 'Impersonation ended',
  'user.social_link': 'Social sign-in linked',
  'user.social_signup': 'Signed up with a social account',
  'user.update_by_admin': 'User edited by an admin',
};

export const actionLabel = (code: string) => ACTION_LABELS[code] ?? code;

/** The subject's id as a number where its type is one the log joins a name for; null otherwise (no join). */
const subjectIdOf = (type: string) => sql<number | null>`case when ${auditLog.entity} = ${type} and ${auditLog.entityId} ~ '^[0-9]{1,9}$' then ${auditLog.entityId}::int end`;

const changedOf = (details: Record<string, unknown> | null) =>
  Array.isArray(details?.fields) ? details.fields.filter((f): f is string => typeof f === 'string') : [];

const fullName = (first: string | null, last: string | null, email: string | null) => (first ? `${first} ${last ?? ''}`.trim() : (email ?? 'Someone'));

function subjectText(r: { entity: string | null; entityId: string | null; subjectFirst: string | null; subjectLast: string | null; subjectEmail: string | null; subjectCompany: string | null; subjectJob: string | null }) {
  const ref = [r.entity, r.entityId].filter(Boolean).join(' #');
  const name =
    r.entity === 'user' && (r.subjectFirst || r.subjectEmail) ? fullName(r.subjectFirst, r.subjectLast, r.subjectEmail) : r.entity === 'company' ? r.subjectCompany : r.entity === 'job' ? r.subjectJob : null;
  return name ? `${name} (${ref})` : ref;
}

/**
 * The audit log for admins, newest first, one page at a time; names joined in the same query
 * (actor and impersonator, and the subject user's, company's or job's name), so an impersonated
 * action reads "admin X as user Y".
 */
export async function auditPage(db: Database, actor: Actor | null, page: { offset: number; limit: number; impersonatedOnly?: boolean }) {
  assertAdmin(actor);
  const actorUser = alias(users, 'actor_user');
  const impUser = alias(users, 'imp_user');
  const subjectUser = alias(users, 'subject_user');
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
        subjectFirst: subjectUser.firstName,
        subjectLast: subjectUser.lastName,
        subjectEmail: subjectUser.email,
        subjectCompany: companies.companyName,
        subjectJob: jobs.title,
      })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
      .leftJoin(impUser, eq(impUser.id, auditLog.impersonatorId))
      // The subject's name in the same query, by primary key (one lookup per line of the page).
      .leftJoin(subjectUser, eq(subjectUser.id, subjectIdOf('user')))
      .leftJoin(companies, eq(companies.id, subjectIdOf('company')))
      .leftJoin(jobs, eq(jobs.id, subjectIdOf('job')))
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
      actionLabel: actionLabel(r.action),
      subject: r.entity === 'api' ? (r.entityId ?? '') : subjectText(r),
      details,
      changed: changedOf(details),
    };
  });
  return { lines, ...counted };
}
