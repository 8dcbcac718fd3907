import type { AdPlacement, HomeRotationOrder } from './codes';

export type AdSettingsView = {
  enabled_placements: AdPlacement[];
  ads_per_page: number;
  max_daily_views_per_viewer: number;
  home_ads_count: number;
  home_rotation_seconds: number;
  home_rotation_order: HomeRotationOrder;
  updated_at: string;
};

