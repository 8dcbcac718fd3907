/**
 * A NUL in a page's address (`/members/jobs?q=%00abc`, `/news?q=%00x`) answered 500: the API
 * refuses it at its boundary (lib/api/input-guard.ts), but a server-rendered page reads its
 * searchParams itself, and PostgreSQL refuses NUL in a text parameter ("invalid byte sequence for
 * encoding UTF8: 0x00"). Each page that puts a search parameter into a query is run here, as Next
 * runs it, with the session mocked: it renders, and says what the API says where it shows a
 * parameter's problem. The drivers' job search past its last page is checked here too.
 */
import type { Actor } from '@/lib/auth/actor';
import { actorFromClaims } from '@/lib/auth/actor';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { NUL_MESSAGE } from '@/lib/api/input-guard';
import { tokenFor } from '../helpers/http';
import { seed } from '../helpers/seed';

let mockActor: Actor;
jest.mock('@/lib/auth/server', () => ({
  requireSession: async () => ({ actor: mockActor, user: { id: mockActor.userId, roles: mockActor.roles, companyId: mockActor.companyId } }),
  requireUser: async () => ({ id: mockActor.userId, roles: mockActor.roles, companyId: mockActor.companyId }),
}));

// Imported after the mock is in place.
import MembersJobsPage from '@/app/(members)/members/jobs/page';
import ApplicantsPage from '@/app/(admin)/admin/user-management/applicants/page';
import ManageAdsPage from '@/app/(ads)/ads/manage/page';
import JobsPage from '@/app/(company)/company/jobs/page';
import { ChannelsPage } from '@/components/news/channels-page';
import { JobList } from '@/components/jobs/list/job-list';
import { elements, texts } from '../helpers/element-tree';

type Search = Record<string, string | string[] | undefined>;

async function signedInAs(email: string) {
  mockActor = (await actorFromClaims(await getDb(), (await verifyAccessToken(await tokenFor(email)))!))!;
}


beforeAll(() => seed());

describe('a NUL in a page’s search parameters', () => {
  it.each<[string, Search]>([
    ['leading', { q: '\u0000abc' }],
    ['trailing', { q: 'a\u0000' }],
    ['in a filter', { job_type: '\u0000' }],
    ['in the first of a repeated parameter', { q: ['\u0000x', 'y'] }],
  ])('the drivers’ job search renders and says what the API says (%s)', async (_, search) => {
    await signedInAs('driver@demo.test');
    const page = await MembersJobsPage({ searchParams: Promise.resolve(search) });
    expect(texts(page)).toContain(NUL_MESSAGE);
  });

  it('the news channels index (/news, /admin/channels) renders, as if nothing was searched', async () => {
    await signedInAs('newsadmin@demo.test');
    const page = await ChannelsPage({ path: '/news', searchParams: Promise.resolve({ q: '\u0000x' }), subtitle: '' });
    const form = elements(page).find((e) => 'q' in e.props);
    expect(form?.props.q).toBe('');
  });

  it('the admins’ applicants list renders, as if nothing was searched', async () => {
    await signedInAs('admin@demo.test');
    const page = await ApplicantsPage({ searchParams: Promise.resolve({ q: 'a\u0000' }) });
    expect(elements(page).find((e) => e.props.name === 'q')?.props.defaultValue).toBe('');
  });

  it('the ads grid renders, as if nothing was searched', async () => {
    await signedInAs('adsadmin@demo.test');
    const page = await ManageAdsPage({ searchParams: Promise.resolve({ q: '\u0000x', status: '\u0000', sort: '\u0000', dir: '\u0000' }) });
    expect(elements(page).find((e) => e.props.name === 'q')?.props.defaultValue).toBe('');
  });

  it('the posted jobs list reads its first page (not a failed prefetch), as if nothing was searched', async () => {
    await signedInAs('companyadmin@demo.test');
    const page = await JobsPage({ searchParams: Promise.resolve({ q: '\u0000x' }) });
    const list = elements(page).find((e) => e.type === JobList);
    expect(list?.props.initialData).toBeDefined();
    expect((list?.props.initialParams as { query: string }).query).toBe('');
  });
});

describe('an offset past the last result', () => {
  it('the drivers’ job search says the page is past the end and links back to the first page, not "No jobs match"', async () => {
    await signedInAs('driver@demo.test');
    const page = await MembersJobsPage({ searchParams: Promise.resolve({ offset: '999990', job_type: 'tanker' }) });
    const titles = elements(page).map((e) => e.props.title);
    expect(titles).toContain('This page is past the last result');
    expect(titles).not.toContain('No jobs match your search');
    const back = elements(page).find((e) => [e.props.children].flat().includes('Back to the first page'));
    expect(back?.props.href).toBe('/members/jobs?job_type=tanker');
  });
});
