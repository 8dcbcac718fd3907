/**
 * The pages' Content-Security-Policy (docs/shell.md, "Security headers"): the policy around the
 * nonce is built by csp-parts.mjs once per process; the proxy only splices each request's nonce in.
 */
import type { CspParts } from './csp-parts.mjs';
export { cspParts, type CspParts } from './csp-parts.mjs';

/** A fresh nonce: 128 random bits, base64. */
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The policy of one page: the card-fields page may be framed by the app's own origin, no other page by anyone else. */
export function pageCsp(parts: CspParts, nonce: string, pathname: string) {
  return parts.before + nonce + (pathname.startsWith('/sandbox-gateway/') ? parts.framedAfter : parts.after);
}
