import { secureCookies } from '@/lib/auth/cookie-security';
import { signPurposeToken, verifyPurposeToken } from '@/lib/auth/tokens';

/**
 * The fast-login page tells a person "This email is already registered as a driver" only for an
 * email the sign-up email check actually found to be a driver's. The check leaves this proof in an
 * http-only cookie scoped to /fast-login; the page reads it on the server. A link with any email in
 * its query string claims nothing by itself (no account enumeration, no false statement).
 */
export const FAST_LOGIN_COOKIE = 'tna-fast-login';
export const FAST_LOGIN_PROOF_SECONDS = 15 * 60;
const PURPOSE = 'fast-login';

export function fastLoginProof(email: string) {
  return signPurposeToken(PURPOSE, { email: email.trim().toLowerCase() }, FAST_LOGIN_PROOF_SECONDS);
}

export async function isCheckedDriverEmail(email: string, proof: string | undefined | null): Promise<boolean> {
  if (!proof) return false;
  const claims = await verifyPurposeToken<{ email?: string }>(PURPOSE, proof);
  return !!claims?.email && claims.email === email.trim().toLowerCase();
}

/**
 * The Set-Cookie value for the proof: Secure as every cookie of the app is (secureCookies), or when
 * this request came over https. The request's own scheme alone left it without Secure behind a
 * proxy that ends TLS and forwards plain http, where the app sees http.
 */
export async function fastLoginCookie(email: string, requestIsHttps: boolean) {
  const value = await fastLoginProof(email);
  const secure = requestIsHttps || secureCookies();
  return `${FAST_LOGIN_COOKIE}=${value}; Path=/fast-login; Max-Age=${FAST_LOGIN_PROOF_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
