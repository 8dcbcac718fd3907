/** The terms choice (spec §4): cookie termsAccepted, true or false, kept for 365 days. */
export const TERMS_COOKIE = 'termsAccepted';
const MAX_AGE = 365 * 24 * 60 * 60;

/** Links of the terms dialog and the sign-up screen; set them to the product's published documents. */
export const TERMS_URL = process.env.NEXT_PUBLIC_TERMS_URL || 'https://truckersnetwork.example/customer-terms-of-service';
export const PRIVACY_URL = process.env.NEXT_PUBLIC_PRIVACY_URL || 'https://truckersnetwork.example/privacy-policy';

/** 'true', 'false', or null when the visitor has not chosen yet. */
export function readTermsChoice(cookie = typeof document === 'undefined' ? '' : document.cookie): 'true' | 'false' | null {
  const hit = cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith(TERMS_COOKIE + '='));
  const value = hit?.slice(TERMS_COOKIE.length + 1);
  return value === 'true' || value === 'false' ? value : null;
}

export function storeTermsChoice(accepted: boolean) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TERMS_COOKIE}=${accepted}; Max-Age=${MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}
