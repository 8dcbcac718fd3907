import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { emailOutbox, users } from '@/lib/db/schema';
import { publicUrl } from '@/lib/config';
import { notFound, sqlState } from '@/lib/errors';
import { signPurposeToken, verifyPurposeToken } from '@/lib/auth/tokens';
import type { Actor } from '@/lib/auth/actor';
import { consumeOrThrow, limiter } from '@/lib/rate-limit';
import { enqueueTemplate } from '@/lib/mail/outbox';
import { revokeAllSessions } from '@/lib/auth/sessions';
import { unbindIdentitiesClaimedUnverified } from '@/lib/auth/social-link';

export const VERIFY_LINK_HOURS = 24;
const PURPOSE = 'email-verification';

/**
 * Mails a signed verification link to the address waiting for verification (email_to_verify) or,
 * failing that, to the account's email. The sign-up flow calls this right after creating the user.
 * Answers false when there is nothing to verify.
 */
export async function sendVerificationMail(db: Database, userId: number): Promise<boolean> {
  const [user] = await db
    .select({ firstName: users.firstName, email: users.email, emailToVerify: users.emailToVerify, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound('User not found.');
  const target = user.emailToVerify ?? (user.verifiedAt ? null : user.email);
  if (!target) return false;
  const token = await signPurposeToken(PURPOSE, { uid: userId, email: target.toLowerCase() }, VERIFY_LINK_HOURS * 3600);
  const link = publicUrl(`/api/v1.0/auth/verify-email?token=${encodeURIComponent(token)}`).toString();
  await enqueueTemplate(db, target, 'email_verification', { firstName: user.firstName, link, hours: VERIFY_LINK_HOURS });
  return true;
}

/**
 * Removes the verification mail queued for an address the account no longer waits for: it named
 * the account and carried its link, nothing else of that person is left on the account, and account
 * deletion erases only the addresses the account still has.
 */
export async function dropVerificationMail(db: Database, address: string) {
  await db.delete(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'email_verification')));
}

/**
 * Ends a pending email change (email_to_verify) and drops its mail, inside the caller's transaction.
 * For the steps that prove the mailbox of the account's email and take the account back (a password
 * reset, a provider-verified takeover): the pending address may be the claimant's, and its link
 * (checked only against email_to_verify by confirmEmail) would move the reclaimed account to them.
 */
export async function endPendingEmail(tx: Database, userId: number) {
  const [row] = await tx.select({ pending: users.emailToVerify }).from(users).where(eq(users.id, userId)).for('update');
  if (!row?.pending) return;
  await tx.update(users).set({ emailToVerify: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
  await dropVerificationMail(tx, row.pending);
}

/**
 * Verification mails a user can cause, 3 per 10 minutes: asking for a new link and changing the
 * email count together. Each change mails the address it names (with the name the user chose), so
 * without a limit an account could send the product's mail to any address, as often as it liked.
 */
export async function limitVerificationMails(userId: number, message: string) {
  await consumeOrThrow(await limiter('verify-email-send', 3, 600), String(userId), message);
}

/** POST /auth/verify-email/send: the signed-in user asks for a (new) link. */
export async function resendVerification(db: Database, actor: Actor) {
  await limitVerificationMails(actor.userId, 'Please wait a few minutes before asking for another link.');
  const sent = await sendVerificationMail(db, actor.userId);
  return sent
    ? { sent: true, message: 'We have sent you a verification link. It is valid for 24 hours.' }
    : { sent: false, message: 'Your email is already verified.' };
}

/**
 * The link's target: marks the email verified (and makes a pending new address the account's
 * email). Answers false for a bad, expired or outdated link. When this is the account's first
 * verified email, the social identities bound while it was unverified are removed (their owner may
 * not be the mailbox's: lib/auth/social-link.ts), in the same transaction.
 */
export async function confirmEmail(db: Database, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const claims = await verifyPurposeToken<{ uid: number; email: string }>(PURPOSE, token);
  if (!claims?.uid || !claims.email) return false;
  const [user] = await db
    .select({ email: users.email, emailToVerify: users.emailToVerify })
    .from(users)
    .where(and(eq(users.id, claims.uid), isNull(users.deletedAt)));
  if (!user) return false;
  const email = claims.email.toLowerCase();
  const pending = user.emailToVerify?.toLowerCase() === email;
  if (!pending && user.email.toLowerCase() !== email) return false;
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      // Read under the update's row lock: only the verification that sets it first unbinds.
      const [before] = await t.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, claims.uid)).for('update');
      if (pending) await t.update(users).set({ email, emailToVerify: null, emailVerifiedAt: new Date(), updatedAt: sql`now()` }).where(eq(users.id, claims.uid));
      else await t.update(users).set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` }).where(eq(users.id, claims.uid));
      // Their sessions go with them: a claimant signed in through such an identity stayed signed in.
      if (!before?.verifiedAt && (await unbindIdentitiesClaimedUnverified(t, claims.uid)).length) await revokeAllSessions(t, claims.uid);
    });
    return true;
  } catch (error) {
    if (pending && sqlState(error) === '23505') return false; // the address was taken by another account meanwhile
    throw error;
  }
}
