import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { ROLES } from '@/lib/access';
import { conflict } from '@/lib/errors';

export const LAST_SUPER_ADMIN = 'The last super admin cannot be removed. Make another user a super admin first.';

/**
 * Refuses a change that would leave no super admin (deleting the account or taking the role away).
 * Call it inside the transaction that makes the change: the transaction-scoped advisory lock makes
 * concurrent removals take turns, so two super admins removing each other (or themselves) at the
 * same moment cannot both see "one other left" and both pass.
 */
export async function assertNotLastSuperAdmin(tx: Database, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('super-admins'))`);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select u.id from user_roles r join users u on u.id = r.user_id
        where r.role = ${ROLES.SUPER_ADMIN} and u.deleted_at is null and u.active`,
  );
  if (rows.some((r) => r.id === userId) && rows.length <= 1) throw conflict(LAST_SUPER_ADMIN);
}
