import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { ROLES } from '@/lib/access';
import { startSession } from './sessions';

/**
 * Social sign-in: an existing account with the provider's (verified) email signs in; otherwise a
 * driver account is created, since social sign-in is offered to drivers (they land on members).
 */
export async function socialSignIn(db: Database, input: { email: string; name: string; provider: string }) {
  const email = input.email.toLowerCase();
  let [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) {
    const [first, ...rest] = input.name.trim().split(/\s+/);
    [user] = await db
      .insert(users)
      .values({ email, firstName: first || 'Driver', lastName: rest.join(' ') || '-', emailVerifiedAt: new Date() })
      .returning();
    await db.insert(userRoles).values({ userId: user.id, role: ROLES.DRIVER });
  }
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role);
  const pair = await startSession(db, user.id, { deviceId: input.provider });
  return {
    id: String(user.id),
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`,
    roles,
    companyId: user.companyId,
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    accessTokenExpiresAt: pair.accessTokenExpiresAt,
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
  };
}
