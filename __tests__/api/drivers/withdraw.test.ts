/**
 * A driver withdraws an application (DELETE /members/applications/{id}): it leaves the driver's list
 * and the company's applicants with everything the company wrote on it; the driver may apply again
 * while the job is open; no one else's application can be touched, or even found.
 */
import { and, eq } from 'drizzle-orm';
import { POST as applyPost } from '@/app/api/v1.0/jobs/[id]/apply/route';
import { GET as applicantsGet } from '@/app/api/v1.0/jobs/[id]/applicants/route';
import { PATCH as stagePatch } from '@/app/api/v1.0/jobs/[id]/applicants/[applicantId]/stage/route';
import { POST as notesPost } from '@/app/api/v1.0/jobs/[id]/applicants/[applicantId]/notes/route';
import { POST as tagPost } from '@/app/api/v1.0/jobs/applicants/tag/route';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { GET as myApplications } from '@/app/api/v1.0/members/applications/route';
import { DELETE as withdraw } from '@/app/api/v1.0/members/applications/[id]/route';
import { getDb } from '@/lib/db/client';
import { applicationNotes, applicationStageEvents, applicationTags, applications, auditLog, users } from '@/lib/db/schema';
import { APPLICATION_NOT_FOUND, WITHDRAWALS_PER_DAY } from '@/lib/drivers/applications';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from '../jobs/helpers';
import { makeDriver } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let jobId: number;
let driver: string;
let driverId: number;

const apply = (token: string, job = jobId) => call(applyPost, { token, params: { id: String(job) }, body: { message: 'Ready Monday.' } });
const remove = (id: number | string, token = driver) => call(withdraw, { method: 'DELETE', token, params: { id: String(id) } });
const applicantIds = async () =>
  (await call(applicantsGet, { token: t.employer, params: { id: String(jobId) } })).json.data.map((a: { id: number }) => a.id);

beforeAll(async () => {
  await seed();
  t = await tokens();
  const db = await getDb();
  jobId = await createJobAs(t.employer, { title: 'Withdraw Dallas' });
  await publishPaidJob(db, jobId);
  driver = await makeDriver('withdrawing@drivers.test', { firstName: 'Wren', lastName: 'Withdrawn' });
  [{ id: driverId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'withdrawing@drivers.test'));
});

describe('DELETE /api/v1.0/members/applications/{id}', () => {
  it("takes the application off the company's list with its stage history, notes and tags, and records who did it", async () => {
    const db = await getDb();
    const applied = await apply(driver);
    expect(applied.status).toBe(201);
    const id = applied.json.data.id;
    const params = { id: String(jobId), applicantId: String(driverId) };
    expect((await call(stagePatch, { method: 'PATCH', token: t.employer, params, body: { stage: 'reviewed' } })).status).toBe(200);
    expect((await call(notesPost, { token: t.employer, params, body: { body: 'Called, call back Friday.' } })).status).toBe(201);
    const tagId = (await call(companyTagPost, { token: t.employer, body: { tag: 'Withdraw shortlist' } })).json.data.id;
    expect((await call(tagPost, { token: t.employer, body: { jobId, applicantId: driverId, tagId } })).status).toBe(201);
    expect(await applicantIds()).toContain(driverId);

    const res = await remove(id);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id, job_id: jobId, message: 'Your application has been withdrawn.' });
    expect(await applicantIds()).not.toContain(driverId);
    expect((await call(myApplications, { token: driver })).json.data).toEqual([]);
    expect(await db.select().from(applications).where(eq(applications.id, id))).toEqual([]);
    expect(await db.select().from(applicationStageEvents).where(eq(applicationStageEvents.applicationId, id))).toEqual([]);
    expect(await db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, id))).toEqual([]);
    expect(await db.select().from(applicationTags).where(eq(applicationTags.applicationId, id))).toEqual([]);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'application.withdraw'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ actorId: driverId, entity: 'application', data: { jobId } });
    expect(audit.companyId).toEqual(expect.any(Number));
  });

  it('lets the driver apply again while the job is open, as a new application', async () => {
    const again = await apply(driver);
    expect(again.status).toBe(201);
    expect(again.json.data).toMatchObject({ job_id: jobId, status: 'Applied' });
    expect(await applicantIds()).toContain(driverId);
    expect((await remove(again.json.data.id)).status).toBe(200);
  });

  it("answers 404 and changes nothing for another driver's application, one already withdrawn, or an id that is not one", async () => {
    const db = await getDb();
    const other = await makeDriver('staying@drivers.test');
    const theirs = (await apply(other)).json.data.id;
    for (const id of [theirs, theirs + 100_000]) {
      const res = await remove(id);
      expect(res.status).toBe(404);
      expect(res.json.errors[0].message).toBe(APPLICATION_NOT_FOUND);
    }
    // Not an id's spelling at all: the same 404 as any unknown address.
    for (const id of ['0', '007', 'abc', '1e3', '99999999999']) expect((await remove(id)).status).toBe(404);
    expect(await db.select({ id: applications.id }).from(applications).where(eq(applications.id, theirs))).toHaveLength(1);
    const mine = (await apply(driver)).json.data.id;
    expect((await remove(mine)).status).toBe(200);
    expect((await remove(mine)).status).toBe(404);
  });

  it('is for drivers only: company users, admins and anonymous callers cannot withdraw', async () => {
    const mine = (await apply(driver)).json.data.id;
    expect((await remove(mine, t.employer)).status).toBe(403);
    expect((await remove(mine, t.admin)).status).toBe(403);
    expect((await call(withdraw, { method: 'DELETE', params: { id: String(mine) } })).status).toBe(401);
    expect((await call(myApplications, { token: driver })).json.data.map((a: { id: number }) => a.id)).toEqual([mine]);
    expect((await remove(mine)).status).toBe(200);
  });

  it(`stops after ${WITHDRAWALS_PER_DAY} withdrawals in a day (429 with when to come back), so apply and withdraw cannot loop`, async () => {
    const looper = await makeDriver('looping@drivers.test');
    for (let i = 0; i < WITHDRAWALS_PER_DAY; i++) {
      const id = (await apply(looper)).json.data.id;
      expect((await remove(id, looper)).status).toBe(200);
    }
    const last = (await apply(looper)).json.data.id;
    const refused = await remove(last, looper);
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0].message).toMatch(/^You have withdrawn many applications today\. Please try again in \d+ hours?\.$/);
    expect((await call(myApplications, { token: looper })).json.data.map((a: { id: number }) => a.id)).toEqual([last]);
  });
});
