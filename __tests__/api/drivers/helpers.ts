import { ROLES } from '@/lib/access';
import { hashPassword } from '@/lib/auth/passwords';
import { getDb } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { DEMO_PASSWORD } from '@/lib/db/seed/accounts';
import { tokenFor } from '../../helpers/http';

/** A new driver account (no profile yet); answers its access token. */
export async function makeDriver(email: string, names: { firstName?: string; lastName?: string } = {}) {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email, firstName: names.firstName ?? 'Drew', lastName: names.lastName ?? 'Hauler', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date(), termsAcceptedAt: new Date() })
    .returning();
  await db.insert(userRoles).values({ userId: user.id, role: ROLES.DRIVER });
  return tokenFor(email);
}
