import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies, userRoles, users } from '@/lib/db/schema';
import { ROLES } from '@/lib/access';

export const LAST_ADMIN = 'A company needs at least one active company admin: make another employee a company admin first.';
export const LAST_ADMIN_DELETING =
  'You are the only company admin of your company: make another employee a company admin (Settings → Employees) before deleting your account.';

/**
 * Locks a company's row for the rest of the transaction. Every change that could leave a company
 * without an admin takes it before counting (two admins demoting each other, an admin deleting their
 * account while another is demoted), so two such changes at once cannot both pass the count.
 */
export async function lockCompany(tx: Database, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** The company's active employees other than `userId`, and how many of them are company admins. */
export async function otherActiveMembers(tx: Database, companyId: number, userId: number) {
  const others = and(eq(users.companyId, companyId), isNull(users.deletedAt), eq(users.active, true), ne(users.id, userId));
  const [{ admins }] = await tx
    .select({ admins: count() })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, ROLES.COMPANY_ADMIN)))
    .where(others);
  const [{ members }] = await tx.select({ members: count() }).from(users).where(others);
  return { admins, members };
}
