/** Where the browser ends an impersonation (app/api/auth/impersonation GET) before going on. */
export const LEAVE_IMPERSONATION = '/api/auth/impersonation';
export const ADMIN_HOME = '/admin/company-list';

/**
 * An admin impersonating a company user stays in the Company Portal. Opening any other portal
 * page (the portal switcher, a bookmark of the Admin Portal) ends the impersonation first and
 * restores the admin's own session (accounts spec §4); so does a session the server has ended.
 * Answers the leave URL to redirect to, or null to go on as usual.
 */
export function impersonationRedirect(pathname: string, token: Record<string, unknown> | null): string | null {
  if (!token?.impersonation) return null;
  if (token.error) return `${LEAVE_IMPERSONATION}?next=${encodeURIComponent(ADMIN_HOME)}`;
  if (pathname === '/company' || pathname.startsWith('/company/')) return null;
  return `${LEAVE_IMPERSONATION}?next=${encodeURIComponent(pathname)}`;
}
