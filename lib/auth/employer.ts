import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { Actor } from './actor';
import { stripCountryCode } from './phone';

/**
 * The current employer user (accounts spec §3 "Current employer user"). Tokens are the caller's own.
 * The actor query of this very request already read the row (lib/auth/actor.ts), so this reads
 * nothing again; only an actor made elsewhere, without the profile, costs a query.
 */
export async function currentEmployer(db: Database, actor: Actor, bearer?: string) {
  const user = actor.profile ? { ...actor, ...actor.profile } : await readProfile(db, actor.userId);
  return {
    id: user.userId,
    company_id: user.companyId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: stripCountryCode(user.phone),
    accessToken: bearer ?? null,
    refreshToken: null,
    email_to_verify: user.emailToVerify,
    email_verified: user.emailVerified,
  };
}

async function readProfile(db: Database, userId: number) {
  const [user] = await db
    .select({
      userId: users.id,
      companyId: users.companyId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      emailToVerify: users.emailToVerify,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User not found.');
  return { ...user, emailVerified: Boolean(user.emailVerifiedAt) };
}
