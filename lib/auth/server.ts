import 'server-only';
import { getToken } from 'next-auth/jwt';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { allows, needsCompany, type Guard } from '@/lib/access';
import { authSecret } from '@/lib/config';

export type SessionUser = { id: number; name?: string | null; email?: string | null; roles: string[]; companyId: number | null };

/**
 * Reads the session cookie without running next-auth's jwt callback (as the proxy does). A server
 * component cannot write cookies: a token refresh there (getServerSession) rotated the refresh token
 * but dropped the new cookie, so a later refresh presented the old token, was taken for reuse and
 * ended the session. Rotation happens only where the cookie can be written (/api/auth/session).
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const req = {
    headers: Object.fromEntries(await headers()),
    cookies: Object.fromEntries((await cookies()).getAll().map((c) => [c.name, c.value])),
  };
  const token = await getToken({ req: req as never, secret: authSecret() }).catch(() => null);
  if (!token?.userId || token.error) return null;
  return {
    id: token.userId as number,
    name: token.name ?? null,
    email: token.email ?? null,
    roles: (token.roles as string[] | undefined) ?? [],
    companyId: (token.companyId as number | null | undefined) ?? null,
  };
}

/**
 * For layouts and pages: the same check the proxy makes, again (a proxy can be bypassed).
 * Sends the user to /login, or to /company-info when a company role has no company yet.
 */
export async function requireUser(guard: Guard, opts: { allowNoCompany?: boolean } = {}): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect('/login');
  // Signed in without the role: say so on /login, as the proxy does (and /login does not bounce them back).
  if (!allows(guard, user.roles, true)) redirect('/login?denied=1');
  if (!opts.allowNoCompany && needsCompany(user.roles, user.companyId)) redirect('/company-info');
  return user;
}
