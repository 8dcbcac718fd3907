import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { COMPANY_MEMBER_ROLES } from '@/lib/access';
import { ALREADY_EMPLOYER } from '@/lib/auth/login';
import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';

/**
 * The spec's rule for a company's email (accounts spec §3, a company created by an admin): it must not
 * belong to someone who is already an employer (company user or company admin) here. Every route that
 * sets a company's email checks it (admin create and edit, the company's own settings, onboarding): otherwise a
 * company could send its bills and mail to another company's user. A person of the company itself
 * (`companyId`) may be its contact: the onboarding step starts with the creator's own email.
 */
export async function assertEmailNotEmployer(db: Database, email: string, companyId?: number) {
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(users.email, email),
        isNull(users.deletedAt),
        inArray(userRoles.role, [...COMPANY_MEMBER_ROLES]),
        companyId === undefined ? undefined : or(isNull(users.companyId), ne(users.companyId, companyId)),
      ),
    )
    .limit(1);
  if (hit) throw conflict(ALREADY_EMPLOYER, 'email');
}

/** Whether a company's email is being changed (the same address in other letters is not a change). */
export const emailChanges = (next: string | undefined, current: string | null) => !!next && next.toLowerCase() !== (current ?? '').toLowerCase();
