import { ADMIN_ROLES, hasAny } from '@/lib/access';
import { currentImpersonation } from '@/lib/auth/impersonation-server';
import { getSessionUser } from '@/lib/auth/server';
import { flagOn } from '@/lib/flags';
import { LazyImpersonationBar, LazyImpersonationPicker } from './lazy-header';

/**
 * The company portal header (accounts spec §2, admin users only): while impersonating, who and the
 * countdown (always shown); otherwise, for admins, the company and user pickers, behind the
 * `pickers` feature flag (on by default).
 */
export async function CompanyPortalHeader() {
  const impersonation = await currentImpersonation();
  if (impersonation) return <LazyImpersonationBar info={impersonation} />;
  const user = await getSessionUser();
  if (!user || !hasAny(user.roles, ADMIN_ROLES) || !(await flagOn('pickers'))) return null;
  return <LazyImpersonationPicker />;
}
