/**
 * "Today" in the applicant counts is the portal's day (US/Eastern), the day the lists print: the job
 * list's and the job detail's today_applicants and the statistics' daily series agree with the
 * applicants list's dates. In UTC, "today" began at 7 pm Eastern and a 9 pm application was counted
 * for the next day.
 */
import { eq, sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { jobActivityStatistics } from '@/lib/applications/statistics';
import { changeWatch, getDb, queryRows, type Database } from '@/lib/db/client';
import { jobDetail } from '@/lib/jobs/detail';
import { searchJobs } from '@/lib/jobs/search';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { jobs } from '@/lib/db/schema';

const staff: Actor = { userId: 0, email: 'today@test', firstName: 'Today', lastName: 'Admin', roles: [ROLES.SUPER_ADMIN], companyId: null };
let db: Database;
let companyId: number;
let job: { id: number };
// 10:30 pm Eastern on Tuesday the 24th (03:30 UTC on the 25th).
const NOW = new Date('2026-11-25T03:30:00Z');

beforeAll(async () => {
  db = await getDb();
  const [company] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Today Freight', 'Dallas', 'TX') returning id`);
  companyId = company.id;
  [job] = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements, approved, active, payment_status, jobs_post_token, posting_date, expiration_date)
    values (${companyId}, 'Today job', 'dry_van', 'HD', 'CS', '<p>x</p>', 100000, '{}', true, true, 'paid', md5('today job'), '2026-11-01T12:00:00Z', '2026-12-20T12:00:00Z') returning id`,
  );
  // 11:30 pm Eastern on the 23rd; 6 pm and 8 pm Eastern on the 24th (the second already the 25th in UTC).
  for (const [n, at] of [[1, '2026-11-24T04:30:00Z'], [2, '2026-11-24T23:00:00Z'], [3, '2026-11-25T01:00:00Z']] as const) {
    const [u] = await queryRows<{ id: number }>(db, sql`insert into users (email, first_name, last_name) values (${`today${n}@today.test`}, 'Tia', ${`Today${n}`}) returning id`);
    await db.execute(sql`insert into applications (job_id, user_id, created_at, stage_changed_at) values (${job.id}, ${u.id}, ${at}, ${at})`);
  }
});

it("counts today's applicants from midnight Eastern in the job list and the job detail", async () => {
  changeWatch(db)?.forgetAll();
  const { items } = await searchJobs(db, staff, searchJobsSchema.parse({ company_id: companyId }), NOW);
  expect(items.find((j) => j.id === job.id)).toMatchObject({ total_applicants: 3, today_applicants: 2 });
  const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
  const detail = await jobDetail(db, row, NOW);
  expect(detail).toMatchObject({ total_applicants: 3, today_applicants: 2 });
});

it('puts each application on its Eastern day in the statistics, and counts today the same way', async () => {
  const stats = await jobActivityStatistics(db, staff, job.id, NOW);
  expect(stats.today_applicants).toBe(2);
  const daily = Object.fromEntries(stats.daily.map((d: { day: string; applications: number }) => [d.day, d.applications]));
  expect(stats.daily.at(-1)?.day).toBe('2026-11-24');
  expect([daily['2026-11-23'], daily['2026-11-24'], daily['2026-11-25']]).toEqual([1, 2, undefined]);
  expect(stats.daily).toHaveLength(30);
});
