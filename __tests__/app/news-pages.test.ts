/**
 * What the news pages say, run as Next runs them with the session mocked: the channel table's
 * times in the portal's zone with the zone named (they were the server's UTC, unlabelled), no
 * publication date for a post waiting for its schedule, and "1 view" for one reader.
 */
import { eq } from 'drizzle-orm';
import type { ReactNode } from 'react';
import type { Actor } from '@/lib/auth/actor';
import { actorFromClaims } from '@/lib/auth/actor';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { newsPosts } from '@/lib/db/schema';
import { createChannel } from '@/lib/news/channels';
import { createPost } from '@/lib/news/posts';
import { tokenFor } from '../helpers/http';
import { seed } from '../helpers/seed';

let mockActor: Actor;
jest.mock('@/lib/auth/server', () => ({
  requireSession: async () => ({ actor: mockActor, user: { id: mockActor.userId, roles: mockActor.roles, companyId: mockActor.companyId } }),
  requireUser: async () => ({ id: mockActor.userId, roles: mockActor.roles, companyId: mockActor.companyId }),
}));

// Imported after the mock is in place.
import ChannelPostsPage from '@/app/(news)/news/channels/[id]/page';
import MembersPostPage from '@/app/(members)/members/news/[id]/page';
import MembersNewsPage from '@/app/(members)/members/news/page';
import { ChannelsPage } from '@/components/news/channels-page';
import { ChannelTable } from '@/components/news/channel-table';
import { Pager } from '@/components/news/search-form';
import { elements, texts } from '../helpers/element-tree';

async function signedInAs(email: string) {
  mockActor = (await actorFromClaims(await getDb(), (await verifyAccessToken(await tokenFor(email)))!))!;
  return mockActor;
}

const body = { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello drivers', format: 0 }] }] } };

beforeAll(() => seed());

describe('the news pages', () => {
  it("shows a post's schedule in the portal's zone with the zone named, and no publication date while it waits", async () => {
    const db = await getDb();
    const admin = await signedInAs('newsadmin@demo.test');
    const channel = await createChannel(db, admin, { name: 'Zones', channel_type: 'general' });
    // 14:00 UTC on a January day is 9 am in New York (EST).
    const p = await createPost(db, admin, channel.id, { title: 'Winter hours', body, scheduled_at: '2027-01-15T14:00:00.000Z' });
    // A post stored with an earlier publication (rescheduled before the fix) still shows none.
    await db.update(newsPosts).set({ publishedAt: new Date('2026-01-01T12:00:00Z') }).where(eq(newsPosts.id, p.id));
    const page = await ChannelPostsPage({ params: Promise.resolve({ id: String(channel.id) }), searchParams: Promise.resolve({}) });
    const row = elements(page).find((e) => e.type === 'tr' && texts(e.props.children as ReactNode).includes('Winter hours'));
    expect(row).toBeDefined();
    const cells = texts(row!.props.children as ReactNode);
    expect(cells).toContain('Jan 15, 2027, 9:00 AM EST');
    expect(cells).not.toContain('Jan 1, 2026, 7:00 AM EST');
    expect(cells.filter((c) => c === '—').length).toBeGreaterThanOrEqual(1);
  });

  it('says "1 view" for one reader and "2 views" for two', async () => {
    const db = await getDb();
    const admin = await signedInAs('newsadmin@demo.test');
    const channel = await createChannel(db, admin, { name: 'Views', channel_type: 'general' });
    const p = await createPost(db, admin, channel.id, { title: 'Counted', body, is_active: true });
    await signedInAs('driver@demo.test');
    const read = async () => texts(await MembersPostPage({ params: Promise.resolve({ id: String(p.id) }) }));
    expect(await read()).toContain('1 view');
    // Another reader's view (the same reader is counted once a day).
    await db.update(newsPosts).set({ views: 2 }).where(eq(newsPosts.id, p.id));
    expect(await read()).toContain('2 views');
  });

  // A list that has rows but not on this page (an old link, a hand-typed offset) or none matching the
  // search said it was empty: "No news yet" over published news, "No posts yet, write the first
  // post" in a channel with posts, "No channels yet, create the first channel" for a search that
  // matched none, with a pager reading "1001–3 of 3" and no way back to the rows.
  const titles = (page: ReactNode) => elements(page).map((e) => e.props.title).filter((t): t is string => typeof t === 'string');
  const backLinks = (page: ReactNode) =>
    elements(page)
      .flatMap((e) => [e, ...elements(e.props.action as ReactNode)])
      .filter((e) => typeof e.props.href === 'string' && texts(e.props.children as ReactNode).concat([e.props.children].flat() as string[]).includes('Back to the first page'));
  // The pager, as it renders: nothing past the last page (it read "1001–1 of 1").
  const pagerOf = (page: ReactNode) => {
    const pager = elements(page).find((e) => e.type === Pager);
    return pager ? Pager(pager.props as Parameters<typeof Pager>[0]) : null;
  };

  it("says a page past the last post is past it, not that there is no news, in the drivers' news and in a channel", async () => {
    const db = await getDb();
    const admin = await signedInAs('newsadmin@demo.test');
    const channel = await createChannel(db, admin, { name: 'Paged', channel_type: 'general' });
    await createPost(db, admin, channel.id, { title: 'On page one', body, is_active: true });

    const inChannel = await ChannelPostsPage({ params: Promise.resolve({ id: String(channel.id) }), searchParams: Promise.resolve({ offset: '1000' }) });
    expect(titles(inChannel)).not.toContain('No posts yet');
    expect(titles(inChannel)).toContain('No posts on this page');
    expect(backLinks(inChannel).map((e) => e.props.href)).toEqual([`/news/channels/${channel.id}`]);
    expect(pagerOf(inChannel)).toBeNull();

    await signedInAs('driver@demo.test');
    const feed = await MembersNewsPage({ searchParams: Promise.resolve({ offset: '1000' }) });
    expect(titles(feed)).not.toContain('No news yet');
    expect(titles(feed)).toContain('No posts on this page');
    expect(backLinks(feed).map((e) => e.props.href)).toEqual(['/members/news']);
    expect(pagerOf(feed)).toBeNull();
    // With more rows than a page, past the last one: no "1001–25 of 25" and no Previous into emptiness.
    expect(Pager({ offset: 1000, limit: 10, total: 25, href: String })).toBeNull();
  });

  it('says a channel search that matched nothing matched nothing, not that there are no channels to create', async () => {
    const db = await getDb();
    const admin = await signedInAs('newsadmin@demo.test');
    await createChannel(db, admin, { name: 'Searchable', channel_type: 'general' });
    const page = await ChannelsPage({ path: '/news', searchParams: Promise.resolve({ q: 'zzqx-no-such-channel' }), subtitle: '' });
    const table = elements(page).find((e) => e.type === ChannelTable);
    expect(table).toBeUndefined();
    expect(titles(page)).toContain('No channel matches this search');

    const past = await ChannelsPage({ path: '/news', searchParams: Promise.resolve({ offset: '1000' }), subtitle: '' });
    expect(elements(past).find((e) => e.type === ChannelTable)).toBeUndefined();
    expect(titles(past)).toContain('No channels on this page');
    expect(backLinks(past).map((e) => e.props.href)).toEqual(['/news']);
  });
});
