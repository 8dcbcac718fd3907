import type { JWT } from 'next-auth/jwt';
import type { Database } from '@/lib/db/client';
import { actorFromClaims } from './actor';
import { endImpersonation, endImpersonationsBy, impersonate } from './impersonation';
import { endSession } from './sessions';
import { verifyAccessToken } from './tokens';
import { conflict, unauthorized } from '@/lib/errors';
import { log } from '@/lib/log';

/** The admin's own session, kept aside inside the encrypted cookie while impersonating (the spec's admin token). */
export type KeptAdmin = {
  userId: number;
  name?: string | null;
  email?: string | null;
  roles: string[];
  companyId: number | null;
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
};

/** What the company portal header shows while impersonating; no token in it. */
export type ImpersonationInfo = {
  userId: number;
  userName: string;
  companyId: number;
  companyName: string;
  adminName: string;
  /** ms since epoch: the server ends the session then. */
  expiresAt: number;
  /**
   * ms left when this was read on the server: the browser counts down from this with its own
   * clock, so a browser clock set differently from the server's still shows the right time.
   */
  expiresInMs: number;
};

export type ImpersonatingToken = JWT & { impersonation?: Omit<ImpersonationInfo, 'expiresInMs'> & { admin: KeptAdmin } };

/** The header's view of an impersonation, from the session cookie's token. */
export function impersonationInfo(token: ImpersonatingToken | null, now = Date.now()): ImpersonationInfo | null {
  const imp = token?.impersonation;
  if (!imp) return null;
  const { admin: _admin, ...info } = imp; // the admin's tokens never leave the cookie
  return { ...info, expiresInMs: Math.max(0, info.expiresAt - now) };
}

/** The admin behind the cookie: the token itself, or the one kept aside while impersonating. */
function adminOf(token: ImpersonatingToken): KeptAdmin {
  if (token.impersonation) return token.impersonation.admin;
  return {
    userId: token.userId as number,
    name: token.name,
    email: token.email,
    roles: (token.roles as string[]) ?? [],
    companyId: (token.companyId as number | null) ?? null,
    accessToken: token.accessToken as string,
    refreshToken: token.refreshToken as string,
    accessTokenExpiresAt: token.accessTokenExpiresAt as number,
  };
}

/**
 * Starts (or renews, with the same user) an impersonation from a cookie session: the admin's own
 * tokens are kept aside, the company user's replace them. The admin is checked against the store
 * (its session must be live and hold an admin role), not only read from the cookie.
 */
export async function startFromCookie(db: Database, token: ImpersonatingToken, userId: number | 'renew', ip?: string): Promise<ImpersonatingToken> {
  const admin = adminOf(token);
  const claims = admin.accessToken ? await verifyAccessToken(admin.accessToken, { ignoreExpiry: true }) : null;
  const actor = claims && claims.userId === admin.userId ? await actorFromClaims(db, claims) : null;
  if (!actor) throw unauthorized('Your session has expired. Please sign in again.');
  const renewing = userId === 'renew';
  if (renewing && !token.impersonation) throw unauthorized('There is no impersonation to renew.');
  // Moving straight on to another user was recorded as a renewal of the first, whose end never
  // was (a session review): one impersonation at a time, left before the next starts (the admin
  // portal, where the next one is started, leaves it anyway).
  if (!renewing && token.impersonation) throw conflict(LEAVE_FIRST);
  const previous = token.impersonation ? ((await verifyAccessToken(token.accessToken as string, { ignoreExpiry: true }))?.sid ?? undefined) : undefined;
  const grant = await impersonate(db, actor, { userId: renewing ? token.impersonation!.userId : userId, renewedFrom: previous }, ip);
  return {
    ...token,
    userId: grant.userId,
    name: `${grant.firstName} ${grant.lastName}`,
    email: grant.email,
    roles: grant.roles,
    companyId: grant.companyId,
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken,
    accessTokenExpiresAt: grant.accessTokenExpiresAt,
    error: undefined,
    impersonation: {
      userId: grant.userId,
      userName: `${grant.firstName} ${grant.lastName}`,
      companyId: grant.companyId,
      companyName: grant.companyName,
      adminName: admin.name ?? admin.email ?? 'Admin',
      expiresAt: grant.expiresAt,
      admin,
    },
  };
}

export const LEAVE_FIRST = 'Leave the current impersonation before you start another.';

/**
 * Signing out of a browser session (POST /logout and next-auth's signOut): its session, and while
 * impersonating the admin's own session kept in the cookie too, with the impersonation's end
 * recorded; then every other impersonation the admin started. /logout revoked only the
 * impersonated session, and a copy of the cookie got the admin's live session back by leaving.
 */
export async function endCookieSession(db: Database, token: ImpersonatingToken | null, ip?: string) {
  if (!token) return;
  const imp = token.impersonation;
  // The sessions first, each on its own: a failure to record an end must never leave one live.
  const quietly = (step: Promise<unknown>) => step.catch((error) => log.error('Signing out: a step failed', { error }));
  if (imp && typeof imp.admin.refreshToken === 'string') await quietly(endSession(db, imp.admin.refreshToken));
  if (typeof token.refreshToken === 'string') await quietly(endSession(db, token.refreshToken));
  if (imp) {
    const sid = (await verifyAccessToken(token.accessToken as string, { ignoreExpiry: true }))?.sid;
    await quietly(endImpersonation(db, { adminId: imp.admin.userId, userId: imp.userId, sessionId: sid, companyId: imp.companyId }, ip));
  }
  // Every other impersonation the admin opened (the one above is revoked already, so not recorded twice).
  const adminId = imp ? imp.admin.userId : (token.userId as number | undefined);
  if (typeof adminId === 'number') await quietly(endImpersonationsBy(db, adminId, ip));
}

/** Leaves an impersonation: the admin's own tokens come back, the impersonated session is revoked. */
export async function leaveFromCookie(db: Database, token: ImpersonatingToken, ip?: string): Promise<ImpersonatingToken> {
  const imp = token.impersonation;
  if (!imp) return token;
  const sid = (await verifyAccessToken(token.accessToken as string, { ignoreExpiry: true }))?.sid;
  await endImpersonation(db, { adminId: imp.admin.userId, userId: imp.userId, sessionId: sid, companyId: imp.companyId }, ip);
  const { impersonation: _gone, ...rest } = token;
  const a = imp.admin;
  return {
    ...rest,
    userId: a.userId,
    name: a.name,
    email: a.email,
    roles: a.roles,
    companyId: a.companyId,
    accessToken: a.accessToken,
    refreshToken: a.refreshToken,
    // Refreshed by next-auth's jwt callback on the next session read if it ran out meanwhile.
    accessTokenExpiresAt: a.accessTokenExpiresAt,
    error: undefined,
  };
}
