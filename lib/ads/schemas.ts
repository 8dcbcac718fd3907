/**
 * One zod schema per ads operation, shared by the ad form (zodResolver) and the API handlers.
 * Bodies are snake_case (issue 14). Client-safe: no server code.
 */
import { z } from 'zod';
import { plainNumber } from '@/lib/validation/numbers';
import { SINGLE_LINE_MESSAGE, isSingleLine } from '@/lib/validation/text';
import { textError } from '@/lib/validation/messages';
import { dateSchema } from '@/lib/validation/dates';
import { US_STATES, valuesOf } from '@/lib/jobs/codes';
import { AD_WEIGHT_MAX, AD_WEIGHT_MIN, AUDIENCE_VALUES, HOME_ROTATION_ORDERS, PLACEMENT_VALUES, SETTINGS_BOUNDS, STATUS_VALUES, placementsMessage, reachesAudience } from './codes';

export const AD_MESSAGES = {
  name: 'Enter a name for the ad',
  advertiser: 'Enter the advertiser',
  headline: 'Enter a headline',
  headlineTooLong: 'Keep the headline to 90 characters or fewer',
  targetUrl: 'Enter a valid URL starting with http:// or https://',
  placements: 'Choose at least one placement',
  startsAt: 'Enter a start date',
  endsBeforeStart: 'The end date must be after the start date',
  weight: `Enter a weight from ${AD_WEIGHT_MIN} to ${AD_WEIGHT_MAX}`,
  media: 'Upload an image or a video for the ad',
  mediaId: 'Upload the ad media again',
  states: 'Choose US states from the list',
  audience: 'Choose an audience: drivers or employers',
  dailyRange: 'The first day (from) must not be after the last (to).',
} as const;

const text = (max: number, required: string, tooLong = `Keep it to ${max} characters or fewer`) =>
  z.string({ error: textError(required) }).trim().min(1, required).max(max, tooLong).refine(isSingleLine, SINGLE_LINE_MESSAGE);

/** http(s) only: a javascript: or data: target would run in the viewer's page. */
export const targetUrlSchema = z
  .string({ error: textError(AD_MESSAGES.targetUrl) })
  .trim()
  .max(2048, AD_MESSAGES.targetUrl)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, AD_MESSAGES.targetUrl);

/** A date-time ('2026-12-01T00:00:00Z') or a day ('2026-12-01', taken as midnight UTC), a real one (lib/validation/dates.ts). */
const moment = (message: string) => dateSchema(message, { min: 2000, max: 2100 });

/** An uploaded media file's id (POST /ads/multimedia/upload answers it). */
export const mediaIdSchema = z.string({ error: textError(AD_MESSAGES.mediaId) }).regex(/^[a-f0-9]{24}\.(webp|mp4|webm)$/, AD_MESSAGES.mediaId);

const adFields = {
  name: text(120, AD_MESSAGES.name),
  advertiser: text(120, AD_MESSAGES.advertiser),
  headline: text(90, AD_MESSAGES.headline, AD_MESSAGES.headlineTooLong),
  target_url: targetUrlSchema,
  placements: z
    .array(z.enum(PLACEMENT_VALUES, { error: AD_MESSAGES.placements }), { error: AD_MESSAGES.placements })
    .min(1, AD_MESSAGES.placements)
    .transform((v) => [...new Set(v)]),
  audience: z.enum(AUDIENCE_VALUES, { error: AD_MESSAGES.audience }),
  states: z
    .array(z.enum(valuesOf(US_STATES), { error: AD_MESSAGES.states }), { error: AD_MESSAGES.states })
    .max(60, AD_MESSAGES.states)
    .transform((v) => [...new Set(v)]),
  starts_at: moment(AD_MESSAGES.startsAt),
  ends_at: moment('Enter a valid end date').nullable(),
  status: z.enum(STATUS_VALUES),
  weight: plainNumber(z.coerce.number({ error: AD_MESSAGES.weight }).int(AD_MESSAGES.weight).min(AD_WEIGHT_MIN, AD_MESSAGES.weight).max(AD_WEIGHT_MAX, AD_MESSAGES.weight)),
  media_id: mediaIdSchema.nullable(),
};

const endsAfterStart = (v: { starts_at?: Date; ends_at?: Date | null }) => !v.starts_at || !v.ends_at || v.ends_at > v.starts_at;

/** POST /ads. */
export const createAdSchema = z
  .object({
    ...adFields,
    audience: adFields.audience.default('drivers'),
    states: adFields.states.default([]),
    ends_at: adFields.ends_at.optional().default(null),
    status: z.enum(['draft', 'active'], { error: 'A new ad is a draft or active' }).default('draft'),
    weight: adFields.weight.default(1),
    media_id: adFields.media_id.optional().default(null),
  })
  .refine(endsAfterStart, { message: AD_MESSAGES.endsBeforeStart, path: ['ends_at'] })
  .superRefine((v, ctx) => {
    // An empty list already has its message (Choose at least one placement).
    if (v.placements.length && !reachesAudience(v.audience, v.placements)) ctx.addIssue({ code: 'custom', message: placementsMessage(v.audience), path: ['placements'] });
  });
export type CreateAdInput = z.infer<typeof createAdSchema>;

/**
 * PATCH /ads/{id}: any of the fields. The service checks what needs the stored ad: the status
 * changes STATUS_TRANSITIONS allows (codes.ts), and that the audience sees one of the placements
 * (either may be sent alone, the other being the stored one).
 */
export const updateAdSchema = z
  .object({
    name: adFields.name.optional(),
    advertiser: adFields.advertiser.optional(),
    headline: adFields.headline.optional(),
    target_url: adFields.target_url.optional(),
    placements: adFields.placements.optional(),
    audience: adFields.audience.optional(),
    states: adFields.states.optional(),
    starts_at: adFields.starts_at.optional(),
    ends_at: adFields.ends_at.optional(),
    status: adFields.status.optional(),
    weight: adFields.weight.optional(),
    media_id: adFields.media_id.optional(),
  })
  .refine(endsAfterStart, { message: AD_MESSAGES.endsBeforeStart, path: ['ends_at'] });
export type UpdateAdInput = z.infer<typeof updateAdSchema>;

/** Grid filter operators (jobs spec §9): contains, does not contain, equals, not equals. */
export const FILTER_OPERATORS = ['ilike', 'not_ilike', 'eq', 'ne'] as const;
export const AD_FILTER_FIELDS = ['name', 'advertiser', 'headline', 'status', 'audience', 'placement'] as const;
export const AD_ORDER_FIELDS = ['created_at', 'name', 'advertiser', 'status', 'starts_at', 'ends_at', 'impressions', 'clicks', 'ctr', 'weight'] as const;
export const AD_PAGE_SIZE = 20;

/** The filter fields whose value is a code: one of these (any case), or empty for no filter. */
export const AD_CODE_FILTERS: Record<'placement' | 'status' | 'audience', { values: readonly string[]; message: string }> = {
  placement: { values: PLACEMENT_VALUES, message: `Choose a placement: ${orList(PLACEMENT_VALUES)}` },
  status: { values: STATUS_VALUES, message: `Choose a status: ${orList(STATUS_VALUES)}` },
  audience: { values: AUDIENCE_VALUES, message: `Choose an audience: ${orList(AUDIENCE_VALUES)}` },
};

function orList(values: readonly string[]) {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values.join('');
}

/** POST /ads/search: `{filters, orders}` like the companies search; offset and limit in the query. */
export const searchAdsSchema = z.object({
  filters: z
    .array(
      z
        .object({
          field: z.enum(AD_FILTER_FIELDS),
          operator: z.enum(FILTER_OPERATORS).default('ilike'),
          value: z.string().trim().max(200),
        })
        .transform((f, ctx) => {
          const codes = f.field in AD_CODE_FILTERS ? AD_CODE_FILTERS[f.field as keyof typeof AD_CODE_FILTERS] : undefined;
          if (!codes || !f.value) return f;
          const value = f.value.toLowerCase();
          if (!codes.values.includes(value)) {
            ctx.addIssue({ code: 'custom', message: codes.message, path: ['value'] });
            return z.NEVER;
          }
          return { ...f, value };
        }),
    )
    .max(10)
    .default([]),
  orders: z
    .array(z.object({ field: z.enum(AD_ORDER_FIELDS), direction: z.enum(['asc', 'desc']).default('asc') }))
    .max(3)
    .default([{ field: 'created_at', direction: 'desc' }]),
});
export type SearchAdsInput = z.infer<typeof searchAdsSchema>;

export const pageQuerySchema = z.object({
  offset: plainNumber(z.coerce.number().int().min(0).max(1_000_000)).default(0),
  limit: plainNumber(z.coerce.number().int().min(1).max(100)).default(AD_PAGE_SIZE),
});

/** GET /ads/{id}/daily: the chart's days (UTC), at most a year. */
export const dailyQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: AD_MESSAGES.dailyRange, path: ['from'] });

const bounded = (b: { min: number; max: number }, label: string) =>
  plainNumber(z.coerce.number({ error: `Enter ${label} from ${b.min} to ${b.max}` }).int(`Enter ${label} from ${b.min} to ${b.max}`).min(b.min, `Enter ${label} from ${b.min} to ${b.max}`).max(b.max, `Enter ${label} from ${b.min} to ${b.max}`));

/** PATCH /ads/settings: the general settings (/ads/settings) and the home's rotation (/ads/settings/home). */
export const adSettingsSchema = z.object({
  enabled_placements: z.array(z.enum(PLACEMENT_VALUES)).transform((v) => [...new Set(v)]).optional(),
  ads_per_page: bounded(SETTINGS_BOUNDS.adsPerPage, 'a number').optional(),
  max_daily_views_per_viewer: bounded(SETTINGS_BOUNDS.maxDailyViewsPerViewer, 'a number').optional(),
  home_ads_count: bounded(SETTINGS_BOUNDS.homeAdsCount, 'a number').optional(),
  home_rotation_seconds: bounded(SETTINGS_BOUNDS.homeRotationSeconds, 'seconds').optional(),
  home_rotation_order: z.enum(valuesOf(HOME_ROTATION_ORDERS)).optional(),
});
export type AdSettingsInput = z.infer<typeof adSettingsSchema>;

/** GET /ads/serve?placement=. */
export const serveQuerySchema = z.object({ placement: z.enum(PLACEMENT_VALUES) });

/** POST /ads/impression. */
export const impressionSchema = z.object({ token: z.string().max(200) });
