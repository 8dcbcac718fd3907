/**
 * Path ids were parsed with Number(): `/jobs/0x1`, `/jobs/1e0`, `/jobs/%201` served job 1, and
 * `DELETE /news/channels/0x1` deactivated channel 1; ids past the integer column answered a vague
 * 400. Only plain digits name a row now (lib/api/route.ts); the rest is a 404 that changes nothing.
 */
import { GET as jobGet } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as applyPost } from '@/app/api/v1.0/jobs/[id]/apply/route';
import { GET as applicantGet } from '@/app/api/v1.0/jobs/[id]/applicants/[applicantId]/route';
import { GET as jobsGet } from '@/app/api/v1.0/jobs/route';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { GET as summaryGet } from '@/app/api/v1.0/payment/company/invoice/summary/route';
import { DELETE as channelDelete, GET as channelGet } from '@/app/api/v1.0/news/channels/[id]/route';
import { POST as channelPost } from '@/app/api/v1.0/news/channels/route';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { getDb } from '@/lib/db/client';
import { jobs } from '@/lib/db/schema';

let employer: string;
let news: string;
let jobId: number;
let channelId: number;
beforeAll(async () => {
  await seed();
  employer = await tokenFor('employer@demo.test');
  news = await tokenFor('newsadmin@demo.test');
  [{ id: jobId }] = await (await getDb()).select({ id: jobs.id }).from(jobs).limit(1);
  channelId = (await call(channelPost, { token: news, body: { name: 'Odd ids', channel_type: 'general' } })).json.data.id;
});

const oddForms = (id: number) => [`0x${id.toString(16)}`, `${id}e0`, ` ${id}`, `${id}.0`, `+${id}`, `0${id}`, `${id}\n`, '0', '-1', '3000000000'];

describe('a path id must be written as plain digits', () => {
  it('the canonical form still names the job', async () => {
    expect((await call(jobGet, { token: employer, params: { id: String(jobId) } })).status).toBe(200);
  });

  it('every other way of writing that same id → 404', async () => {
    for (const id of oddForms(jobId)) {
      const res = await call(jobGet, { token: employer, params: { id } });
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.json.errors[0].message).toBeTruthy();
    }
  });

  it('says which row it did not find, as the service says it for an id that is not there', async () => {
    const driver = await tokenFor('driver@demo.test');
    const apply = await call(applyPost, { token: driver, url: 'http://localhost:3000/api/v1.0/jobs/0/apply', params: { id: '0' }, body: {} });
    expect([apply.status, apply.json.errors[0].message]).toEqual([404, 'Job not found.']);
    const missing = await call(applyPost, { token: driver, url: 'http://localhost:3000/api/v1.0/jobs/2147483647/apply', params: { id: '2147483647' }, body: {} });
    expect(missing.json.errors[0].message).toBe('Job not found.');
    const url = `http://localhost:3000/api/v1.0/jobs/${jobId}/applicants/0x1`;
    const applicant = await call(applicantGet, { token: employer, url, params: { id: String(jobId), applicantId: '0x1' } });
    expect([applicant.status, applicant.json.errors[0].message]).toEqual([404, 'Applicant not found.']);
    const channel = await call(channelGet, { token: news, url: 'http://localhost:3000/api/v1.0/news/channels/01', params: { id: '01' } });
    expect(channel.json.errors[0].message).toBe('Channel not found.');
  });

  it('DELETE /news/channels/0x… does nothing to the channel it would have read as', async () => {
    const odd = `0x${channelId.toString(16)}`;
    expect((await call(channelDelete, { method: 'DELETE', token: news, params: { id: odd } })).status).toBe(404);
    const after = await call(channelGet, { token: news, params: { id: String(channelId) } });
    expect(after.status).toBe(200);
    expect(after.json.data.active).not.toBe(false);
  });
});

describe('an id past the id column in a query or a body', () => {
  it('is a 422 at its field, never the database\'s "Invalid value." (a 400 with no field)', async () => {
    const admin = await tokenFor('admin@demo.test');
    const list = await call(jobsGet, { token: admin, query: { company_id: '2147483648' } });
    expect([list.status, list.json.errors[0].field]).toEqual([422, 'company_id']);
    const summary = await call(summaryGet, { token: employer, query: { job_id: '3000000000' } });
    expect([summary.status, summary.json.errors[0].field]).toEqual([422, 'job_id']);
    const tag = await call(companyTagPost, { token: employer, body: { tag: 'x', company_id: 3000000000 } });
    expect([tag.status, tag.json.errors[0].field]).toEqual([422, 'company_id']);
    // The largest id is still an id (of no company or job here).
    expect((await call(jobsGet, { token: admin, query: { company_id: '2147483647' } })).status).toBe(200);
  });
});
