import { and, eq, isNull, sql } from 'drizzle-orm';
import { assertVersion, atVersion, staleEditError } from '@/lib/api/if-match';
import type { Database } from '@/lib/db/client';
import { auditLog, companies, userRoles, users } from '@/lib/db/schema';
import { ADMIN_ROLES, ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { ALREADY_EMPLOYER } from '@/lib/auth/login';
import { toE164 } from '@/lib/auth/phone';
import { conflict, forbidden, notFound } from '@/lib/errors';
import { recordEdit } from '@/lib/audit';
import { changedFields } from '@/lib/audit/changed-fields';
import { assertEmailNotEmployer, emailChanges } from './billing-email';
import { billingValues } from './billing-values';
import { locate } from './locate';
import type { CreateCompanyInput, UpdateCompanyInput } from './schemas';
import { companyView } from './view';
import { companyChanged } from '@/lib/cache/tags';

/** Roles that see every company; everyone else reaches only their own. */
const ALL_COMPANIES = [ROLES.SUPER_ADMIN, ROLES.ADMIN, ROLES.INTERNAL_USER] as const;

export function canReachCompany(actor: Actor, companyId: number) {
  return hasAny(actor.roles, ALL_COMPANIES) || actor.companyId === companyId;
}

/** The company row, or 404 when it does not exist or is not the caller's to see. */
export async function companyOrThrow(db: Database, actor: Actor, companyId: number) {
  if (!canReachCompany(actor, companyId)) throw notFound('Company not found.');
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound('Company not found.');
  return row;
}

export async function getCompany(db: Database, actor: Actor, companyId: number) {
  return companyView(await companyOrThrow(db, actor, companyId));
}

/**
 * The onboarding step: the caller creates their own company and becomes its employer and company
 * admin. A caller who already belongs to a company is refused (spec §5), also when two requests race.
 */
export async function createCompany(db: Database, actor: Actor, input: CreateCompanyInput) {
  if (actor.companyId) throw conflict(ALREADY_EMPLOYER);
  // The email is the company's billing contact, as in settings and the admin's create: another
  // company's employer would get this company's bills and mail (the creator's own is theirs to give).
  if (emailChanges(input.email, actor.email)) await assertEmailNotEmployer(db, input.email!);
  const { latitude, longitude } = locate(input);
  const row = await db.transaction(async (tx) => {
    const [me] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, actor.userId));
    const [company] = await tx
      .insert(companies)
      .values({
        companyName: input.company_name,
        size: input.size,
        street1: input.street1 || null,
        street2: input.street2 || null,
        city: input.city,
        state: input.state,
        postalCode: input.postal_code || null,
        country: 'US',
        latitude,
        longitude,
        email: input.email ?? actor.email,
        phone: (input.phone && toE164(input.phone)) ?? me?.phone ?? null,
        employerId: actor.userId,
      })
      .returning();
    const joined = await tx
      .update(users)
      .set({ companyId: company.id, updatedAt: sql`now()` })
      .where(and(eq(users.id, actor.userId), isNull(users.companyId)))
      .returning({ id: users.id });
    // Another request made this user a company first: undo ours.
    if (!joined.length) throw conflict(ALREADY_EMPLOYER);
    await tx
      .insert(userRoles)
      .values([
        { userId: actor.userId, role: ROLES.EMPLOYER },
        { userId: actor.userId, role: ROLES.COMPANY_ADMIN },
      ])
      .onConflictDoNothing();
    await tx.insert(auditLog).values({ actorId: actor.userId, impersonatorId: actor.impersonatorId, action: 'company.create', entity: 'company', entityId: String(company.id) });
    return company;
  });
  return companyView(row);
}

/** The company columns a settings save can change, by their API names. */
const COMPANY_FIELDS = {
  companyName: 'company_name',
  size: 'size',
  email: 'email',
  phone: 'phone',
  billingType: 'billing_type',
  type: 'type',
  street1: 'street1',
  street2: 'street2',
  city: 'city',
  state: 'state',
  postalCode: 'postal_code',
  latitude: 'latitude',
  longitude: 'longitude',
} as const;

/**
 * Company settings: the company's own users (or admins) change its profile; billing and plan type are
 * for admins. A new email follows the same rule as in the admin's edit (409 for another company's employer).
 * `expectedVersion` (If-Match): the updated_at the form opened; 412 when the company was saved since,
 * also by a save landing between this read and the write (lib/api/if-match.ts).
 */
export async function updateCompany(db: Database, actor: Actor, companyId: number, input: UpdateCompanyInput, expectedVersion?: string | null) {
  const current = await companyOrThrow(db, actor, companyId);
  assertVersion(expectedVersion, current.updatedAt, 'company');
  const admin = hasAny(actor.roles, ADMIN_ROLES);
  if (!admin && (input.billing_type !== undefined || input.type !== undefined)) throw forbidden('Only admins can change the billing or plan type.');
  if (emailChanges(input.email, current.email)) await assertEmailNotEmployer(db, input.email!, companyId);
  const addressChanged = ['street1', 'street2', 'city', 'state', 'postal_code', 'latitude', 'longitude'].some((k) => k in input);
  const patch: Partial<typeof companies.$inferInsert> = {
    companyName: input.company_name,
    size: input.size,
    email: input.email,
    phone: input.phone === undefined ? undefined : toE164(input.phone),
    billingType: input.billing_type,
    type: input.type,
  };
  if (addressChanged) {
    const next = {
      city: input.city ?? current.city ?? '',
      state: input.state ?? current.state ?? '',
      postal_code: input.postal_code ?? (input.city ? '' : current.postalCode ?? ''),
      latitude: input.latitude,
      longitude: input.longitude,
    };
    Object.assign(patch, {
      street1: input.street1 === undefined ? undefined : input.street1 || null,
      street2: input.street2 === undefined ? undefined : input.street2 || null,
      city: next.city,
      state: next.state,
      postalCode: next.postal_code || null,
      ...locate(next),
    });
  }
  // The entry names what really changes; the change and its entry commit together.
  const fields = changedFields(patch, current, COMPANY_FIELDS);
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(companies.id, companyId), atVersion(companies.updatedAt, expectedVersion, current.updatedAt)))
      .returning();
    if (!row) throw staleEditError('company');
    await recordEdit(tx, { actorUserId: actor.userId, impersonatorId: actor.impersonatorId, action: 'company.update', subjectType: 'company', subjectId: companyId, companyId, fields, values: billingValues(current, patch) });
    return row;
  });
  // The name shows on every public page of the company's jobs.
  if (input.company_name !== undefined) companyChanged(companyId);
  return companyView(row);
}
