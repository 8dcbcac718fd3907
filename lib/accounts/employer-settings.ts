import { z } from 'zod';
import { and, eq, ne, sql } from 'drizzle-orm';
import '@/lib/validation/messages';
import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { ROLES } from '@/lib/access';
import { DRIVER_ACCOUNT_OWN } from '@/lib/auth/messages';
import { recordEdit } from '@/lib/audit';
import { changedFields } from '@/lib/audit/changed-fields';
import type { Actor } from '@/lib/auth/actor';
import { currentEmployer } from '@/lib/auth/employer';
import { refuseWhileImpersonating } from '@/lib/auth/impersonation';
import { toE164 } from '@/lib/auth/phone';
import { conflict, forbidden, sqlState } from '@/lib/errors';
import { dropVerificationMail, limitVerificationMails, sendVerificationMail } from './email-verification';
import { EMAIL_EXISTS, emailRule, nameRule, phoneRule } from './schemas';

/** PATCH /employer (jobs spec §7): any subset of the account's own name, phone and email. */
export const updateEmployerSchema = z
  .object({ first_name: nameRule, last_name: nameRule, phone: phoneRule, email: emailRule })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update.');
export type UpdateEmployerInput = z.infer<typeof updateEmployerSchema>;

/**
 * An impersonating admin fixing a company member's name or phone: not when the member also uses
 * TNA as a driver. The admin's own route refuses it (lib/admin/employers.ts), and the name and
 * phone are those employers see on the person's applications. The actor's roles under
 * impersonation are the company ones only, so the stored roles decide.
 */
async function refuseForDriverMember(db: Database, userId: number) {
  const [driver] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ROLES.DRIVER)));
  if (driver) throw forbidden(DRIVER_ACCOUNT_OWN);
}

/**
 * Account settings. A new email is held in email_to_verify and a link is mailed to it; the current
 * email keeps signing in until the link is followed (lib/accounts/email-verification.ts). Asking
 * for the current email again drops a pending change. An admin impersonating the user may fix the
 * name or phone but not move the account to another address (403): that would hand it over; nor
 * touch a member who also uses TNA as a driver at all (refuseForDriverMember).
 */
export async function updateEmployer(db: Database, actor: Actor, input: UpdateEmployerInput, ctx: { ip?: string; bearer?: string } = {}) {
  const [me] = await db
    .select({ email: users.email, emailToVerify: users.emailToVerify, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(users)
    .where(eq(users.id, actor.userId));
  const patch: Partial<typeof users.$inferInsert> = {
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone === undefined ? undefined : toE164(input.phone),
  };
  const newEmail = input.email !== undefined && input.email !== me.email.toLowerCase() ? input.email : undefined;
  if (newEmail) refuseWhileImpersonating(actor, 'change the email address');
  if (actor.impersonatorId && (patch.firstName !== undefined || patch.lastName !== undefined || patch.phone !== undefined)) await refuseForDriverMember(db, actor.userId);
  if (input.email !== undefined) patch.emailToVerify = newEmail ?? null;
  if (newEmail) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, newEmail), ne(users.id, actor.userId)));
    if (taken) throw conflict(EMAIL_EXISTS, 'email');
  }
  // Each new address is mailed; the one already pending, sent back by the form, is not mailed again.
  const mailTo = newEmail && newEmail !== me.emailToVerify?.toLowerCase() ? newEmail : undefined;
  // Counted before anything changes: a refused change leaves the account as it was.
  if (mailTo) await limitVerificationMails(actor.userId, 'You have changed your email several times. Please wait a few minutes before changing it again.');
  // A new email counts as a change once it is pending.
  const fields = changedFields(patch, me, { firstName: 'first_name', lastName: 'last_name', phone: 'phone', emailToVerify: 'email' });
  try {
    await db.update(users).set({ ...patch, updatedAt: sql`now()` }).where(eq(users.id, actor.userId));
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict(EMAIL_EXISTS, 'email');
    throw error;
  }
  // A pending address replaced or dropped: its verification mail goes too (dropVerificationMail says why).
  const dropped = me.emailToVerify && input.email !== undefined && me.emailToVerify.toLowerCase() !== newEmail ? me.emailToVerify : null;
  if (dropped) await dropVerificationMail(db, dropped);
  if (mailTo) await sendVerificationMail(db, actor.userId);
  await recordEdit(db, {
    actorUserId: actor.userId,
    impersonatorId: actor.impersonatorId,
    action: 'account.update',
    subjectType: 'user',
    subjectId: actor.userId,
    fields,
    details: newEmail ? { emailPending: true } : {},
    ip: ctx.ip,
  });
  // The actor's profile is the row before this change: answer from the row as it is now.
  return currentEmployer(db, { ...actor, profile: undefined }, ctx.bearer);
}
