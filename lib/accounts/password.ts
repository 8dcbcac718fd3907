import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { auditLog, oneTimeCodes, users } from '@/lib/db/schema';
import { forgetAccountFailures } from '@/lib/auth/login-throttle';
import { unprocessable } from '@/lib/errors';
import { authSecret } from '@/lib/config';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { revokeAllSessions } from '@/lib/auth/sessions';
import { unbindIdentitiesClaimedUnverified } from '@/lib/auth/social-link';
import { signPurposeToken, verifyPurposeToken } from '@/lib/auth/tokens';
import type { Actor } from '@/lib/auth/actor';
import { refuseWhileImpersonating } from '@/lib/auth/impersonation';
import { consumeOrThrow, limiter, tryConsume, waitInWords } from '@/lib/rate-limit';
import { enqueueTemplate } from '@/lib/mail/outbox';
import { endPendingEmail } from './email-verification';
import { RESET_TOKEN_INVALID, type ChangePasswordInput, type ForgotPasswordInput, type ResetPasswordInput, type VerifyResetCodeInput } from './password-schemas';

export { RESET_TOKEN_INVALID };

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_TRIES = 5;
/**
 * Wrong codes one account may take in a day, over all its codes, before each code gets one try
 * only. Five tries a code and five codes an hour let anyone guess 25 times an hour for good, about
 * one account in five within a year (a review); past this it is one guess per code, a fifth of that.
 * Refusing every check instead (the first fix) let anyone block the owner's reset every day with
 * 20 wrong codes: the owner's first try of a fresh code still goes through.
 */
export const CODE_FAILURES_PER_DAY = 20;
export const RESET_TOKEN_TTL_SECONDS = 10 * 60;
const RESET_PURPOSE = 'password-reset';

export const RESET_REQUESTED =
  'If an account exists for this email, we have sent a 6-digit code to it. The code is valid for 15 minutes.';
export const CODE_INVALID = 'This code is not valid or has expired. Check the latest email we sent you, or request a new code.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
export const SAME_PASSWORD = 'The new password must be different from your current password.';
/** Says how long to wait: the limits here run from 15 minutes to an hour. */
const TOO_MANY = (waitSeconds: number) => `Too many attempts. Please try again in ${waitInWords(waitSeconds)}.`;

/**
 * Codes are stored as an HMAC with the server key: a copy of the table does not reveal them. The
 * HMAC also covers the fingerprint of the password the account had when the code was issued, so a
 * code dies once the password changes, by whatever path (a change, an admin setting it, a reset, a
 * takeover clearing it): it then reads as a wrong code. Closing the codes in each writer of
 * password_hash instead would need every writer, now and later, to remember it (the change and the
 * admin's set both forgot, and a code mailed before a change still reset the password after it).
 */
function codeHash(code: string, pv: string) {
  return createHmac('sha256', `${authSecret()}:one-time-code`).update(`${pv}:${code}`).digest('hex');
}

function sameHash(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A fingerprint of the stored password hash: a reset code or token dies as soon as the password changes. */
function passwordVersion(passwordHash: string | null) {
  return createHash('sha256').update(passwordHash ?? 'none').digest('base64url').slice(0, 16);
}

async function liveUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, email: users.email, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)));
  return user?.active ? user : undefined;
}

/**
 * Issues a fresh 6-digit reset code for the user (earlier ones stop working, and this one stops when
 * the password changes: codeHash) and queues the mail that carries it. Forgot password sends it on
 * the user's own request; a company admin sends it to an employee (the employee then sets a
 * password no one else has seen).
 */
export async function mailResetCode(
  db: Database,
  user: { id: number; firstName: string; email: string },
  opts: { kind: 'password_reset_code' } | { kind: 'employee_password_reset'; companyName: string; link: string },
  now = new Date(),
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [{ passwordHash }] = await t.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    await t
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'password_reset'), isNull(oneTimeCodes.usedAt)));
    await t.insert(oneTimeCodes).values({
      userId: user.id,
      purpose: 'password_reset',
      codeHash: codeHash(code, passwordVersion(passwordHash)),
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    const params = { firstName: user.firstName, code, minutes: CODE_TTL_MINUTES };
    if (opts.kind === 'employee_password_reset') await enqueueTemplate(t, user.email, 'employee_password_reset', { ...params, companyName: opts.companyName, link: opts.link });
    else await enqueueTemplate(t, user.email, 'password_reset_code', params);
  });
}

/**
 * The least time a reset request takes to answer. Only a real account's request writes a code and a
 * mail, which made it 2–5 times slower than an unknown email's (10–22 ms against 4–6): the time
 * told which emails have accounts. Both now answer after this floor, well above either.
 */
export const RESET_REQUEST_FLOOR_MS = 200;

/**
 * Forgot password: mails a fresh 6-digit code and invalidates earlier ones. The answer is the same
 * whether or not the account exists, and takes the same time; the rate limits count every request alike.
 */
export async function requestPasswordReset(db: Database, input: ForgotPasswordInput, ctx: { ip: string; now?: Date }) {
  const email = input.email.trim().toLowerCase();
  const [byEmail, byIp] = await Promise.all([limiter('reset-request-email', 5, 3600), limiter('reset-request-ip', 20, 3600)]);
  await consumeOrThrow(byIp, ctx.ip, TOO_MANY);
  await consumeOrThrow(byEmail, email, TOO_MANY);
  const started = performance.now();
  const user = await liveUserByEmail(db, email);
  if (user) await mailResetCode(db, user, { kind: 'password_reset_code' }, ctx.now);
  const left = RESET_REQUEST_FLOOR_MS - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return { message: RESET_REQUESTED };
}

/**
 * Checks a code. Every check first claims one of the code's five tries atomically, so parallel
 * guesses cannot exceed the limit; the right code is consumed and exchanged for a short-lived
 * reset token. Every failure gives the same message.
 */
export async function verifyResetCode(db: Database, input: VerifyResetCodeInput, ctx: { ip: string; now?: Date }) {
  const now = ctx.now ?? new Date();
  await consumeOrThrow(await limiter('reset-verify-ip', 30, 15 * 60), ctx.ip, TOO_MANY);
  const user = await liveUserByEmail(db, input.email);
  if (!user) throw unprocessable(CODE_INVALID, 'code');
  const [latest] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, user.id),
        eq(oneTimeCodes.purpose, 'password_reset'),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!latest) throw unprocessable(CODE_INVALID, 'code');
  const failures = await limiter('reset-verify-account', CODE_FAILURES_PER_DAY, 86_400);
  const spent = await failures.get(String(user.id));
  const tries = spent && spent.consumedPoints >= CODE_FAILURES_PER_DAY ? 1 : CODE_MAX_TRIES;
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, latest.id), isNull(oneTimeCodes.usedAt), lt(oneTimeCodes.attempts, tries)))
    .returning({ codeHash: oneTimeCodes.codeHash });
  if (!claimed || !sameHash(claimed.codeHash, codeHash(input.code, passwordVersion(user.passwordHash)))) {
    if (claimed) await tryConsume(failures, String(user.id));
    throw unprocessable(CODE_INVALID, 'code');
  }
  const [used] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, latest.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  if (!used) throw unprocessable(CODE_INVALID, 'code');
  const token = await signPurposeToken(RESET_PURPOSE, { uid: user.id, pv: passwordVersion(user.passwordHash) }, RESET_TOKEN_TTL_SECONDS);
  return { token, expires_in: RESET_TOKEN_TTL_SECONDS };
}

/**
 * Sets the new password from a reset token, signs the user out everywhere, and proves the email; an
 * email unverified until then also loses the social identities bound meanwhile. A pending email
 * change ends too (endPendingEmail): the one who reset is the mailbox's owner taking the account back.
 */
export async function resetPassword(db: Database, input: ResetPasswordInput, ctx: { ip: string }) {
  await consumeOrThrow(await limiter('reset-password-ip', 20, 15 * 60), ctx.ip, TOO_MANY);
  const claims = await verifyPurposeToken<{ uid: number; pv: string }>(RESET_PURPOSE, input.token);
  if (!claims) throw unprocessable(RESET_TOKEN_INVALID, 'token');
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, claims.uid), isNull(users.deletedAt), eq(users.active, true)));
  // The token is good for one password change: once the hash changes, its fingerprint no longer matches.
  if (!user || passwordVersion(user.passwordHash) !== claims.pv) throw unprocessable(RESET_TOKEN_INVALID, 'token');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Only over the password the token was made for: two requests with one token at the same moment
    // both passed the check above, and both were told their password was set (only one was).
    const changed = await t
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date(), updatedAt: sql`now()` })
      .where(and(eq(users.id, user.id), user.passwordHash == null ? isNull(users.passwordHash) : eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!changed.length) throw unprocessable(RESET_TOKEN_INVALID, 'token');
    await revokeAllSessions(t, user.id);
    // A claimant who signed up with the owner's address could park their own as a pending change:
    // its link, followed after this reset, moved the reclaimed account to them.
    await endPendingEmail(t, user.id);
    // The reset proves the mailbox: identities bound while the email was unverified go with the sessions.
    const removedIdentities = user.emailVerifiedAt ? [] : await unbindIdentitiesClaimedUnverified(t, user.id);
    await t.insert(auditLog).values({
      actorId: user.id,
      action: 'password.reset',
      entity: 'user',
      entityId: String(user.id),
      ip: ctx.ip,
      ...(removedIdentities.length > 0 && { data: { removedIdentities } }),
    });
  });
  await forgetAccountFailures(user.email);
  return { message: 'Your password has been reset. Sign in with your new password.' };
}

/**
 * Changes the signed-in user's password; every other session of the user is signed out. Never from
 * an impersonated session (403): the admin would hold a password the person does not know.
 */
export async function changePassword(db: Database, actor: Actor, input: ChangePasswordInput, ctx: { ip: string }) {
  refuseWhileImpersonating(actor, 'change the password');
  const failures = await limiter('change-password-user', 5, 15 * 60);
  const key = String(actor.userId);
  // Each check takes its point before the password is compared and gives it back when right:
  // counted after the comparison, guesses sent in parallel all passed the count first (11 checked
  // against a limit of 5).
  await consumeOrThrow(failures, key, TOO_MANY);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  if (!(await verifyPassword(user?.passwordHash, input.oldPassword))) throw unprocessable(WRONG_CURRENT_PASSWORD, 'oldPassword');
  await failures.reward(key, 1);
  if (input.oldPassword === input.password) throw unprocessable(SAME_PASSWORD, 'password');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Only over the password just checked: a reset that landed meanwhile (the owner taking the
    // account back) was overwritten by whoever held the session and the old password.
    const changed = await t
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, actor.userId), user.passwordHash == null ? isNull(users.passwordHash) : eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!changed.length) throw unprocessable(WRONG_CURRENT_PASSWORD, 'oldPassword');
    await revokeAllSessions(t, actor.userId, actor.sessionId);
    await t.insert(auditLog).values({
      actorId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action: 'password.changed',
      entity: 'user',
      entityId: String(actor.userId),
      ip: ctx.ip,
    });
  });
  await failures.delete(String(actor.userId));
  return { message: 'Your password has been changed.' };
}
