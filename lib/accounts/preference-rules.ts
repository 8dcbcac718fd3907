/** Time zones and profile picture rules, zod-free so the preferences panel loads without the schemas (issue 16). */

/** The four US zones of the user profile (accounts spec §3, §5). */
export const TIMEZONES = ['US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific'] as const;
export const TIMEZONE_LABELS: Record<Timezone, string> = {
  'US/Eastern': 'Eastern (ET)',
  'US/Central': 'Central (CT)',
  'US/Mountain': 'Mountain (MT)',
  'US/Pacific': 'Pacific (PT)',
};
export const TIMEZONE_INVALID = 'Choose one of the four US time zones.';
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_SIDE = 256;
export const PICTURE_TYPES = ['png', 'jpeg', 'webp', 'gif'] as const;
export const PICTURE_BAD_TYPE = 'The picture must be a PNG, JPEG, WebP or GIF image.';
export const PICTURE_TOO_LARGE = 'The picture must be 5 MB or smaller.';
export type Timezone = (typeof TIMEZONES)[number];
