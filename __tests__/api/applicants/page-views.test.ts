/**
 * The job page's view counter cannot be inflated by a script: the visitor cookie is the client's to
 * send, so anonymous views are counted at most 20 times a day per address and job.
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { jobViews } from '@/lib/db/schema';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from '../jobs/helpers';

let mockCookies: { name: string; value: string }[] = [];
let mockHeaders = new Headers();
jest.mock('next/headers', () => ({
  cookies: async () => ({ getAll: () => mockCookies, get: (n: string) => mockCookies.find((c) => c.name === n) }),
  headers: async () => mockHeaders,
}));
jest.mock('@/lib/auth/server', () => ({ getSessionUser: async () => null }));

// Imported after the mocks are in place.
import { recordPageView } from '@/lib/applications/page-view';

let jobId: number;

beforeAll(async () => {
  await seed();
  jobId = await createJobAs((await tokens()).employer);
});

const viewsOf = async (id: number) => (await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from job_views where job_id = ${id}`))[0].n;

it('counts a new visitor cookie from one address at most 20 times a day per job; the same address still counts for another job', async () => {
  mockHeaders = new Headers({ 'user-agent': 'script/1.0' });
  for (let i = 0; i < 30; i++) {
    mockCookies = [{ name: 'tna_vid', value: `forged-${i}` }];
    await recordPageView(jobId, 'public');
  }
  expect(await viewsOf(jobId)).toBe(20);
  // The limit is per address and job.
  const other = await createJobAs((await tokens()).employer);
  mockCookies = [{ name: 'tna_vid', value: 'someone' }];
  await recordPageView(other, 'public');
  expect(await viewsOf(other)).toBe(1);
  await (await getDb()).delete(jobViews).where(eq(jobViews.jobId, jobId));
});
