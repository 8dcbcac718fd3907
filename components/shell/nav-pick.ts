import type { ShellNav } from './shell-nav';

/**
 * The browser's half of the navigation: which group and item a path shows, from the plain data the
 * portal layout worked out on the server (components/shell/shell-nav.tsx). Nothing here imports the
 * role table, so lib/access.ts stays out of every page's JavaScript (issue 16: first-load JS).
 */

/** Whether the path is `base` or below it. */
const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(base + '/');

/** The group of the path's portal when the user sees it, else the group of the user's own portal. */
export function pickGroup(nav: ShellNav, pathname: string) {
  const here = nav.prefixes.find((p) => under(pathname, p.prefix));
  return nav.groups.find((g) => g.key === here?.key) ?? nav.groups.find((g) => g.key === nav.fallback);
}

/** The nav item a path belongs to: the longest href that is the path or a parent of it. */
export function activeItem<T extends { href?: string }>(pathname: string, items: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    if (!item.href) continue;
    if (under(pathname, item.href) && (!best || item.href.length > best.href!.length)) best = item;
  }
  return best;
}
