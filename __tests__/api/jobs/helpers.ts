import { eq } from 'drizzle-orm';
import { POST as createPost } from '@/app/api/v1.0/jobs/route';
import { ROLES, type Role } from '@/lib/access';
import { hashPassword } from '@/lib/auth/passwords';
import { getDb } from '@/lib/db/client';
import { companies, userRoles, users } from '@/lib/db/schema';
import { DEMO_PASSWORD } from '@/lib/db/seed/accounts';
import type { CreateJobInput } from '@/lib/jobs/schemas';
import { call, tokenFor } from '../../helpers/http';

/** A valid job creation payload; override what a test is about. */
export function jobPayload(overrides: Partial<CreateJobInput> & Record<string, unknown> = {}): CreateJobInput {
  return {
    title: 'CDL-A Regional Driver',
    job_type: 'dry_van',
    home_time: 'HW',
    required_experience: 'Y1',
    job_description: {
      root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Great pay and ', format: 0 }, { type: 'text', text: 'home weekly', format: 1 }] }] },
    },
    expected_pay: 1500,
    salary_type: 'weekly',
    addresses: [{ street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' }],
    ...overrides,
  } as CreateJobInput;
}

/** Creates a job through the API as `token` and answers its id. */
export async function createJobAs(token: string, overrides: Parameters<typeof jobPayload>[0] = {}) {
  const res = await call(createPost, { token, body: jobPayload(overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json.data.jobs[0].id as number;
}

/** A second company with one company user, to prove a company never reaches another's jobs. */
export async function otherCompanyUser(email = 'rival@other.test', role: Role = ROLES.EMPLOYER) {
  const db = await getDb();
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!existing) {
    const [company] = await db.insert(companies).values({ companyName: `Rival Haulers ${email}`, city: 'Reno', state: 'NV' }).returning();
    const [user] = await db
      .insert(users)
      .values({ email, firstName: 'Rita', lastName: 'Rival', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date(), termsAcceptedAt: new Date(), companyId: company.id })
      .returning();
    await db.insert(userRoles).values({ userId: user.id, role });
  }
  return tokenFor(email);
}

export const tokens = async () => ({
  employer: await tokenFor('employer@demo.test'),
  companyAdmin: await tokenFor('companyadmin@demo.test'),
  admin: await tokenFor('admin@demo.test'),
  superAdmin: await tokenFor('superadmin@demo.test'),
  internal: await tokenFor('internal@demo.test'),
  driver: await tokenFor('driver@demo.test'),
  news: await tokenFor('newsadmin@demo.test'),
  rival: await otherCompanyUser(),
});
