import { eq } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { PATCH as patchJob } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as closeJobRoute } from '@/app/api/v1.0/jobs/[id]/close/route';
import { PATCH as patchAddresses } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { PATCH as suspendRoute } from '@/app/api/v1.0/admin/jobs/[id]/suspend/route';
import { POST as chargePost } from '@/app/api/v1.0/payment/company/invoice/charge/route';
import { PATCH as companyPatch } from '@/app/api/v1.0/companies/[id]/route';
import { DELETE as logoDelete } from '@/app/api/v1.0/companies/[id]/logo/route';
import { POST as createChannelRoute } from '@/app/api/v1.0/news/channels/route';
import { PUT as updateChannelRoute } from '@/app/api/v1.0/news/channels/[id]/route';
import { POST as createPostRoute } from '@/app/api/v1.0/news/channels/[id]/posts/route';
import { DELETE as cancelPostRoute } from '@/app/api/v1.0/news/channels/posts/[id]/route';
import { DELETE as deleteMe } from '@/app/api/v1.0/members/me/route';
import { ROLES } from '@/lib/access';
import { getDb } from '@/lib/db/client';
import { jobAddresses, jobs, newsPosts } from '@/lib/db/schema';
import { addDays, expireJobs } from '@/lib/jobs/lifecycle';
import { publishDuePosts } from '@/lib/news/posts';
import { setChargeDefaults } from '@/lib/payments/charge';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { CARDS, cardToken, companyIdOf, makeJob } from '../../api/payment/fixtures';
import { PASSWORD, makeUser } from '../../api/accounts/helpers';

/**
 * Issue 16: the public job page, the public news post and the sitemap are served from Next's cache,
 * so every write that changes what they show must expire their tags (lib/cache/tags.ts). Next's
 * revalidateTag is replaced by a recorder; everything else is real (route handlers, services, PGlite).
 */
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidateTag: jest.fn() }));
const recorded = revalidateTag as jest.MockedFunction<typeof revalidateTag>;
const tags = () => recorded.mock.calls.map(([tag]) => tag);

let employer: string;
let admin: string;
let newsAdmin: string;
let contributor: string;

beforeAll(async () => {
  await seed();
  [employer, admin, newsAdmin, contributor] = await Promise.all(['employer@demo.test', 'admin@demo.test', 'newsadmin@demo.test', 'contributor@demo.test'].map((e) => tokenFor(e)));
  setChargeDefaults({ sleep: async () => undefined });
});
afterAll(() => setChargeDefaults(undefined));
beforeEach(() => recorded.mockClear());

/** A job paid by card through the API: live and on its public page. */
async function liveJob() {
  const job = await makeJob({ email: 'employer@demo.test' });
  const res = await call(chargePost, { token: employer, body: { secret_token: job.jobsPostToken, action_type: 'new job', card_token: await cardToken(CARDS.approve) } });
  expect(res.status).toBe(200);
  return job.id;
}

/** A job's addresses as the addresses call takes them. */
async function addressesOf(id: number) {
  const rows = await (await getDb()).select().from(jobAddresses).where(eq(jobAddresses.jobId, id));
  return rows.map((a) => ({ street1: a.street1, city: a.city, state: a.state, postal_code: a.postalCode }));
}

describe('job writes expire the job page and the sitemap', () => {
  it('paying for a job (it goes live) expires job:{id} and sitemap, immediately ({ expire: 0 })', async () => {
    const id = await liveJob();
    expect(tags()).toEqual(expect.arrayContaining([`job:${id}`, 'sitemap']));
    for (const [, profile] of recorded.mock.calls) expect(profile).toEqual({ expire: 0 });
  });

  it('renaming it through the API, changing its addresses, closing it and suspending it each expire job:{id}', async () => {
    const id = await liveJob();
    const params = { id: String(id) };
    const steps: [string, () => Promise<{ status: number }>][] = [
      ['rename', () => call(patchJob, { method: 'PATCH', token: employer, params, body: { title: 'Renamed Driver Job' } })],
      // A live job keeps its paid address while another is added (lib/jobs/services.ts, KEEP_A_PAID_ADDRESS).
      ['addresses', async () => call(patchAddresses, { method: 'PATCH', token: employer, params, body: { addresses: [...(await addressesOf(id)), { city: 'Austin', state: 'TX', postal_code: '78701' }] } })],
      ['suspend', () => call(suspendRoute, { method: 'PATCH', token: admin, params, body: { suspended: true } })],
      ['close', () => call(closeJobRoute, { token: employer, params })],
    ];
    for (const [name, step] of steps) {
      recorded.mockClear();
      expect((await step()).status).toBe(200);
      expect({ name, tags: tags() }).toEqual({ name, tags: expect.arrayContaining([`job:${id}`, 'sitemap']) });
    }
  });

  it('a refused change (another company) expires nothing', async () => {
    const id = await liveJob();
    recorded.mockClear();
    const other = await tokenFor('driver@demo.test');
    expect((await call(patchJob, { method: 'PATCH', token: other, params: { id: String(id) }, body: { title: 'Nope' } })).status).toBeGreaterThanOrEqual(400);
    expect(tags()).toEqual([]);
  });

  it('the tick expiring jobs expires each of their pages', async () => {
    const id = await liveJob();
    recorded.mockClear();
    const db = await getDb();
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    const expired = await expireJobs(db, addDays(row.expirationDate!, 1));
    expect(expired).toContain(id);
    expect(tags()).toEqual(expect.arrayContaining([...expired.map((j) => `job:${j}`), 'sitemap']));
  });
});

describe('company writes expire every page of its jobs (company:{id})', () => {
  it('a rename and a logo removal; a change of size alone does not', async () => {
    const { companyId } = await companyIdOf('companyadmin@demo.test');
    const owner = await tokenFor('companyadmin@demo.test');
    const params = { id: String(companyId) };
    expect((await call(companyPatch, { method: 'PATCH', token: owner, params, body: { size: '21-50' } })).status).toBe(200);
    expect(tags()).toEqual([]);
    expect((await call(companyPatch, { method: 'PATCH', token: owner, params, body: { company_name: 'Demo Freight Lines LLC' } })).status).toBe(200);
    expect(tags()).toEqual([`company:${companyId}`]);
    recorded.mockClear();
    expect((await call(logoDelete, { method: 'DELETE', token: owner, params })).status).toBeLessThan(300);
    expect(tags()).toEqual([`company:${companyId}`]);
  });
});

describe('news writes expire the post page and the sitemap', () => {
  const body = { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello drivers', format: 0 }] }] } };

  it('publishing, cancelling, the tick publishing a scheduled post, and a channel change', async () => {
    const channel = await call(createChannelRoute, { token: newsAdmin, body: { name: 'Cache news', channel_type: 'general' } });
    expect(channel.status).toBe(201);
    const channelId = channel.json.data.id as number;
    recorded.mockClear();

    const created = await call(createPostRoute, { token: contributor, params: { id: String(channelId) }, body: { title: 'Fuel prices drop', body } });
    expect(created.status).toBe(201);
    const postId = created.json.data.id as number;
    expect(tags()).toEqual([`post:${postId}`, 'sitemap']);

    recorded.mockClear();
    expect((await call(cancelPostRoute, { method: 'DELETE', token: contributor, params: { id: String(postId) } })).status).toBe(200);
    expect(tags()).toEqual([`post:${postId}`, 'sitemap']);

    const db = await getDb();
    const scheduled = await call(createPostRoute, { token: contributor, params: { id: String(channelId) }, body: { title: 'Later', body, scheduled_at: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(scheduled.status).toBe(201);
    const laterId = scheduled.json.data.id as number;
    recorded.mockClear();
    expect(await publishDuePosts(db, new Date(Date.now() + 7_200_000))).toEqual({ published: 1 });
    expect(tags()).toEqual([`post:${laterId}`, 'sitemap']);
    const [row] = await db.select().from(newsPosts).where(eq(newsPosts.id, laterId));
    expect(row.status).toBe('POSTED');

    recorded.mockClear();
    expect((await call(updateChannelRoute, { method: 'PUT', token: newsAdmin, params: { id: String(channelId) }, body: { name: 'Cache news 2' } })).status).toBe(200);
    expect(tags()).toEqual(['news', 'sitemap']);
  });

  it("an author deleting their account expires their posts' pages, which name them (schema.org author too)", async () => {
    const channel = await call(createChannelRoute, { token: newsAdmin, body: { name: 'Leaving authors', channel_type: 'general' } });
    const author = await makeUser({ role: ROLES.NEWS_CONTRIBUTOR });
    const token = await tokenFor(author.email, PASSWORD);
    const created = await call(createPostRoute, { token, params: { id: String(channel.json.data.id) }, body: { title: 'Written, then erased', body } });
    expect(created.status).toBe(201);
    recorded.mockClear();
    expect((await call(deleteMe, { method: 'DELETE', token })).status).toBe(200);
    expect(tags()).toEqual(expect.arrayContaining([`post:${created.json.data.id}`]));
  });
});
