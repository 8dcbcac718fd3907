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
});
