import type { AdMediaType, AdPlacement } from './codes';

/** One served ad (GET /ads/serve): client-safe types, shared with the placement component. */
export type ServedAd = {
  id: number;
  headline: string;
  advertiser: string;
  media_type: AdMediaType;
  media_url: string;
  impression_token: string;
  click_url: string;
};

export type ServeAnswer = { placement: AdPlacement; rotation_seconds: number; ads: ServedAd[] };
