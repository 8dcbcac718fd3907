import { createHash, createHmac, randomBytes, type KeyObject } from 'node:crypto';
import { authSecret } from '@/lib/config';
import { roleIdFor, type Role } from '@/lib/access';
import { hs256Key, signHs256, verifyHs256 } from './hs256';

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

const keys = new Map<string, { secret: string; key: KeyObject }>();

/** The signing key of one purpose, derived from the secret once (not per request). */
export function key(purpose: string): KeyObject {
  const secret = authSecret();
  const known = keys.get(purpose);
  if (known?.secret === secret) return known.key;
  const made = hs256Key(createHash('sha256').update(`${purpose}:${secret}`).digest());
  keys.set(purpose, { secret, key: made });
  return made;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function signAccessToken(claims: Omit<AccessClaims, 'rid'>, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  const iat = nowSeconds();
  return signHs256(
    key('access'),
    { typ: 'JWT' },
    {
      rid: roleIdFor(claims.roles),
      roles: claims.roles,
      did: claims.did,
      imp: claims.imp,
      sid: claims.sid,
      iss: ISSUER,
      aud: String(claims.userId),
      iat,
      exp: iat + ttlSeconds,
    },
  );
}

/**
 * Verifies an access token; returns null when it is malformed, forged or expired. `ignoreExpiry` is
 * for the token kept inside the encrypted session cookie, read by server pages that cannot refresh
 * it: its signature still counts, and whether its session is alive is asked of the store instead.
 */
export async function verifyAccessToken(token: string, opts: { ignoreExpiry?: boolean } = {}): Promise<(AccessClaims & { exp: number }) | null> {
  const signing = key('access');
  let known = verified.get(token);
  // Remembered under another secret (rotated since): verified again with today's key.
  if (known && known.key !== signing) known = undefined;
  known ??= verifyOnce(signing, token);
  if (!known) return null;
  // The expiry is checked on every call, remembered or not.
  if (!opts.ignoreExpiry && known.exp <= nowSeconds()) return null;
  return known.value;
}

/**
 * Access tokens already verified, by their exact text (bounded; the oldest goes first). A client
 * sends the same token with every call for its 15 minutes, and verifying it again (an HMAC, two
 * base64 and JSON decodings) was a few percent of an API call's CPU (docs/benchmarks.md). Only
 * good tokens are kept: a forged or malformed one is refused each time, and cannot fill this.
 * Verification is a pure function of the token and the key, so remembering it changes nothing;
 * whether the token's session still stands is asked of the store by the caller, every time.
 */
const verified = new Map<string, { key: KeyObject; exp: number; value: AccessClaims & { exp: number } }>();
const VERIFIED_MAX = 5_000;

/** An access token always carries an expiry and never a not-before (signAccessToken): one that does not is refused. */
function verifyOnce(signing: KeyObject, token: string) {
  const payload = verifyHs256(signing, token, { issuer: ISSUER, ignoreExpiry: true });
  if (!payload || typeof payload.exp !== 'number' || payload.nbf !== undefined) return undefined;
  const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
  const userId = Number(aud);
  if (!Number.isInteger(userId)) return undefined;
  const value = Object.freeze({
    userId,
    rid: payload.rid as 1 | 2 | 3,
    roles: Object.freeze((payload.roles as Role[]) ?? []) as Role[],
    did: payload.did as string | undefined,
    imp: payload.imp as number | undefined,
    sid: payload.sid as string | undefined,
    exp: payload.exp,
  });
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  const entry = { key: signing, exp: payload.exp, value };
  verified.set(token, entry);
  return entry;
}

/** Short-lived signed tokens for one purpose (the 5-second sign-up email check, email verification links). */
export async function signPurposeToken(purpose: string, payload: Record<string, unknown>, ttlSeconds: number) {
  const iat = nowSeconds();
  return signHs256(key('purpose'), {}, { ...payload, iss: ISSUER, aud: purpose, iat, exp: iat + ttlSeconds });
}

export async function verifyPurposeToken<T = Record<string, unknown>>(purpose: string, token: string): Promise<T | null> {
  return verifyHs256(key('purpose'), token, { issuer: ISSUER, audience: purpose }) as T | null;
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
