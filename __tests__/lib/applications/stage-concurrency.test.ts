/**
 * Stage changes sent at once (two recruiters, a double click, a retry) apply one after the other:
 * the same stage twice writes one history line and one audit entry, and after different ones the
 * application's stage is the history's last line. On PostgreSQL they really overlap; the embedded
 * database runs them one at a time.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { changeStage } from '@/lib/applications/pipeline';
import { getDb, queryRows, type Database } from '@/lib/db/client';

const staff: Actor = { userId: 0, email: 'stage@test', firstName: 'Stage', lastName: 'Admin', roles: [ROLES.SUPER_ADMIN], companyId: null };
let db: Database;
let jobId: number;

async function applicant(n: number) {
  const [u] = await queryRows<{ id: number }>(db, sql`insert into users (email, first_name, last_name) values (${`stage${n}.${Date.now()}@race.test`}, 'Sam', ${`Stage${n}`}) returning id`);
  const [a] = await queryRows<{ id: number }>(db, sql`insert into applications (job_id, user_id) values (${jobId}, ${u.id}) returning id`);
  await db.execute(sql`insert into application_stage_events (application_id, stage, created_at) values (${a.id}, 'new', now())`);
  return { userId: u.id, applicationId: a.id };
}

const history = async (applicationId: number) =>
  (await queryRows<{ stage: string }>(db, sql`select stage::text as stage from application_stage_events where application_id = ${applicationId} order by created_at, id`)).map((r) => r.stage);
const audited = async (applicationId: number) =>
  (await queryRows<{ data: { from: string; to: string } }>(db, sql`select data from audit_log where action = 'application.stage' and entity_id = ${String(applicationId)} order by id`)).map((r) => r.data);

beforeAll(async () => {
  db = await getDb();
  const [admin] = await queryRows<{ id: number }>(db, sql`insert into users (email, first_name, last_name) values ('stage.admin@race.test', 'Stage', 'Admin') returning id`);
  staff.userId = admin.id;
  const [company] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Stage Freight', 'Dallas', 'TX') returning id`);
  const [job] = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (company_id, title, job_type, home_time, required_experience, job_description_html, expected_pay_cents, endorsements, approved, active, payment_status, jobs_post_token)
    values (${company.id}, 'Stage job', 'dry_van', 'HD', 'CS', '<p>x</p>', 100000, '{}', true, true, 'paid', md5('stage job')) returning id`,
  );
  jobId = job.id;
});

it('the same stage sent six times at once moves it once: one history line, one audit entry', async () => {
  const a = await applicant(1);
  await Promise.all(Array.from({ length: 6 }, () => changeStage(db, staff, jobId, a.userId, 'hired')));
  expect(await history(a.applicationId)).toEqual(['new', 'hired']);
  expect(await audited(a.applicationId)).toEqual([{ from: 'new', to: 'hired' }]);
});

it("after different stages sent at once, the application's stage is the history's last line, and each entry starts where the last ended", async () => {
  for (let round = 0; round < 5; round++) {
    const a = await applicant(10 + round);
    await Promise.all((['reviewed', 'contacted', 'interview', 'hired', 'rejected'] as const).map((s) => changeStage(db, staff, jobId, a.userId, s)));
    const [{ stage }] = await queryRows<{ stage: string }>(db, sql`select stage::text as stage from applications where id = ${a.applicationId}`);
    const lines = await history(a.applicationId);
    expect(lines.at(-1)).toBe(stage);
    const entries = await audited(a.applicationId);
    expect(entries.map((e) => e.from)).toEqual(lines.slice(0, -1));
    expect(entries.map((e) => e.to)).toEqual(lines.slice(1));
  }
});
