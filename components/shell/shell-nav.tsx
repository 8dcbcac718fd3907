import type { ReactNode } from 'react';
import { PORTALS, hasAny, type PortalKey } from '@/lib/access';
import { Icon } from './icons';
import { navItemsFor, switcherPortals } from './nav-model';

export type ShellNavItem = { label: string; href?: string; action?: 'recommend'; icon: ReactNode };
export type ShellNavGroup = { key: PortalKey; label: string; home: string; items: ShellNavItem[] };
export type ShellPortalLink = { key: PortalKey; label: string; home: string };
export type ShellIcons = Record<'menu' | 'close' | 'collapse' | 'expand' | 'logout' | 'switch' | 'check', ReactNode>;

/** Everything the shell's navigation shows for one user, as plain data and server-rendered icons. */
export type ShellNav = {
  /** The nav groups the user sees, each with the items their roles may open. */
  groups: ShellNavGroup[];
  /** Every portal's path prefix, in the role table's order (the path picks its portal). */
  prefixes: { key: PortalKey; prefix: string }[];
  /** The group shown where the path's portal is not one the user sees. */
  fallback: PortalKey | null;
  /** The portal switcher's list (empty under two portals). */
  switcher: ShellPortalLink[];
  icons: ShellIcons;
};

/**
 * Worked out on the server by the portal layout from lib/access.ts (components/shell/nav-model.ts
 * holds the rules), so the browser gets the result rather than the role table and the icon set:
 * the icons arrive as references into the served icon sprite (issue 16: first-load JS and page size).
 */
export function shellNavFor(roles: readonly string[]): ShellNav {
  const seen = PORTALS.filter((p) => hasAny(roles, p.navRoles));
  const own = PORTALS.filter((p) => hasAny(roles, p.roles)).find((p) => hasAny(roles, p.navRoles)) ?? seen[0];
  return {
    groups: seen.map((p) => ({
      key: p.key,
      label: p.label,
      home: p.home,
      items: navItemsFor(p, roles).map((item) => ({ label: item.label, ...(item.href ? { href: item.href } : {}), ...(item.action ? { action: item.action } : {}), icon: <Icon name={item.icon} /> })),
    })),
    prefixes: PORTALS.map((p) => ({ key: p.key, prefix: p.prefix })),
    fallback: own?.key ?? null,
    switcher: switcherPortals(roles).map((p) => ({ key: p.key, label: p.label, home: p.home })),
    icons: {
      menu: <Icon name="menu" className="size-6" />,
      close: <Icon name="close" />,
      collapse: <Icon name="collapse" className="size-4" />,
      expand: <Icon name="expand" className="size-4" />,
      logout: <Icon name="logout" />,
      switch: <Icon name="switch" className="text-slate-300" />,
      check: <Icon name="check" className="size-4 text-brand-600" />,
    },
  };
}
