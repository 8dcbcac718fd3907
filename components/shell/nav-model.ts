import { PAGE_GUARDS, PORTALS, allows, hasAny, pageGuardFor, portalForPath, portalsFor, type Guard, type NavItem, type Portal, type PortalKey, type Role } from '@/lib/access';

/**
 * What the side navigation shows, derived only from PORTALS in lib/access.ts.
 * The group follows the path (admin, company, news, ads, members); a user who may open a page of a
 * portal whose navigation they cannot see (a news contributor on /admin/channels) gets the group
 * of their own first portal instead of an empty nav.
 */
export function navGroupFor(pathname: string, roles: readonly string[]): Portal | undefined {
  const here = portalForPath(pathname);
  if (here && hasAny(roles, here.navRoles)) return here;
  return portalsFor(roles).find((p) => hasAny(roles, p.navRoles)) ?? PORTALS.find((p) => hasAny(roles, p.navRoles));
}

/**
 * The items of a portal's navigation that the roles may open: a link whose page guard
 * (lib/access.ts) refuses them is not shown (an internal user has no company Settings).
 */
export function navItemsFor(portal: Portal | undefined, roles: readonly string[]): NavItem[] {
  return (portal?.nav ?? []).filter((item) => !item.href || allows(pageGuardFor(item.href), roles, true));
}

/** The portal switcher lists these; it appears only when there are two or more. */
export function switcherPortals(roles: readonly string[]): Portal[] {
  const list = portalsFor(roles);
  return list.length >= 2 ? list : [];
}

/** The nav item a path belongs to (the browser's copy, without the role table). */
export { activeItem } from './nav-pick';

/**
 * The guard a portal's layout checks: every role that may open some page under the portal's prefix
 * (the union of PAGE_GUARDS at or below it). Pages with a stricter guard check it again themselves,
 * and the proxy checks the exact path on every request.
 */
export function layoutGuardFor(key: PortalKey): Guard {
  const prefix = PORTALS.find((p) => p.key === key)!.prefix;
  const roles = new Set<Role>();
  for (const g of PAGE_GUARDS) {
    if (g.prefix !== prefix && !g.prefix.startsWith(prefix + '/')) continue;
    if (typeof g.guard === 'string') return g.guard;
    for (const r of g.guard) roles.add(r);
  }
  return [...roles];
}

/**
 * A same-origin path to continue to after sign-in, or null. Rejects absolute and protocol-relative
 * URLs (open redirects) and the auth pages themselves.
 */
export function safeCallbackUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  try {
    const url = new URL(value, 'http://local.invalid');
    if (url.origin !== 'http://local.invalid') return null;
    if (url.pathname === '/' || url.pathname === '/login' || url.pathname.startsWith('/logout') || url.pathname.startsWith('/api/')) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
