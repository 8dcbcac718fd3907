import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies, userRoles, users } from '@/lib/db/schema';
import { ADMIN_ROLES, ROLES, hasAny } from '@/lib/access';
import { mailResetCode } from '@/lib/accounts/password';
import { createAccount } from '@/lib/accounts/create-account';
import { EMAIL_EXISTS } from '@/lib/accounts/schemas';
import { recordAudit, recordEdit } from '@/lib/audit';
import { changedFields } from '@/lib/audit/changed-fields';
import type { Actor } from '@/lib/auth/actor';
import { stripCountryCode, toE164 } from '@/lib/auth/phone';
import { revokeAllSessions } from '@/lib/auth/sessions';
import { publicUrl } from '@/lib/config';
import { enqueueTemplate } from '@/lib/mail';
import { conflict, forbidden, notFound } from '@/lib/errors';
import { consumeOrThrow, limiter } from '@/lib/rate-limit';
import { LAST_ADMIN, lockCompany, otherActiveMembers } from './last-admin';
import type { CreateEmployeeInput, EmployeeListQuery, EmployeeRole, UpdateEmployeeInput } from './employee-schemas';

export { LAST_ADMIN } from './last-admin';
export const ONLY_COMPANY_ADMINS = 'Only a company admin can manage employees.';
export const NOT_YOURSELF = 'You cannot deactivate your own account. Ask another company admin.';
export const OTHER_COMPANY_EMAIL = 'This email already belongs to a user of another company.';
export const ALREADY_EMPLOYEE = 'This email already belongs to an employee of this company.';
export const INACTIVE_NO_RESET = 'This employee is deactivated: reactivate them before sending a password reset code.';
export const EMPLOYEE_NOT_FOUND = 'Employee not found.';
export const DRIVER_OWN_DETAILS =
  'This person also uses TNA as a driver: their name and phone are their own (other employers see them on their applications). Only they can change them.';

type Access = 'read' | 'manage';

/**
 * Who reaches a company's employees: admins any company; the company's own members their own
 * (a company user only reads, a company admin also manages). Any other company is a 404, so its
 * existence is not revealed.
 */
async function companyFor(db: Database, actor: Actor, companyId: number, access: Access) {
  const admin = hasAny(actor.roles, ADMIN_ROLES);
  if (!admin && actor.companyId !== companyId) throw notFound('Company not found.');
  if (access === 'manage' && !admin && !actor.roles.includes(ROLES.COMPANY_ADMIN)) throw forbidden(ONLY_COMPANY_ADMINS);
  const [company] = await db.select({ id: companies.id, name: companies.companyName }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company not found.');
  return company;
}

const isCompanyAdmin = sql<boolean>`exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role = ${ROLES.COMPANY_ADMIN})`;

const employeeColumns = {
  id: users.id,
  email: users.email,
  companyId: users.companyId,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  active: users.active,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
  companyAdmin: isCompanyAdmin,
  blocked: sql<boolean>`coalesce((select c.blocked_users @> to_jsonb(${users.id}) from ${companies} c where c.id = ${users.companyId}), false)`,
};

type EmployeeRow = {
  id: number;
  email: string;
  companyId: number | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  active: boolean;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  companyAdmin: boolean;
  blocked: boolean;
};

/** The employee as the API answers it (jobs spec §3 "Employee"), with the company role. */
export function employeeView(row: EmployeeRow) {
  return {
    id: row.id,
    email: row.email,
    company_id: row.companyId,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: stripCountryCode(row.phone),
    active: row.active,
    created_at: row.createdAt.toISOString(),
    blocked: row.blocked,
    role: (row.companyAdmin ? 'company_admin' : 'company_user') as EmployeeRole,
    email_verified: Boolean(row.emailVerifiedAt),
  };
}
export type EmployeeView = ReturnType<typeof employeeView>;

const ofCompany = (companyId: number) => and(eq(users.companyId, companyId), isNull(users.deletedAt));

/** GET /companies/{id}/employers: oldest first (the company's founder on top), a page at a time. */
export async function listEmployees(db: Database, actor: Actor, companyId: number, query: EmployeeListQuery) {
  await companyFor(db, actor, companyId, 'read');
  const [rows, [{ total }]] = await Promise.all([
    db.select(employeeColumns).from(users).where(ofCompany(companyId)).orderBy(asc(users.createdAt), asc(users.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(users).where(ofCompany(companyId)),
  ]);
  return { items: rows.map(employeeView), pagination: { offset: query.offset, limit: query.limit, total } };
}

/**
 * `lock`: the row FOR UPDATE to the end of the transaction, so an edit and the employee's own
 * deletion (which locks it too) go one after the other: read unlocked, an edit that waited for the
 * deletion wrote the name, phone and roles back onto the scrubbed account.
 */
async function employeeOrThrow(db: Database, companyId: number, userId: number, lock = false) {
  const query = db
    .select(employeeColumns)
    .from(users)
    .where(and(eq(users.id, userId), ofCompany(companyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return row;
}

const rolesFor = (role: EmployeeRole) => (role === 'company_admin' ? [ROLES.EMPLOYER, ROLES.COMPANY_ADMIN] : [ROLES.EMPLOYER]);

/**
 * POST /companies/{id}/employers: a new account in the company, with the password the admin chose
 * under the sign-up rules (the employee changes it, or gets a reset code). An email that already
 * has an account is refused: accounts are never moved between companies by someone else.
 */
export const EMPLOYEES_TOO_MANY = 'Too many employees have been added in the last hour. Please try again later.';

/**
 * Adding an employee makes an account that can sign in at once, so it is limited like a sign-up
 * (per company and per caller, 30 an hour) and the address is told: anyone with a company could
 * otherwise make accounts for other people's addresses without end (attacker review: 25 in a row,
 * the owner then refused at sign-up with "Email already exists" and never told).
 */
export async function addEmployee(db: Database, actor: Actor, companyId: number, input: CreateEmployeeInput, ctx: { ip?: string } = {}) {
  const company = await companyFor(db, actor, companyId, 'manage');
  // Counted before the address is looked up: its answer (already here, another company's, taken)
  // says whether an address has an account, which must not be asked without limit either.
  const [perCompany, perCaller] = await Promise.all([limiter('employee-add-company', 30, 3600), limiter('employee-add-caller', 30, 3600)]);
  await consumeOrThrow(perCaller, String(actor.userId), EMPLOYEES_TOO_MANY);
  await consumeOrThrow(perCompany, String(companyId), EMPLOYEES_TOO_MANY);
  const [taken] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict(taken.companyId === companyId ? ALREADY_EMPLOYEE : taken.companyId ? OTHER_COMPANY_EMAIL : EMAIL_EXISTS, 'email');
  const id = await createAccount(db, { ...input, tn_newsletters: false }, {
    roles: rolesFor(input.role),
    companyId,
    inside: async (tx, userId) => {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        impersonatorId: actor.impersonatorId,
        action: 'employee.add',
        subjectType: 'user',
        subjectId: userId,
        companyId,
        details: { role: input.role },
        ip: ctx.ip,
      });
      await enqueueTemplate(tx, input.email, 'employee_added', {
        firstName: input.first_name,
        companyName: company.name,
        addedBy: `${actor.firstName} ${actor.lastName}`.trim(),
        resetLink: publicUrl(`/forgot-password?email=${encodeURIComponent(input.email)}`).toString(),
      });
    },
  });
  return employeeView(await employeeOrThrow(db, companyId, id));
}

/**
 * PATCH /companies/{id}/employers/{userId}: names, phone, role and active. Deactivating ends every
 * session of the employee at once (the actor check refuses their tokens from then on). The last
 * active company admin can be neither deactivated nor demoted; the company row is locked while
 * that is counted, so two admins demoting each other at once cannot both succeed.
 */
export async function updateEmployee(db: Database, actor: Actor, companyId: number, userId: number, input: UpdateEmployeeInput, ctx: { ip?: string } = {}) {
  await companyFor(db, actor, companyId, 'manage');
  const removed = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockCompany(t, companyId);
    const current = await employeeOrThrow(t, companyId, userId, true);
    if (input.active === false && userId === actor.userId) throw conflict(NOT_YOURSELF, 'active');
    const staysAdmin = (input.role ?? (current.companyAdmin ? 'company_admin' : 'company_user')) === 'company_admin' && (input.active ?? current.active);
    if (current.companyAdmin && current.active && !staysAdmin && (await otherActiveMembers(t, companyId, userId)).admins === 0) {
      throw conflict(LAST_ADMIN, input.active === false ? 'active' : 'role');
    }
    const patch: Partial<typeof users.$inferInsert> = {
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone === undefined ? undefined : toE164(input.phone),
      active: input.active,
    };
    // Someone who also uses TNA as a driver has an account of their own beside the company's
    // membership: the company may take the membership away, never the account (a co-admin could
    // otherwise lock a founder out of the Drivers Portal, of withdrawing their applications and of
    // deleting their account), nor rename the person other employers see on their applications.
    if (await holdsRole(t, userId, ROLES.DRIVER)) {
      const renamed = changedFields({ firstName: patch.firstName, lastName: patch.lastName, phone: patch.phone }, current, { firstName: 'first_name', lastName: 'last_name', phone: 'phone' });
      if (renamed.length) throw conflict(DRIVER_OWN_DETAILS, renamed[0]);
      if (input.active === false && current.active) return removeFromCompany(t, actor, companyId, current, ctx);
    }
    if (Object.values(patch).some((v) => v !== undefined)) await t.update(users).set({ ...patch, updatedAt: sql`now()` }).where(eq(users.id, userId));
    if (input.role === 'company_admin') await t.insert(userRoles).values({ userId, role: ROLES.COMPANY_ADMIN }).onConflictDoNothing();
    if (input.role === 'company_user') {
      await t.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, ROLES.COMPANY_ADMIN)));
      await t.insert(userRoles).values({ userId, role: ROLES.EMPLOYER }).onConflictDoNothing();
    }
    if (input.active === false && current.active) await revokeAllSessions(t, userId);
    const role = input.role === undefined ? undefined : input.role === 'company_admin';
    const fields = changedFields({ ...patch, companyAdmin: role }, current, { firstName: 'first_name', lastName: 'last_name', phone: 'phone', active: 'active', companyAdmin: 'role' });
    const action = input.active === false && current.active ? 'employee.deactivate' : input.active === true && !current.active ? 'employee.reactivate' : 'employee.update';
    await recordEdit(t, {
      actorUserId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action,
      subjectType: 'user',
      subjectId: userId,
      companyId,
      fields,
      details: fields.includes('role') ? { role: input.role } : {},
      ip: ctx.ip,
    });
    return null;
  });
  return removed ?? employeeView(await employeeOrThrow(db, companyId, userId));
}

async function holdsRole(db: Database, userId: number, role: string) {
  const [row] = await db.select({ userId: userRoles.userId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role as typeof userRoles.$inferSelect.role))).limit(1);
  return !!row;
}

/**
 * "Deactivate" for a member who also uses TNA as a driver: out of the company (its roles and its
 * id go, every session ends so no token keeps them), with their own account as it was. The company
 * sees them leave its list; the answer is the member as they were, inactive and without a company.
 */
async function removeFromCompany(t: Database, actor: Actor, companyId: number, before: EmployeeRow, ctx: { ip?: string }) {
  const userId = before.id;
  await t.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, [ROLES.EMPLOYER, ROLES.COMPANY_ADMIN])));
  await t.update(users).set({ companyId: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
  await revokeAllSessions(t, userId);
  await recordAudit(t, {
    actorUserId: actor.userId,
    impersonatorId: actor.impersonatorId,
    action: 'employee.remove',
    subjectType: 'user',
    subjectId: userId,
    companyId,
    details: { reason: 'also a driver: the membership ends, the account stays' },
    ip: ctx.ip,
  });
  return { ...employeeView(before), active: false, company_id: null, removed: true };
}

/**
 * POST /companies/{id}/employers/{userId}/password-reset: mails the employee a one-time code (the
 * forgot-password code, with a link to enter it). The admin never types or sees a password.
 */
export const EMPLOYEE_RESET_TOO_MANY = 'Too many password reset emails have been sent. Please try again in an hour.';

export async function sendEmployeePasswordReset(db: Database, actor: Actor, companyId: number, userId: number, ctx: { ip?: string } = {}) {
  const company = await companyFor(db, actor, companyId, 'manage');
  const employee = await employeeOrThrow(db, companyId, userId);
  if (!employee.active) throw conflict(INACTIVE_NO_RESET);
  // As the forgot-password request is limited: each mail cancels the employee's earlier codes, so
  // sending them without end would flood their inbox and keep their own reset from working.
  const [perEmployee, perSender] = await Promise.all([limiter('employee-reset-user', 5, 3600), limiter('employee-reset-sender', 30, 3600)]);
  await consumeOrThrow(perSender, String(actor.userId), EMPLOYEE_RESET_TOO_MANY);
  await consumeOrThrow(perEmployee, String(userId), EMPLOYEE_RESET_TOO_MANY);
  const link = publicUrl(`/reset-code?email=${encodeURIComponent(employee.email)}`).toString();
  await mailResetCode(db, employee, { kind: 'employee_password_reset', companyName: company.name, link });
  await recordAudit(db, {
    actorUserId: actor.userId,
    impersonatorId: actor.impersonatorId,
    action: 'employee.password_reset',
    subjectType: 'user',
    subjectId: userId,
    companyId,
    ip: ctx.ip,
  });
  return { message: `We have sent ${employee.email} a code to set a new password. It is valid for 15 minutes.` };
}
