import { signPurposeToken, verifyPurposeToken } from './tokens';

/**
 * "Known device" proof (OWASP account-lockout guidance): a signed, http-only cookie handed out on
 * a successful password sign-in. A browser holding one for an account is not slowed or refused by
 * the account-wide failure limits, so a stranger hammering an email cannot keep its owner out.
 */
export const KNOWN_DEVICE_COOKIE = 'tna_known_device';
const PURPOSE = 'known-device';
const TTL_SECONDS = 180 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5; // a shared browser remembers a few accounts, newest first
const SEPARATOR = '~';

const tokensOf = (cookie: string | null | undefined) => (cookie ?? '').split(SEPARATOR).filter(Boolean).slice(0, MAX_ACCOUNTS);

/** Whether the cookie value carries a valid proof for this user. */
export async function isKnownDevice(cookie: string | null | undefined, userId: number): Promise<boolean> {
  for (const token of tokensOf(cookie)) {
    const claims = await verifyPurposeToken<{ uid?: number }>(PURPOSE, token);
    if (claims?.uid === userId) return true;
  }
  return false;
}

/** The cookie value after a successful sign-in of userId: its fresh proof first, others kept. */
export async function rememberDevice(cookie: string | null | undefined, userId: number): Promise<string> {
  const fresh = await signPurposeToken(PURPOSE, { uid: userId }, TTL_SECONDS);
  const others: string[] = [];
  for (const token of tokensOf(cookie)) {
    const claims = await verifyPurposeToken<{ uid?: number }>(PURPOSE, token);
    if (claims?.uid && claims.uid !== userId) others.push(token);
  }
  return [fresh, ...others].slice(0, MAX_ACCOUNTS).join(SEPARATOR);
}

/** Set-Cookie attributes of the proof (Secure whenever the app is served over https). */
export function knownDeviceCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', maxAge: TTL_SECONDS, secure };
}

/** A Set-Cookie header line for Responses built by hand. */
export function knownDeviceSetCookie(value: string, secure: boolean) {
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/; Max-Age=${TTL_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
