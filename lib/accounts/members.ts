import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { applications, auditLog, driverProfiles, emailOutbox, idempotencyKeys, newsPosts, oneTimeCodes, socialIdentities, userRoles, users } from '@/lib/db/schema';
import { newsChanged } from '@/lib/cache/tags';
import { notFound } from '@/lib/errors';
import { revokeAllSessions } from '@/lib/auth/sessions';
import { stripCountryCode } from '@/lib/auth/phone';
import type { Actor } from '@/lib/auth/actor';
import { refuseWhileImpersonating } from '@/lib/auth/impersonation';
import { assertNotLastSuperAdmin } from './super-admins';
import { ROLES } from '@/lib/access';
import { conflict } from '@/lib/errors';
import { LAST_ADMIN_DELETING, lockCompany, otherActiveMembers } from '@/lib/companies/last-admin';
import { deletedEmailFor } from './schemas';
import { storage } from '@/lib/storage';
import { log } from '@/lib/log';

export const DELETED_NAME = 'Deleted';

/** What the members home shows about the signed-in user. */
export async function memberProfile(db: Database, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      timezone: users.timezone,
      emailVerifiedAt: users.emailVerifiedAt,
      emailToVerify: users.emailToVerify,
      createdAt: users.createdAt,
      companyId: users.companyId,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound('User not found.');
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: stripCountryCode(user.phone),
    timezone: user.timezone,
    emailVerified: Boolean(user.emailVerifiedAt),
    emailToVerify: user.emailToVerify,
    memberSince: user.createdAt.toISOString(),
    companyId: user.companyId,
    roles,
  };
}
export type MemberProfile = Awaited<ReturnType<typeof memberProfile>>;

/**
 * Deletes the caller's account. The users row stays (invoices, payments and jobs point at it and
 * must be kept), but everything personal is erased: names, phone, email, password, picture, pending
 * mail and codes, the answers kept for retried requests, the social sign-ins bound to it, a driver's profile (birth date, home, licence, experience) and what their
 * applications say about them (the note they wrote, the distance from their home). The applications
 * themselves stay, so a company's pipeline and statistics keep their counts; they show the driver
 * as 'Deleted' with nothing else. Every session ends at once; the roles go, so the id can no longer
 * reach anything.
 * The last super admin cannot delete their account (409): nobody would be left to run the product.
 * Nor can a company's last active company admin while it has other active employees (409): they
 * would be left with jobs and billing nobody can manage. Alone in the company, they may.
 * An admin impersonating the user cannot delete it (403): only the person may erase their account.
 * The stored picture file is removed once the deletion has committed (removed earlier, a rollback
 * would leave the row pointing at nothing); a storage failure then is logged, never undoes the deletion.
 */
export async function deleteAccount(db: Database, actor: Actor, ctx: { ip: string }) {
  refuseWhileImpersonating(actor, 'delete the account');
  const { picture, posts } = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await assertNotLastSuperAdmin(t, actor.userId);
    await assertNotLastCompanyAdmin(t, actor);
    const [user] = await t
      .select({ email: users.email, emailToVerify: users.emailToVerify, picture: users.profilePicture })
      .from(users)
      .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw notFound('User not found.');
    await t
      .update(users)
      .set({
        firstName: DELETED_NAME,
        lastName: DELETED_NAME,
        email: deletedEmailFor(actor.userId),
        emailToVerify: null,
        phone: null,
        passwordHash: null,
        profilePicture: null,
        tnNewsletters: false,
        active: false,
        deletedAt: new Date(),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, actor.userId));
    await t.delete(userRoles).where(eq(userRoles.userId, actor.userId));
    await t.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, actor.userId));
    // The Google, Apple or Facebook accounts bound to it (their ids and emails): signing in with one
    // again starts a new account instead of reaching the deleted one.
    await t.delete(socialIdentities).where(eq(socialIdentities.userId, actor.userId));
    await t.delete(driverProfiles).where(eq(driverProfiles.userId, actor.userId));
    await t.update(applications).set({ message: null, distanceMiles: null, withinRange: null }).where(eq(applications.userId, actor.userId));
    // The answers kept for retried POSTs (lib/api/idempotency.ts) are copies of what the person
    // sent: an application's message, a friend's name and email. Kept, they outlived the erasure
    // for up to a day, until the tick purged them.
    await t.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, actor.userId));
    // Mail addressed to the person is personal data too.
    for (const address of [user.email, user.emailToVerify].filter(Boolean) as string[]) {
      await t.delete(emailOutbox).where(eq(emailOutbox.toAddress, address));
    }
    await revokeAllSessions(t, actor.userId);
    await t.insert(auditLog).values({
      actorId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action: 'account.deleted',
      entity: 'user',
      entityId: String(actor.userId),
      ip: ctx.ip,
    });
    // Their posts' pages name them (the byline, schema.org's author) and are served from Next's
    // cache: expired once this commits, or the erased name was served for up to 5 minutes more.
    const posts = await t.select({ id: newsPosts.id }).from(newsPosts).where(eq(newsPosts.userId, actor.userId));
    return { picture: user.picture, posts: posts.map((p) => p.id) };
  });
  // A prolific author's pages all at once (the news tag) rather than a tag per post.
  if (posts.length) newsChanged(posts.length > 100 ? undefined : posts);
  if (picture) {
    await storage()
      .delete(picture)
      .catch((error) => log.error('Account deleted; its profile picture could not be removed from storage', { userId: actor.userId, key: picture, error }));
  }
  return { deleted: true, message: 'Your account has been deleted.' };
}

async function assertNotLastCompanyAdmin(tx: Database, actor: Actor) {
  if (!actor.companyId) return;
  await lockCompany(tx, actor.companyId);
  // The roles as stored once the company is locked (promotions take the same lock), not as the
  // request found them: an employee promoted meanwhile, the other admin stepping down, was deleted
  // without this check and left the company with members and no admin.
  const [admin] = await tx.select({ userId: userRoles.userId }).from(userRoles).where(and(eq(userRoles.userId, actor.userId), eq(userRoles.role, ROLES.COMPANY_ADMIN))).limit(1);
  if (!admin) return;
  const others = await otherActiveMembers(tx, actor.companyId, actor.userId);
  if (others.admins === 0 && others.members > 0) throw conflict(LAST_ADMIN_DELETING);
}
