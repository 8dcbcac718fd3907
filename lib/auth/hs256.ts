import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * HS256 JSON Web Tokens with node's own crypto, synchronously. Every API call verifies one, so
 * this is on the hot path: the key is a KeyObject made once per purpose (not a hash of the secret
 * and a WebCrypto import per request, as jose's async verify needed), and verification is one
 * HMAC and a constant-time compare. Tokens are byte-for-byte what jose makes (tested both ways).
 */

export type JwtPayload = Record<string, unknown> & { iss?: string; aud?: string | string[]; exp?: number; nbf?: number; iat?: number };

export type VerifyOptions = {
  issuer: string;
  audience?: string;
  /** Unix seconds; a token whose exp is at or before it is refused. */
  now?: number;
  /** The signature still counts, the expiry does not (the session cookie's copy of the token). */
  ignoreExpiry?: boolean;
};

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function hs256Key(secret: Buffer | string): KeyObject {
  return createSecretKey(typeof secret === 'string' ? Buffer.from(secret) : secret);
}

export function signHs256(key: KeyObject, header: Record<string, unknown>, payload: JwtPayload): string {
  const body = `${encode({ ...header, alg: 'HS256' })}.${encode(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The payload of a well-formed, correctly signed, current token; null for anything else. */
export function verifyHs256(key: KeyObject, token: string, opts: VerifyOptions): JwtPayload | null {
  if (typeof token !== 'string' || token.length > 8192) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts;
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const header = parseJson(head);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
  const payload = parseJson(body) as JwtPayload | null;
  if (!payload || payload.iss !== opts.issuer) return null;
  if (opts.audience !== undefined) {
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(opts.audience)) return null;
  }
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (payload.exp !== undefined && typeof payload.exp !== 'number') return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  if (!opts.ignoreExpiry && (typeof payload.exp !== 'number' || payload.exp <= now)) return null;
  return payload;
}
