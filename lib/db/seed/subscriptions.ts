import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { driverSubscriptions, userRoles, users } from '@/lib/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import { ROLES } from '@/lib/access';
import { DEMO_PASSWORD } from './accounts';

const DAY = 86_400_000;

/** Drivers of the Admin Driver List besides driver@demo.test, each with a billing customer id. */
export const SUBSCRIBED_DRIVERS = [
  { email: 'driver@demo.test', firstName: 'Dan', lastName: 'Driver', customer: 'cus_demo_dan' },
  { email: 'maria.lopez@demo.test', firstName: 'Maria', lastName: 'Lopez', customer: 'cus_demo_maria' },
  { email: 'jake.turner@demo.test', firstName: 'Jake', lastName: 'Turner', customer: 'cus_demo_jake' },
] as const;

/**
 * Demo drivers holding HealthRX and Roadside Assistance (issue 11): open ones that can be
 * cancelled, one already cancelled and one expired, so every state of the Unsubscribe button shows.
 */
export async function seedSubscriptions(db: Database, now = new Date()) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, number> = {};
  for (const d of SUBSCRIBED_DRIVERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, d.email));
    let id = existing?.id;
    if (!id) {
      const [row] = await db
        .insert(users)
        .values({ email: d.email, firstName: d.firstName, lastName: d.lastName, phone: '+12145550188', passwordHash, emailVerifiedAt: now, termsAcceptedAt: now })
        .returning({ id: users.id });
      id = row.id;
      await db.insert(userRoles).values({ userId: id, role: ROLES.DRIVER });
    }
    await db.update(users).set({ billingCustomerId: d.customer }).where(eq(users.id, id));
    ids[d.email] = id;
  }
  const [dan, maria, jake] = SUBSCRIBED_DRIVERS.map((d) => ids[d.email]);
  await db.insert(driverSubscriptions).values([
    { userId: dan, subscription: 'healthcare', subscriptionType: 'open', tier: 'individual', subscriptionDate: at(-40), expirationDate: at(325) },
    { userId: dan, subscription: 'road_assistance', subscriptionType: 'pre_subscribed', tier: 'basic', subscriptionDate: at(-40), expirationDate: at(20) },
    { userId: maria, subscription: 'healthcare', subscriptionType: 'mandatory', tier: 'family', subscriptionDate: at(-200), expirationDate: at(165) },
    {
      userId: maria,
      subscription: 'road_assistance',
      subscriptionType: 'open',
      tier: 'premium',
      subscriptionDate: at(-100),
      expirationDate: at(265),
      renewalCanceledAt: at(-5),
      renewalCancellationCode: 1,
      renewalCancellationReason: 'Unhappy with the coverage',
    },
    { userId: jake, subscription: 'healthcare', subscriptionType: 'open', tier: 'individual', subscriptionDate: at(-400), expirationDate: at(-35) },
  ]);
}
