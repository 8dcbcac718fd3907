import 'server-only';
import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { allows, needsCompany, type Guard } from '@/lib/access';
import { authOptions } from './next-auth';

export type SessionUser = { id: number; name?: string | null; email?: string | null; roles: string[]; companyId: number | null };

export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  if (!session?.user?.id || session.error) return null;
  return session.user as SessionUser;
}

/**
 * For layouts and pages: the same check the proxy makes, again (a proxy can be bypassed).
 * Sends the user to /login, or to /company-info when a company role has no company yet.
 */
export async function requireUser(guard: Guard, opts: { allowNoCompany?: boolean } = {}): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user || !allows(guard, user.roles, true)) redirect('/login');
  if (!opts.allowNoCompany && needsCompany(user.roles, user.companyId)) redirect('/company-info');
  return user;
}
