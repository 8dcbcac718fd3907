import { requireSession } from '@/lib/auth/server';
import { config } from '@/lib/config';
import type { PortalKey } from '@/lib/access';
import { layoutGuardFor } from './nav-model';
import { AccountStorageScope } from './account-storage-scope';
import { PortalShell } from './portal-shell';
import { shellNavFor } from './shell-nav';
import { LazyAltShell } from './lazy-alt-shell';
import { flagOn } from '@/lib/flags';
import { QueryProvider } from '@/components/query-provider';

/**
 * The server half of every portal layout: checks the session against the role table again (the
 * proxy can be bypassed) and renders the shell around the page (the company portal's alternate
 * layout when the newLayout flag is on).
 */
export async function PortalLayout({ portal, children }: { portal: PortalKey; children: React.ReactNode }) {
  const { user, actor } = await requireSession(layoutGuardFor(portal));
  // The alternate layout (newLayout flag) is the company portal's: decided here, on the server,
  // so the first paint already has the right frame.
  if (portal === 'company' && (await flagOn('newLayout'))) {
    return (
      <QueryProvider>
        <AccountStorageScope owner={user.id}>
          <LazyAltShell productName={config.productName}>{children}</LazyAltShell>
        </AccountStorageScope>
      </QueryProvider>
    );
  }
  return (
    <QueryProvider>
      <AccountStorageScope owner={user.id}>
        <PortalShell user={{ name: user.name, email: user.email, impersonating: actor.impersonatorId != null }} nav={shellNavFor(user.roles)} productName={config.productName}>
          {children}
        </PortalShell>
      </AccountStorageScope>
    </QueryProvider>
  );
}
