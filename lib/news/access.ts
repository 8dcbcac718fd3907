import { API_ACCESS, ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { forbidden, unauthorized } from '@/lib/errors';

/**
 * Who may do what in news (jobs spec §6, issue rules): news admins manage channels and every post;
 * contributors write and schedule posts in active channels and edit only their own; internal users,
 * super admins, admins and ads admins read the portal. Checked here, not only by the route table.
 */
export const NEWS_WRITERS = [ROLES.NEWS_ADMIN, ROLES.NEWS_CONTRIBUTOR] as const;

export function assertReader(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  if (!hasAny(actor.roles, API_ACCESS.news)) throw forbidden();
  return actor;
}

export function isNewsAdmin(actor: Actor) {
  return hasAny(actor.roles, [ROLES.NEWS_ADMIN]);
}

export function assertNewsAdmin(actor: Actor | null): Actor {
  const a = assertReader(actor);
  if (!isNewsAdmin(a)) throw forbidden('Only news admins manage channels.');
  return a;
}

export function assertWriter(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  if (!hasAny(actor.roles, NEWS_WRITERS)) throw forbidden('Only news admins and news contributors write posts.');
  return actor;
}

/** A contributor edits only their own posts; a news admin edits every post. */
export function assertMayEdit(actor: Actor | null, post: { userId: number | null }): Actor {
  const a = assertWriter(actor);
  if (!isNewsAdmin(a) && post.userId !== a.userId) throw forbidden('You can edit only your own posts.');
  return a;
}
