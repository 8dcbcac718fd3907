import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import type { Role } from '@/lib/access';

/** Where a signed-in user stands in company onboarding, read from the database (the session cookie may lag). */
export async function onboardingState(db: Database, userId: number) {
  const [user] = await db.select({ companyId: users.companyId, email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role as Role);
  return { companyId: user?.companyId ?? null, email: user?.email ?? '', firstName: user?.firstName ?? '', roles };
}
