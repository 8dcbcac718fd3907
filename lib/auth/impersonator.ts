import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES, type Role } from '@/lib/access';

/** Who may impersonate a company user (lib/auth/impersonation.ts): super admins and admins. */
export const IMPERSONATOR_ROLES: readonly Role[] = ADMIN_ROLES;

/**
 * Whether the admin behind an impersonated session may still act through it, as SQL: not deleted,
 * active, and still holding a role that may impersonate. `adminId` is a value or a column. Read
 * with the session on every call (lib/auth/actor.ts) and on every refresh (lib/auth/sessions.ts), so
 * an admin who is deleted, deactivated or loses the role ends what they started at once, not when
 * its 600 s run out.
 */
export const impersonatorMaySql = (adminId: number | SQL) =>
  sql`exists (select 1 from users a join user_roles ar on ar.user_id = a.id
    where a.id = ${adminId} and a.deleted_at is null and a.active
      and ar.role in (${sql.join(
        IMPERSONATOR_ROLES.map((r) => sql`${r}`),
        sql`, `,
      )}))`;
