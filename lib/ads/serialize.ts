import type { ads } from '@/lib/db/schema';
import type { AdView } from './serialize-types';
import { mediaUrl } from './media';

export type AdRow = typeof ads.$inferSelect;

export type { AdView } from './serialize-types';

/** Clicks per impression, 0..1: a click counts only after its showing's impression (lib/ads/serving.ts), and the bound holds for older rows too. */
export const ctrOf = (clicks: number, impressions: number) => (impressions > 0 ? Math.min(1, Math.round((clicks / impressions) * 10_000) / 10_000) : 0);

export function serializeAd(row: AdRow): AdView {
  return {
    id: row.id,
    name: row.name,
    advertiser: row.advertiser,
    headline: row.headline,
    media_id: row.mediaFile,
    media_type: row.mediaType,
    media_url: row.mediaFile ? mediaUrl(row.mediaFile) : null,
    target_url: row.targetUrl,
    placements: row.placements,
    audience: row.audience,
    states: row.states,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    status: row.status,
    weight: row.weight,
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    ctr: ctrOf(Number(row.clicks), Number(row.impressions)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
