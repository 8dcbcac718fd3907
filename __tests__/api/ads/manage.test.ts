import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { DELETE as mediaDelete } from '@/app/api/v1.0/ads/multimedia/delete/[file]/route';
import { GET as mediaGet } from '@/app/api/v1.0/ads/media/[file]/route';
import { POST as createPost } from '@/app/api/v1.0/ads/route';
import { DELETE as adDelete, GET as adGet, PATCH as adPatch } from '@/app/api/v1.0/ads/[id]/route';
import { POST as searchPost } from '@/app/api/v1.0/ads/search/route';
import { GET as settingsGet, PATCH as settingsPatch } from '@/app/api/v1.0/ads/settings/route';
import { purgeUnusedAdMedia } from '@/lib/ads/media';
import { getDb } from '@/lib/db/client';
import { ads, auditLog } from '@/lib/db/schema';
import { storage } from '@/lib/storage';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';
import { MP4, adPayload, adTokens, createAdAs, png, upload, uploadImage, type AdTokens } from './helpers';

let t: AdTokens;
withTempStorage('ads');
beforeAll(async () => {
  await seed();
  t = await adTokens();
});

const patch = (id: number, body: Record<string, unknown>, token = t.ads) => call(adPatch, { method: 'PATCH', token, params: { id: String(id) }, body });
const search = (body: Record<string, unknown>, query: Record<string, number> = {}, token = t.ads) => call(searchPost, { token, body, query });

describe('ads roles', () => {
  it('lets ads admins, admins and super admins in, and refuses everyone else (403) and anonymous callers (401)', async () => {
    for (const token of [t.ads, t.admin, t.superAdmin]) expect((await search({}, {}, token)).status).toBe(200);
    for (const token of [t.driver, t.employer, t.companyAdmin, t.internal, t.news]) {
      expect((await search({}, {}, token)).status).toBe(403);
      expect((await call(createPost, { token, body: adPayload() })).status).toBe(403);
      expect((await call(settingsGet, { token })).status).toBe(403);
      expect((await upload(token, { stage: 'simple', extension: 'png', file: Buffer.from('x') })).status).toBe(403);
    }
    expect((await call(searchPost, { body: {} })).status).toBe(401);
  });
});

describe('ad media', () => {
  it('crops and resizes an uploaded image to 587x226 on the server and serves it', async () => {
    const res = await upload(t.ads, { stage: 'simple', extension: 'png', file: await png(1200, 800) });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ media_type: 'image', width: 587, height: 226 });
    expect(res.json.data.url).toBe(`/api/v1.0/ads/media/${res.json.data.id}`);
    const file = res.json.data.id;
    const served = await mediaGet(new NextRequest(`http://localhost/api/v1.0/ads/media/${file}`), { params: Promise.resolve({ file }) });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 587, 226]);
  });

  it('refuses files that are not images or videos, whatever their name says', async () => {
    const fake = await upload(t.ads, { stage: 'simple', extension: 'png', file: Buffer.from('not an image at all') });
    expect([fake.status, fake.json.errors]).toEqual([422, [{ message: 'Images must be png, jpeg, webp or gif.', field: 'file' }]]);
    const exe = await upload(t.ads, { stage: 'simple', extension: 'exe', file: MP4 });
    // The form takes images and videos alike: the message names both.
    const allowed = 'Choose a png, jpeg, webp or gif image, or an mp4 or webm video.';
    expect([exe.status, exe.json.errors]).toEqual([422, [{ message: allowed, field: 'extension' }]]);
    const svg = await upload(t.ads, { stage: 'simple', extension: 'svg', file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    expect([svg.status, svg.json.errors]).toEqual([422, [{ message: allowed, field: 'extension' }]]);
    expect((await upload(t.ads, { stage: 'start', extension: 'svg' })).json.errors).toEqual([{ message: allowed, field: 'extension' }]);
    const chunkedImage = await upload(t.ads, { stage: 'start', extension: 'png' });
    expect(chunkedImage.status).toBe(422);
  });

  it('takes a video in chunks (start, chunk, finish) like job videos', async () => {
    const upload_id = (await upload(t.ads, { stage: 'start', extension: 'mp4' })).json.data.upload_id;
    await upload(t.ads, { stage: 'chunk', upload_id, part_number: '1', file: MP4.subarray(0, 100) });
    await upload(t.ads, { stage: 'chunk', upload_id, part_number: '2', file: MP4.subarray(100) });
    const done = await upload(t.ads, { stage: 'finish', upload_id, parts: '[1,2]' });
    expect(done.status).toBe(200);
    expect(done.json.data).toMatchObject({ media_type: 'video', id: expect.stringMatching(/^[a-f0-9]{24}\.mp4$/) });
    const ranged = await call(mediaGet, { params: { file: done.json.data.id }, headers: { range: 'bytes=4-11' } });
    expect([ranged.status, ranged.text]).toEqual([206, 'ftypisom']);
  });

  it('deletes unused media, and refuses (409) media an ad shows', async () => {
    const used = await uploadImage(t.ads);
    await createAdAs(t.ads, { media_id: used });
    const del = (file: string) => call(mediaDelete, { method: 'DELETE', token: t.ads, params: { file } });
    expect((await del(used)).status).toBe(409);
    const unused = await uploadImage(t.ads);
    expect((await del(unused)).status).toBe(200);
    expect((await call(mediaGet, { params: { file: unused } })).status).toBe(404);
    expect((await del('../../etc/passwd')).status).toBe(404);
  });

  /**
   * Runs `save` with a DELETE of `media` sent the moment the save has found the file, and answers
   * both. The delete gets half a second to finish (as it did when nothing ordered the two) or to
   * wait for the save.
   */
  async function deleteWhileSaving(media: string, save: () => ReturnType<typeof call>) {
    const driver = storage();
    const stat = driver.stat.bind(driver);
    let deleting: ReturnType<typeof call> | undefined;
    const spy = jest.spyOn(driver, 'stat').mockImplementationOnce(async (key) => {
      const found = await stat(key);
      deleting = call(mediaDelete, { method: 'DELETE', token: t.ads, params: { file: media } });
      await Promise.race([deleting, new Promise((r) => setTimeout(r, 500))]);
      return found;
    });
    const saved = await save();
    spy.mockRestore();
    return { saved: saved.status, deleted: (await deleting)?.status, served: (await call(mediaGet, { params: { file: media } })).status };
  }

  it('never saves an active ad naming media deleted at the same moment: the delete waits and is refused (409)', async () => {
    const created = await uploadImage(t.ads);
    expect(await deleteWhileSaving(created, () => call(createPost, { token: t.ads, body: adPayload({ media_id: created, status: 'active' }) }))).toEqual({ saved: 201, deleted: 409, served: 200 });

    const draft = await createAdAs(t.ads);
    const patched = await uploadImage(t.ads);
    expect(await deleteWhileSaving(patched, () => patch(draft.id, { media_id: patched, status: 'active' }))).toEqual({ saved: 200, deleted: 409, served: 200 });
  });
});

describe('unused ad media', () => {
  it('is removed by the tick once a day has passed, while media an ad shows stays', async () => {
    const shown = await uploadImage(t.ads);
    await createAdAs(t.ads, { media_id: shown });
    const replaced = await uploadImage(t.ads);
    const fresh = await uploadImage(t.ads);
    const served = async (file: string) => (await call(mediaGet, { params: { file } })).status;
    const db = await getDb();
    // Within the day an open form may still save it: nothing goes.
    await purgeUnusedAdMedia(db, new Date());
    expect([await served(shown), await served(replaced), await served(fresh)]).toEqual([200, 200, 200]);
    const report = await purgeUnusedAdMedia(db, new Date(Date.now() + 25 * 3600_000));
    expect(report.removed).toBeGreaterThanOrEqual(2);
    expect([await served(shown), await served(replaced), await served(fresh)]).toEqual([200, 404, 404]);
  });
});

describe('ads', () => {
  it('creates an ad with snake_case fields and reads it back', async () => {
    const media = await uploadImage(t.ads);
    const res = await call(createPost, { token: t.ads, body: adPayload({ media_id: media, states: ['TX', 'OK', 'TX'], placements: ['members_home', 'job_search'], weight: 5, ends_at: '2099-01-31' }) });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      name: 'Spring tire sale',
      advertiser: 'Roadway Tires',
      media_id: media,
      media_type: 'image',
      media_url: `/api/v1.0/ads/media/${media}`,
      placements: ['members_home', 'job_search'],
      states: ['TX', 'OK'],
      ends_at: '2099-01-31T00:00:00.000Z',
      status: 'draft',
      weight: 5,
      impressions: 0,
      clicks: 0,
      ctr: 0,
    });
    const got = await call(adGet, { token: t.ads, params: { id: String(res.json.data.id) } });
    expect(got.json.data).toEqual(res.json.data);
    expect((await call(adGet, { token: t.ads, params: { id: '999999' } })).status).toBe(404);
  });

  it('refuses a bad ad with clear messages and stores nothing', async () => {
    const before = (await search({})).json.pagination.total;
    const bad = async (overrides: Record<string, unknown>) => (await call(createPost, { token: t.ads, body: adPayload(overrides) })).json.errors;
    expect(await bad({ target_url: 'javascript:alert(1)' })).toEqual([{ message: 'Enter a valid URL starting with http:// or https://', field: 'target_url' }]);
    expect(await bad({ placements: [] })).toEqual([{ message: 'Choose at least one placement', field: 'placements' }]);
    expect(await bad({ ends_at: '2000-01-01' })).toEqual([{ message: 'The end date must be after the start date', field: 'ends_at' }]);
    expect(await bad({ weight: 0 })).toEqual([{ message: 'Enter a weight from 1 to 100', field: 'weight' }]);
    expect(await bad({ status: 'active' })).toEqual([{ message: 'Upload an image or a video for the ad', field: 'media_id' }]);
    expect(await bad({ media_id: 'abcdefabcdefabcdefabcdef.webp' })).toEqual([{ message: 'Upload the ad media again', field: 'media_id' }]);
    expect((await search({})).json.pagination.total).toBe(before);
  });

  it('pauses and resumes an ad, refuses to activate one whose end date has passed, and audits status changes', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    expect((await patch(ad.id, { status: 'paused' })).json.data.status).toBe('paused');
    expect((await patch(ad.id, { status: 'active' })).json.data.status).toBe('active');
    const ended = await patch(ad.id, { starts_at: '2020-01-01', ends_at: '2020-02-01' });
    expect(ended.json.errors).toEqual([{ message: 'The end date has passed: choose a later end date to activate the ad.', field: 'ends_at' }]);
    const db = await getDb();
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(ad.id)))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['ad.create', 'ad.pause', 'ad.resume']));
  });

  it('allows only the documented status changes, says which are allowed, and changes nothing on refusal', async () => {
    const media = await uploadImage(t.ads);
    const active = await createAdAs(t.ads, { media_id: media, status: 'active', headline: 'Before' });
    const refused = async (id: number, body: Record<string, unknown>, message: string) => {
      const before = (await call(adGet, { token: t.ads, params: { id: String(id) } })).json.data;
      const res = await patch(id, body);
      expect([res.status, res.json.errors]).toEqual([422, [{ message, field: 'status' }]]);
      expect((await call(adGet, { token: t.ads, params: { id: String(id) } })).json.data).toEqual(before);
    };
    const ACTIVE = 'An active ad can be paused or ended.';
    const PAUSED = 'A paused ad can be resumed (active) or ended.';
    const DRAFT = 'A draft can be activated (or deleted).';
    const ENDED = 'An ended ad stays ended: create a new ad to run it again.';
    await refused(active.id, { status: 'draft', headline: 'After' }, ACTIVE);
    // The same status again is no change: other fields are saved.
    expect((await patch(active.id, { status: 'active', headline: 'After' })).json.data).toMatchObject({ status: 'active', headline: 'After' });
    expect((await patch(active.id, { status: 'paused' })).json.data.status).toBe('paused');
    await refused(active.id, { status: 'draft' }, PAUSED);
    expect((await patch(active.id, { status: 'ended' })).json.data.status).toBe('ended');
    await refused(active.id, { status: 'active' }, ENDED);
    await refused(active.id, { status: 'paused', ends_at: '2099-01-01' }, ENDED);
    await refused(active.id, { status: 'draft' }, ENDED);
    // An ended ad's other fields can still be edited.
    expect((await patch(active.id, { status: 'ended', name: 'Renamed' })).json.data).toMatchObject({ status: 'ended', name: 'Renamed' });

    const draft = await createAdAs(t.ads, { media_id: await uploadImage(t.ads) });
    await refused(draft.id, { status: 'paused' }, DRAFT);
    await refused(draft.id, { status: 'ended' }, DRAFT);
    expect((await patch(draft.id, { status: 'active' })).json.data.status).toBe('active');
    expect((await patch(draft.id, { status: 'ended' })).json.data.status).toBe('ended');
  });

  it('takes drivers and employers, and wants a placement the audience sees (422 on placements, saying which to add)', async () => {
    const EMPLOYERS = 'An ad for employers needs a placement employers see: add Company Portal: job detail.';
    const DRIVERS = 'An ad for drivers needs a placement drivers see: add Drivers Portal home, News feed or Job search results.';
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await call(createPost, { token: t.ads, body: adPayload(body) });
      expect([res.status, res.json.errors]).toEqual([422, [{ message, field: 'placements' }]]);
    };
    await refused({ audience: 'employers' }, EMPLOYERS);
    await refused({ audience: 'employers', placements: ['members_home', 'news_feed', 'job_search'] }, EMPLOYERS);
    await refused({ placements: ['company_job_detail'] }, DRIVERS);
    await refused({ audience: undefined, placements: ['company_job_detail'] }, DRIVERS);
    const unknown = await call(createPost, { token: t.ads, body: adPayload({ audience: 'everyone' }) });
    expect([unknown.status, unknown.json.errors]).toEqual([422, [{ message: 'Choose an audience: drivers or employers', field: 'audience' }]]);
    // No audience: drivers.
    const drivers = await createAdAs(t.ads, { audience: undefined, placements: ['job_search'] });
    expect((await call(adGet, { token: t.ads, params: { id: String(drivers.id) } })).json.data).toMatchObject({ audience: 'drivers', placements: ['job_search'] });
    const employers = await createAdAs(t.ads, { audience: 'employers', placements: ['company_job_detail'] });
    expect((await call(adGet, { token: t.ads, params: { id: String(employers.id) } })).json.data).toMatchObject({ audience: 'employers', placements: ['company_job_detail'] });

    // A PATCH may send either field alone: the other is the stored one. A refusal saves nothing.
    const unchanged = async (id: number, body: Record<string, unknown>, message: string) => {
      const before = (await call(adGet, { token: t.ads, params: { id: String(id) } })).json.data;
      const res = await patch(id, body);
      expect([res.status, res.json.errors]).toEqual([422, [{ message, field: 'placements' }]]);
      expect((await call(adGet, { token: t.ads, params: { id: String(id) } })).json.data).toEqual(before);
    };
    await unchanged(drivers.id, { audience: 'employers', name: 'Renamed' }, EMPLOYERS);
    await unchanged(drivers.id, { placements: ['company_job_detail'] }, DRIVERS);
    await unchanged(employers.id, { placements: ['members_home'] }, EMPLOYERS);
    await unchanged(employers.id, { audience: 'drivers' }, DRIVERS);
    expect((await patch(drivers.id, { audience: 'employers', placements: ['company_job_detail', 'job_search'] })).json.data).toMatchObject({ audience: 'employers', placements: ['company_job_detail', 'job_search'] });
    expect((await patch(drivers.id, { audience: 'drivers' })).json.data).toMatchObject({ audience: 'drivers', placements: ['company_job_detail', 'job_search'] });

    // The grid filters on the new placement and on the audience.
    const onCompany = await search({ filters: [{ field: 'placement', operator: 'eq', value: 'company_job_detail' }, { field: 'audience', operator: 'eq', value: 'Employers' }] });
    expect(onCompany.json.data.map((a: { id: number }) => a.id)).toEqual([employers.id]);
  });

  it('checks an older ad that reaches no one when it changes or goes live, not when it is only renamed or paused', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    // As stored before the rule (an employers' ad on a Drivers Portal placement only).
    await (await getDb()).update(ads).set({ audience: 'employers' }).where(eq(ads.id, ad.id));
    expect((await patch(ad.id, { name: 'Old employers ad' })).status).toBe(200);
    expect((await patch(ad.id, { status: 'paused' })).json.data.status).toBe('paused');
    const resumed = await patch(ad.id, { status: 'active' });
    expect([resumed.status, resumed.json.errors]).toEqual([422, [{ message: 'An ad for employers needs a placement employers see: add Company Portal: job detail.', field: 'placements' }]]);
    expect((await patch(ad.id, { status: 'active', placements: ['company_job_detail'] })).json.data).toMatchObject({ status: 'active', audience: 'employers', placements: ['company_job_detail'] });
  });

  it('changes nothing, updated_at included, when the status sent is the one the ad already has', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    const paused = (await patch(ad.id, { status: 'paused' })).json.data;
    await new Promise((r) => setTimeout(r, 5));
    const again = await patch(ad.id, { status: 'paused' });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual(paused);
    expect((await call(adGet, { token: t.ads, params: { id: String(ad.id) } })).json.data.updated_at).toBe(paused.updated_at);
  });

  it('replacing the media removes the old file; deleting the ad removes its own', async () => {
    const first = await uploadImage(t.ads);
    const ad = await createAdAs(t.ads, { media_id: first });
    const second = await uploadImage(t.ads);
    expect((await patch(ad.id, { media_id: second })).json.data.media_id).toBe(second);
    expect((await call(mediaGet, { params: { file: first } })).status).toBe(404);
    expect((await call(adDelete, { method: 'DELETE', token: t.ads, params: { id: String(ad.id) } })).status).toBe(200);
    expect((await call(mediaGet, { params: { file: second } })).status).toBe(404);
    expect((await call(adGet, { token: t.ads, params: { id: String(ad.id) } })).status).toBe(404);
  });

  it('searches by {filters, orders} with offset and limit', async () => {
    await createAdAs(t.ads, { name: 'Zeta fuel card', advertiser: 'FuelCo' });
    await createAdAs(t.ads, { name: 'Zeta parking', advertiser: 'ParkIt' });
    const zeta = await search({ filters: [{ field: 'name', operator: 'ilike', value: 'zeta' }], orders: [{ field: 'name', direction: 'desc' }] });
    expect(zeta.json.data.map((a: { name: string }) => a.name)).toEqual(['Zeta parking', 'Zeta fuel card']);
    expect(zeta.json.pagination).toEqual({ offset: 0, limit: 20, total: 2, total_is_lower_bound: false });
    const notFuel = await search({ filters: [{ field: 'name', operator: 'ilike', value: 'zeta' }, { field: 'advertiser', operator: 'not_ilike', value: 'fuel' }] });
    expect(notFuel.json.data.map((a: { name: string }) => a.name)).toEqual(['Zeta parking']);
    const page = await search({ filters: [{ field: 'name', operator: 'ilike', value: 'zeta' }] }, { offset: 1, limit: 1 });
    expect(page.json.data).toHaveLength(1);
    expect(page.json.pagination).toEqual({ offset: 1, limit: 1, total: 2, total_is_lower_bound: false });
    const drafts = await search({ filters: [{ field: 'status', operator: 'eq', value: 'draft' }, { field: 'placement', operator: 'eq', value: 'members_home' }], orders: [{ field: 'ctr', direction: 'desc' }] });
    expect(drafts.status).toBe(200);
    expect(drafts.json.data.every((a: { status: string }) => a.status === 'draft')).toBe(true);
    expect((await search({ filters: [{ field: 'status', operator: 'eq', value: 'Draft' }] })).json.data.every((a: { status: string }) => a.status === 'draft')).toBe(true);
    expect((await search({ filters: [{ field: 'placement', operator: 'ne', value: '' }] })).status).toBe(200);
    expect((await search({ filters: [{ field: 'password', operator: 'eq', value: 'x' }] })).status).toBe(422);
  });
});

describe('two tabs: an ad save over a newer one (If-Match)', () => {
  const STALE = 'This ad was changed somewhere else (another tab, device or person) after you opened it. Reload the page to see the changes, then make yours again.';
  const save = (id: number, body: Record<string, unknown>, headers?: Record<string, string>, token = t.ads) => call(adPatch, { method: 'PATCH', token, params: { id: String(id) }, body, headers });
  const read = async (id: number) => (await call(adGet, { token: t.ads, params: { id: String(id) } })).json.data;

  it("refuses with 412 a save made from an ad saved elsewhere since, and keeps that save's change", async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', headline: 'Opened in two tabs' });
    const opened = await read(ad.id);
    const ifMatch = { 'if-match': `"${opened.updated_at}"` };
    // Tab A saves a new headline with the version it read.
    const a = await save(ad.id, { headline: 'Saved in tab A' }, ifMatch);
    expect(a.status).toBe(200);
    expect(a.json.data.updated_at).not.toBe(opened.updated_at);
    // Tab B, opened before, saves its headline and weight with the old version: refused, nothing written.
    const b = await save(ad.id, { headline: 'Saved in tab B', weight: 9 }, ifMatch);
    expect([b.status, b.json.errors]).toEqual([412, [{ message: STALE }]]);
    expect(await read(ad.id)).toMatchObject({ headline: 'Saved in tab A', weight: 1, updated_at: a.json.data.updated_at });
    // A pause from the grid (no If-Match) is a save too: a form opened before it is refused, also for a status it no longer allows.
    const now = await read(ad.id);
    expect((await patch(ad.id, { status: 'paused' })).status).toBe(200);
    expect((await save(ad.id, { status: 'paused', headline: 'Saved in tab B' }, { 'if-match': `"${now.updated_at}"` })).status).toBe(412);
    expect(await read(ad.id)).toMatchObject({ headline: 'Saved in tab A', status: 'paused' });
    const actions = (await (await getDb()).select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'ad'), eq(auditLog.entityId, String(ad.id))))).map((r) => r.action);
    expect(actions.sort()).toEqual(['ad.create', 'ad.pause', 'ad.update']);
    // With the version it now shows, the save goes through; without a header, or with `*`, the last write wins.
    expect((await save(ad.id, { weight: 9 }, { 'if-match': `W/"${(await read(ad.id)).updated_at}"` })).status).toBe(200);
    expect((await save(ad.id, { headline: 'Last write wins' }, undefined, t.admin)).status).toBe(200);
    expect((await save(ad.id, { headline: 'Still wins' }, { 'if-match': '*' })).json.data.headline).toBe('Still wins');
  });

  it('lets only one of two saves from the same version through, also when they land together', async () => {
    const ad = await createAdAs(t.ads);
    const headers = { 'if-match': `"${(await read(ad.id)).updated_at}"` };
    const results = await Promise.all(['Saved in tab one', 'Saved in tab two'].map((headline) => save(ad.id, { headline }, headers)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    expect((await read(ad.id)).headline).toBe(results.find((r) => r.status === 200)!.json.data.headline);
  });
});

describe('ads search filters on codes', () => {
  it('refuses an unknown placement, status or audience (422) naming the filter and the allowed values', async () => {
    const bad = async (field: string, value: string) => {
      const res = await search({ filters: [{ field: 'name', operator: 'ilike', value: 'x' }, { field, operator: 'eq', value }] });
      return [res.status, res.json.errors];
    };
    expect(await bad('placement', 'nope')).toEqual([422, [{ message: 'Choose a placement: members_home, news_feed, job_search or company_job_detail', field: 'filters.1.value' }]]);
    expect(await bad('status', 'bogus')).toEqual([422, [{ message: 'Choose a status: draft, active, paused or ended', field: 'filters.1.value' }]]);
    expect(await bad('audience', 'everyone')).toEqual([422, [{ message: 'Choose an audience: drivers or employers', field: 'filters.1.value' }]]);
    expect((await search({ filters: [{ field: 'placement', operator: 'ne', value: 'news_feed' }] })).status).toBe(200);
  });
});

describe('ad settings', () => {
  it('answers the defaults, changes what is sent, and refuses values out of range', async () => {
    const initial = (await call(settingsGet, { token: t.ads })).json.data;
    // Every placement by default, the Company Portal's too.
    expect(initial).toMatchObject({ enabled_placements: ['members_home', 'news_feed', 'job_search', 'company_job_detail'], ads_per_page: 1, max_daily_views_per_viewer: 0, home_ads_count: 3, home_rotation_seconds: 8, home_rotation_order: 'weighted' });
    const changed = await call(settingsPatch, { method: 'PATCH', token: t.admin, body: { ads_per_page: 2, home_rotation_order: 'in_turn' } });
    expect(changed.json.data).toMatchObject({ ads_per_page: 2, home_rotation_order: 'in_turn', home_ads_count: 3 });
    const bad = await call(settingsPatch, { method: 'PATCH', token: t.ads, body: { ads_per_page: 9 } });
    expect([bad.status, bad.json.errors]).toEqual([422, [{ message: 'Enter a number from 1 to 5', field: 'ads_per_page' }]]);
    await call(settingsPatch, { method: 'PATCH', token: t.ads, body: { ads_per_page: 1, home_rotation_order: 'weighted' } });
  });
});
