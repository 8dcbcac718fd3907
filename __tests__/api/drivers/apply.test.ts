import { eq } from 'drizzle-orm';
import { POST as applyPost } from '@/app/api/v1.0/jobs/[id]/apply/route';
import { GET as myApplications } from '@/app/api/v1.0/members/applications/route';
import { DELETE as deleteMe, PATCH as patchMe } from '@/app/api/v1.0/members/me/route';
import { POST as closePost } from '@/app/api/v1.0/jobs/[id]/close/route';
import { getDb } from '@/lib/db/client';
import { applicationStageEvents, applications, idempotencyKeys, users } from '@/lib/db/schema';
import { ALREADY_APPLIED, JOB_NOT_OPEN } from '@/lib/drivers/applications';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from '../jobs/helpers';
import { makeDriver } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let dallasJob: number;
let renoJob: number;
let draftJob: number;

const apply = (jobId: number | string, token = t.driver, body?: unknown) => call(applyPost, { token, params: { id: String(jobId) }, body });

beforeAll(async () => {
  await seed();
  t = await tokens();
  const db = await getDb();
  dallasJob = await createJobAs(t.employer, { title: 'Apply Dallas' });
  renoJob = await createJobAs(t.employer, { title: 'Apply Reno', addresses: [{ city: 'Reno', state: 'NV', postal_code: '89501', country: 'US' }] });
  draftJob = await createJobAs(t.employer, { title: 'Apply Draft' });
  await publishPaidJob(db, dallasJob);
  await publishPaidJob(db, renoJob);
  // The demo driver lives in Fort Worth (about 30 miles from Dallas) and travels 100 miles.
  await call(patchMe, { method: 'PATCH', token: t.driver, body: { zip_code: '76102', travel_distance: 100 } });
});

describe('POST /api/v1.0/jobs/{id}/apply', () => {
  it('answers 201 with the application, its distance from home and whether that is within range', async () => {
    const res = await apply(dallasJob, t.driver, { message: 'I can start Monday.' });
    expect(res.status).toBe(201);
    // The same fields as the driver's list shows: the job's title and company too (they were null).
    expect(res.json.data).toMatchObject({ job_id: dallasJob, job_title: 'Apply Dallas', company_name: 'Demo Freight Lines', message: 'I can start Monday.', status: 'Applied', within_range: true });
    expect(res.json.data.distance).toBeGreaterThan(25);
    expect(res.json.data.distance).toBeLessThan(40);
    const db = await getDb();
    const [row] = await db.select().from(applications).where(eq(applications.id, res.json.data.id));
    expect(row).toMatchObject({ stage: 'new', withinRange: true, notifiedAt: null });
    expect(await db.select().from(applicationStageEvents).where(eq(applicationStageEvents.applicationId, row.id))).toHaveLength(1);
  });

  it('a job beyond the travel distance is stored as out of range; no body is fine', async () => {
    const res = await call(applyPost, { token: t.driver, params: { id: String(renoJob) }, method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.json.data.within_range).toBe(false);
    expect(res.json.data.distance).toBeGreaterThan(1000);
  });

  it('a second application to the same job answers 409 and stores nothing', async () => {
    const res = await apply(dallasJob);
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toBe(ALREADY_APPLIED);
    const rows = await (await getDb()).select().from(applications).where(eq(applications.jobId, dallasJob));
    expect(rows).toHaveLength(1);
  });

  it('a job that is not open answers 409 with a clear message (unpaid, closed)', async () => {
    const draft = await apply(draftJob);
    expect(draft.status).toBe(409);
    expect(draft.json.errors[0].message).toBe(JOB_NOT_OPEN);
    const closing = await createJobAs(t.employer, { title: 'Apply Closed' });
    await publishPaidJob(await getDb(), closing);
    expect((await call(closePost, { token: t.employer, params: { id: String(closing) }, method: 'POST' })).status).toBe(200);
    expect((await apply(closing)).status).toBe(409);
  });

  it('an unknown job answers 404; a malformed id too', async () => {
    expect((await apply(999_999)).status).toBe(404);
    expect((await apply('abc')).status).toBe(404);
  });

  it('non-drivers answer 403, anonymous 401', async () => {
    for (const token of [t.employer, t.companyAdmin, t.admin, t.superAdmin, t.internal, t.news, t.rival]) {
      expect((await apply(dallasJob, token)).status).toBe(403);
    }
    expect((await call(applyPost, { params: { id: String(dallasJob) }, method: 'POST' })).status).toBe(401);
  });

  it('refuses a message over 1,000 characters and unknown fields', async () => {
    const other = await makeDriver('long@drivers.test');
    const res = await apply(dallasJob, other, { message: 'x'.repeat(1001) });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].message).toBe('The message must be at most 1,000 characters.');
    const unknown = await apply(dallasJob, other, { stage: 'hired' });
    // Named as the field at fault, as every other refusal is (it came with no field).
    expect([unknown.status, unknown.json.errors]).toEqual([422, [{ message: 'Unknown field: stage.', field: 'stage' }]]);
  });

  it('a message that is not text says so, not that it is too long', async () => {
    const other = await makeDriver('numeric@drivers.test');
    const count = async () => (await (await getDb()).select().from(applications).where(eq(applications.jobId, dallasJob))).length;
    const before = await count();
    for (const message of [5, true, ['hi'], { text: 'hi' }]) {
      const res = await apply(dallasJob, other, { message });
      expect([res.status, res.json.errors]).toEqual([422, [{ message: 'Message must be text.', field: 'message' }]]);
    }
    expect(await count()).toBe(before);
  });

  it('a driver without a home ZIP applies with no distance', async () => {
    const other = await makeDriver('nohome@drivers.test');
    const res = await apply(dallasJob, other);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ distance: null, within_range: null });
  });
});

describe('GET /api/v1.0/members/applications', () => {
  it("lists only the driver's own, newest first, with job, company, date and status", async () => {
    const res = await call(myApplications, { token: t.driver });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toMatchObject({ offset: 0, limit: 10, total: 2 });
    expect(res.json.data.map((a: { job_title: string }) => a.job_title)).toEqual(['Apply Reno', 'Apply Dallas']);
    expect(res.json.data[0]).toMatchObject({ company_name: expect.any(String), status: 'Applied', applied_at: expect.any(String) });
    const other = await tokenFor('nohome@drivers.test');
    const theirs = await call(myApplications, { token: other });
    expect(theirs.json.data.map((a: { job_id: number }) => a.job_id)).toEqual([dallasJob]);
  });

  it('a job closed since reads Closed, not Applied, and is marked no longer open', async () => {
    const job = await createJobAs(t.employer, { title: 'Apply Then Closed' });
    await publishPaidJob(await getDb(), job, new Date(), 'paid');
    const driver = await tokenFor('nohome@drivers.test');
    expect((await apply(job, driver)).status).toBe(201);
    const before = (await call(myApplications, { token: driver })).json.data.find((a: { job_id: number }) => a.job_id === job);
    expect(before).toMatchObject({ status: 'Applied', job_open: true });
    expect((await call(closePost, { token: t.employer, params: { id: String(job) }, body: {} })).status).toBe(200);
    const after = (await call(myApplications, { token: driver })).json.data.find((a: { job_id: number }) => a.job_id === job);
    expect(after).toMatchObject({ status: 'Closed', job_open: false });
  });

  it('pages with offset and limit and refuses a bad limit', async () => {
    const res = await call(myApplications, { token: t.driver, query: { offset: 1, limit: 1 } });
    expect(res.json.data).toHaveLength(1);
    expect(res.json.pagination.total).toBe(2);
    expect((await call(myApplications, { token: t.driver, query: { limit: 0 } })).status).toBe(422);
  });

  it('is for drivers only', async () => {
    expect((await call(myApplications, { token: t.employer })).status).toBe(403);
    expect((await call(myApplications, { token: t.admin })).status).toBe(403);
    expect((await call(myApplications)).status).toBe(401);
  });
});

describe('an application sent with an Idempotency-Key, then the account deleted', () => {
  it('leaves no copy of the answer (the message the driver wrote) once the account is deleted', async () => {
    const db = await getDb();
    const token = await makeDriver('idempotent-then-deleted@drivers.test');
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'idempotent-then-deleted@drivers.test'));
    const sent = await call(applyPost, {
      token,
      params: { id: String(dallasJob) },
      body: { message: 'Call me on 214 555 0101 after 5.' },
      headers: { 'idempotency-key': 'apply-once-1' },
    });
    expect(sent.status).toBe(201);
    expect((await call(deleteMe, { method: 'DELETE', token })).status).toBe(200);
    const kept = await db.select({ body: idempotencyKeys.body }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, me.id));
    expect(kept.map((k) => k.body ?? '').join('')).not.toContain('214 555 0101');
    expect(kept).toHaveLength(0);
  });
});
