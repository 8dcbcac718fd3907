/**
 * One zod schema per jobs operation, shared by the wizard's forms (zodResolver) and the API
 * handlers. The spec's messages (jobs spec §5) are written here, once. Client-safe: no server code.
 * Unknown fields are stripped (zod objects strip by default).
 */
import { z } from 'zod';
import { plainNumber, rowIdNumber } from '@/lib/validation/numbers';
import { SINGLE_LINE_MESSAGE, isSingleLine } from '@/lib/validation/text';
import { textError } from '@/lib/validation/messages';
import { DATE_MESSAGE, DATE_YEARS, dateSchema } from '@/lib/validation/dates';
import { addressKey } from './address-key';
import {
  ADDON_TYPES,
  BENEFITS,
  ENDORSEMENTS,
  EXPERIENCE,
  HOME_TIME,
  JOB_PAGE_SIZE,
  JOB_PAGE_SIZE_MAX,
  JOB_SORT_FIELDS,
  JOB_TYPES,
  NO_ADDONS,
  SALARY_TYPES,
  toStateCode,
  valuesOf,
} from './codes';
import { JOB_TITLE_MAX } from './title';
import { STATUS_FILTER_MESSAGE, statusFilterOf } from './status';
import { lexicalPlainText, richTextProblem } from './rich-text';
import { INVALID_ADDRESS, NOT_US_ADDRESS, PLACE_MISMATCH, addressTerms, endsWithOtherCountry, isUsCountry } from '@/lib/geo/validate-address';

export const MESSAGES = {
  notUs: NOT_US_ADDRESS,
  invalidAddress: INVALID_ADDRESS,
  amount: 'Enter an amount with up to 8 digits and 2 decimals',
  salaryType: 'Select a salary type',
  hyperlinkUrl: 'Enter a valid URL starting with http:// or https://',
  videoUrl: 'Enter a valid video URL starting with http:// or https://',
  title: 'Enter a job title',
  titleTooLong: 'Keep the job title to 150 characters or fewer',
  description: 'Enter a job description',
  jobType: 'Select a job type',
  homeTime: 'Select a home time',
  experience: 'Select the required experience',
  expectedPay: 'Enter the expected pay',
  addresses: 'Add at least one address',
  duplicateAddress: 'This address is already in the list',
  placeMismatch: PLACE_MISMATCH,
  duplicateAddon: 'Each add-on can be chosen once',
  renewalReason: 'Tell us why you are cancelling the renewal',
  tag: 'Enter a tag of 1 to 50 characters',
} as const;

const AMOUNT_RE = /^\d{1,8}(\.\d{1,2})?$/;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Thousands written with commas ('1,450.50'); a comma anywhere else ('12,5') is not an amount. */
const GROUPED_RE = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/** Dollars with up to 8 digits and 2 decimals (spec §5), given as a number or a numeric string. */
export const amount = z
  .union([z.number(), z.string()], { error: MESSAGES.amount })
  .transform((v, ctx) => {
    const typed = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    // Commas only as thousands separators: '12,5' read as 125 priced a job ten times over.
    const s = typed.includes(',') && GROUPED_RE.test(typed) ? typed.replace(/,/g, '') : typed;
    if (!AMOUNT_RE.test(s)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.amount });
      return z.NEVER;
    }
    return Number(s);
  });

/** An amount that may be empty ('' and null count as not given). */
const optionalAmount = z.preprocess((v) => (blank(v) ? undefined : v), amount.optional());

/** A video uploaded through POST /jobs/multimedia/upload is referred to by its own path. */
export const UPLOADED_VIDEO_RE = /^\/api\/v1\.0\/jobs\/multimedia\/(c\d{1,10}|staff)\/[a-z0-9]{24}\.(mp4|webm)$/;

const httpUrl = (message: string) => z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: message }).max(2048, message);

/** A URL that may be empty: '' and null mean "none". */
const optionalHttpUrl = (message: string) =>
  z.preprocess((v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v), httpUrl(message).nullable().optional());

const codes = <T extends { value: string }>(list: readonly T[], message: string) => z.enum(valuesOf(list), { error: message });

/** A code list chosen several times (benefits, endorsements): deduplicated. */
const codeSet = <T extends { value: string }>(list: readonly T[]) =>
  z
    .array(z.enum(valuesOf(list)))
    .max(list.length * 2)
    .transform((a) => [...new Set(a)]);

/** Lexical editor state ({root: ...}) or an HTML string; the server renders and sanitizes it. */
export const jobDescription = z
  .union([z.string().max(200_000), z.looseObject({ root: z.looseObject({ children: z.array(z.unknown()) }) })], {
    error: MESSAGES.description,
  })
  .superRefine((v, ctx) => {
    // The shape first: reading the text of a runaway tree would overflow the stack.
    const problem = richTextProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    else if (!lexicalPlainText(v).trim()) ctx.addIssue({ code: 'custom', message: MESSAGES.description });
  });

export const coordinates = z.object({
  lat: plainNumber(z.coerce.number().min(-90).max(90)),
  lng: plainNumber(z.coerce.number().min(-180).max(180)),
});

/** An optional one-line address part. */
const line = (max: number) => z.string().trim().max(max).refine(isSingleLine, SINGLE_LINE_MESSAGE).nullish();

/**
 * A targeting address. Accepts the server names (street1, city, state, postal_code) and the
 * address component's (description, address = street line, stateName, zipCode); answers the
 * server names with a US state code. An empty zip code is dropped.
 */
export const addressSchema = z
  .object({
    /** The full line the user chose: 'Dallas, TX 75201, USA' (one term or fewer is refused). */
    description: z.string().max(300).nullish(),
    address: line(200),
    street1: line(200),
    city: line(100),
    state: z.string().trim().max(60).nullish(),
    stateName: z.string().trim().max(60).nullish(),
    postal_code: z.string().trim().max(10).nullish(),
    zipCode: z.string().trim().max(10).nullish(),
    country: z.string().trim().max(60).nullish(),
    coordinates: coordinates.nullish(),
    latitude: plainNumber(z.coerce.number().min(-90).max(90)).nullish(),
    longitude: plainNumber(z.coerce.number().min(-180).max(180)).nullish(),
  })
  .transform((a, ctx) => {
    const country = a.country || 'US';
    // 'London UK' typed as the line or the city, with the country left out, is still abroad.
    if (!isUsCountry(country) || endsWithOtherCountry(addressTerms(a.description).at(-1)) || endsWithOtherCountry(a.city)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.notUs, path: ['country'] });
      return z.NEVER;
    }
    const rawState = a.state || a.stateName || '';
    const state = toStateCode(rawState);
    if (rawState && !state) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.notUs, path: ['state'] });
      return z.NEVER;
    }
    const postalCode = (a.postal_code || a.zipCode || '').trim() || undefined;
    const terms = a.description == null ? 2 : a.description.split(',').filter((t) => t.trim()).length;
    if (terms <= 1 || (postalCode && !/^\d{5}(-\d{4})?$/.test(postalCode)) || !(postalCode || (a.city && state))) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidAddress, path: ['address'] });
      return z.NEVER;
    }
    const coords = a.coordinates ?? (a.latitude != null && a.longitude != null ? { lat: a.latitude, lng: a.longitude } : undefined);
    return {
      street1: a.street1 || a.address || null,
      city: a.city || null,
      state: state ?? null,
      ...(postalCode ? { postal_code: postalCode } : {}),
      country: 'US' as const,
      coordinates: coords ?? null,
    };
  });
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

export { addressKey } from './address-key';

/** The most targeting addresses a job may have. */
export const MAX_JOB_ADDRESSES = 50;

/**
 * A job's targeting addresses: each costs money, so the same place twice is refused (the API took
 * it and charged it twice; the wizard only compared the lines as typed).
 */
export const addressesSchema = z
  .array(addressSchema)
  .min(1, MESSAGES.addresses)
  .max(MAX_JOB_ADDRESSES)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      const key = addressKey(a);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: MESSAGES.duplicateAddress, path: [i, 'address'] });
      seen.add(key);
    });
  });

/** One add-on choice; the hyperlink add-on, when subscribed, needs an external http(s) URL. */
export const addonSchema = z
  .object({
    addon_type: z.enum([...valuesOf(ADDON_TYPES), NO_ADDONS]),
    subscribed: z.boolean().default(true),
    external_url: optionalHttpUrl(MESSAGES.hyperlinkUrl),
    job_hyperlink: optionalHttpUrl(MESSAGES.hyperlinkUrl),
  })
  .transform((a, ctx) => {
    const url = a.external_url ?? a.job_hyperlink ?? null;
    if (a.addon_type === 'hyperlink' && a.subscribed && !url) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.hyperlinkUrl, path: ['external_url'] });
      return z.NEVER;
    }
    return { addon_type: a.addon_type, subscribed: a.subscribed, external_url: url };
  });
export type AddonInput = z.input<typeof addonSchema>;

/** A list of add-on choices: 'noAddons' dropped, each type at most once. */
export const addonsSchema = z
  .array(addonSchema)
  .max(10)
  .superRefine((list, ctx) => {
    const types = list.map((a) => a.addon_type).filter((t) => t !== NO_ADDONS);
    if (new Set(types).size !== types.length) ctx.addIssue({ code: 'custom', message: MESSAGES.duplicateAddon });
  })
  .transform((list) =>
    list.flatMap((a) => (a.addon_type === NO_ADDONS ? [] : [{ ...a, addon_type: a.addon_type as (typeof ADDON_TYPES)[number]['value'] }])),
  );
export type Addon = z.output<typeof addonsSchema>[number];

/** The job content fields, without defaults (so a partial update never resets a field). */
const contentShape = {
  title: z.string({ error: textError(MESSAGES.title) }).trim().min(1, MESSAGES.title).max(JOB_TITLE_MAX, MESSAGES.titleTooLong).refine(isSingleLine, SINGLE_LINE_MESSAGE),
  job_type: codes(JOB_TYPES, MESSAGES.jobType),
  additional_experience: z.string().trim().max(2000).nullish(),
  home_time: codes(HOME_TIME, MESSAGES.homeTime),
  required_experience: codes(EXPERIENCE, MESSAGES.experience),
  job_description: jobDescription,
  driver_unload: z.boolean().optional(),
  // Required without .optional(): zod drops the issues of an absent key whose schema may be undefined.
  expected_pay: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.custom<number | string>((v) => v !== undefined, MESSAGES.expectedPay).pipe(amount).refine((n) => n > 0, MESSAGES.expectedPay),
  ),
  salary_type: codes(SALARY_TYPES, MESSAGES.salaryType),
  signon_bonus: optionalAmount,
  starting_bonus: optionalAmount,
  benefits: codeSet(BENEFITS).optional(),
  endorsements: codeSet(ENDORSEMENTS).optional(),
  video_url: z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z.union([z.string().regex(UPLOADED_VIDEO_RE, MESSAGES.videoUrl), httpUrl(MESSAGES.videoUrl)], { error: MESSAGES.videoUrl }).nullable().optional(),
  ),
};

/** POST /jobs: the job creation payload of spec §3; salary_type is required, bonuses default to 0. */
export const createJobSchema = z
  .object({
    ...contentShape,
    addresses: addressesSchema,
    addons: addonsSchema.optional(),
    auto_renew: z.boolean().optional(),
    /** Staff only: the company the job belongs to (a company user's jobs are always its own company's). */
    company_id: rowIdNumber().optional(),
  })
  .transform((j) => ({
    ...j,
    expected_pay: j.expected_pay as number,
    driver_unload: j.driver_unload ?? false,
    signon_bonus: j.signon_bonus ?? 0,
    starting_bonus: j.starting_bonus ?? 0,
    benefits: j.benefits ?? [],
    endorsements: j.endorsements ?? [],
    addons: j.addons ?? [],
    auto_renew: j.auto_renew ?? false,
    video_url: j.video_url ?? null,
    additional_experience: j.additional_experience ?? null,
  }));
export type CreateJobInput = z.input<typeof createJobSchema>;
export type CreateJob = z.output<typeof createJobSchema>;

/** PATCH /jobs/{id}: any content field; an empty bonus becomes 0, an empty video URL removes it. */
export const updateJobSchema = z
  .object({ ...contentShape, auto_renew: z.boolean() })
  .partial()
  .transform((j) => ({
    ...j,
    ...('signon_bonus' in j ? { signon_bonus: j.signon_bonus ?? 0 } : {}),
    ...('starting_bonus' in j ? { starting_bonus: j.starting_bonus ?? 0 } : {}),
  }));
export type UpdateJobInput = z.input<typeof updateJobSchema>;
export type UpdateJob = z.output<typeof updateJobSchema>;

/** PATCH /jobs/{id}/addresses: the whole list of targeting addresses. */
export const updateAddressesSchema = z.object({ addresses: addressesSchema });

/** POST and PATCH /jobs/{id}/addons: `[{addon_type, subscribed, external_url}]` (or `{addons: [...]}`). */
export const updateAddonsSchema = z.preprocess((v) => (Array.isArray(v) ? { addons: v } : v), z.object({ addons: addonsSchema }));

/** PATCH /jobs/{id}/cancel-renewal */
export const cancelRenewalSchema = z.object({
  renewalCancelationReason: z
    .string({ error: textError(MESSAGES.renewalReason) })
    .trim()
    .min(1, MESSAGES.renewalReason)
    .max(1000, 'Keep the reason to 1,000 characters or fewer'),
});

/** POST /jobs/{id}/tag and POST /companies/tag */
export const tagSchema = z.object({ tag: z.string({ error: textError(MESSAGES.tag) }).trim().min(1, MESSAGES.tag).max(50, MESSAGES.tag).refine(isSingleLine, SINGLE_LINE_MESSAGE) });

const sortSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const [field, direction] = v.startsWith('-') ? [v.slice(1), 'desc'] : v.split(':');
    return { field, direction: direction || 'asc' };
  },
  z.object({
    field: z.enum(JOB_SORT_FIELDS).default('posting_date'),
    direction: z.enum(['asc', 'desc']).default('desc'),
  }),
);

const boolish = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const int = (min: number, max: number) => plainNumber(z.coerce.number().int().min(min).max(max));

/**
 * A list status filter: Active, Inactive or Cancelled (any case, or the status value itself), read
 * as the derived status the list shows (lib/jobs/status.ts); anything else is refused.
 */
const statusFilter = z
  .string()
  .max(20, STATUS_FILTER_MESSAGE)
  .transform((v, ctx) => {
    if (!v.trim()) return undefined;
    const status = statusFilterOf(v);
    if (!status) ctx.addIssue({ code: 'custom', message: STATUS_FILTER_MESSAGE });
    return status ?? undefined;
  })
  .optional();

/** The job list's filters. */
export const jobFiltersSchema = z.object({
  status: statusFilter,
  job_type: z.union([codes(JOB_TYPES, MESSAGES.jobType), z.array(codes(JOB_TYPES, MESSAGES.jobType))]).optional(),
  state: z.string().trim().max(60).optional(),
  auto_renew: boolish.optional(),
  boost_active: boolish.optional(),
  // A day is the portal zone's whole day, as the list prints it (dayBound in lib/validation/dates.ts).
  posting_date_from: dateSchema(DATE_MESSAGE, DATE_YEARS, 'from').optional(),
  posting_date_to: dateSchema(DATE_MESSAGE, DATE_YEARS, 'to').optional(),
});

/** POST /jobs/search and GET /jobs: filters, query (title), status, sort, page, company (admins). */
export const searchJobsSchema = z.object({
  filters: jobFiltersSchema.default({}),
  query: z.string().trim().max(200).optional(),
  status: statusFilter,
  company_id: rowIdNumber().optional(),
  sort: sortSchema.default({ field: 'posting_date', direction: 'desc' }),
  offset: int(0, 1_000_000).default(0),
  limit: int(1, JOB_PAGE_SIZE_MAX).default(JOB_PAGE_SIZE),
});
export type SearchJobsInput = z.input<typeof searchJobsSchema>;
export type SearchJobs = z.output<typeof searchJobsSchema>;

/** GET /jobs query string: the same fields, flat (filters[status] → status). */
export const listJobsQuerySchema = searchJobsSchema.omit({ filters: true }).extend({
  job_type: jobFiltersSchema.shape.job_type,
  state: jobFiltersSchema.shape.state,
});
