import { createHash } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { authSecret } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { socialIdentities } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { recordAudit } from '@/lib/audit';
import { SOCIAL_PROVIDERS, type SocialProvider } from './social-config';
import type { SocialIdentity } from './social-verify';

/**
 * The link token: a refused social sign-in (the email's account is not yet linked) hands it out,
 * and a password sign-in to that same account within 15 minutes that carries it binds the
 * identity. The web keeps it in a cookie; the apps send it as `link_token` to /auth/login.
 */
const TTL = '15m';

/** Where the web keeps the link token between the refused social sign-in and the password sign-in. */
export const SOCIAL_LINK_COOKIE = 'tna-social-link';
const AUDIENCE = 'tna:social-link';

const key = () => createHash('sha256').update(`social-link:${authSecret()}`).digest();

export async function signLinkToken(identity: Pick<SocialIdentity, 'provider' | 'subject' | 'email'>, userId: number) {
  return new SignJWT({ p: identity.provider, s: identity.subject, e: identity.email, u: userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TTL)
    .sign(key());
}

const INVALID = 'This link to a social sign-in has expired. Sign in with the provider again.';

export async function readLinkToken(token: string): Promise<{ provider: SocialProvider; subject: string; email: string | null; userId: number }> {
  try {
    const { payload } = await jwtVerify(token, key(), { audience: AUDIENCE, algorithms: ['HS256'] });
    if (!SOCIAL_PROVIDERS.includes(payload.p as SocialProvider) || typeof payload.s !== 'string' || typeof payload.u !== 'number') throw new Error();
    return { provider: payload.p as SocialProvider, subject: payload.s, email: (payload.e as string | null) ?? null, userId: payload.u };
  } catch {
    throw new AppError(400, INVALID, 'link_token');
  }
}

/**
 * After a password sign-in: binds the identity named by the link token to the account that just
 * signed in. A token made for another account, or an identity bound meanwhile, is refused.
 */
export async function linkAfterPasswordSignIn(db: Database, userId: number, token: string, ip?: string) {
  const link = await readLinkToken(token);
  if (link.userId !== userId) throw new AppError(400, INVALID, 'link_token');
  const taken = await db
    .select({ userId: socialIdentities.userId, subject: socialIdentities.subject })
    .from(socialIdentities)
    .where(
      or(
        and(eq(socialIdentities.provider, link.provider), eq(socialIdentities.subject, link.subject)),
        and(eq(socialIdentities.provider, link.provider), eq(socialIdentities.userId, userId)),
      ),
    );
  if (taken.some((t) => t.userId === userId && t.subject === link.subject)) return;
  if (taken.length) {
    // The account has another identity of this provider: the new one replaces it (the person just
    // proved the password, which outranks the old binding).
    if (taken.some((t) => t.userId !== userId)) throw new AppError(409, 'This sign-in is already linked to another account.', 'link_token');
    await db.delete(socialIdentities).where(and(eq(socialIdentities.provider, link.provider), eq(socialIdentities.userId, userId)));
  }
  await bindIdentity(db, userId, link, ip);
}

/** Binds an identity to an account (the unique keys refuse a second subject or a second account). */
export async function bindIdentity(db: Database, userId: number, identity: Pick<SocialIdentity, 'provider' | 'subject' | 'email'>, ip?: string) {
  await db.insert(socialIdentities).values({ userId, provider: identity.provider, subject: identity.subject, email: identity.email });
  await recordAudit(db, { actorUserId: userId, action: 'user.social_link', subjectType: 'user', subjectId: userId, details: { provider: identity.provider }, ip });
}

/**
 * The mailbox of an account whose email was unverified until now has just been proved (a password
 * reset with the mailed code, or the verification link). The identities bound while it was
 * unverified may be a stranger's: an account made from a Facebook identity (whose email is never
 * trusted) or from an unverified Google email only claimed the address. They are removed, so the
 * owner's proof ends whoever else could sign in; the owner can link their own again. Answers the
 * providers removed. Call it in the transaction that sets email_verified_at.
 */
export async function unbindIdentitiesClaimedUnverified(db: Database, userId: number): Promise<SocialProvider[]> {
  const removed = await db.delete(socialIdentities).where(eq(socialIdentities.userId, userId)).returning({ provider: socialIdentities.provider });
  return removed.map((r) => r.provider);
}
