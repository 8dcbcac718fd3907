import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { authSecret } from '@/lib/config';
import { roleIdFor, type Role } from '@/lib/access';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A rotated refresh token presented again within this window gets the same successor (two tabs). */
export const REFRESH_GRACE_SECONDS = 30;

const ISSUER = 'tna';

export type AccessClaims = {
  /** user id (claim aud) */
  userId: number;
  rid: 1 | 2 | 3;
  roles: Role[];
  did?: string;
  imp?: number;
  /** refresh-token family the access token belongs to (claim sid) */
  sid?: string;
};

function key(purpose: string) {
  return createHash('sha256').update(`${purpose}:${authSecret()}`).digest();
}

export async function signAccessToken(claims: Omit<AccessClaims, 'rid'>, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  return new SignJWT({ rid: roleIdFor(claims.roles), roles: claims.roles, did: claims.did, imp: claims.imp, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key('access'));
}

/**
 * Verifies an access token; returns null when it is malformed, forged or expired. `ignoreExpiry` is
 * for the token kept inside the encrypted session cookie, read by server pages that cannot refresh
 * it: its signature still counts, and whether its session is alive is asked of the store instead.
 */
export async function verifyAccessToken(token: string, opts: { ignoreExpiry?: boolean } = {}): Promise<(AccessClaims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, key('access'), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      ...(opts.ignoreExpiry ? { currentDate: new Date(0) } : {}),
    });
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    const userId = Number(aud);
    if (!Number.isInteger(userId)) return null;
    return {
      userId,
      rid: payload.rid as 1 | 2 | 3,
      roles: (payload.roles as Role[]) ?? [],
      did: payload.did as string | undefined,
      imp: payload.imp as number | undefined,
      sid: payload.sid as string | undefined,
      exp: payload.exp!,
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** Short-lived signed tokens for one purpose (the 5-second sign-up email check, email verification links). */
export async function signPurposeToken(purpose: string, payload: Record<string, unknown>, ttlSeconds: number) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(purpose)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key('purpose'));
}

export async function verifyPurposeToken<T = Record<string, unknown>>(purpose: string, token: string): Promise<T | null> {
  try {
    const { payload } = await jwtVerify(token, key('purpose'), { issuer: ISSUER, audience: purpose, algorithms: ['HS256'] });
    return payload as T;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export function newRefreshToken() {
  return randomBytes(32).toString('base64url');
}

/**
 * The successor of a refresh token is derived from it with a server-side key, so a concurrent
 * refresh with the same token inside the grace window can be answered with the same successor
 * without storing any raw token.
 */
export function successorOf(refreshToken: string) {
  return createHmac('sha256', key('refresh-successor')).update(refreshToken).digest('base64url');
}

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}
