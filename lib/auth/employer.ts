import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { Actor } from './actor';
import { stripCountryCode } from './phone';

/** The current employer user (accounts spec §3 "Current employer user"). Tokens are the caller's own. */
export async function currentEmployer(db: Database, actor: Actor, bearer?: string) {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw notFound('User not found.');
  return {
    id: user.id,
    company_id: user.companyId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: stripCountryCode(user.phone),
    accessToken: bearer ?? null,
    refreshToken: null,
    email_to_verify: user.emailToVerify,
    email_verified: Boolean(user.emailVerifiedAt),
  };
}
