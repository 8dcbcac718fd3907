import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './types';
import { AD_MEDIA_TYPES, AUDIENCE_VALUES, PLACEMENT_VALUES, STATUS_VALUES } from '../../ads/codes';
import { users } from './accounts';
import { usStateEnum } from './jobs';

export const adStatusEnum = pgEnum('ad_status', STATUS_VALUES);
export const adPlacementEnum = pgEnum('ad_placement', PLACEMENT_VALUES);
export const adAudienceEnum = pgEnum('ad_audience', AUDIENCE_VALUES);
export const adMediaTypeEnum = pgEnum('ad_media_type', AD_MEDIA_TYPES);


/** An advertisement (docs/ads.md). Counters are kept on the row for the grid; per day in ad_daily_counts. */
export const ads = pgTable(
  'ads',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    advertiser: text().notNull(),
    headline: text().notNull(),
    mediaType: adMediaTypeEnum(),
    /** The file's name under ads/media/ in storage ('ab12….webp'); null for a draft without media. */
    mediaFile: text(),
    targetUrl: text().notNull(),
    placements: adPlacementEnum().array().notNull(),
    audience: adAudienceEnum().notNull().default('drivers'),
    /** Viewers' states it is shown in; empty: everywhere. */
    states: usStateEnum().array().notNull().default(sql`'{}'`),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at'),
    status: adStatusEnum().notNull().default('draft'),
    weight: smallint().notNull().default(1),
    impressions: bigint({ mode: 'number' }).notNull().default(0),
    clicks: bigint({ mode: 'number' }).notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Serving reads active ads of a placement within their dates.
    index('ads_serving_idx').on(t.status, t.startsAt, t.endsAt),
    index('ads_placements_idx').using('gin', t.placements),
    // The grid's filters (contains).
    index('ads_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('ads_advertiser_trgm_idx').using('gin', sql`${t.advertiser} gin_trgm_ops`),
    index('ads_headline_trgm_idx').using('gin', sql`${t.headline} gin_trgm_ops`),
    // The grid's sorts (searchAds, lib/ads/services.ts): each orders by its column, then id in the same
    // direction, so one index read forwards or backwards serves both directions. The nullable keys
    // (ends_at, the CTR) keep their nulls last either way, which a single index read backwards would
    // not: they have one index per direction. The CTR is indexed as the very expression sorted on.
    index('ads_list_created_idx').on(t.createdAt, t.id),
    index('ads_list_name_idx').on(t.name, t.id),
    index('ads_list_advertiser_idx').on(t.advertiser, t.id),
    index('ads_list_status_idx').on(t.status, t.id),
    index('ads_list_starts_idx').on(t.startsAt, t.id),
    index('ads_list_ends_idx').on(t.endsAt.asc().nullsLast(), t.id.asc()),
    index('ads_list_ends_desc_idx').on(t.endsAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('ads_list_impressions_idx').on(t.impressions, t.id),
    index('ads_list_clicks_idx').on(t.clicks, t.id),
    index('ads_list_weight_idx').on(t.weight, t.id),
    index('ads_list_ctr_idx').on(sql`(least(${t.clicks}, ${t.impressions})::float8 / nullif(${t.impressions}, 0))`, t.id),
    index('ads_list_ctr_desc_idx').on(sql`(least(${t.clicks}, ${t.impressions})::float8 / nullif(${t.impressions}, 0)) desc nulls last`, t.id.desc().nullsFirst()),
    // Whether an ad names a media file: the media delete's in-use check and the tick's purge of unused
    // media (lib/ads/media.ts), which read every ad without it.
    index('ads_media_file_idx').on(t.mediaFile),
    check('ads_weight_range', sql`${t.weight} between 1 and 100`),
  ],
);

/** Impressions and clicks of an ad per UTC day (the chart). */
export const adDailyCounts = pgTable(
  'ad_daily_counts',
  {
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);

/**
 * One showing of an ad to one viewer: its id is in the signed impression token and click URL, and
 * its impressed_at / clicked_at are set once, so neither can be counted twice.
 */
export const adViews = pgTable(
  'ad_views',
  {
    id: text().primaryKey(),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: integer(),
    placement: adPlacementEnum().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    impressedAt: ts('impressed_at'),
    /** Whether this showing's impression was counted (a viewer's repeat within 30 seconds is seen, not counted: lib/ads/serving.ts). */
    impressionCounted: boolean().notNull().default(false),
    clickedAt: ts('clicked_at'),
  },
  (t) => [
    // The per-viewer daily cap counts a viewer's impressions of an ad since the day began.
    index('ad_views_viewer_idx').on(t.userId, t.adId, t.impressedAt),
    index('ad_views_created_idx').on(t.createdAt),
    index('ad_views_ad_idx').on(t.adId),
  ],
);

/** The ads settings: one row (id 1). */
export const adSettings = pgTable(
  'ad_settings',
  {
    id: smallint().primaryKey().default(1),
    /**
     * Every placement by default (a row made after a placement was added shows it at once). Not a
     * list of the values: a migration adding a value cannot name it in the same transaction.
     */
    enabledPlacements: adPlacementEnum().array().notNull().default(sql`enum_range(null::ad_placement)`),
    /** Ads one placement shows on a page. */
    adsPerPage: smallint().notNull().default(1),
    /** Times one viewer may see the same ad in a day; 0: no limit. */
    maxDailyViewsPerViewer: smallint().notNull().default(0),
    /** The Drivers Portal home's rotation: how many ads take turns, how often, in which order. */
    homeAdsCount: smallint().notNull().default(3),
    homeRotationSeconds: smallint().notNull().default(8),
    homeRotationOrder: text().notNull().default('weighted'),
    updatedBy: integer(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('ad_settings_one_row', sql`${t.id} = 1`)],
);
