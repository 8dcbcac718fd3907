import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { applicationStageEvents, applications, jobs, userRoles, users } from '@/lib/db/schema';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { hashPassword } from '@/lib/auth/passwords';
import type { ApplicationStage } from '@/lib/drivers/codes';
import { applyToJob } from '@/lib/drivers/applications';
import { updateDriverProfile } from '@/lib/drivers/profile';
import type { DriverProfilePatch } from '@/lib/drivers/schemas';
import { DEMO_PASSWORD } from './accounts';

/*
 * Demo drivers (issue 10): the demo driver gets a profile (no applications, so a demo starts with
 * a clean "My applications"), and a handful of other drivers around Texas and its neighbours
 * apply to the demo company's live jobs at different pipeline stages, so the employer's
 * applicants and candidates screens have something to show. Their password is Demo1234! too.
 */

type DemoDriver = { email: string; firstName: string; lastName: string; profile: DriverProfilePatch; applies?: { title: string; stage?: ApplicationStage; message?: string }[] };

const DRY_VAN = 'CDL-A OTR Dry Van Driver';
const FLATBED = 'Regional Flatbed Driver - Home Every Weekend';
const TANKER = 'Local Tanker Driver (Hazmat)';

export const DEMO_DRIVERS: DemoDriver[] = [
  {
    email: 'driver@demo.test',
    firstName: 'Dan',
    lastName: 'Driver',
    profile: { cdl_status: 'A', endorsements: ['H', 'N'], years_of_experience: 3, experience: 'Y2', work_experiences: ['dry_van', 'tanker'], home_time: 'HW', zip_code: '76102', travel_distance: 150 },
  },
  {
    email: 'maria.lopez@drivers.demo.test',
    firstName: 'Maria',
    lastName: 'Lopez',
    profile: { cdl_status: 'A', endorsements: ['H', 'N', 'X'], years_of_experience: 8, experience: 'Y2', work_experiences: ['tanker', 'dry_van'], owner_operator: false, home_time: 'HD', zip_code: '75201', travel_distance: 60, birth_date: '1984-03-12' },
    applies: [
      { title: TANKER, stage: 'interview', message: 'Eight years of tanker and hazmat, clean MVR.' },
      { title: DRY_VAN, stage: 'reviewed' },
    ],
  },
  {
    email: 'james.carter@drivers.demo.test',
    firstName: 'James',
    lastName: 'Carter',
    profile: { cdl_status: 'A', endorsements: ['T'], years_of_experience: 2, experience: 'Y2', work_experiences: ['flat_bed'], owner_operator: true, home_time: 'D3', zip_code: '73102', travel_distance: 300 },
    applies: [{ title: FLATBED, stage: 'contacted' }, { title: DRY_VAN }],
  },
  {
    email: 'aisha.brown@drivers.demo.test',
    firstName: 'Aisha',
    lastName: 'Brown',
    profile: { cdl_status: 'B', years_of_experience: 1, experience: 'Y1', work_experiences: ['dump_truck', 'garbage_truck'], home_time: 'HD', zip_code: '75061', travel_distance: 40 },
    applies: [{ title: FLATBED, message: 'Available to start next week.' }],
  },
  {
    email: 'tom.nguyen@drivers.demo.test',
    firstName: 'Tom',
    lastName: 'Nguyen',
    profile: { cdl_status: 'A', years_of_experience: 0, experience: 'M6', work_experiences: ['dry_van'], home_time: 'HW', zip_code: '77002', travel_distance: 500 },
    applies: [{ title: DRY_VAN, stage: 'rejected' }, { title: FLATBED }],
  },
  {
    email: 'rosa.martinez@drivers.demo.test',
    firstName: 'Rosa',
    lastName: 'Martinez',
    profile: { cdl_status: 'A', endorsements: ['N'], years_of_experience: 5, experience: 'Y2', work_experiences: ['tanker', 'reefer'], home_time: 'D4', zip_code: '78205', travel_distance: 350 },
    applies: [{ title: TANKER }],
  },
  // Not applied anywhere: candidates for the employer's matched-candidates screen.
  {
    email: 'will.jackson@drivers.demo.test',
    firstName: 'Will',
    lastName: 'Jackson',
    profile: { cdl_status: 'A', endorsements: ['H', 'N', 'T'], years_of_experience: 12, experience: 'Y2', work_experiences: ['dry_van', 'flat_bed', 'tanker'], home_time: 'HW', zip_code: '75701', travel_distance: 200 },
  },
  {
    email: 'kim.lee@drivers.demo.test',
    firstName: 'Kim',
    lastName: 'Lee',
    profile: { cdl_status: 'none', years_of_experience: 0, experience: 'CS', home_time: 'HD', zip_code: '76201', travel_distance: 30 },
  },
];

export async function seedDrivers(db: Database, now = new Date()) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const titles = [...new Set(DEMO_DRIVERS.flatMap((d) => d.applies?.map((a) => a.title) ?? []))];
  const jobIds = new Map((await db.select({ id: jobs.id, title: jobs.title }).from(jobs).where(inArray(jobs.title, titles))).map((j) => [j.title, j.id]));
  let applied = 0;
  for (const [i, d] of DEMO_DRIVERS.entries()) {
    let [user] = await db.select().from(users).where(eq(users.email, d.email));
    if (!user) {
      [user] = await db
        .insert(users)
        .values({ email: d.email, firstName: d.firstName, lastName: d.lastName, phone: `+1214555${String(200 + i).padStart(4, '0')}`, passwordHash, emailVerifiedAt: now, termsAcceptedAt: now })
        .returning();
      await db.insert(userRoles).values({ userId: user.id, role: ROLES.DRIVER });
    }
    const actor: Actor = { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, roles: [ROLES.DRIVER], companyId: null };
    await updateDriverProfile(db, actor, d.profile);
    for (const [k, a] of (d.applies ?? []).entries()) {
      const jobId = jobIds.get(a.title);
      if (!jobId) continue;
      // Spread over the last days, so the list has dates to sort and "today" is not everyone.
      const at = new Date(now.getTime() - (i * 26 + k * 7) * 3_600_000);
      const app = await applyToJob(db, actor, jobId, { message: a.message ?? null }, at);
      applied++;
      if (a.stage && a.stage !== 'new') {
        const changedAt = new Date(at.getTime() + 3_600_000);
        await db.update(applications).set({ stage: a.stage, stageChangedAt: changedAt }).where(eq(applications.id, app.id));
        await db.insert(applicationStageEvents).values({ applicationId: app.id, stage: a.stage, changedBy: null, createdAt: changedAt });
      }
    }
  }
  // The demo company has read these already: no digest for seeded applications.
  await db.update(applications).set({ notifiedAt: now }).where(and(sql`${applications.notifiedAt} is null`, inArray(applications.jobId, [...jobIds.values()])));
  return { drivers: DEMO_DRIVERS.length, applications: applied };
}
