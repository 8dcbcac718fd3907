import { ADMIN_ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { forbidden } from '@/lib/errors';

/**
 * Only super admins and admins act in the Admin Portal. The route table says so too; the service
 * checks again (a route can be mis-wired, a service can be called from a page).
 */
export function assertAdmin(actor: Actor | null): asserts actor is Actor {
  if (!actor || !hasAny(actor.roles, ADMIN_ROLES)) throw forbidden();
  // An impersonated session acts as the company user: never with the admin's own powers.
  if (actor.impersonatorId) throw forbidden();
}
