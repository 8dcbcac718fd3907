import { ROLES, hasAny, type Role } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { AppError, forbidden } from '@/lib/errors';

/** Who manages ads (accounts spec §6 "ADs Portal"): ads admin, super admin, admin. */
export const ADS_ROLES: readonly Role[] = [ROLES.ADS_ADMIN, ROLES.SUPER_ADMIN, ROLES.ADMIN];

/** Refuses callers outside the ads roles (the route table checks too; a service never trusts it). */
export function assertAdsRole(actor: Actor | null): asserts actor is Actor {
  if (!actor) throw new AppError(401, 'Unauthorized');
  if (!hasAny(actor.roles, ADS_ROLES)) throw forbidden();
}
