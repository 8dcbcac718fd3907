import { getDb } from '@/lib/db/client';
import { applications, driverProfiles, userRoles, users, type DriverProfileRow } from '@/lib/db/schema';
import { ROLES } from '@/lib/access';

let seq = 0;

export type DriverInput = Partial<Omit<DriverProfileRow, 'userId' | 'createdAt' | 'updatedAt'>> & {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
};

/** A driver user with a profile (no password: tests reach the employer side only). */
export async function addDriver(input: DriverInput = {}) {
  const db = await getDb();
  seq += 1;
  const { firstName = 'Dana', lastName = `Driver${seq}`, email = `driver${seq}.${Date.now()}@drivers.test`, phone = null, ...profile } = input;
  const [user] = await db.insert(users).values({ email, firstName, lastName, phone, emailVerifiedAt: new Date(), termsAcceptedAt: new Date() }).returning();
  await db.insert(userRoles).values({ userId: user.id, role: ROLES.DRIVER });
  await db.insert(driverProfiles).values({ userId: user.id, ...profile });
  return user.id;
}

/** An application of a driver to a job, as the apply service would store it. */
export async function addApplication(jobId: number, userId: number, values: Partial<typeof applications.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db.insert(applications).values({ jobId, userId, ...values }).returning();
  return row;
}

/** A driver and their application in one step. */
export async function addApplicant(jobId: number, driver: DriverInput = {}, application: Partial<typeof applications.$inferInsert> = {}) {
  const userId = await addDriver(driver);
  await addApplication(jobId, userId, application);
  return userId;
}
