import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { socialIdentities, socialNonces, userRoles, users } from '@/lib/db/schema';
import { ROLES, landingFor, type Role } from '@/lib/access';
import { recordAudit } from '@/lib/audit';
import { AppError, sqlState } from '@/lib/errors';
import { endPendingEmail } from '@/lib/accounts/email-verification';
import { emailRule } from '@/lib/accounts/schemas';
import { limitSignups } from '@/lib/accounts/signup';
import { PROVIDER_NAMES } from './social-config';
import { bindIdentity, signLinkToken } from './social-link';
import { namesFromProvider } from './social-name';
import type { SocialIdentity } from './social-verify';
import { holdLiveAccount, revokeAllSessions, startSession } from './sessions';
import type { SessionOrigin } from './sessions-origin';

/** The email belongs to an account this identity may not enter yet: a password sign-in links it. */
export class LinkRequired extends AppError {
  constructor(
    message: string,
    public readonly linkToken: string,
  ) {
    super(409, message, 'token');
  }
}

export type SocialSession = {
  id: string;
  userId: number;
  name: string;
  email: string;
  roles: Role[];
  companyId: number | null;
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  termsAcceptedAt: string | null;
  /** The landing page for the account's roles (a new person, a driver, lands in /members). */
  redirect: string;
  created: boolean;
};

/**
 * A token carrying a nonce signs in once: the nonce is kept until the token expires. Expired
 * nonces are cleared on the way (an index on expires_at keeps that cheap).
 */
async function spendNonce(db: Database, identity: SocialIdentity) {
  if (!identity.nonce) return;
  await db.delete(socialNonces).where(lt(socialNonces.expiresAt, new Date()));
  const kept = await db
    .insert(socialNonces)
    .values({ provider: identity.provider, nonce: identity.nonce, expiresAt: identity.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: socialNonces.nonce });
  if (kept.length === 0) throw new AppError(401, `This ${PROVIDER_NAMES[identity.provider]} sign-in has already been used. Try again.`, 'token');
}

const inactive = () => new AppError(403, 'This account cannot sign in. Contact support if you think this is a mistake.');

type UserRow = typeof users.$inferSelect;

/**
 * The provider proved the mailbox of an account whose own email was never verified. Whoever made
 * that account (a sign-up with someone else's address, a company admin's addEmployee) only claimed
 * the address, and binding the identity alone would let the mailbox's owner into an account whose
 * password and sessions the claimant still holds. The proof wins, in one transaction: the password
 * (the owner sets one through forgot password), a pending email change (its link would mail the
 * claimant), every session and every identity bound meanwhile go, and the email counts as verified.
 */
async function takeOverUnverified(db: Database, user: UserRow, identity: SocialIdentity, ip?: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Only while still unverified: an owner who verified meanwhile keeps their password.
    const [row] = await t
      .update(users)
      .set({ passwordHash: null, emailVerifiedAt: new Date(), updatedAt: sql`now()` })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
      .returning();
    if (!row) throw new AppError(409, `This account changed while you signed in. Sign in with ${PROVIDER_NAMES[identity.provider]} again.`, 'token');
    await endPendingEmail(t, user.id);
    const removed = await t.delete(socialIdentities).where(eq(socialIdentities.userId, user.id)).returning({ provider: socialIdentities.provider });
    await revokeAllSessions(t, user.id);
    await bindIdentity(t, user.id, identity, ip);
    await recordAudit(t, {
      actorUserId: user.id,
      action: 'user.social_takeover',
      subjectType: 'user',
      subjectId: user.id,
      details: { provider: identity.provider, hadPassword: user.passwordHash != null, removedIdentities: removed.map((r) => r.provider) },
      ip,
    });
    return { ...row, emailToVerify: null };
  });
}

/** A bound identity removed while its sign-in ran (the mailbox's owner took the account back). */
export const UNBOUND_MEANWHILE = 'This sign-in is no longer linked to the account. Sign in again.';

type FoundAccount = { user: UserRow | undefined; bound: boolean; created: boolean };

/** The account the identity signs in to (socialSignIn's rules), binding or creating it as they say. */
async function accountFor(db: Database, identity: SocialIdentity, opts: { ip?: string }): Promise<FoundAccount> {
  const providerName = PROVIDER_NAMES[identity.provider];
  let created = false;
  const [bound] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)));
  let user = bound?.user;
  if (!bound) {
    const noUsableEmail = () => new AppError(422, `${providerName} did not share an email address. Sign up with your email instead.`, 'token');
    if (!identity.email) throw noUsableEmail();
    [user] = await db.select().from(users).where(eq(users.email, identity.email));
    if (user) {
      if (user.deletedAt || !user.active) throw inactive();
      if (identity.emailVerified && !user.emailVerifiedAt) {
        user = await takeOverUnverified(db, user, identity, opts.ip);
      } else {
        const [other] = await db
          .select({ id: socialIdentities.id })
          .from(socialIdentities)
          .where(and(eq(socialIdentities.userId, user.id), eq(socialIdentities.provider, identity.provider)));
        // An account with a password is joined only by someone who knows it: whoever set it may not
        // be the mailbox's owner (a sign-up with another person's address, later confirmed by the
        // owner's click on its verification link), and binding would let the owner into an account
        // the claimant still signs in to. The owner who does not know it resets it first.
        if (!identity.emailVerified || other || user.passwordHash) {
          const why = other
            ? `This account is already linked to another ${providerName} sign-in.`
            : !identity.emailVerified
              ? `An account with this email already exists, and ${providerName} did not confirm the email.`
              : 'An account with this email already exists and has a password.';
          throw new LinkRequired(`${why} Sign in with your password once to use ${providerName} from now on.`, await signLinkToken(identity, user.id));
        }
        await bindIdentity(db, user.id, identity, opts.ip);
      }
    } else {
      // The address becomes the account's, so it passes the sign-up's email rule: the provider's
      // word is no check that it is not `deleted+<id>@invalid.local`, which a user's account deletion
      // needs (taken, that deletion failed for good with 409). Checked here only, not before the
      // lookup: entering or linking an existing account gives no one an address, and one made
      // before this check from an address the rule refuses (over 64 characters) still signs in.
      const email = emailRule.safeParse(identity.email);
      if (!email.success) throw noUsableEmail();
      // A new account counts against the address's sign-ups, as POST /auth/signup does.
      if (opts.ip) await limitSignups(opts.ip);
      user = await db.transaction(async (tx) => {
        // Held to the sign-up's name rule, so the account can save its own name back.
        const { firstName, lastName } = namesFromProvider(identity.name);
        const [row] = await tx
          .insert(users)
          .values({
            email: email.data,
            firstName,
            lastName,
            emailVerifiedAt: identity.emailVerified ? new Date() : null,
          })
          .returning();
        await tx.insert(userRoles).values({ userId: row.id, role: ROLES.DRIVER });
        await bindIdentity(tx as unknown as Database, row.id, identity, opts.ip);
        await recordAudit(tx as unknown as Database, { actorUserId: row.id, action: 'user.social_signup', subjectType: 'user', subjectId: row.id, details: { provider: identity.provider }, ip: opts.ip });
        return row;
      });
      created = true;
    }
  }
  return { user, bound: !!bound, created };
}

/**
 * Sign-in with a checked provider identity (lib/auth/social-verify.ts). The rules:
 * - an identity bound before (provider + subject) signs in to its account;
 * - otherwise an account with the same email is entered only when the provider asserts the email
 *   is verified (Google, Apple), the account has no identity of that provider yet and no password
 *   (a social-only account); the identity is then bound. In every other case the person signs in
 *   with their password once, carrying the link token of the refusal (LinkRequired), which binds it;
 * - an account whose own email was never verified is taken over by a provider-verified identity
 *   (takeOverUnverified): the claimant's password, sessions and identities end;
 * - a new email becomes a new driver account: social sign-in never creates an employer or admin;
 *   it counts with the client address's sign-ups (limitSignups), and the email must pass the
 *   sign-up's emailRule (else the same 422 as no email at all).
 */
export async function socialSignIn(
  db: Database,
  identity: SocialIdentity,
  opts: { deviceId?: string; ip?: string; origin?: SessionOrigin } = {},
): Promise<SocialSession> {
  await spendNonce(db, identity);
  let found: FoundAccount;
  try {
    found = await accountFor(db, identity, opts);
  } catch (error) {
    // The same person's other request (a double tap in the app, a retry of a slow answer) made the
    // account or bound the identity between this one's lookups and its insert: the unique keys
    // refused this one, which answered 409 'Already exists.'. What the other made is there now
    // (both commit in one transaction), so this request signs in to it: look again, once.
    if (sqlState(error) !== '23505') throw error;
    found = await accountFor(db, identity, opts);
  }
  const { user, bound, created } = found;
  if (!user || user.deletedAt || !user.active) throw inactive();
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role);
  const userId = user.id;
  const pair = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (bound) {
      // Still bound, under the account's row (the order a takeover writes in: the account, then its
      // identities and sessions): read before, an identity the mailbox's owner had just removed
      // still started a session after the takeover revoked the others.
      if (!(await holdLiveAccount(t, userId))) throw inactive();
      const used = await t
        .update(socialIdentities)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject), eq(socialIdentities.userId, userId)))
        .returning({ id: socialIdentities.id });
      if (!used.length) throw new AppError(401, UNBOUND_MEANWHILE, 'token');
    }
    // Where the sign-in came from, as a password sign-in keeps it: "Where you're signed in" shows it.
    return startSession(t, userId, { deviceId: opts.deviceId ?? identity.provider, origin: opts.origin, roles });
  });
  return {
    id: String(user.id),
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    roles,
    companyId: user.companyId,
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    accessTokenExpiresAt: pair.accessTokenExpiresAt,
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    redirect: landingFor(roles, user.companyId),
    created,
  };
}
