import { eq } from 'drizzle-orm';
import { GET as dailyGet } from '@/app/api/v1.0/ads/[id]/daily/route';
import { GET as adGet } from '@/app/api/v1.0/ads/[id]/route';
import { GET as clickGet } from '@/app/api/v1.0/ads/click/[token]/route';
import { POST as impressionPost } from '@/app/api/v1.0/ads/impression/route';
import { GET as serveGet } from '@/app/api/v1.0/ads/serve/route';
import { PATCH as settingsPatch } from '@/app/api/v1.0/ads/settings/route';
import { getDb } from '@/lib/db/client';
import { ads, driverProfiles, users } from '@/lib/db/schema';
import { tickSteps } from '@/lib/tick/steps';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';
import { adTokens, createAdAs, uploadImage, type AdTokens } from './helpers';

let t: AdTokens;
withTempStorage('ads-serving');
beforeAll(async () => {
  await seed();
  t = await adTokens();
});

type Served = { id: number; impression_token: string; click_url: string; media_url: string; headline: string };
const serve = async (placement: string, token = t.driver) => {
  const res = await call(serveGet, { token, query: { placement } });
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return res.json.data as { ads: Served[]; rotation_seconds: number };
};
const impression = (token: string, viewer = t.driver) => call(impressionPost, { token: viewer, body: { token } });
const click = (url: string) => call(clickGet, { params: { token: url.split('/').pop()! } });
const settings = (body: Record<string, unknown>) => call(settingsPatch, { method: 'PATCH', token: t.ads, body });
const counts = async (id: number) => (await call(adGet, { token: t.ads, params: { id: String(id) } })).json.data as { impressions: number; clicks: number; ctr: number };
async function clearAds() {
  await (await getDb()).delete(ads);
}

describe('serving ads in placements', () => {
  beforeEach(clearAds);

  it('shows only active ads of the placement, audience and dates, with media', async () => {
    const media = await uploadImage(t.ads);
    const live = await createAdAs(t.ads, { media_id: media, status: 'active', headline: 'Live one' });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'draft' });
    const paused = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    await call((await import('@/app/api/v1.0/ads/[id]/route')).PATCH, { method: 'PATCH', token: t.ads, params: { id: String(paused.id) }, body: { status: 'paused' } });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', audience: 'employers' });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', placements: ['news_feed'] });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', starts_at: '2099-01-01' });
    await settings({ home_ads_count: 10 });
    const home = await serve('members_home');
    expect(home.ads.map((a) => a.id)).toEqual([live.id]);
    expect(home.ads[0]).toMatchObject({ headline: 'Live one', media_url: `/api/v1.0/ads/media/${media}`, click_url: expect.stringMatching(/^\/api\/v1\.0\/ads\/click\//) });
    expect(home.rotation_seconds).toBe(8);
    // Employers see the employers' ad.
    expect((await serve('members_home', t.employer)).ads).toHaveLength(1);
    expect((await serve('members_home', t.employer)).ads[0].id).not.toBe(live.id);
  });

  it("limits an ad with states to viewers in them (a driver's home state)", async () => {
    const db = await getDb();
    const [driver] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'driver@demo.test'));
    await db.insert(driverProfiles).values({ userId: driver.id, state: 'TX' }).onConflictDoUpdate({ target: driverProfiles.userId, set: { state: 'TX' } });
    const texas = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', states: ['TX'], placements: ['job_search'] });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', states: ['CA'], placements: ['job_search'] });
    await settings({ ads_per_page: 5 });
    expect((await serve('job_search')).ads.map((a) => a.id)).toEqual([texas.id]);
    await settings({ ads_per_page: 1 });
  });

  it('draws by weight: a heavy ad comes up far more often than a light one', async () => {
    const heavy = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', weight: 100, placements: ['job_search'] });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', weight: 1, placements: ['job_search'] });
    let heavyShown = 0;
    for (let i = 0; i < 60; i++) if ((await serve('job_search')).ads[0].id === heavy.id) heavyShown++;
    expect(heavyShown).toBeGreaterThan(50);
  });

  it('counts an impression once per showing, only for the viewer it was served to', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    const [shown] = (await serve('members_home')).ads;
    expect((await impression(shown.impression_token)).json.data).toEqual({ counted: true });
    expect((await impression(shown.impression_token)).json.data).toEqual({ counted: false });
    expect((await impression(shown.impression_token, t.employer)).json.data).toEqual({ counted: false });
    expect((await impression(shown.impression_token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(404);
    expect((await call(impressionPost, { body: { token: shown.impression_token } })).status).toBe(401);
    // A second showing is a second impression.
    const [again] = (await serve('members_home')).ads;
    expect((await impression(again.impression_token)).json.data).toEqual({ counted: true });
    expect(await counts(ad.id)).toMatchObject({ impressions: 2, clicks: 0 });
  });

  it('counts a click once through the signed redirect, which lands on the target; replays and forgeries count nothing', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', target_url: 'https://tires.example.com/sale?src=tna' });
    const [shown] = (await serve('members_home')).ads;
    await impression(shown.impression_token);
    const first = await click(shown.click_url);
    expect([first.status, first.headers.get('location')]).toEqual([302, 'https://tires.example.com/sale?src=tna']);
    const replay = await click(shown.click_url);
    expect([replay.status, replay.headers.get('location')]).toEqual([302, 'https://tires.example.com/sale?src=tna']);
    const [view, adId, signature] = shown.click_url.split('/').pop()!.split('.');
    expect((await call(clickGet, { params: { token: `${view}.${adId}.${signature.slice(0, -2)}xx` } })).status).toBe(404);
    expect((await call(clickGet, { params: { token: `${view}.${Number(adId) + 1}.${signature}` } })).status).toBe(404);
    expect(await counts(ad.id)).toEqual(expect.objectContaining({ impressions: 1, clicks: 1, ctr: 1 }));
  });

  it('keeps daily counts per ad for the chart', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    for (let i = 0; i < 3; i++) {
      const [shown] = (await serve('members_home')).ads;
      await impression(shown.impression_token);
      if (i === 0) await click(shown.click_url);
    }
    const daily = await call(dailyGet, { token: t.ads, params: { id: String(ad.id) } });
    expect(daily.json.data.days).toHaveLength(30);
    expect(daily.json.data.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), impressions: 3, clicks: 1 });
    expect(daily.json.data.days[0]).toMatchObject({ impressions: 0, clicks: 0 });
    const bad = await call(dailyGet, { token: t.ads, params: { id: String(ad.id) }, query: { from: '2026-05-02', to: '2026-05-01' } });
    expect(bad.status).toBe(422);
    expect((await call(dailyGet, { token: t.driver, params: { id: String(ad.id) } })).status).toBe(403);
  });

  it('honours the settings: a placement turned off shows nothing, and the daily cap per viewer', async () => {
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', placements: ['members_home', 'news_feed'] });
    await settings({ enabled_placements: ['members_home'] });
    expect((await serve('news_feed')).ads).toEqual([]);
    await settings({ enabled_placements: ['members_home', 'news_feed', 'job_search'], max_daily_views_per_viewer: 1 });
    const [shown] = (await serve('news_feed')).ads;
    await impression(shown.impression_token);
    expect((await serve('news_feed')).ads).toEqual([]);
    expect((await serve('news_feed', t.internal)).ads).toHaveLength(1);
    await settings({ max_daily_views_per_viewer: 0 });
  });

  it('the tick ends ads whose end date has passed', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', ends_at: new Date(Date.now() + 3600_000).toISOString() });
    const step = tickSteps().find((s) => s.name === 'end-ads')!;
    expect(await step.run({ db: await getDb(), now: new Date() })).toEqual({ ended: 0 });
    expect(await step.run({ db: await getDb(), now: new Date(Date.now() + 2 * 3600_000) })).toEqual({ ended: 1 });
    expect((await call(adGet, { token: t.ads, params: { id: String(ad.id) } })).json.data.status).toBe('ended');
  });
});
