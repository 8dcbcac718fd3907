import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies, userRoles, users } from '@/lib/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import { ROLES, type Role } from '@/lib/access';

export const DEMO_PASSWORD = 'Demo1234!';

/** One user per role (DESIGN.md "demo seed"), all with the password Demo1234!. */
export const DEMO_USERS: { email: string; firstName: string; lastName: string; role: Role; company?: boolean }[] = [
  { email: 'superadmin@demo.test', firstName: 'Sara', lastName: 'Super', role: ROLES.SUPER_ADMIN },
  { email: 'admin@demo.test', firstName: 'Adam', lastName: 'Admin', role: ROLES.ADMIN },
  { email: 'internal@demo.test', firstName: 'Ivy', lastName: 'Internal', role: ROLES.INTERNAL_USER },
  { email: 'companyadmin@demo.test', firstName: 'Carl', lastName: 'Owner', role: ROLES.COMPANY_ADMIN, company: true },
  { email: 'employer@demo.test', firstName: 'Emma', lastName: 'Recruiter', role: ROLES.EMPLOYER, company: true },
  { email: 'newsadmin@demo.test', firstName: 'Nora', lastName: 'News', role: ROLES.NEWS_ADMIN },
  { email: 'contributor@demo.test', firstName: 'Cody', lastName: 'Writer', role: ROLES.NEWS_CONTRIBUTOR },
  { email: 'driver@demo.test', firstName: 'Dan', lastName: 'Driver', role: ROLES.DRIVER },
  { email: 'adsadmin@demo.test', firstName: 'Alice', lastName: 'Ads', role: ROLES.ADS_ADMIN },
];

export const DEMO_COMPANY = {
  companyName: 'Demo Freight Lines',
  size: '21-50',
  street1: '2100 Commerce St',
  city: 'Dallas',
  state: 'TX',
  postalCode: '75201',
  latitude: 32.7831,
  longitude: -96.8067,
  phone: '+12145550100',
  email: 'billing@demo.test',
};

export async function seedAccounts(db: Database) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [company] = await db.insert(companies).values(DEMO_COMPANY).returning();
  for (const u of DEMO_USERS) {
    const [user] = await db
      .insert(users)
      .values({
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        phone: '+12145550123',
        passwordHash,
        emailVerifiedAt: new Date(),
        termsAcceptedAt: new Date(),
        companyId: u.company ? company.id : null,
      })
      .returning();
    await db.insert(userRoles).values({ userId: user.id, role: u.role });
    if (u.role === ROLES.COMPANY_ADMIN) await db.update(companies).set({ employerId: user.id }).where(eq(companies.id, company.id));
  }
  return { companyId: company.id };
}
