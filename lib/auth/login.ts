import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { ROLES, landingFor, mayTurnDriverIntoEmployer, type Role } from '@/lib/access';
import { publicOrigin } from '@/lib/config';
import { verifyPassword } from './passwords';
import { isKnownDevice } from './known-device';
import { admitAttempt, recordSuccess } from './login-throttle';
import { startSession } from './sessions';
import type { SessionOrigin } from './sessions-origin';
import { linkAfterPasswordSignIn } from './social-link';
import { stripCountryCode } from './phone';
import type { LoginInput } from './schemas';
import { WRONG_CREDENTIALS } from './messages';

export { WRONG_CREDENTIALS };
export const ALREADY_EMPLOYER = 'The entered email is already active as an employer in TNA';
export const NOT_A_DRIVER = 'Only a driver account can create a company this way. Sign in to your account instead.';

export type LoginResponse = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  termsAcceptedAt: string | null;
  userRoles: Role[];
  companyId: number | null;
  profileComplete: boolean;
  timezone: string;
  ssnLogin: boolean;
  redirect: string;
};

const truthy = (v: unknown) => v === true || v === 'true';

/**
 * Password sign-in. Failures are throttled before any hashing (lib/auth/login-throttle.ts), and an
 * unknown email costs the same argon2 work as a wrong password.
 */
export async function login(
  db: Database,
  input: LoginInput,
  ctx: { ip: string; knownDeviceCookie?: string | null; origin?: SessionOrigin },
): Promise<LoginResponse> {
  const email = input.email.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  const attempt = { email, ip: ctx.ip, knownDevice: !!user && (await isKnownDevice(ctx.knownDeviceCookie, user.id)) };
  await admitAttempt(attempt);

  const ok = await verifyPassword(user?.active ? user.passwordHash : null, input.password);
  // A failure was counted when the attempt was admitted.
  if (!user || !ok) throw new AppError(401, WRONG_CREDENTIALS);
  await recordSuccess(attempt);

  let roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role);
  // A refused sign-in changes nothing: the role checks come before the social link is made.
  if (input.create_role) {
    if (roles.includes(ROLES.EMPLOYER) || roles.includes(ROLES.COMPANY_ADMIN)) throw new AppError(409, ALREADY_EMPLOYER, 'email');
    if (!mayTurnDriverIntoEmployer(roles)) throw new AppError(403, NOT_A_DRIVER);
  }
  if (input.link_token) await linkAfterPasswordSignIn(db, user.id, input.link_token, ctx.ip);
  if (input.create_role) {
    // Driver-to-company: the same account gains the employer role and goes on to company info.
    await db.insert(userRoles).values({ userId: user.id, role: ROLES.EMPLOYER }).onConflictDoNothing();
    roles = [...roles, ROLES.EMPLOYER];
  }

  let termsAcceptedAt = user.termsAcceptedAt;
  if (!termsAcceptedAt && (truthy(input.terms_accepted) || truthy(input.termsAccepted))) {
    termsAcceptedAt = new Date();
    await db.update(users).set({ termsAcceptedAt, updatedAt: sql`now()` }).where(eq(users.id, user.id));
  }

  // Only while the password checked is still the account's (a reset meanwhile refuses the sign-in).
  const tokens = await startSession(db, user.id, { deviceId: input.device_id ?? input.deviceId, origin: ctx.origin, roles, passwordHash: user.passwordHash });
  // The public origin, never the request's: behind a proxy `next start` sees its own localhost:3000.
  const base = publicOrigin();
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: stripCountryCode(user.phone),
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    termsAcceptedAt: termsAcceptedAt?.toISOString() ?? null,
    userRoles: roles,
    companyId: user.companyId,
    profileComplete: Boolean(user.firstName && user.lastName && user.phone),
    timezone: user.timezone,
    ssnLogin: false,
    redirect: new URL(landingFor(roles, user.companyId), base).toString(),
  };
}
