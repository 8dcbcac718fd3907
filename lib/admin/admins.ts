import { and, count, eq, exists, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES, ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { hashPassword } from '@/lib/auth/passwords';
import { recordAudit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';
import { allOf, ordered, textFilter } from './filters';
import { assertAdmin } from './guard';
import type { AdminSearchBody, CreateAdminInput, PageQuery } from './schemas';
import { portalIsoDaySql } from '@/lib/db/portal-day-sql';

/** An admin record (accounts spec §3). */
export type AdminRecord = { id: number; email: string; first_name: string; last_name: string; full_name: string; created_at: string; updated_at: string };

const toRecord = (u: typeof users.$inferSelect): AdminRecord => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  full_name: `${u.firstName} ${u.lastName}`,
  created_at: u.createdAt.toISOString(),
  updated_at: u.updatedAt.toISOString(),
});

const COLUMNS = {
  email: sql`${users.email}::text`,
  first_name: sql`${users.firstName}`,
  last_name: sql`${users.lastName}`,
  full_name: sql`(${users.firstName} || ' ' || ${users.lastName})`,
  // The day the grid prints (the portal's zone), so a filter by it finds what the grid shows.
  created_at: portalIsoDaySql(users.createdAt),
};
const ORDERS = { created_at: sql`${users.createdAt}`, email: sql`lower(${users.email}::text)`, first_name: sql`lower(${users.firstName})`, last_name: sql`lower(${users.lastName})` };

/** POST /admin/get-admins: super admins and admins, filtered, oldest first by default, a page at a time. */
export async function searchAdmins(db: Database, actor: Actor | null, body: AdminSearchBody, page: PageQuery) {
  assertAdmin(actor);
  const isAdmin = exists(db.select({ one: sql`1` }).from(userRoles).where(and(eq(userRoles.userId, users.id), inArray(userRoles.role, [...ADMIN_ROLES]))));
  const where = allOf([isNull(users.deletedAt), isAdmin, ...body.filters.map((f): SQL | undefined => textFilter(COLUMNS[f.field], f.operator, String(f.value).trim()))]);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...body.orders.map((o) => ordered(ORDERS[o.field], o.direction)), ordered(sql`${users.id}`, 'asc'))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data: rows.map(toRecord), pagination: { offset: page.offset, limit: page.limit, total } };
}

export const ADMIN_EMAIL_EXISTS = 'Email already exists.';

/** POST /admin/admins: a new admin (role admin, never super admin) with the sign-up rules; audited. */
export async function createAdmin(db: Database, actor: Actor | null, input: CreateAdminInput, ip?: string) {
  assertAdmin(actor);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict(ADMIN_EMAIL_EXISTS, 'email');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ email: input.email, firstName: input.first_name, lastName: input.last_name, passwordHash, emailVerifiedAt: new Date() })
      .returning();
    await tx.insert(userRoles).values({ userId: row.id, role: ROLES.ADMIN });
    await recordAudit(tx as unknown as Database, { actorUserId: actor.userId, action: 'admin.create', subjectType: 'user', subjectId: row.id, details: { email: row.email }, ip });
    return toRecord(row);
  });
}
