import { and, asc, desc, eq, ilike, inArray, lte, ne, not, notIlike, sql, type SQL } from 'drizzle-orm';
import { assertVersion, atVersion, staleEditError } from '@/lib/api/if-match';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import { adDailyCounts, ads } from '@/lib/db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { conflict, notFound, unprocessable } from '@/lib/errors';
import { assertAdsRole } from './access';
import { PLACEMENT_VALUES, STATUS_CHANGE_MESSAGES, canChangeStatus, placementsMessage, reachesAudience, type AdStatus } from './codes';
import { lockAdMedia, mediaExists, mediaTypeOf, releaseAdMedia } from './media';
import { AD_CODE_FILTERS, AD_MESSAGES, type CreateAdInput, type SearchAdsInput, type UpdateAdInput } from './schemas';
import { serializeAd, type AdRow } from './serialize';
import { rowIdOf } from '@/lib/validation/row-id';

export const AD_NOT_FOUND = 'Ad not found.';
export const ENDED_MESSAGE = 'The end date has passed: choose a later end date to activate the ad.';

/** An ad's id as an address writes it (`/ads/manage/0x1` is not ad 1: lib/validation/row-id.ts). */
function parseId(raw: string | number) {
  const id = rowIdOf(String(raw));
  if (id === null) throw notFound(AD_NOT_FOUND);
  return id;
}

async function findAd(db: Database, raw: string | number): Promise<AdRow> {
  const [row] = await db.select().from(ads).where(eq(ads.id, parseId(raw))).limit(1);
  if (!row) throw notFound(AD_NOT_FOUND);
  return row;
}

/** An ad may go live only with media and an end date still ahead. */
function assertCanBeActive(ad: { mediaFile: string | null; endsAt: Date | null }, now: Date) {
  if (!ad.mediaFile) throw unprocessable(AD_MESSAGES.media, 'media_id');
  if (ad.endsAt && ad.endsAt <= now) throw unprocessable(ENDED_MESSAGE, 'ends_at');
}

/**
 * Call it inside the transaction that saves the ad: the file's lock, held until it ends, keeps a
 * delete of the file (lib/ads/media.ts) from landing between this check and the write.
 */
async function assertMedia(tx: Database, file: string | null | undefined) {
  if (!file) return;
  await lockAdMedia(tx, file);
  if (!(await mediaExists(file))) throw unprocessable(AD_MESSAGES.mediaId, 'media_id');
}

/**
 * An ad is shown only to its audience and only on the placements of that audience's portal, so
 * among its placements one must be its audience's (createAdSchema checks a new ad; a PATCH may send
 * either field alone, so its result is checked here).
 */
function assertReachesAudience(ad: { audience: AdRow['audience']; placements: readonly string[] }) {
  if (!reachesAudience(ad.audience, ad.placements)) throw unprocessable(placementsMessage(ad.audience), 'placements');
}

/** POST /ads. */
export async function createAd(db: Database, actor: Actor | null, input: CreateAdInput, now = new Date()) {
  assertAdsRole(actor);
  const values = {
    name: input.name,
    advertiser: input.advertiser,
    headline: input.headline,
    targetUrl: input.target_url,
    placements: input.placements,
    audience: input.audience,
    states: input.states as AdRow['states'],
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    status: input.status,
    weight: input.weight,
    mediaFile: input.media_id,
    mediaType: input.media_id ? mediaTypeOf(input.media_id) : null,
    createdBy: actor.userId,
  };
  assertReachesAudience(values);
  if (values.status === 'active') assertCanBeActive(values, now);
  return db.transaction(async (tx) => {
    await assertMedia(tx as unknown as Database, input.media_id);
    const [row] = await tx.insert(ads).values(values).returning();
    await recordAudit(tx as unknown as Database, { actorUserId: actor.userId, impersonatorId: actor.impersonatorId, action: 'ad.create', subjectType: 'ad', subjectId: row.id, details: { name: row.name, status: row.status } });
    return serializeAd(row);
  });
}

/** GET /ads/{id}. */
export async function getAd(db: Database, actor: Actor | null, id: string | number) {
  assertAdsRole(actor);
  return serializeAd(await findAd(db, id));
}

/**
 * PATCH /ads/{id}: fields, media, and status, along STATUS_TRANSITIONS (codes.ts: activate a draft;
 * pause, resume, end; an ended ad stays ended); any other status change is refused (422) and
 * nothing is saved. A replaced media file is removed once no ad shows it. `expectedVersion` (If-Match):
 * the updated_at the form opened; 412 when the ad was saved (or paused, or ended by the tick) since,
 * also by a save landing between this read and the write (lib/api/if-match.ts).
 */
export async function updateAd(db: Database, actor: Actor | null, id: string | number, input: UpdateAdInput, expectedVersion?: string | null, now = new Date()) {
  assertAdsRole(actor);
  const ad = await findAd(db, id);
  assertVersion(expectedVersion, ad.updatedAt, 'ad');
  if (input.status !== undefined && !canChangeStatus(ad.status, input.status)) throw unprocessable(STATUS_CHANGE_MESSAGES[ad.status], 'status');
  const changes: Partial<typeof ads.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.advertiser !== undefined) changes.advertiser = input.advertiser;
  if (input.headline !== undefined) changes.headline = input.headline;
  if (input.target_url !== undefined) changes.targetUrl = input.target_url;
  if (input.placements !== undefined) changes.placements = input.placements;
  if (input.audience !== undefined) changes.audience = input.audience;
  if (input.states !== undefined) changes.states = input.states as AdRow['states'];
  if (input.starts_at !== undefined) changes.startsAt = input.starts_at;
  if (input.ends_at !== undefined) changes.endsAt = input.ends_at;
  if (input.status !== undefined && input.status !== ad.status) changes.status = input.status;
  if (input.weight !== undefined) changes.weight = input.weight;
  if (input.media_id !== undefined) {
    changes.mediaFile = input.media_id;
    changes.mediaType = input.media_id ? mediaTypeOf(input.media_id) : null;
  }
  // Nothing to change (say the status it already has): the ad stays as it is, updated_at included
  // (docs/ads.md), and no audit entry records a change that did not happen.
  if (Object.keys(changes).length === 0) return serializeAd(ad);
  const next = { ...ad, ...changes };
  if (next.endsAt && next.endsAt <= next.startsAt) throw unprocessable(AD_MESSAGES.endsBeforeStart, 'ends_at');
  // Checked when the audience or the placements change, or the ad goes live: an older ad that
  // reaches no one can still be paused, ended or renamed, but not run as it is.
  if (input.audience !== undefined || input.placements !== undefined || changes.status === 'active') assertReachesAudience(next);
  if (next.status === 'active') assertCanBeActive(next, now);
  const row = await db.transaction(async (tx) => {
    await assertMedia(tx as unknown as Database, input.media_id);
    // A status change holds only if the status it was checked against is still the stored one (the
    // tick may have ended the ad meanwhile); with If-Match, only if the whole ad is still the version read.
    const [updated] = await tx
      .update(ads)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(ads.id, ad.id), changes.status ? eq(ads.status, ad.status) : undefined, atVersion(ads.updatedAt, expectedVersion, ad.updatedAt)))
      .returning();
    if (!updated && expectedVersion != null) throw staleEditError('ad');
    if (!updated) throw conflict('The ad changed meanwhile: reload it and try again.', 'status');
    await recordAudit(tx as unknown as Database, {
      actorUserId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action: changes.status && changes.status !== ad.status ? `ad.${statusVerb(ad.status, changes.status)}` : 'ad.update',
      subjectType: 'ad',
      subjectId: ad.id,
      details: { fields: Object.keys(changes) },
    });
    return updated;
  });
  if (input.media_id !== undefined && ad.mediaFile !== row.mediaFile) await releaseAdMedia(db, ad.mediaFile);
  return serializeAd(row);
}

const statusVerb = (from: AdStatus, to: AdStatus) => (to === 'paused' ? 'pause' : to === 'active' ? (from === 'paused' ? 'resume' : 'activate') : to === 'ended' ? 'end' : 'draft');

/** DELETE /ads/{id}: the ad, its counts and (when no other ad shows it) its media. */
export async function deleteAd(db: Database, actor: Actor | null, id: string | number) {
  assertAdsRole(actor);
  const ad = await findAd(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(ads).where(eq(ads.id, ad.id));
    await recordAudit(tx as unknown as Database, { actorUserId: actor.userId, impersonatorId: actor.impersonatorId, action: 'ad.delete', subjectType: 'ad', subjectId: ad.id, details: { name: ad.name } });
  });
  await releaseAdMedia(db, ad.mediaFile);
  return { id: ad.id };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const TEXT_COLUMNS = { name: ads.name, advertiser: ads.advertiser, headline: ads.headline } as const;
// Clicks per impression within 0..1 (as serializeAd answers it); null before any impression. The
// grid's CTR indexes (lib/db/schema/ads.ts) are on this very expression: any other spelling of it
// would sort every ad.
const ctrExpr = sql`(least(${ads.clicks}, ${ads.impressions})::float8 / nullif(${ads.impressions}, 0))`;
/** The grid's sort keys; the nullable ones put their nulls last in both directions. */
const ORDER_COLUMNS: Record<SearchAdsInput['orders'][number]['field'], { key: SQL | AnyPgColumn; nullable?: true }> = {
  created_at: { key: ads.createdAt },
  name: { key: ads.name },
  advertiser: { key: ads.advertiser },
  status: { key: ads.status },
  starts_at: { key: ads.startsAt },
  ends_at: { key: ads.endsAt, nullable: true },
  impressions: { key: ads.impressions },
  clicks: { key: ads.clicks },
  ctr: { key: ctrExpr, nullable: true },
  weight: { key: ads.weight },
};

/**
 * The ORDER BY of a search: its orders, then id in the direction of the last one (newest first
 * without orders). A single order is then exactly one of the grid's indexes (`column, id`), read
 * forwards or backwards. Plain `asc`/`desc` on NOT NULL columns: `desc nulls last` is not the
 * reverse of an ascending index and sorted every ad. Nullable keys keep their nulls last.
 */
function adsOrderBy(orders: SearchAdsInput['orders']): SQL[] {
  const keys = orders.map(({ field, direction }) => {
    const { key, nullable } = ORDER_COLUMNS[field];
    // Ascending, PostgreSQL puts nulls last already.
    if (direction === 'asc') return asc(key);
    return nullable ? sql`${key} desc nulls last` : desc(key);
  });
  return [...keys, orders.at(-1)?.direction === 'asc' ? asc(ads.id) : desc(ads.id)];
}

/** One filter; the values of code fields (placement, status, audience) were checked by searchAdsSchema. */
function filterCondition(f: SearchAdsInput['filters'][number]): SQL | undefined {
  if (!f.value) return undefined;
  const negated = f.operator === 'ne' || f.operator === 'not_ilike';
  if (f.field === 'placement') {
    // Still guarded: a caller of the service that skipped the schema gets an answer, not a failed cast.
    if (!(PLACEMENT_VALUES as readonly string[]).includes(f.value)) throw unprocessable(AD_CODE_FILTERS.placement.message, 'filters');
    const has = sql`${f.value}::ad_placement = any(${ads.placements})`;
    return negated ? not(has) : has;
  }
  if (f.field === 'status' || f.field === 'audience') {
    const column = f.field === 'status' ? ads.status : ads.audience;
    if (!AD_CODE_FILTERS[f.field].values.includes(f.value)) throw unprocessable(AD_CODE_FILTERS[f.field].message, 'filters');
    return negated ? ne(column, f.value as never) : eq(column, f.value as never);
  }
  const column = TEXT_COLUMNS[f.field];
  const pattern = `%${escapeLike(f.value)}%`;
  if (f.operator === 'ilike') return ilike(column, pattern);
  if (f.operator === 'not_ilike') return notIlike(column, pattern);
  if (f.operator === 'eq') return eq(column, f.value);
  return ne(column, f.value);
}

/** POST /ads/search: a page of ads by filters and orders (default newest first). */
export async function searchAds(db: Database, actor: Actor | null, input: SearchAdsInput, page: { offset: number; limit: number }) {
  assertAdsRole(actor);
  const where = and(...input.filters.map(filterCondition).filter((c): c is SQL => !!c));
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(ads)
      .where(where)
      .orderBy(...adsOrderBy(input.orders))
      .offset(page.offset)
      .limit(page.limit),
    countUpTo(db, db.select({ one: sql`1` }).from(ads).where(where), page),
  ]);
  return { items: rows.map(serializeAd), pagination: { offset: page.offset, limit: page.limit, ...counted } };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** GET /ads/{id}/daily: impressions and clicks per UTC day, every day of the range (default the last 30). */
export async function adDaily(db: Database, actor: Actor | null, id: string | number, range: { from?: string; to?: string }, now = new Date()) {
  assertAdsRole(actor);
  const ad = await findAd(db, id);
  const to = range.to ?? dayOf(now);
  const from = range.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  // Checked here too: the schema sees `to` only when it is sent, not its default (today).
  if (from > to) throw unprocessable(AD_MESSAGES.dailyRange, 'from');
  if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > 366 * DAY_MS) throw unprocessable('Choose at most a year of days.', 'from');
  const rows = await db
    .select({ day: adDailyCounts.day, impressions: adDailyCounts.impressions, clicks: adDailyCounts.clicks })
    .from(adDailyCounts)
    .where(and(eq(adDailyCounts.adId, ad.id), sql`${adDailyCounts.day} between ${from} and ${to}`))
    .orderBy(asc(adDailyCounts.day));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    const day = dayOf(new Date(t));
    const r = byDay.get(day);
    days.push({ day, impressions: r?.impressions ?? 0, clicks: r?.clicks ?? 0 });
  }
  return { id: ad.id, from, to, days };
}

/** Tick step: ads past their end date end (active and paused alike). */
export async function endAds(db: Database, now: Date, options: BatchOptions = {}) {
  const due = and(inArray(ads.status, ['active', 'paused']), lte(ads.endsAt, now));
  const { rows } = await inBatches(
    (limit) =>
      db
        .update(ads)
        .set({ status: 'ended', updatedAt: now })
        .where(and(inArray(ads.id, db.select({ id: ads.id }).from(ads).where(due).limit(limit)), due))
        .returning({ id: ads.id }),
    options,
  );
  return { ended: rows.length };
}

