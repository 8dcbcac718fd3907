import { and, eq, isNotNull } from 'drizzle-orm';
import { GET as dailyGet } from '@/app/api/v1.0/ads/[id]/daily/route';
import { GET as adGet } from '@/app/api/v1.0/ads/[id]/route';
import { GET as clickGet } from '@/app/api/v1.0/ads/click/[token]/route';
import { POST as impressionPost } from '@/app/api/v1.0/ads/impression/route';
import { GET as serveGet } from '@/app/api/v1.0/ads/serve/route';
import { POST as searchPost } from '@/app/api/v1.0/ads/search/route';
import { PATCH as settingsPatch } from '@/app/api/v1.0/ads/settings/route';
import { getDb } from '@/lib/db/client';
import { ads, adViews, driverProfiles, users } from '@/lib/db/schema';
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
const ALL_PLACEMENTS = ['members_home', 'news_feed', 'job_search', 'company_job_detail'];

describe('serving ads in placements', () => {
  beforeEach(clearAds);

  it('shows only active ads of the placement, audience and dates, with media', async () => {
    const media = await uploadImage(t.ads);
    const live = await createAdAs(t.ads, { media_id: media, status: 'active', headline: 'Live one' });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'draft' });
    const paused = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    await call((await import('@/app/api/v1.0/ads/[id]/route')).PATCH, { method: 'PATCH', token: t.ads, params: { id: String(paused.id) }, body: { status: 'paused' } });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', placements: ['news_feed'] });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', starts_at: '2099-01-01' });
    await settings({ home_ads_count: 10 });
    const home = await serve('members_home');
    expect(home.ads.map((a) => a.id)).toEqual([live.id]);
    expect(home.ads[0]).toMatchObject({ headline: 'Live one', media_url: `/api/v1.0/ads/media/${media}`, click_url: expect.stringMatching(/^\/api\/v1\.0\/ads\/click\//) });
    expect(home.rotation_seconds).toBe(8);
    // A Drivers Portal placement shows drivers' ads to drivers only: an employer is shown nothing there.
    expect((await serve('members_home', t.employer)).ads).toEqual([]);
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
    // A second showing is a second impression, once the viewer's last counted one is 30 seconds old.
    await (await getDb()).update(adViews).set({ impressedAt: new Date(Date.now() - 31_000) }).where(eq(adViews.adId, ad.id));
    const [again] = (await serve('members_home')).ads;
    expect((await impression(again.impression_token)).json.data).toEqual({ counted: true });
    expect(await counts(ad.id)).toMatchObject({ impressions: 2, clicks: 0 });
  });

  it('counts no impression (nor its click) of an ad that stopped running after it was served: paused, or its end date passed before the tick ended it', async () => {
    const { PATCH: adPatch } = await import('@/app/api/v1.0/ads/[id]/route');
    await settings({ home_ads_count: 1 });
    const paused = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', target_url: 'https://tires.example.com/paused' });
    const [pausedShown] = (await serve('members_home')).ads;
    expect((await call(adPatch, { method: 'PATCH', token: t.ads, params: { id: String(paused.id) }, body: { status: 'paused' } })).status).toBe(200);
    // The page stays open (the home's rotation keeps showing what it fetched): the advertiser stopped the ad.
    expect((await impression(pausedShown.impression_token)).json.data).toEqual({ counted: false });
    expect((await click(pausedShown.click_url)).status).toBe(302);
    expect(await counts(paused.id)).toMatchObject({ impressions: 0, clicks: 0 });
    await clearAds();

    const ending = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', ends_at: new Date(Date.now() + 3600_000).toISOString() });
    const [endingShown] = (await serve('members_home')).ads;
    // The end date passes; the tick has not run yet (the ad is still 'active').
    await (await getDb()).update(ads).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(ads.id, ending.id));
    expect((await impression(endingShown.impression_token)).json.data).toEqual({ counted: false });
    expect(await counts(ending.id)).toMatchObject({ impressions: 0, clicks: 0 });
  });

  it("does not count a viewer's repeats: another impression of the ad within 30 seconds, another click on it the same day (one account looped 40 of each)", async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', target_url: 'https://tires.example.com/loop' });
    for (let i = 0; i < 5; i++) {
      const [shown] = (await serve('members_home')).ads;
      expect((await impression(shown.impression_token)).json.data).toEqual({ counted: i === 0 });
      const res = await click(shown.click_url);
      // Every click still lands.
      expect([res.status, res.headers.get('location')]).toEqual([302, 'https://tires.example.com/loop']);
    }
    expect(await counts(ad.id)).toEqual(expect.objectContaining({ impressions: 1, clicks: 1, ctr: 1 }));
    // Another viewer is not a repeat.
    const [theirs] = (await serve('members_home', t.internal)).ads;
    expect((await impression(theirs.impression_token, t.internal)).json.data).toEqual({ counted: true });
    await click(theirs.click_url);
    expect(await counts(ad.id)).toEqual(expect.objectContaining({ impressions: 2, clicks: 2 }));
  });

  it('the 30 seconds run from the last counted impression, not from a repeat (a page turned every 10 s counts every 30 s, not once a session)', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    const db = await getDb();
    const seen = async () => {
      const [shown] = (await serve('members_home')).ads;
      return { data: (await impression(shown.impression_token)).json.data, view: shown.impression_token.split('.')[0] as string };
    };
    const first = await seen();
    expect(first.data).toEqual({ counted: true });
    const repeat = await seen();
    expect(repeat.data).toEqual({ counted: false });
    // The counted one 40 seconds ago, the repeat 20: the repeat does not restart the window.
    await db.update(adViews).set({ impressedAt: new Date(Date.now() - 40_000) }).where(eq(adViews.id, first.view));
    await db.update(adViews).set({ impressedAt: new Date(Date.now() - 20_000) }).where(eq(adViews.id, repeat.view));
    expect((await seen()).data).toEqual({ counted: true });
    expect(await counts(ad.id)).toMatchObject({ impressions: 2 });
  });

  it("counts one of a viewer's impressions sent all at once (each checked before the others committed counted them all)", async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    const shown = [];
    for (let i = 0; i < 6; i++) shown.push((await serve('members_home')).ads[0]);
    const answers = await Promise.all(shown.map((s) => impression(s.impression_token)));
    expect(answers.filter((a) => a.json.data.counted)).toHaveLength(1);
    await Promise.all(shown.map((s) => click(s.click_url)));
    expect(await counts(ad.id)).toEqual(expect.objectContaining({ impressions: 1, clicks: 1 }));
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

  it('lands a link with characters a header cannot carry on its encoded form (a 500 on every click before)', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', target_url: 'https://bücher.example/路/sale?q=é' });
    const [shown] = (await serve('members_home')).ads;
    await impression(shown.impression_token);
    const res = await click(shown.click_url);
    expect([res.status, res.headers.get('location')]).toEqual([302, 'https://xn--bcher-kva.example/%E8%B7%AF/sale?q=%C3%A9']);
    expect(await counts(ad.id)).toEqual(expect.objectContaining({ clicks: 1 }));
  });

  it('counts a click only for a showing whose impression was recorded, once; every click still lands, and CTR stays within 0..1', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', target_url: 'https://tires.example.com/sale' });
    const shown = [];
    for (let i = 0; i < 3; i++) shown.push((await serve('members_home')).ads[0]);
    await impression(shown[0].impression_token);
    for (const s of shown) {
      const res = await click(s.click_url);
      expect([res.status, res.headers.get('location')]).toEqual([302, 'https://tires.example.com/sale']);
    }
    expect(await counts(ad.id)).toEqual(expect.objectContaining({ impressions: 1, clicks: 1, ctr: 1 }));
    // Clicked before it was seen: once its impression comes, its next click counts (once). Another
    // viewer's, since the first viewer's second click of the day is a repeat.
    const theirs = (await serve('members_home', t.internal)).ads[0];
    await click(theirs.click_url);
    await impression(theirs.impression_token, t.internal);
    await click(theirs.click_url);
    await click(theirs.click_url);
    expect(await counts(ad.id)).toEqual(expect.objectContaining({ impressions: 2, clicks: 2, ctr: 1 }));
    const daily = await call(dailyGet, { token: t.ads, params: { id: String(ad.id) } });
    expect(daily.json.data.days.at(-1)).toMatchObject({ impressions: 2, clicks: 2 });
    // Counts from before the rule (more clicks than impressions) still answer, and sort, a CTR of at most 1.
    const db = await getDb();
    await db.update(ads).set({ impressions: 2, clicks: 5 }).where(eq(ads.id, ad.id));
    const unseen = await createAdAs(t.ads);
    const halved = await createAdAs(t.ads);
    await db.update(ads).set({ impressions: 2, clicks: 1 }).where(eq(ads.id, halved.id));
    expect((await counts(ad.id)).ctr).toBe(1);
    const byCtr = await call(searchPost, { token: t.ads, body: { orders: [{ field: 'ctr', direction: 'asc' }] } });
    expect(byCtr.json.data.map((a: { id: number }) => a.id)).toEqual([halved.id, ad.id, unseen.id]);
  });

  it('refuses a daily range whose first day is after its last, also against the default last day', async () => {
    const ad = await createAdAs(t.ads);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const late = await call(dailyGet, { token: t.ads, params: { id: String(ad.id) }, query: { from: tomorrow } });
    expect([late.status, late.json.errors]).toEqual([422, [{ message: 'The first day (from) must not be after the last (to).', field: 'from' }]]);
    const both = await call(dailyGet, { token: t.ads, params: { id: String(ad.id) }, query: { from: '2026-05-02', to: '2026-05-01' } });
    expect([both.status, both.json.errors]).toEqual([422, [{ message: 'The first day (from) must not be after the last (to).', field: 'from' }]]);
    const today = new Date().toISOString().slice(0, 10);
    const one = await call(dailyGet, { token: t.ads, params: { id: String(ad.id) }, query: { from: today } });
    expect([one.status, one.json.data.days]).toEqual([200, [{ day: today, impressions: 0, clicks: 0 }]]);
  });

  it('keeps daily counts per ad for the chart', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active' });
    for (let i = 0; i < 3; i++) {
      const [shown] = (await serve('members_home')).ads;
      await impression(shown.impression_token);
      if (i === 0) await click(shown.click_url);
      // Past the viewer's 30 seconds between counted impressions of one ad.
      await (await getDb()).update(adViews).set({ impressedAt: new Date(Date.now() - 31_000) }).where(eq(adViews.adId, ad.id));
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
    await settings({ enabled_placements: ALL_PLACEMENTS, max_daily_views_per_viewer: 1 });
    const [shown] = (await serve('news_feed')).ads;
    await impression(shown.impression_token);
    expect((await serve('news_feed')).ads).toEqual([]);
    expect((await serve('news_feed', t.internal)).ads).toHaveLength(1);
    await settings({ max_daily_views_per_viewer: 0 });
  });

  it('counts no more impressions a day than the cap, also from showings fetched before any was reported (5 fetched first were all counted under a cap of 1)', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', placements: ['members_home'] });
    await settings({ enabled_placements: ALL_PLACEMENTS, max_daily_views_per_viewer: 2, home_ads_count: 1 });
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push((await serve('members_home')).ads[0].impression_token);
    const db = await getDb();
    for (const token of tokens) {
      // As if 31 s passed since the last counted impression (the repeat window), so only the cap stops a count.
      await db.update(adViews).set({ impressedAt: new Date(Date.now() - 31_000) }).where(and(eq(adViews.adId, ad.id), isNotNull(adViews.impressedAt)));
      expect((await impression(token)).status).toBe(200);
    }
    expect((await counts(ad.id)).impressions).toBe(2);
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

describe('serving ads on the Company Portal (company_job_detail, the job detail page)', () => {
  beforeEach(clearAds);
  afterEach(() => settings({ enabled_placements: ALL_PLACEMENTS, ads_per_page: 1, max_daily_views_per_viewer: 0 }));

  const ids = (answer: { ads: Served[] }) => answer.ads.map((a) => a.id).sort((a, b) => a - b);
  const showingsOf = async (id: number) => (await getDb()).select({ placement: adViews.placement, userId: adViews.userId }).from(adViews).where(eq(adViews.adId, id));

  it("shows employers' ads there to company users, never to drivers; and drivers' ads never to employers", async () => {
    await settings({ enabled_placements: ALL_PLACEMENTS, ads_per_page: 5 });
    const employers = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', audience: 'employers', placements: ['company_job_detail', 'members_home'], headline: 'Fuel cards for fleets' });
    // A drivers' ad may list the Company Portal placement too (it has a Drivers Portal one): still not shown there.
    const drivers = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', placements: ['members_home', 'company_job_detail'] });

    const forEmployer = await serve('company_job_detail', t.employer);
    expect(ids(forEmployer)).toEqual([employers.id]);
    expect(forEmployer.ads[0]).toMatchObject({ headline: 'Fuel cards for fleets', click_url: expect.stringMatching(/^\/api\/v1\.0\/ads\/click\//) });
    expect(forEmployer.rotation_seconds).toBe(0);
    expect(ids(await serve('company_job_detail', t.companyAdmin))).toEqual([employers.id]);
    // Drivers, and people who are not company users (an admin opening the page), are shown nothing there.
    for (const viewer of [t.driver, t.internal, t.admin]) expect((await serve('company_job_detail', viewer)).ads).toEqual([]);
    // On a Drivers Portal placement a driver sees the drivers' ad only, an employer nothing.
    expect(ids(await serve('members_home', t.driver))).toEqual([drivers.id]);
    expect((await serve('members_home', t.employer)).ads).toEqual([]);
    // Only what was shown left a showing: the employers' ad twice on the Company Portal, never elsewhere.
    expect((await showingsOf(employers.id)).map((v) => v.placement)).toEqual(['company_job_detail', 'company_job_detail']);
    expect((await showingsOf(drivers.id)).map((v) => v.placement)).toEqual(['members_home']);
  });

  it("limits an employers' ad with states to companies in them, and is off when the placement is turned off", async () => {
    // The demo company is in TX.
    const texas = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', audience: 'employers', placements: ['company_job_detail'], states: ['TX'] });
    await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', audience: 'employers', placements: ['company_job_detail'], states: ['CA'] });
    await settings({ ads_per_page: 5 });
    expect(ids(await serve('company_job_detail', t.employer))).toEqual([texas.id]);
    await settings({ enabled_placements: ['members_home', 'news_feed', 'job_search'] });
    expect((await serve('company_job_detail', t.employer)).ads).toEqual([]);
  });

  it('counts an impression and a click once per showing, for the viewer it was shown to, under the daily cap per viewer', async () => {
    const ad = await createAdAs(t.ads, { media_id: await uploadImage(t.ads), status: 'active', audience: 'employers', placements: ['company_job_detail'], target_url: 'https://fuel.example.com/fleet' });
    await settings({ max_daily_views_per_viewer: 1 });
    const [shown] = (await serve('company_job_detail', t.employer)).ads;
    // Clicked before it was seen: lands, counts nothing.
    expect((await click(shown.click_url)).headers.get('location')).toBe('https://fuel.example.com/fleet');
    // Another user's impression call with the token counts nothing; the viewer's counts once.
    expect((await impression(shown.impression_token, t.driver)).json.data.counted).toBe(false);
    expect((await impression(shown.impression_token, t.employer)).json.data.counted).toBe(true);
    expect((await impression(shown.impression_token, t.employer)).json.data.counted).toBe(false);
    for (let i = 0; i < 2; i++) {
      const res = await click(shown.click_url);
      expect([res.status, res.headers.get('location')]).toEqual([302, 'https://fuel.example.com/fleet']);
    }
    expect(await counts(ad.id)).toEqual(expect.objectContaining({ impressions: 1, clicks: 1, ctr: 1 }));
    // Seen once today: the cap (1) keeps it from this employer, not from a colleague.
    expect((await serve('company_job_detail', t.employer)).ads).toEqual([]);
    expect(ids(await serve('company_job_detail', t.companyAdmin))).toEqual([ad.id]);
  });
});
