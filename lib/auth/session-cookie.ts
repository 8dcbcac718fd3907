import { createDecipheriv, createHash, createHmac, createSecretKey, hkdfSync, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { EncryptJWT } from 'jose';
import { getToken, type JWT } from 'next-auth/jwt';
import { authSecret } from '@/lib/config';

/**
 * next-auth's session cookie (an encrypted JWT: dir + A256GCM), read and written with a key made
 * once per process. next-auth's own encode/decode re-derive the key with HKDF on every call, and a
 * signed-in page used to decrypt the cookie three times (proxy, layout, page). The format is
 * next-auth's byte for byte (tested both ways), so either side reads what the other wrote.
 */

const MAX_AGE = 30 * 24 * 60 * 60;

/** How often this process decrypted a session cookie and derived its key (the tests hold them to one per request and one per process). */
export const sessionCookieStats = { decodes: 0, keyDerivations: 0 };

let cached: { secret: string; encryption: KeyObject; handoff: KeyObject } | undefined;

function keys() {
  const secret = authSecret();
  if (cached?.secret === secret) return cached;
  sessionCookieStats.keyDerivations++;
  // next-auth v4's derivation (jwt/index.js getDerivedEncryptionKey) with an empty salt.
  const encryption = createSecretKey(Buffer.from(hkdfSync('sha256', secret, '', 'NextAuth.js Generated Encryption Key', 32)));
  const handoff = createSecretKey(Buffer.from(hkdfSync('sha256', secret, '', 'TNA proxy session hand-off', 32)));
  cached = { secret, encryption, handoff };
  return cached;
}

const CLOCK_TOLERANCE_S = 15;
const PROTECTED_HEADER = Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A256GCM' })).toString('base64url');

/**
 * Decrypts the cookie (compact JWE, dir + A256GCM, RFC 7516) with node's AES-GCM, synchronously:
 * jose's jwtDecrypt goes through async WebCrypto, 76 µs of CPU per cookie against 7 here (issue 16),
 * on every signed-in page and cookie API call. The same checks as jose: the algorithms, no
 * encrypted key, a 96-bit IV and 128-bit tag, the header as additional data, a JSON object, and
 * exp, nbf and iat as numbers with 15 s of tolerance. Any failure throws, as jose does.
 */
function decryptCookie(token: string, key: KeyObject, now = Date.now() / 1000): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 5) throw new Error('Invalid session cookie');
  const [header, encryptedKey, iv, ciphertext, tag] = parts;
  if (encryptedKey !== '') throw new Error('Invalid session cookie');
  if (header !== PROTECTED_HEADER) {
    const parsed = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (parsed.alg !== 'dir' || parsed.enc !== 'A256GCM' || 'zip' in parsed || 'crit' in parsed) throw new Error('Unsupported session cookie');
  }
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== 12 || tagBytes.length !== 16) throw new Error('Invalid session cookie');
  const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: 16 });
  decipher.setAAD(Buffer.from(header, 'ascii'));
  decipher.setAuthTag(tagBytes);
  const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  const payload = JSON.parse(plain.toString('utf8')) as unknown;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('Invalid session cookie');
  const claims = payload as Record<string, unknown>;
  for (const claim of ['exp', 'nbf', 'iat']) {
    if (claim in claims && typeof claims[claim] !== 'number') throw new Error(`Invalid ${claim} claim`);
  }
  if (typeof claims.exp === 'number' && claims.exp <= now - CLOCK_TOLERANCE_S) throw new Error('Session cookie expired');
  if (typeof claims.nbf === 'number' && claims.nbf > now + CLOCK_TOLERANCE_S) throw new Error('Session cookie not yet valid');
  return claims;
}

export async function decodeSessionCookie({ token }: { token?: string }): Promise<JWT | null> {
  if (!token) return null;
  sessionCookieStats.decodes++;
  return decryptCookie(token, keys().encryption) as JWT;
}

export async function encodeSessionCookie({ token = {}, maxAge = MAX_AGE }: { token?: JWT; maxAge?: number }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT(token as Record<string, unknown>)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(now + maxAge)
    .setJti(randomUUID())
    .encrypt(keys().encryption);
}

type CookieSource = { headers: Headers | Record<string, string>; cookies: Record<string, string> | { getAll(): { name: string; value: string }[] } };

/** The session in a request's cookie, or null (none, or one that does not decrypt). */
export async function readSessionCookie(req: CookieSource): Promise<JWT | null> {
  return getToken({ req: req as never, secret: authSecret(), decode: decodeSessionCookie as never }).catch(() => null);
}

/**
 * The proxy hands what it decoded to the page it lets through, in a request header, so the page
 * does not decrypt the cookie again. The header is sealed with a key of its own (a page trusts
 * nothing a client could write: a request that skips the proxy cannot forge it), bound to this
 * very session cookie and good for 30 seconds.
 */
export const SESSION_HANDOFF_HEADER = 'x-tna-session';
const HANDOFF_SECONDS = 30;
const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/** The session cookie's value (all its chunks, in order), which a hand-off is bound to. */
export function sessionCookieValue(cookies: { name: string; value: string }[]): string {
  return cookies
    .filter((c) => SESSION_COOKIE.test(c.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
    .map((c) => c.value)
    .join('');
}

function mac(body: string, cookieValue: string) {
  const bound = createHash('sha256').update(cookieValue).digest('base64url');
  return createHmac('sha256', keys().handoff).update(`${body}.${bound}`).digest();
}

export function sealSessionHandoff(token: JWT | null, cookieValue: string, now = Date.now()): string {
  const body = `${Buffer.from(JSON.stringify(token)).toString('base64url')}.${Math.floor(now / 1000) + HANDOFF_SECONDS}`;
  return `${body}.${mac(body, cookieValue).toString('base64url')}`;
}

/** What the proxy decoded (a token, or null for no session); undefined when there is no valid hand-off. */
export function openSessionHandoff(value: string | null | undefined, cookieValue: string, now = Date.now()): JWT | null | undefined {
  if (!value || value.length > 16_384) return undefined;
  const [payload, expires, signature, extra] = value.split('.');
  if (!payload || !expires || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(`${payload}.${expires}`, cookieValue);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!(Number(expires) > now / 1000)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JWT | null;
  } catch {
    return undefined;
  }
}
