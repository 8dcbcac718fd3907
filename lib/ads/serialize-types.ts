import type { AdAudience, AdMediaType, AdPlacement, AdStatus } from './codes';

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

