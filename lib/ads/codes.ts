/**
 * The code lists of ads (the spec names ads and ad settings but not their fields: docs/ads.md).
 * Client-safe: no server imports.
 */
export const AD_PLACEMENTS = [
  { value: 'members_home', label: 'Drivers Portal home' },
  { value: 'news_feed', label: 'News feed' },
  { value: 'job_search', label: 'Job search results' },
] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number]['value'];
export const PLACEMENT_VALUES = AD_PLACEMENTS.map((p) => p.value) as [AdPlacement, ...AdPlacement[]];

export const AD_AUDIENCES = [
  { value: 'drivers', label: 'Drivers' },
  { value: 'employers', label: 'Employers' },
] as const;
export type AdAudience = (typeof AD_AUDIENCES)[number]['value'];
export const AUDIENCE_VALUES = AD_AUDIENCES.map((a) => a.value) as [AdAudience, ...AdAudience[]];

export const AD_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'ended', label: 'Ended' },
] as const;
export type AdStatus = (typeof AD_STATUSES)[number]['value'];
export const STATUS_VALUES = AD_STATUSES.map((s) => s.value) as [AdStatus, ...AdStatus[]];

export const AD_MEDIA_TYPES = ['image', 'video'] as const;
export type AdMediaType = (typeof AD_MEDIA_TYPES)[number];

/** The ad image size of jobs spec §5: uploads are cropped and resized to it on the server. */
export const AD_IMAGE_WIDTH = 587;
export const AD_IMAGE_HEIGHT = 226;

export const AD_WEIGHT_MIN = 1;
export const AD_WEIGHT_MAX = 100;

/** Bounds of the settings (/ads/settings and /ads/settings/home). */
export const SETTINGS_BOUNDS = {
  adsPerPage: { min: 1, max: 5 },
  maxDailyViewsPerViewer: { min: 0, max: 100 },
  homeAdsCount: { min: 1, max: 10 },
  homeRotationSeconds: { min: 0, max: 120 },
} as const;

export const HOME_ROTATION_ORDERS = [
  { value: 'weighted', label: 'By weight (heavier ads come up more often)' },
  { value: 'in_turn', label: 'In turn (each ad in order, heaviest first)' },
] as const;
export type HomeRotationOrder = (typeof HOME_ROTATION_ORDERS)[number]['value'];

/** 'members_home' → 'Drivers Portal home'. */
export const labelFor = <T extends { value: string; label: string }>(list: readonly T[], value: string) => list.find((i) => i.value === value)?.label ?? value;
