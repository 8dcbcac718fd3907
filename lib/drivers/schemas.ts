import { z } from 'zod';
import { textError } from '@/lib/validation/messages';
import { plainNumber } from '@/lib/validation/numbers';
import { nameRule, phoneRule } from '@/lib/accounts/schemas';
import { ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, valuesOf } from '@/lib/jobs/codes';
import { CDL_STATUSES } from './codes';

/*
 * The driver profile (PATCH /members/me, the Profile section of /members/settings) and the
 * apply/search operations. API names are snake_case as the spec's Applicant uses them. Client-safe.
 */

export const PROFILE_MESSAGES = {
  cdl: 'Choose Class A, Class B, Class C or No CDL.',
  endorsement: 'Choose endorsements from the list.',
  years: 'Years of experience must be a whole number from 0 to 60.',
  experience: 'Choose your experience from the list.',
  workExperience: 'Choose work experiences from the list of job types.',
  homeTime: 'Choose a home time from the list.',
  zip: 'Enter a 5-digit US ZIP code.',
  zipUnknown: 'We could not find this ZIP code. Check it and try again.',
  travel: 'Travel distance must be a whole number of miles from 1 to 3,000.',
  birthDate: 'Enter a valid birth date (YYYY-MM-DD).',
  birthAge: 'Drivers must be at least 18 years old.',
  street: 'Street must be at most 200 characters.',
  message: 'The message must be at most 1,000 characters.',
} as const;

const blank = (v: unknown) => v === '' || v === null;
/** '' and null clear an optional answer. */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? null : v), schema.nullable()).optional();

const codeSet = <T extends { value: string }>(list: readonly T[], message: string) =>
  z
    .array(z.enum(valuesOf(list), { error: message }), { error: message })
    .max(list.length * 2, { error: message })
    .transform((a) => [...new Set(a)]);

/** Whether a YYYY-MM-DD date exists and is at least 18 years before `now`. */
export function birthDateProblem(value: string, now = new Date()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return PROFILE_MESSAGES.birthDate;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900) return PROFILE_MESSAGES.birthDate;
  const adult = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  return date > adult ? PROFILE_MESSAGES.birthAge : null;
}

export const driverProfilePatchSchema = z.strictObject({
  first_name: nameRule.optional(),
  last_name: nameRule.optional(),
  phone: z.preprocess((v) => (blank(v) ? null : v), phoneRule.nullable()).optional(),
  cdl_status: clearable(z.enum(valuesOf(CDL_STATUSES), { error: PROFILE_MESSAGES.cdl })),
  endorsements: codeSet(ENDORSEMENTS, PROFILE_MESSAGES.endorsement).optional(),
  years_of_experience: clearable(z.number({ error: PROFILE_MESSAGES.years }).int({ error: PROFILE_MESSAGES.years }).min(0, { error: PROFILE_MESSAGES.years }).max(60, { error: PROFILE_MESSAGES.years })),
  experience: clearable(z.enum(valuesOf(EXPERIENCE), { error: PROFILE_MESSAGES.experience })),
  work_experiences: codeSet(JOB_TYPES, PROFILE_MESSAGES.workExperience).optional(),
  owner_operator: z.boolean({ error: 'Owner-operator must be true or false.' }).optional(),
  home_time: clearable(z.enum(valuesOf(HOME_TIME), { error: PROFILE_MESSAGES.homeTime })),
  street1: clearable(z.string({ error: textError(PROFILE_MESSAGES.street) }).trim().max(200, { error: PROFILE_MESSAGES.street })),
  street2: clearable(z.string({ error: textError(PROFILE_MESSAGES.street) }).trim().max(200, { error: PROFILE_MESSAGES.street })),
  zip_code: clearable(z.string({ error: textError(PROFILE_MESSAGES.zip) }).trim().regex(/^\d{5}$/, { error: PROFILE_MESSAGES.zip })),
  travel_distance: clearable(z.number({ error: PROFILE_MESSAGES.travel }).int({ error: PROFILE_MESSAGES.travel }).min(1, { error: PROFILE_MESSAGES.travel }).max(3000, { error: PROFILE_MESSAGES.travel })),
  birth_date: clearable(
    z.string({ error: textError(PROFILE_MESSAGES.birthDate) }).superRefine((v, ctx) => {
      const problem = birthDateProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
});
export type DriverProfilePatch = z.infer<typeof driverProfilePatchSchema>;

export const applySchema = z.strictObject({
  message: clearable(z.string({ error: textError(PROFILE_MESSAGES.message) }).trim().max(1000, { error: PROFILE_MESSAGES.message })),
});
export type ApplyInput = z.infer<typeof applySchema>;

const int = (min: number, max: number, message: string) => plainNumber(z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

/** Pages of the driver's lists: 10 a page (jobs spec §9). */
export const DRIVER_PAGE_SIZE = 10;
export const driverPageSchema = z.object({
  offset: int(0, 1_000_000, 'Offset must be a whole number from 0.').default(0),
  limit: int(1, 50, 'Limit must be a whole number from 1 to 50.').default(DRIVER_PAGE_SIZE),
});

export const RADIUS_CHOICES = [25, 50, 100, 250, 500] as const;

export const SEARCH_MESSAGES = {
  jobType: 'Choose a job type from the list to filter by.',
  homeTime: 'Choose a home time from the list to filter by.',
};

/** The Drivers Portal job search (/members/jobs): every filter optional. */
export const driverJobSearchSchema = driverPageSchema.extend({
  q: z.string().trim().max(200, { error: 'Keywords must be at most 200 characters.' }).optional(),
  // The filters' own words: the profile's ("Choose work experiences…") read wrong above a search.
  job_type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(valuesOf(JOB_TYPES), { error: SEARCH_MESSAGES.jobType }).optional()),
  home_time: z.preprocess((v) => (v === '' ? undefined : v), z.enum(valuesOf(HOME_TIME), { error: SEARCH_MESSAGES.homeTime }).optional()),
  /** Dollars per week: jobs whose pay, as a weekly estimate (lib/drivers/weekly-pay.ts), is at least this much. */
  min_pay: z.preprocess((v) => (v === '' ? undefined : v), int(0, 1_000_000, 'Minimum pay must be a whole number of dollars.').optional()),
  radius: z.preprocess((v) => (v === '' ? undefined : v), int(1, 3000, 'Radius must be a whole number of miles from 1 to 3,000.').optional()),
});
export type DriverJobSearch = z.output<typeof driverJobSearchSchema>;
