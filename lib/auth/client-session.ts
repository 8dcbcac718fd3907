'use client';

/**
 * The browser's side of next-auth, over its REST endpoints (/api/auth/*). next-auth/react does the
 * same with a Babel runtime and a context provider that every page would load; these few calls are
 * all the portal needs. Errors come back the way next-auth reports them: an `error` query value
 * on the URL it answers (the message thrown by authorize(), or a generic code).
 */

export type ClientSession = {
  user?: { id: number; name?: string | null; email?: string | null; roles: string[]; companyId: number | null };
  error?: string;
} | null;

const BASE = '/api/auth';

export async function getCsrfToken(): Promise<string> {
  const res = await fetch(`${BASE}/csrf`, { credentials: 'same-origin', cache: 'no-store' });
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return csrfToken;
}

async function postForm(path: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ ...fields, csrfToken: await getCsrfToken(), json: 'true' });
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body,
  });
  const data = (await res.json().catch(() => ({}))) as { url?: string };
  return { ok: res.ok, url: data.url ?? '' };
}

/** Credentials sign-in without leaving the page: null on success, else next-auth's error text. */
export async function signInWithCredentials(fields: Record<string, string | undefined>): Promise<string | null> {
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const { ok, url } = await postForm('/callback/credentials', { ...clean, callbackUrl: window.location.href });
  const error = url ? new URL(url, window.location.origin).searchParams.get('error') : null;
  if (error) return error;
  return ok ? null : 'CredentialsSignin';
}

/** Starts an OAuth sign-in: next-auth answers the provider's URL, which the browser then opens. */
export async function signInWithProvider(provider: string, callbackUrl: string) {
  const { url } = await postForm(`/signin/${provider}`, { callbackUrl });
  window.location.assign(url || '/login');
}

/** Clears the session cookie; the caller navigates (next-auth's URL comes from NEXTAUTH_URL). */
export async function signOutLocally() {
  await postForm('/signout', { callbackUrl: '/login' }).catch(() => undefined);
}

export async function getClientSession(): Promise<ClientSession> {
  const res = await fetch(`${BASE}/session`, { credentials: 'same-origin', cache: 'no-store' });
  const session = (await res.json().catch(() => null)) as ClientSession | Record<string, never>;
  return session && 'user' in session ? (session as ClientSession) : null;
}

/** Asks next-auth to re-read the session (the jwt callback reloads roles and company on update). */
export async function updateClientSession(): Promise<ClientSession> {
  const res = await fetch(`${BASE}/session`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ csrfToken: await getCsrfToken(), data: {} }),
  });
  return (await res.json().catch(() => null)) as ClientSession;
}
