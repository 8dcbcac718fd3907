import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ROLES, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { authSecret } from '@/lib/config';
import { queryRows, type Database } from '@/lib/db/client';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import { adDailyCounts, ads, adViews, companies, driverProfiles } from '@/lib/db/schema';
import { AppError, notFound } from '@/lib/errors';
import { toStateCode } from '@/lib/jobs/codes';
import { placementAudience, type AdAudience, type AdMediaType, type AdPlacement } from './codes';
import type { ServeAnswer } from './serving-types';
import { mediaUrl } from './media';
import { readAdSettings } from './settings';

/**
 * Serving (docs/ads.md): a placement asks for its ads; active ones of the viewer's audience and
 * state, within their dates, under the per-viewer daily cap, are drawn by weight in SQL. Each
 * showing is a row of ad_views whose id travels in a signed token: the impression (sent when the
 * ad is actually on screen) and the click (a redirect through the app) each set their moment on
 * that row once, so neither can be replayed to inflate the counts.
 */
const VIEW_ID_RE = /^[A-Za-z0-9_-]{22}$/;

function sign(payload: string) {
  return createHmac('sha256', authSecret()).update(`ad-view:${payload}`).digest('base64url').slice(0, 32);
}

/** `<view id>.<ad id>.<signature>`: the ad id lets a click whose view was purged still land. */
export const viewToken = (viewId: string, adId: number) => `${viewId}.${adId}.${sign(`${viewId}.${adId}`)}`;

function readToken(token: string): { viewId: string; adId: number } | null {
  const [viewId, ad, signature, extra] = String(token).split('.');
  if (extra !== undefined || !viewId || !ad || !signature || !VIEW_ID_RE.test(viewId) || !/^\d{1,10}$/.test(ad)) return null;
  const expected = Buffer.from(sign(`${viewId}.${ad}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { viewId, adId: Number(ad) };
}

/**
 * Who is looking: employers are company users (their company's state); everyone else sees the
 * drivers' ads (the driver profile's state).
 */
async function viewerOf(db: Database, actor: Actor): Promise<{ audience: AdAudience; state: string | null }> {
  if (hasAny(actor.roles, [ROLES.COMPANY_ADMIN, ROLES.EMPLOYER]) && actor.companyId) {
    const [c] = await db.select({ state: companies.state }).from(companies).where(eq(companies.id, actor.companyId)).limit(1);
    return { audience: 'employers', state: c?.state ? (toStateCode(c.state) ?? null) : null };
  }
  const [p] = await db.select({ state: driverProfiles.state }).from(driverProfiles).where(eq(driverProfiles.userId, actor.userId)).limit(1);
  return { audience: 'drivers', state: p?.state ?? null };
}

const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * GET /ads/serve?placement=: the placement's ads for this viewer, each with its tokens. A placement
 * is on one portal's page and shows its audience's ads only (codes.ts): a viewer of the other
 * audience (a company user asking for a Drivers Portal placement, a driver or an admin for the
 * Company Portal's) is shown nothing, and no showing is recorded.
 */
export async function serveAds(db: Database, actor: Actor | null, placement: AdPlacement, now = new Date()): Promise<ServeAnswer> {
  if (!actor) throw new AppError(401, 'Unauthorized');
  const settings = await readAdSettings(db);
  const home = placement === 'members_home';
  const rotation = home ? settings.homeRotationSeconds : 0;
  if (!settings.enabledPlacements.includes(placement)) return { placement, rotation_seconds: rotation, ads: [] };
  const viewer = await viewerOf(db, actor);
  if (viewer.audience !== placementAudience(placement)) return { placement, rotation_seconds: rotation, ads: [] };
  const howMany = home ? settings.homeAdsCount : settings.adsPerPage;
  const cap = settings.maxDailyViewsPerViewer;
  // Weighted draw without replacement (Efraimidis–Spirakis): the smallest -ln(u)/weight win.
  const order = home && settings.homeRotationOrder === 'in_turn' ? sql`a.weight desc, a.id` : sql`-ln(1 - random()) / a.weight`;
  const rows = await queryRows<{ id: number; headline: string; advertiser: string; media_file: string; media_type: AdMediaType }>(
    db,
    sql`select a.id, a.headline, a.advertiser, a.media_file, a.media_type
        from ads a
        where a.status = 'active' and a.media_file is not null
          and ${placement}::ad_placement = any(a.placements)
          and a.audience = ${viewer.audience}::ad_audience
          and a.starts_at <= ${now} and (a.ends_at is null or a.ends_at > ${now})
          and (cardinality(a.states) = 0 ${viewer.state ? sql`or ${viewer.state}::us_state = any(a.states)` : sql``})
          ${
            cap > 0
              ? sql`and (select count(*) from ad_views v where v.user_id = ${actor.userId} and v.ad_id = a.id and v.impressed_at >= ${startOfDay(now)}) < ${cap}`
              : sql``
          }
        order by ${order}
        limit ${howMany}`,
  );
  if (!rows.length) return { placement, rotation_seconds: rotation, ads: [] };
  const views = rows.map((r) => ({ id: randomBytes(16).toString('base64url'), adId: r.id, userId: actor.userId, placement, createdAt: now }));
  await db.insert(adViews).values(views);
  return {
    placement,
    rotation_seconds: rotation,
    ads: rows.map((r, i) => {
      const token = viewToken(views[i].id, r.id);
      return {
        id: r.id,
        headline: r.headline,
        advertiser: r.advertiser,
        media_type: r.media_type,
        media_url: mediaUrl(r.media_file),
        impression_token: token,
        click_url: `/api/v1.0/ads/click/${token}`,
      };
    }),
  };
}

async function bump(db: Database, adId: number, what: 'impressions' | 'clicks', now: Date) {
  const day = now.toISOString().slice(0, 10);
  await db
    .update(ads)
    .set({ [what]: sql`${ads[what]} + 1` })
    .where(eq(ads.id, adId));
  await db
    .insert(adDailyCounts)
    .values({ adId, day, [what]: 1 })
    .onConflictDoUpdate({ target: [adDailyCounts.adId, adDailyCounts.day], set: { [what]: sql`${adDailyCounts[what]} + 1` } });
}

/**
 * A viewer's repeats are not counted again (attacker review: one account fetching showings in a
 * loop made 40 impressions and 40 clicks in seconds): an impression of an ad this viewer was counted
 * seeing in the last 30 seconds, and a click on an ad this viewer already clicked today (UTC, as the
 * daily counts). The showing is still marked seen or clicked; only the totals leave it out. The
 * window runs from the last COUNTED impression, so a driver turning pages every 10 seconds counts
 * once every 30 seconds, not once a session. A viewer's calls are taken one at a time (an advisory
 * lock per viewer, for the transaction): sent all at once, each checked before the others
 * committed, and every one counted.
 */
export const REPEAT_IMPRESSION_SECONDS = 30;
/** The advisory lock space of a viewer's impressions and clicks (lib/payments has 7_341_003 and 7_341_100). */
const AD_VIEWER_LOCK_SPACE = 7_341_200;

type View = { id: string; userId: number | null; adId: number };

const lockViewer = (db: Database, view: View) =>
  view.userId == null ? Promise.resolve() : db.execute(sql`select pg_advisory_xact_lock(${AD_VIEWER_LOCK_SPACE}, ${view.userId})`);

/** Another showing of the ad to this viewer, since `since`, counted (impressions) or clicked. A showing whose viewer's account is gone has no viewer to repeat. */
async function viewerRepeated(db: Database, view: View, what: 'impression' | 'click', since: Date) {
  if (view.userId == null) return false;
  const recent = what === 'impression' ? sql`v.impression_counted and v.impressed_at >= ${since}` : sql`v.clicked_at >= ${since}`;
  const [{ repeat }] = await queryRows<{ repeat: boolean }>(
    db,
    sql`select exists (select 1 from ${adViews} v where v.user_id = ${view.userId} and v.ad_id = ${view.adId} and v.id <> ${view.id} and ${recent}) as repeat`,
  );
  return repeat;
}

/**
 * Whether the viewer has been counted seeing the ad the settings' daily number of times already
 * (max_daily_views_per_viewer; 0: no cap). serveAds stops showing the ad past the cap, but it counts
 * the showings seen so far, so a viewer who fetched five showings before reporting any was counted
 * five times under a cap of one (an attacker's review); the count is checked again here.
 */
async function dailyCapReached(db: Database, view: View, now: Date) {
  if (view.userId == null) return false;
  const cap = (await readAdSettings(db)).maxDailyViewsPerViewer;
  if (cap <= 0) return false;
  const [{ seen }] = await queryRows<{ seen: number }>(
    db,
    sql`select count(*)::int as seen from ${adViews} v
        where v.user_id = ${view.userId} and v.ad_id = ${view.adId} and v.id <> ${view.id} and v.impression_counted and v.impressed_at >= ${startOfDay(now)}`,
  );
  return Number(seen) >= cap;
}

/**
 * The ad is running at `now`: active and within its dates, as serveAds draws it. A showing fetched
 * while it ran may be reported later (a page left open, the home's rotation): once the ad is paused
 * or ended, or its end date has passed before the tick ends it, its impressions are not the
 * advertiser's to be counted.
 */
const adRunning = (now: Date) =>
  sql`exists (select 1 from ${ads} a where a.id = ${adViews.adId} and a.status = 'active' and a.starts_at <= ${now} and (a.ends_at is null or a.ends_at > ${now}))`;

/**
 * POST /ads/impression: the ad of this showing was on screen; counted the first time only, not again
 * for the viewer's quick repeats, and not at all once the ad has stopped running (the showing is left
 * unseen, so its click counts nothing either).
 */
export async function recordImpression(db: Database, actor: Actor | null, token: string, now = new Date()) {
  if (!actor) throw new AppError(401, 'Unauthorized');
  const parsed = readToken(token);
  if (!parsed) throw notFound('Ad not found.');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockViewer(t, { id: parsed.viewId, userId: actor.userId, adId: parsed.adId });
    const [view] = await t
      .update(adViews)
      .set({ impressedAt: now })
      .where(and(eq(adViews.id, parsed.viewId), eq(adViews.userId, actor.userId), isNull(adViews.impressedAt), adRunning(now)))
      .returning({ id: adViews.id, userId: adViews.userId, adId: adViews.adId });
    if (!view) return { counted: false };
    if (await viewerRepeated(t, view, 'impression', new Date(now.getTime() - REPEAT_IMPRESSION_SECONDS * 1000))) return { counted: false };
    if (await dailyCapReached(t, view, now)) return { counted: false };
    await t.update(adViews).set({ impressionCounted: true }).where(eq(adViews.id, view.id));
    await bump(t, view.adId, 'impressions', now);
    return { counted: true };
  });
}

/**
 * GET /ads/click/{token}: counts the click of this showing the first time, provided its impression
 * was recorded (a click on an ad never counted as seen would make clicks outrun impressions, CTR
 * pass 100% and the per-viewer daily cap leak), then sends the viewer to the ad's target (a
 * repeated, stale or unseen showing's token still lands, uncounted).
 */
export async function recordClick(db: Database, token: string, now = new Date()): Promise<Response> {
  const parsed = readToken(token);
  if (!parsed) throw notFound('Ad not found.');
  const target = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // The viewer of the token's showing, read before the lock (the click carries no session).
    const [owner] = await t.select({ userId: adViews.userId }).from(adViews).where(eq(adViews.id, parsed.viewId)).limit(1);
    if (owner) await lockViewer(t, { id: parsed.viewId, userId: owner.userId, adId: parsed.adId });
    const [view] = await t
      .update(adViews)
      .set({ clickedAt: now })
      .where(and(eq(adViews.id, parsed.viewId), eq(adViews.adId, parsed.adId), isNotNull(adViews.impressedAt), isNull(adViews.clickedAt)))
      .returning({ id: adViews.id, userId: adViews.userId, adId: adViews.adId });
    if (view && !(await viewerRepeated(t, view, 'click', startOfDay(now)))) await bump(t, view.adId, 'clicks', now);
    const [ad] = await t.select({ targetUrl: ads.targetUrl }).from(ads).where(eq(ads.id, parsed.adId)).limit(1);
    return ad?.targetUrl;
  });
  if (!target) throw notFound('Ad not found.');
  // The link as the ads admin typed it may hold any character ('https://example.com/路'), and a
  // header carries bytes only: sent as is it failed every click with a 500. Its parsed form is
  // percent-encoded (hosts in punycode); the schema only lets parsable http(s) links in.
  return new Response(null, { status: 302, headers: { location: new URL(target).href, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}

/** Tick step: showings older than 30 days go (their counts stay in ad_daily_counts). */
export async function purgeAdViews(db: Database, now: Date, options: BatchOptions = {}) {
  const old = lt(adViews.createdAt, new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000));
  // In batches (lib/db/batches.ts): a month of views can be many rows.
  const { rows } = await inBatches(
    (limit) =>
      db
        .delete(adViews)
        .where(inArray(adViews.id, db.select({ id: adViews.id }).from(adViews).where(old).limit(limit)))
        .returning({ id: adViews.id }),
    options,
  );
  return { removed: rows.length };
}
