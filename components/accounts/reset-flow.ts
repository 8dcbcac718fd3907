'use client';

/**
 * State carried between the three password-recovery screens. The reset token lives in
 * sessionStorage (never in the address bar, history or a Referer header) and dies with the tab.
 */
const TOKEN_KEY = 'tna.resetToken';

export function saveResetToken(token: string) {
  window.sessionStorage.setItem(TOKEN_KEY, token);
}

export function readResetToken() {
  return typeof window === 'undefined' ? null : window.sessionStorage.getItem(TOKEN_KEY);
}

export function clearResetToken() {
  window.sessionStorage.removeItem(TOKEN_KEY);
}

/** The login page to go back to: the admin variant when the flow started from it. */
export function loginHref(role: string | null) {
  return role === 'admin' ? '/login?role=admin' : '/login';
}

export function withRole(path: string, role: string | null, extra: Record<string, string> = {}) {
  const q = new URLSearchParams(extra);
  if (role) q.set('role', role);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
