import 'server-only';
import { cache } from 'react';
import type { JWT } from 'next-auth/jwt';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { allows, needsCompany, type Guard } from '@/lib/access';
import { getDb } from '@/lib/db/client';
import type { Actor } from './actor';
import { SESSION_ENDED_LOGIN } from './messages';
import { sessionActor } from './session-actor';
import { ADMIN_HOME, LEAVE_IMPERSONATION } from './impersonation-gate';
import { SESSION_HANDOFF_HEADER, openSessionHandoff, readSessionCookie, sessionCookieValue } from './session-cookie';

export type SessionUser = { id: number; name?: string | null; email?: string | null; roles: string[]; companyId: number | null };

type CurrentSession = { user: SessionUser; actor: Actor } | { user: null; actor: null; ended: boolean; impersonating?: boolean };

/**
 * The request's session, checked against the store exactly as the API checks a bearer token
 * (actorFromClaims): a logout, a password change or an account deletion on another device ends it
 * here too. `cache()` makes it one lookup per request, however many layouts and pages ask.
 *
 * The cookie is read without running next-auth's jwt callback (as the proxy does). A server
 * component cannot write cookies: a token refresh there (getServerSession) rotated the refresh token
 * but dropped the new cookie, so a later refresh presented the old token, was taken for reuse and
 * ended the session. Rotation happens only where the cookie can be written (/api/auth/session), so
 * the access token in the cookie may be past its 15 minutes: its signature is checked, its expiry
 * is not, and its session family must be unrevoked in the store.
 *
 * Roles come from the store (what the API would allow); the company id stays the cookie's, the one
 * the proxy routes by, so onboarding's "cookie has not caught up" step cannot turn into a loop.
 */
export const currentSession = cache(async (): Promise<CurrentSession> => {
  const token = await sessionToken();
  if (!token?.userId) return { user: null, actor: null, ended: false };
  const actor = await sessionActor(await getDb(), token);
  // An impersonation the server ended (its 600 s ran out): back to the admin's own session, not to /login.
  if (!actor) return { user: null, actor: null, ended: true, impersonating: !!token.impersonation };
  return {
    actor,
    user: {
      id: actor.userId,
      name: token.name ?? null,
      email: token.email ?? null,
      roles: actor.roles,
      companyId: (token.companyId as number | null | undefined) ?? null,
    },
  };
});

/**
 * The request's session cookie, decrypted once per request: what the proxy decoded and handed on
 * (lib/auth/session-cookie.ts), or, on a page the proxy does not gate, the cookie itself.
 */
export const sessionToken = cache(async (): Promise<JWT | null> => {
  const [h, c] = [await headers(), (await cookies()).getAll()];
  const handed = openSessionHandoff(h.get(SESSION_HANDOFF_HEADER), sessionCookieValue(c));
  if (handed !== undefined) return handed;
  return readSessionCookie({ headers: Object.fromEntries(h), cookies: Object.fromEntries(c.map((x) => [x.name, x.value])) });
});

/** The signed-in user of this request, or null (no cookie, or a session that has ended). */
export async function getSessionUser(): Promise<SessionUser | null> {
  return (await currentSession()).user;
}

/**
 * For layouts and pages: the same check the proxy makes, again (a proxy can be bypassed), plus the
 * store's word that the session is alive. An ended session goes to /login with the expired-session
 * warning; a company role without a company to /company-info.
 */
export async function requireSession(guard: Guard, opts: { allowNoCompany?: boolean } = {}): Promise<{ user: SessionUser; actor: Actor }> {
  const session = await currentSession();
  if (!session.user) redirect(session.impersonating ? `${LEAVE_IMPERSONATION}?next=${encodeURIComponent(ADMIN_HOME)}` : session.ended ? SESSION_ENDED_LOGIN : '/login');
  const { user } = session;
  // Signed in without the role: say so on /login, as the proxy does (and /login does not bounce them back).
  if (!allows(guard, user.roles, true)) redirect('/login?denied=1');
  if (!opts.allowNoCompany && needsCompany(user.roles, user.companyId)) redirect('/company-info');
  return session;
}

export async function requireUser(guard: Guard, opts: { allowNoCompany?: boolean } = {}): Promise<SessionUser> {
  return (await requireSession(guard, opts)).user;
}
