/**
 * The code lists of ads (the spec names ads and ad settings but not their fields: docs/ads.md).
 * Client-safe: no server imports.
 */
/**
 * Where ads are shown, and to whom: each placement is on one portal's page, so only that portal's
 * users (the placement's `audience`) ever see it (docs/ads.md). New values are appended: the
 * ad_placement enum takes them with ALTER TYPE ... ADD VALUE (a migration).
 */
export const AD_PLACEMENTS = [
  { value: 'members_home', label: 'Drivers Portal home', audience: 'drivers' },
  { value: 'news_feed', label: 'News feed', audience: 'drivers' },
  { value: 'job_search', label: 'Job search results', audience: 'drivers' },
  { value: 'company_job_detail', label: 'Company Portal: job detail', audience: 'employers' },
] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number]['value'];
export const PLACEMENT_VALUES = AD_PLACEMENTS.map((p) => p.value) as [AdPlacement, ...AdPlacement[]];

/**
 * Who an ad is for: drivers (the Drivers Portal's users) or employers (company users, who open
 * the Company Portal). An ad is served only to its audience, and only on placements of that
 * audience's portal (placementAudience).
 */
export const AD_AUDIENCES = [
  { value: 'drivers', label: 'Drivers' },
  { value: 'employers', label: 'Employers' },
] as const;
export type AdAudience = (typeof AD_AUDIENCES)[number]['value'];
export const AUDIENCE_VALUES = AD_AUDIENCES.map((a) => a.value) as [AdAudience, ...AdAudience[]];

/** The audience that sees a placement (the users of the portal its page is on). */
export const placementAudience = (placement: AdPlacement): AdAudience => AD_PLACEMENTS.find((p) => p.value === placement)?.audience ?? 'drivers';

/** The placements an audience sees: drivers the Drivers Portal's, employers the Company Portal's. */
export const placementsFor = (audience: AdAudience) => AD_PLACEMENTS.filter((p) => p.audience === audience);

/** Whether an ad for `audience` on `placements` is shown anywhere: at least one placement must be its audience's. */
export const reachesAudience = (audience: AdAudience, placements: readonly string[]) => placementsFor(audience).some((p) => placements.includes(p.value));

/**
 * What the API answers (on `placements`) for an ad none of whose placements its audience sees:
 * 'An ad for employers needs a placement employers see: add Company Portal: job detail.'
 */
export function placementsMessage(audience: AdAudience) {
  const labels = placementsFor(audience).map((p) => p.label);
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : labels.join('');
  return `An ad for ${audience} needs a placement ${audience} see: add ${list}.`;
}

export const AD_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'ended', label: 'Ended' },
] as const;
export type AdStatus = (typeof AD_STATUSES)[number]['value'];
export const STATUS_VALUES = AD_STATUSES.map((s) => s.value) as [AdStatus, ...AdStatus[]];

/**
 * The status changes an ad allows (docs/ads.md), besides keeping its status: a draft is activated
 * (or deleted); a running ad is paused or ended; a paused one resumed or ended; an ended ad stays
 * ended, so its figures are final (a new ad runs it again). Nothing goes back to draft.
 */
export const STATUS_TRANSITIONS: Record<AdStatus, readonly AdStatus[]> = {
  draft: ['active'],
  active: ['paused', 'ended'],
  paused: ['active', 'ended'],
  ended: [],
};

/** What the API answers when a status change is refused: what the ad's status allows. */
export const STATUS_CHANGE_MESSAGES: Record<AdStatus, string> = {
  draft: 'A draft can be activated (or deleted).',
  active: 'An active ad can be paused or ended.',
  paused: 'A paused ad can be resumed (active) or ended.',
  ended: 'An ended ad stays ended: create a new ad to run it again.',
};

export const canChangeStatus = (from: AdStatus, to: AdStatus) => from === to || STATUS_TRANSITIONS[from].includes(to);

export const AD_MEDIA_TYPES = ['image', 'video'] as const;
export type AdMediaType = (typeof AD_MEDIA_TYPES)[number];

/** The files an ad's media may be (the upload's `extension`): images are cropped, videos kept as sent. */
export const AD_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;
export const AD_VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;
/** Said by the form and by the upload call alike: an ad takes an image or a video, so both are named. */
export const AD_MEDIA_TYPE_MESSAGE = 'Choose a png, jpeg, webp or gif image, or an mp4 or webm video.';

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
