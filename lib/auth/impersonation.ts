import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ROLES, hasAny } from '@/lib/access';
import { recordAudit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import { companies, userRoles, users } from '@/lib/db/schema';
import { AppError, forbidden, notFound } from '@/lib/errors';
import type { Actor } from './actor';
import { IMPERSONATION_SECONDS } from './impersonation-schemas';
import { IMPERSONATOR_ROLES } from './impersonator';
import { endSessionFamily, endSessionsOpenedBy, startSession } from './sessions';

export const NOT_IMPERSONABLE = 'Only company users can be impersonated.';
export const ADMIN_NOT_IMPERSONABLE = 'An admin account cannot be impersonated.';

/** Roles that are never impersonated: staff who act for every company. */
const STAFF = [ROLES.SUPER_ADMIN, ROLES.ADMIN, ROLES.INTERNAL_USER] as const;

export type ImpersonationGrant = {
  firstName: string;
  lastName: string;
  email: string;
  userId: number;
  companyId: number;
  companyName: string;
  roles: string[];
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  /** When the session ends on the server (ms since epoch): the countdown's zero. */
  expiresAt: number;
  sessionId: string;
};

/**
 * An admin (super admin or admin, never from an impersonated session) starts a 600-second session
 * as one company user (company user or company admin with a company; never staff). The session's
 * tokens carry the admin's id (claim imp), so every action is recorded as "admin X as user Y";
 * the start itself is audited here.
 */
export async function impersonate(
  db: Database,
  admin: Actor | null,
  input: { userId: number; deviceId?: string; renewedFrom?: string },
  ip?: string,
): Promise<ImpersonationGrant> {
  if (!admin || !hasAny(admin.roles, IMPERSONATOR_ROLES) || admin.impersonatorId) throw forbidden();
  const [target] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, companyId: users.companyId, active: users.active, companyName: companies.companyName })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
  if (!target || !target.active) throw notFound('User not found.');
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, target.id))).map((r) => r.role);
  if (hasAny(roles, STAFF)) throw forbidden(ADMIN_NOT_IMPERSONABLE);
  if (!hasAny(roles, [ROLES.EMPLOYER, ROLES.COMPANY_ADMIN]) || !target.companyId) throw new AppError(422, NOT_IMPERSONABLE);
  if (input.renewedFrom) await endSessionFamily(db, input.renewedFrom);
  const pair = await startSession(db, target.id, { deviceId: input.deviceId, impersonatorId: admin.userId, ttlSeconds: IMPERSONATION_SECONDS });
  await recordAudit(db, {
    actorUserId: admin.userId,
    action: input.renewedFrom ? 'user.impersonate.renew' : 'user.impersonate',
    subjectType: 'user',
    subjectId: target.id,
    companyId: target.companyId,
    details: { seconds: IMPERSONATION_SECONDS, admin_email: admin.email, user_email: target.email },
    ip,
  });
  return {
    firstName: target.firstName,
    lastName: target.lastName,
    email: target.email,
    userId: target.id,
    companyId: target.companyId,
    companyName: target.companyName ?? '',
    roles,
    ...pair,
    expiresAt: Date.now() + IMPERSONATION_SECONDS * 1000,
  };
}

/** The answer when an admin acting as a user tries what only the user may do. */
export const impersonationRefusal = (what: string) => `An admin acting as this user cannot ${what}; only the user can.`;

/**
 * Impersonation is for helping with the company's work. What cannot be undone by leaving it, or
 * would hand the account to someone else, stays with the person: deleting the account, changing its
 * password or email, signing them out of their other sessions (403).
 */
export function refuseWhileImpersonating(actor: Pick<Actor, 'impersonatorId'>, what: string) {
  if (actor.impersonatorId) throw forbidden(impersonationRefusal(what));
}

/** Leaving: the impersonated session is revoked at once, and the end is audited. */
export async function endImpersonation(db: Database, input: { adminId: number; userId: number; sessionId?: string; companyId?: number | null }, ip?: string) {
  if (input.sessionId) await endSessionFamily(db, input.sessionId);
  await recordAudit(db, { actorUserId: input.adminId, action: 'user.impersonate.end', subjectType: 'user', subjectId: input.userId, companyId: input.companyId ?? null, ip });
}

/**
 * An admin signing out ends every impersonation they started, wherever (the browser's, or one
 * opened through the API): an impersonated session outliving its admin's sign-out kept working
 * (and refreshing) until its deadline. Each end is recorded as Leave records it.
 */
export async function endImpersonationsBy(db: Database, adminId: number, ip?: string) {
  const ended = await endSessionsOpenedBy(db, adminId);
  if (!ended.length) return;
  // Recorded with each user's company, as Leave records it (the audit log filters by company).
  const companyOf = new Map((await db.select({ id: users.id, companyId: users.companyId }).from(users).where(inArray(users.id, ended))).map((u) => [u.id, u.companyId]));
  for (const userId of ended) {
    await recordAudit(db, { actorUserId: adminId, action: 'user.impersonate.end', subjectType: 'user', subjectId: userId, companyId: companyOf.get(userId) ?? null, ip });
  }
}
