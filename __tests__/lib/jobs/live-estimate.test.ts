/**
 * The planner knows how many jobs are public where most have ended: approved, active, suspended and
 * payment_status are counted together (migration 0032's statistics), and the expiry is said so that
 * it is not counted apart (publicCondition). Counted as independent, 5,000 public jobs of 100,000
 * were a few dozen to it, and it chose plans for a few dozen rows: the Drivers Portal job search's
 * fifth page read every live job's address and sorted them. Runs on PGlite and on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { jobs } from '@/lib/db/schema';
import { publicCondition } from '@/lib/jobs/public';

let db: Database;

beforeAll(async () => {
  db = await getDb();
  const [company] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Estimate Co', 'Dallas', 'TX') returning id`);
  // 4,000 jobs, 200 of them public; the rest expired by the tick (approved and active cleared
  // together, the expiry passed).
  await db.execute(sql`
    insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents,
      approved, active, payment_status, expired_at, jobs_post_token, posting_date, expiration_date, published_at, paid_at)
    select ${company.id}, 'Estimate ' || g, 'dry_van', 'HW', 'Y1', '<p>x</p>', 100000, g % 20 = 0, g % 20 = 0, 'paid',
      case when g % 20 = 0 then null else now() - interval '1 day' end, md5('estimate' || g),
      now() - interval '40 days', case when g % 20 = 0 then now() + interval '20 days' else now() - interval '10 days' end,
      now() - interval '40 days', now() - interval '40 days'
    from generate_series(1, 4000) g`);
  await db.execute(sql`analyze jobs`);
}, 60_000);

it('counts the public jobs within a factor of two', async () => {
  const where = publicCondition(new Date())!;
  const [{ n: live }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${jobs} where ${where}`);
  const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain select 1 from ${jobs} where ${where}`);
  const estimate = Number(/rows=(\d+)/.exec(plan[0]['QUERY PLAN'])?.[1]);
  expect(live).toBeGreaterThanOrEqual(200);
  expect({ live, estimate, within: estimate >= live / 2 && estimate <= live * 2 }).toEqual({ live, estimate, within: true });
});
