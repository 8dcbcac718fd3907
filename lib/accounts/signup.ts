import { eq } from 'drizzle-orm';
import { log } from '@/lib/log';
import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { ROLES, hasAny, mayTurnDriverIntoEmployer, type Role } from '@/lib/access';
import { AppError, conflict, unauthorized } from '@/lib/errors';
import { consumeOrThrow, limiter } from '@/lib/rate-limit';
import { signPurposeToken, verifyPurposeToken } from '@/lib/auth/tokens';
import { sendVerificationMail } from '@/lib/accounts/email-verification';
import { createAccount } from './create-account';
import { EMAIL_EXISTS, type SignupPayload } from './schemas';

/** The sign-up email check is authorised by a signed token that lives 5 seconds (accounts spec §9). */
export const EMAIL_CHECK_PURPOSE = 'email-check';
export const EMAIL_CHECK_TOKEN_SECONDS = 5;
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

/** A fresh 5-second token for one email check; the page asks for one right before each check. */
export async function issueEmailCheckToken(ip: string) {
  await consumeOrThrow(await limiter('email-check-token', 60, 60), ip, TOO_MANY);
  return { token: await signPurposeToken(EMAIL_CHECK_PURPOSE, {}, EMAIL_CHECK_TOKEN_SECONDS), expiresIn: EMAIL_CHECK_TOKEN_SECONDS };
}

export type EmailCheckResult = {
  exists: boolean;
  /** The account exists but holds no employer role: a driver who may create a company through fast login. */
  missingRole: boolean;
  message?: string;
};

/**
 * POST /auth/validate-employer-email. Answers whether the email has an account and whether that
 * account lacks the employer role. Only an account fast login may turn into an employer (a driver,
 * or no roles at all, spec §2) counts as missing it; anyone else is sent to sign in.
 */
export async function checkEmployerEmail(db: Database, input: { email: string; token?: string; ip: string }): Promise<EmailCheckResult> {
  if (!input.token || !(await verifyPurposeToken(EMAIL_CHECK_PURPOSE, input.token))) throw unauthorized();
  await consumeOrThrow(await limiter('email-check', 30, 60), input.ip, TOO_MANY);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (!user) return { exists: false, missingRole: false };
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role);
  const employer = hasAny(roles, [ROLES.EMPLOYER, ROLES.COMPANY_ADMIN]);
  const missingRole = !employer && mayTurnDriverIntoEmployer(roles);
  return { exists: true, missingRole, message: EMAIL_EXISTS };
}

const SIGNUP_ROLE: Record<SignupPayload['role'], Role> = { employer: ROLES.EMPLOYER, member: ROLES.DRIVER };

/**
 * Twenty new accounts per hour per client address, counted together for every way in that creates
 * one on its own (sign-up, and social sign-in of a new email): otherwise the other door is unlimited.
 */
export async function limitSignups(ip: string) {
  await consumeOrThrow(await limiter('signup-ip', 20, 3600), ip, 'Too many sign-ups from this address. Please try again later.');
}

/**
 * POST /auth/signup: creates the account with its role and answers its id. Twenty sign-ups per hour
 * per client address (limitSignups). The verification mail is queued; a mail failure does not undo the account.
 */
export async function signUp(db: Database, input: SignupPayload, ctx: { ip: string }): Promise<{ id: number }> {
  await limitSignups(ctx.ip);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict(EMAIL_EXISTS, 'email');
  const id = await createAccount(db, input, { roles: [SIGNUP_ROLE[input.role]] });
  await sendVerificationMail(db, id).catch((error) => {
    if (!(error instanceof AppError)) log.error('Verification mail not queued after sign-up', { error });
  });
  return { id };
}
