import { requireUser } from '@/lib/auth/server';
import { config } from '@/lib/config';
import type { PortalKey } from '@/lib/access';
import { layoutGuardFor } from './nav-model';
import { AccountStorageScope } from './account-storage-scope';
import { PortalShell } from './portal-shell';

/**
 * The server half of every portal layout: checks the session against the role table again (the
 * proxy can be bypassed) and renders the shell around the page.
 */
export async function PortalLayout({ portal, children }: { portal: PortalKey; children: React.ReactNode }) {
  const user = await requireUser(layoutGuardFor(portal));
  return (
    <AccountStorageScope owner={user.id}>
      <PortalShell user={{ name: user.name, email: user.email, roles: user.roles }} productName={config.productName}>
        {children}
      </PortalShell>
    </AccountStorageScope>
  );
}
