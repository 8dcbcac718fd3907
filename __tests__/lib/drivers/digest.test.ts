import { and, eq, inArray, isNull } from 'drizzle-orm';
import { POST as applyPost } from '@/app/api/v1.0/jobs/[id]/apply/route';
import { GET as jobGet } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as searchPost } from '@/app/api/v1.0/jobs/search/route';
import { getDb } from '@/lib/db/client';
import { applications, emailOutbox } from '@/lib/db/schema';
import { sendApplicantDigests } from '@/lib/drivers/digest';
import { publishPaidJob } from '@/lib/jobs/lifecycle';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from '../../api/jobs/helpers';
import { makeDriver } from '../../api/drivers/helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let jobId: number;
const apply = (token: string) => call(applyPost, { token, params: { id: String(jobId) }, method: 'POST' });
const digestMails = async () => (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.kind, 'new_applicants'));

beforeAll(async () => {
  await seed();
  t = await tokens();
  jobId = await createJobAs(t.employer, { title: 'Digest Dallas' });
  await publishPaidJob(await getDb(), jobId);
});

describe('applicant digest', () => {
  it('one mail per company user for the applications of the last hour, then none until an hour has passed', async () => {
    const db = await getDb();
    await db.delete(applications); // demo applications are not this test's
    expect((await apply(await makeDriver('dig1@drivers.test', { firstName: 'Ann', lastName: 'Able' }))).status).toBe(201);
    expect((await apply(await makeDriver('dig2@drivers.test', { firstName: 'Bob', lastName: 'Baker' }))).status).toBe(201);
    const now = new Date(Date.now() + 1000);
    const first = await sendApplicantDigests(db, now);
    expect(first.jobs).toBe(1);
    const mails = await digestMails();
    // Every active user of the demo company (employer and company admin at least) hears of it once.
    expect(mails.length).toBe(first.mails);
    expect(mails.map((m) => m.toAddress)).toEqual(expect.arrayContaining(['employer@demo.test', 'companyadmin@demo.test']));
    expect(mails[0].subject).toBe('2 new applicants for "Digest Dallas"');
    expect(mails[0].text).toContain('Ann A., Bob B.');
    expect(mails[0].text).toContain(`/company/jobs/${jobId}/applicants`);
    expect(await db.select().from(applications).where(and(eq(applications.jobId, jobId), isNull(applications.notifiedAt)))).toEqual([]);

    // A third application within the hour waits; the next tick after the hour sends it alone.
    expect((await apply(await makeDriver('dig3@drivers.test', { firstName: 'Cy', lastName: 'Cole' }))).status).toBe(201);
    expect(await sendApplicantDigests(db, new Date(now.getTime() + 30 * 60_000))).toEqual({ jobs: 0, mails: 0 });
    const later = await sendApplicantDigests(db, new Date(now.getTime() + 61 * 60_000));
    expect(later.jobs).toBe(1);
    const subjects = (await digestMails()).map((m) => m.subject);
    expect(subjects).toContain('A new applicant for "Digest Dallas"');
    // Nothing new: nothing sent.
    expect(await sendApplicantDigests(db, new Date(now.getTime() + 200 * 60_000))).toEqual({ jobs: 0, mails: 0 });
  });

  it('the job list and job detail count total and today applicants', async () => {
    const list = await call(searchPost, { token: t.employer, body: { query: 'Digest Dallas' } });
    expect(list.json.data[0]).toMatchObject({ total_applicants: 3, today_applicants: 3 });
    const detail = await call(jobGet, { token: t.employer, params: { id: String(jobId) } });
    expect(detail.json.data).toMatchObject({ total_applicants: 3, today_applicants: 3 });
  });

  it('works in batches of jobs, each job told once: a spent budget leaves the next jobs, untold, to the next tick', async () => {
    const db = await getDb();
    await db.delete(applications);
    const jobIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await createJobAs(t.employer, { title: `Digest Batch ${i}` });
      await publishPaidJob(db, id);
      jobIds.push(id);
    }
    for (const [i, id] of jobIds.entries()) {
      const token = await makeDriver(`batch${i}@drivers.test`, { firstName: 'Bea', lastName: `Batch${i}` });
      expect((await call(applyPost, { token, params: { id: String(id) }, method: 'POST' })).status).toBe(201);
    }
    const untold = async () => (await db.select({ jobId: applications.jobId }).from(applications).where(and(inArray(applications.jobId, jobIds), isNull(applications.notifiedAt)))).map((r) => r.jobId);
    const mailsOf = async (i: number) => (await digestMails()).filter((m) => m.subject.includes(`"Digest Batch ${i}"`)).length;
    const now = new Date(Date.now() + 1000);

    // One job a batch, the budget spent after the first: the first job is told, its mails queued
    // with it; the other two wait, untold and without mail.
    const first = await sendApplicantDigests(db, now, { size: 1, budgetMs: 0 });
    expect(first.jobs).toBe(1);
    expect(first.mails).toBeGreaterThan(0);
    expect(await untold()).toEqual(jobIds.slice(1));
    expect(await mailsOf(0)).toBe(first.mails);
    expect([await mailsOf(1), await mailsOf(2)]).toEqual([0, 0]);

    // The next tick goes on from there, and the first job is not told twice.
    const rest = await sendApplicantDigests(db, now, { size: 1 });
    expect(rest).toEqual({ jobs: 2, mails: 2 * first.mails });
    expect(await untold()).toEqual([]);
    expect([await mailsOf(0), await mailsOf(1), await mailsOf(2)]).toEqual([first.mails, first.mails, first.mails]);
  });
});
