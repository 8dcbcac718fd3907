import { and, eq, isNull, sql } from 'drizzle-orm';
import { COMPANY_MEMBER_ROLES, ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { hashPassword } from '@/lib/auth/passwords';
import { stripCountryCode, toE164 } from '@/lib/auth/phone';
import { revokeAllSessions } from '@/lib/auth/sessions';
import { recordAudit, recordEdit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { conflict, forbidden, notFound } from '@/lib/errors';
import { DRIVER_ACCOUNT_OWN } from '@/lib/auth/messages';
import { assertAdmin } from './guard';
import type { AdminChangePasswordInput, AdminEmployerPatch } from './schemas';
import { changedFields } from '@/lib/audit/changed-fields';
import { endPendingEmail, sendVerificationMail } from '@/lib/accounts/email-verification';

export const NOT_COMPANY_USER = 'Only company users can be changed here.';

const USER_NOT_FOUND = 'User not found.';

/**
 * A company user (company user or company admin) an admin may help; staff and drivers are not
 * reached this way. `change`: for a password, email or name change, a member who also uses TNA as
 * a driver is refused too: setting their password or email handed the admin their driver account
 * (profile, home, licence, applications), which even impersonation keeps to the person.
 */
async function companyUserOrThrow(db: Database, id: number, change = false) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound(USER_NOT_FOUND);
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.role);
  if (!hasAny(roles, COMPANY_MEMBER_ROLES) || roles.some((r) => !COMPANY_MEMBER_ROLES.includes(r) && r !== ROLES.DRIVER)) throw forbidden(NOT_COMPANY_USER);
  if (change && roles.includes(ROLES.DRIVER)) throw forbidden(DRIVER_ACCOUNT_OWN);
  return row;
}

const view = (u: { id: number; email: string; firstName: string; lastName: string; phone: string | null; companyId: number | null }) => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  phone: stripCountryCode(u.phone),
  company_id: u.companyId,
});

export async function getEmployerForAdmin(db: Database, actor: Actor | null, id: number) {
  assertAdmin(actor);
  return view(await companyUserOrThrow(db, id));
}

/** PATCH /admin/employer/{id}: name, phone, email of a company user; audited with who, whom and which fields. */
export async function updateEmployerAsAdmin(db: Database, actor: Actor | null, id: number, input: AdminEmployerPatch, ip?: string) {
  assertAdmin(actor);
  const current = await companyUserOrThrow(db, id, true);
  if (input.email && input.email.toLowerCase() !== current.email.toLowerCase()) {
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (taken) throw conflict('Email already exists.', 'email');
  }
  const patch = { firstName: input.first_name, lastName: input.last_name, email: input.email, phone: input.phone === undefined ? undefined : toE164(input.phone) };
  const fields = changedFields(patch, current, { firstName: 'first_name', lastName: 'last_name', email: 'email', phone: 'phone' });
  // A new address nobody has confirmed is not verified: the account is mailed a link to confirm it.
  const emailChanged = fields.includes('email');
  const updated = await db.transaction(async (tx) => {
    // The user's own pending change ends with it, read under the row's lock (a change of theirs
    // committed meanwhile is the one dropped): its mail named the account and carried its link, as
    // when the user replaces it themselves (lib/accounts/employer-settings.ts), and account deletion
    // erases only the addresses the account still has.
    if (emailChanged) await endPendingEmail(tx as unknown as Database, id);
    const [row] = await tx
      .update(users)
      .set({ ...patch, ...(emailChanged && { emailVerifiedAt: null, emailToVerify: null }), updatedAt: sql`now()` })
      // Not onto an account deleted since it was read: the update waited for the deletion, then wrote
      // the name and phone back onto the scrubbed row.
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning();
    if (!row) throw notFound(USER_NOT_FOUND);
    await recordEdit(tx, { actorUserId: actor.userId, action: 'user.update_by_admin', subjectType: 'user', subjectId: id, companyId: row.companyId, fields, ip });
    return view(row);
  });
  if (emailChanged) await sendVerificationMail(db, id);
  return updated;
}

/**
 * PATCH /admin/employers/change-password: an admin sets a company user's password (sign-up rules).
 * Every session of that user ends, so whoever had the old password is signed out; audited.
 */
export async function changeEmployerPasswordAsAdmin(db: Database, actor: Actor | null, input: AdminChangePasswordInput, ip?: string) {
  assertAdmin(actor);
  const user = await companyUserOrThrow(db, input.employer_id, true);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await recordAudit(tx as unknown as Database, { actorUserId: actor.userId, action: 'password.set_by_admin', subjectType: 'user', subjectId: user.id, companyId: user.companyId, ip });
    // In the same step as the new password: no session outlives it, even if this call stops here.
    await revokeAllSessions(tx as unknown as Database, user.id);
  });
  return { id: user.id, message: 'Password changed.' };
}
