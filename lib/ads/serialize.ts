import type { ads } from '@/lib/db/schema';
import type { AdAudience, AdMediaType, AdPlacement, AdStatus } from './codes';
import { mediaUrl } from './media';

export type AdRow = typeof ads.$inferSelect;

/** An ad as the API answers it (snake_case). */
export type AdView = {
  id: number;
  name: string;
  advertiser: string;
  headline: string;
  media_id: string | null;
  media_type: AdMediaType | null;
  media_url: string | null;
  target_url: string;
  placements: AdPlacement[];
  audience: AdAudience;
  states: string[];
  starts_at: string;
  ends_at: string | null;
  status: AdStatus;
  weight: number;
  impressions: number;
  clicks: number;
  /** Clicks per impression, 0..1 (0 before any impression). */
  ctr: number;
  created_at: string;
  updated_at: string;
};

export const ctrOf = (clicks: number, impressions: number) => (impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : 0);

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
