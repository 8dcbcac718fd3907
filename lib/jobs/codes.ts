/**
 * The job code lists of the jobs spec §5 and the price table of §9, each value with its label.
 * Database enums (lib/db/schema/jobs.ts), zod schemas and screens all read them from here.
 * Safe to import from client components (no server code).
 */

import { codeList } from './code-list';

export { labelOf, valuesOf } from './code-list';
export { JOB_STATUSES, type JobStatus } from './job-statuses';

export const EXPERIENCE = codeList([
  { value: 'CS', label: 'Current student' },
  { value: 'M6', label: '1-6 months' },
  { value: 'M12', label: '6-12 months' },
  { value: 'Y1', label: '1-2 years' },
  { value: 'Y2', label: '2+ years' },
] as const);
export type ExperienceCode = (typeof EXPERIENCE)[number]['value'];

export const HOME_TIME = codeList([
  { value: 'HD', label: 'Home daily' },
  { value: 'HW', label: 'Home weekly' },
  { value: 'D2', label: 'Every night' },
  { value: 'D3', label: 'Every weekend' },
  { value: 'D4', label: 'Every 2 weeks' },
  { value: 'D5', label: 'Every 3 weeks' },
  { value: 'D6', label: 'Every 4 weeks' },
  { value: 'O', label: 'Other' },
] as const);
export type HomeTimeCode = (typeof HOME_TIME)[number]['value'];

export const JOB_TYPES = codeList([
  { value: 'dry_van', label: 'Dry van' },
  { value: 'flat_bed', label: 'Flat bed' },
  { value: 'tanker', label: 'Tanker' },
  { value: 'reefer', label: 'Reefer' },
  { value: 'garbage_truck', label: 'Garbage truck' },
  { value: 'mixer', label: 'Mixer' },
  { value: 'refrigerated_freight', label: 'Refrigerated freight' },
  { value: 'bus', label: 'Bus' },
  { value: 'ready_mixer', label: 'Ready mixer' },
  { value: 'hotshot', label: 'Hotshot' },
  { value: 'roll_off', label: 'Roll off' },
  { value: 'dump_truck', label: 'Dump truck' },
  { value: 'livestock_carrier', label: 'Livestock carrier' },
  { value: 'owner_operator', label: 'Owner operator' },
  { value: 'other', label: 'Other' },
] as const);
export type JobTypeCode = (typeof JOB_TYPES)[number]['value'];

export const ENDORSEMENTS = codeList([
  { value: 'H', label: 'Hazmat' },
  { value: 'N', label: 'Tanker' },
  { value: 'X', label: 'Tanker/hazmat combo' },
  { value: 'T', label: 'Double/triples' },
  { value: 'P', label: 'Passenger' },
  { value: 'S', label: 'School bus' },
  { value: 'TWIC', label: 'TWIC' },
  { value: 'TSAC', label: 'TSAC' },
] as const);
export type EndorsementCode = (typeof ENDORSEMENTS)[number]['value'];

export const BENEFITS = codeList([
  { value: 'retirement_plan', label: 'Retirement plan' },
  { value: 'dental_coverage', label: 'Dental coverage' },
  { value: 'health_coverage', label: 'Health coverage' },
  { value: 'vision_coverage', label: 'Vision coverage' },
] as const);
export type BenefitCode = (typeof BENEFITS)[number]['value'];

/** Salary types; `unit` is the schema.org QuantitativeValue unitText of a JobPosting. */
export const SALARY_TYPES = codeList([
  { value: 'weekly', label: 'Weekly', unit: 'WEEK', per: 'week' },
  { value: 'monthly', label: 'Monthly', unit: 'MONTH', per: 'month' },
  { value: 'yearly', label: 'Yearly', unit: 'YEAR', per: 'year' },
  { value: 'hourly', label: 'Hourly', unit: 'HOUR', per: 'hour' },
  { value: 'per_mile', label: 'Per mile', unit: 'MILE', per: 'mile' },
] as const);
export type SalaryType = (typeof SALARY_TYPES)[number]['value'];
export const DEFAULT_SALARY_TYPE: SalaryType = 'weekly';

/** The add-ons a posting can carry ('noAddons' is the wizard's "none" choice and is never stored). */
export const ADDON_TYPES = codeList([
  { value: 'boost', label: 'Boost' },
  { value: 'promote', label: 'Promote' },
  { value: 'hyperlink', label: 'Hyperlink' },
] as const);
export type AddonType = (typeof ADDON_TYPES)[number]['value'];
export const NO_ADDONS = 'noAddons';

/**
 * THE price table, integer cents (DESIGN.md: prices live in one table). A posting costs one
 * `address` price per targeting address plus each subscribed add-on; renewal charges the same.
 * $150 per address is the spec §9 constant "150" whose meaning the spec leaves open.
 */
export const PRICES_CENTS = {
  address: 15_000,
  boost: 20_000,
  promote: 10_000,
  hyperlink: 10_000,
} as const satisfies Record<'address' | AddonType, number>;

/** Days a posting stays up, and a boost lasts (DESIGN.md "Decisions"). */
export const POSTING_DAYS = 30;
export const BOOST_DAYS = 7;
/** Days before its end date from which a live job can be renewed (an expired one can be at any time). */
export const RENEW_WINDOW_DAYS = 7;

/** 2,000 cents → 20; for API answers, which give amounts in dollars like the spec (boost 200). */
export const centsToDollars = (cents: number | null | undefined) => (cents == null ? null : Math.round(cents) / 100);
/** 19.99 → 1999 (rounded to the cent, so binary fractions never leak in). */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

// Made once: building an Intl.NumberFormat costs far more than using one (it was the hottest
// function of the job list when made per call).
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const USD_WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** '$1,250.00' */
export function formatUsd(cents: number | null | undefined) {
  if (cents == null) return '';
  return USD.format(cents / 100);
}

/** '$1,250' for whole dollars, '$1,250.50' otherwise (pay and bonuses on job pages). */
export function formatUsdShort(cents: number) {
  return (cents % 100 === 0 ? USD_WHOLE : USD).format(cents / 100);
}

export const US_STATES = codeList([
  { value: 'AL', label: 'Alabama' },
  { value: 'AK', label: 'Alaska' },
  { value: 'AZ', label: 'Arizona' },
  { value: 'AR', label: 'Arkansas' },
  { value: 'CA', label: 'California' },
  { value: 'CO', label: 'Colorado' },
  { value: 'CT', label: 'Connecticut' },
  { value: 'DE', label: 'Delaware' },
  { value: 'DC', label: 'District of Columbia' },
  { value: 'FL', label: 'Florida' },
  { value: 'GA', label: 'Georgia' },
  { value: 'HI', label: 'Hawaii' },
  { value: 'ID', label: 'Idaho' },
  { value: 'IL', label: 'Illinois' },
  { value: 'IN', label: 'Indiana' },
  { value: 'IA', label: 'Iowa' },
  { value: 'KS', label: 'Kansas' },
  { value: 'KY', label: 'Kentucky' },
  { value: 'LA', label: 'Louisiana' },
  { value: 'ME', label: 'Maine' },
  { value: 'MD', label: 'Maryland' },
  { value: 'MA', label: 'Massachusetts' },
  { value: 'MI', label: 'Michigan' },
  { value: 'MN', label: 'Minnesota' },
  { value: 'MS', label: 'Mississippi' },
  { value: 'MO', label: 'Missouri' },
  { value: 'MT', label: 'Montana' },
  { value: 'NE', label: 'Nebraska' },
  { value: 'NV', label: 'Nevada' },
  { value: 'NH', label: 'New Hampshire' },
  { value: 'NJ', label: 'New Jersey' },
  { value: 'NM', label: 'New Mexico' },
  { value: 'NY', label: 'New York' },
  { value: 'NC', label: 'North Carolina' },
  { value: 'ND', label: 'North Dakota' },
  { value: 'OH', label: 'Ohio' },
  { value: 'OK', label: 'Oklahoma' },
  { value: 'OR', label: 'Oregon' },
  { value: 'PA', label: 'Pennsylvania' },
  { value: 'RI', label: 'Rhode Island' },
  { value: 'SC', label: 'South Carolina' },
  { value: 'SD', label: 'South Dakota' },
  { value: 'TN', label: 'Tennessee' },
  { value: 'TX', label: 'Texas' },
  { value: 'UT', label: 'Utah' },
  { value: 'VT', label: 'Vermont' },
  { value: 'VA', label: 'Virginia' },
  { value: 'WA', label: 'Washington' },
  { value: 'WV', label: 'West Virginia' },
  { value: 'WI', label: 'Wisconsin' },
  { value: 'WY', label: 'Wyoming' },
] as const);
export type UsState = (typeof US_STATES)[number]['value'];

/** 'Texas' or 'tx' or 'TX' → 'TX'; undefined when it is no US state. */
export function toStateCode(input: string | null | undefined): UsState | undefined {
  const s = (input ?? '').trim().toLowerCase();
  if (!s) return undefined;
  return US_STATES.find((st) => st.value.toLowerCase() === s || st.label.toLowerCase() === s)?.value;
}

/** Payment state of a posting: unpublished until paid (card) or invoiced (invoice-billed company). */
export const PAYMENT_STATUSES = codeList([
  { value: 'pending', label: 'Waiting for payment' },
  { value: 'paid', label: 'Paid' },
  { value: 'invoiced', label: 'Invoiced' },
] as const);
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]['value'];

/** Sort keys of the job list. */
export const JOB_SORT_FIELDS = ['posting_date', 'title', 'expiration_date'] as const;
export type JobSortField = (typeof JOB_SORT_FIELDS)[number];

export const JOB_PAGE_SIZE = 10;
export const JOB_PAGE_SIZE_MAX = 100;
