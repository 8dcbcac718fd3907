/**
 * The scale seed (issue 10 "Scale") on a small size: the same SQL loads PostgreSQL's million; here
 * it must make the asked jobs, drivers and applications, with distances, replace an earlier set,
 * and leave data the applicants search and the candidates ranking read.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { searchApplicants } from '@/lib/applications/applicants';
import { listCandidates } from '@/lib/applications/candidates';
import { getDb, queryRows } from '@/lib/db/client';
import { SCALE_COMPANY, seedScale } from '@/lib/db/seed/scale';
import { seed } from '../../helpers/seed';

const staff: Actor = { userId: 0, email: 'staff@local', firstName: 'S', lastName: 'T', roles: [ROLES.SUPER_ADMIN], companyId: null };

it('loads jobs, drivers and applications and can be loaded again', async () => {
  await seed();
  const db = await getDb();
  for (let run = 0; run < 2; run++) await seedScale(db, { jobs: 20, drivers: 300, applications: 400 });
  const [counts] = await queryRows<{ jobs: number; drivers: number; apps: number; located: number }>(
    db,
    sql`select
      (select count(*)::int from jobs j join companies c on c.id = j.company_id where c.company_name = ${SCALE_COMPANY}) as jobs,
      (select count(*)::int from users where email like '%@scale.test') as drivers,
      (select count(*)::int from applications a join jobs j on j.id = a.job_id join companies c on c.id = j.company_id where c.company_name = ${SCALE_COMPANY}) as apps,
      (select count(*)::int from applications a join jobs j on j.id = a.job_id join companies c on c.id = j.company_id
        where c.company_name = ${SCALE_COMPANY} and a.distance_miles is not null) as located`,
  );
  expect(counts).toEqual({ jobs: 20, drivers: 300, apps: 400, located: 400 });
  const [job] = await queryRows<{ id: number }>(db, sql`select j.id from jobs j join companies c on c.id = j.company_id where c.company_name = ${SCALE_COMPANY} limit 1`);
  const page = await searchApplicants(db, staff, job.id, { filter: [{ field: 'years_of_experience', operator: 'between', value: [0, 100] }], sort: [{ field: 'distance', direction: 'asc' }], offset: 0, limit: 10 });
  expect(page.pagination.total).toBe(20);
  const candidates = await listCandidates(db, staff, job.id, { distanceLimit: false, offset: 0, limit: 10 });
  expect(candidates.data.length).toBeLessThanOrEqual(10);
});
