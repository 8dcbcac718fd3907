import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ADDON_TYPES,
  BENEFITS,
  ENDORSEMENTS,
  EXPERIENCE,
  HOME_TIME,
  JOB_TYPES,
  PAYMENT_STATUSES,
  SALARY_TYPES,
  US_STATES,
  valuesOf,
} from '../../jobs/codes';
import { companies, users } from './accounts';
import { citext, ts } from './types';

// The code lists of jobs spec §5 as enums; labels live beside the values in lib/jobs/codes.ts.
export const jobTypeEnum = pgEnum('job_type', valuesOf(JOB_TYPES));
export const experienceEnum = pgEnum('experience', valuesOf(EXPERIENCE));
export const homeTimeEnum = pgEnum('home_time', valuesOf(HOME_TIME));
export const endorsementEnum = pgEnum('endorsement', valuesOf(ENDORSEMENTS));
export const benefitEnum = pgEnum('benefit', valuesOf(BENEFITS));
export const salaryTypeEnum = pgEnum('salary_type', valuesOf(SALARY_TYPES));
export const addonTypeEnum = pgEnum('addon_type', valuesOf(ADDON_TYPES));
export const usStateEnum = pgEnum('us_state', valuesOf(US_STATES));
export const jobPaymentStatusEnum = pgEnum('job_payment_status', valuesOf(PAYMENT_STATUSES));

/** Amounts in integer cents; bigint because 8 digits and 2 decimals overflow int4. */
const cents = () => bigint({ mode: 'number' });

/**
 * A job posting. Status is derived (lib/jobs/status.ts, spec §4) from three flags:
 * `suspended` (admin hold), `approved` (paid or invoiced and not expired) and `active` (live:
 * not closed or cancelled). It stays unpublished (approved false) until paid or invoiced.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employerId: integer().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    jobType: jobTypeEnum().notNull(),
    additionalExperience: text(),
    homeTime: homeTimeEnum().notNull(),
    requiredExperience: experienceEnum().notNull(),
    /** Lexical editor state; null when the description came in as HTML. */
    jobDescription: jsonb(),
    /** Sanitized HTML rendered on the server from jobDescription (lib/jobs/sanitize.ts). */
    jobDescriptionHtml: text().notNull(),
    driverUnload: boolean().notNull().default(false),
    expectedPayCents: cents().notNull(),
    salaryType: salaryTypeEnum().notNull().default('weekly'),
    signonBonusCents: cents().notNull().default(0),
    startingBonusCents: cents().notNull().default(0),
    benefits: benefitEnum().array().notNull().default(sql`'{}'`),
    endorsements: endorsementEnum().array().notNull().default(sql`'{}'`),
    videoUrl: text(),

    suspended: boolean().notNull().default(false),
    approved: boolean().notNull().default(false),
    active: boolean().notNull().default(false),
    paymentStatus: jobPaymentStatusEnum().notNull().default('pending'),
    /** Random, unique: the invoice charge call names the posting by it (spec §4 "Job billing"). */
    jobsPostToken: text().notNull(),
    /** Price of one posting period: addresses plus subscribed add-ons (lib/jobs/pricing.ts). */
    costCents: cents().notNull().default(0),

    renewable: boolean().notNull().default(true),
    autoRenew: boolean().notNull().default(false),
    boostActive: boolean().notNull().default(false),
    boostEndsAt: ts('boost_ends_at'),
    postingDate: ts('posting_date'),
    expirationDate: ts('expiration_date'),
    nextBillingDate: ts('next_billing_date'),
    publishedAt: ts('published_at'),
    paidAt: ts('paid_at'),
    renewalCanceledAt: ts('renewal_canceled_at'),
    renewalCancellationReason: text(),
    closedAt: ts('closed_at'),
    cancelledAt: ts('cancelled_at'),
    expiredAt: ts('expired_at'),
    duplicatedFromId: integer(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_post_token_key').on(t.jobsPostToken),
    index('jobs_company_status_idx').on(t.companyId, t.approved, t.active),
    index('jobs_company_posting_idx').on(t.companyId, t.postingDate),
    index('jobs_posting_date_idx').on(t.postingDate),
    index('jobs_expiration_date_idx').on(t.expirationDate),
    // The job list's sorts (lib/jobs/search.ts SORT_SQL), for staff over every company and for a
    // company's own list: each page is read in index order instead of sorting every match.
    index('jobs_list_posted_idx').on(sql`coalesce(${t.postingDate}, ${t.createdAt})`, t.id),
    index('jobs_list_title_idx').on(sql`lower(${t.title})`, t.id),
    index('jobs_list_expiry_asc_idx').on(t.expirationDate.asc().nullsLast(), t.id.asc()),
    index('jobs_list_expiry_desc_idx').on(t.expirationDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('jobs_company_list_posted_idx').on(t.companyId, sql`coalesce(${t.postingDate}, ${t.createdAt})`, t.id),
    index('jobs_company_list_title_idx').on(t.companyId, sql`lower(${t.title})`, t.id),
    index('jobs_company_list_expiry_asc_idx').on(t.companyId, t.expirationDate.asc().nullsLast(), t.id.asc()),
    index('jobs_company_list_expiry_desc_idx').on(t.companyId, t.expirationDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('jobs_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // The tick scans only live postings and running boosts.
    index('jobs_live_expiry_idx').on(t.expirationDate).where(sql`${t.active} and ${t.approved}`),
    index('jobs_boost_end_idx').on(t.boostEndsAt).where(sql`${t.boostActive}`),
    // The Drivers Portal's job search: boosted jobs first, then newest (lib/drivers/jobs.ts).
    index('jobs_list_boosted_posted_idx').on(t.boostActive, sql`coalesce(${t.postingDate}, ${t.createdAt})`, t.id),
    // The Drivers Portal's job search filters live jobs by type, home time and weekly pay.
    index('jobs_live_type_idx').on(t.jobType).where(sql`${t.active} and ${t.approved}`),
    index('jobs_live_home_time_idx').on(t.homeTime).where(sql`${t.active} and ${t.approved}`),
    index('jobs_live_pay_idx').on(t.salaryType, t.expectedPayCents).where(sql`${t.active} and ${t.approved}`),
  ],
);

/** Targeting addresses of a job; each carries its cost. Coordinates feed earthdistance. */
export const jobAddresses = pgTable(
  'job_addresses',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
    street1: text(),
    city: text(),
    state: usStateEnum(),
    postalCode: text(),
    country: text().notNull().default('US'),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    costCents: cents().notNull(),
    /**
     * End of the posting period this address is paid (or invoiced) for. It is live only while
     * that covers the job's current period (lib/jobs/paid-items.ts); one added to a live job waits
     * here, null, until its cost is paid.
     */
    paidThrough: ts('paid_through'),
    /**
     * Whether the job is listed, as far as its row says: publicCondition (lib/jobs/public.ts)
     * without its clock (approved, active, not suspended, paid or invoiced, neither closed nor
     * cancelled). Written only by triggers (migration 0031): on insert from the job, and again
     * whenever the job's row changes any of those. The nearest-first scans read addresses through
     * job_addresses_listed_earth_idx, which holds these alone: through every address, a table of
     * mostly ended jobs was read address by address, each looked up in jobs and dropped.
     */
    listed: boolean().notNull().default(false),
  },
  (t) => [
    index('job_addresses_job_idx').on(t.jobId, t.position),
    index('job_addresses_state_idx').on(t.state),
    // Built INCLUDE (job_id, latitude, longitude, paid_through) by migration 0031, which drizzle
    // cannot declare: the nearest-first scans read it alone (an index-only scan).
    index('job_addresses_listed_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`).where(sql`${t.listed}`),
  ],
);

/**
 * Paid targeting places taken off a job's list (lib/jobs/targeting.ts): put back while what was paid
 * for them still covers the job's period, they come back paid, as an add-on switched off and on does.
 * Keyed by the place as the list compares it (addressKey); the row's own id is gone with it.
 */
export const jobReleasedAddresses = pgTable(
  'job_released_addresses',
  {
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    placeKey: text().notNull(),
    paidThrough: ts('paid_through').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.placeKey] })],
);

/** Add-ons of a job (boost, promote, hyperlink), at most one row per type. */
export const jobAddons = pgTable(
  'job_addons',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    addonType: addonTypeEnum().notNull(),
    subscribed: boolean().notNull().default(true),
    externalUrl: text(),
    costCents: cents().notNull(),
    /** As job_addresses.paid_through: the add-on takes effect only while paid for the current period. */
    paidThrough: ts('paid_through'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_addons_job_type_key').on(t.jobId, t.addonType)],
);

/** A company's own vocabulary of tags (for jobs and, later, applicants). */
export const companyTags = pgTable(
  'company_tags',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tag: citext().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_tags_company_tag_key').on(t.companyId, t.tag)],
);

/** A tag on a job; DELETE /jobs/tag/{id} removes one by this id. */
export const jobTags = pgTable(
  'job_tags',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => companyTags.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_tags_job_tag_key').on(t.jobId, t.tagId), index('job_tags_tag_idx').on(t.tagId)],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobAddressRow = typeof jobAddresses.$inferSelect;
export type JobAddonRow = typeof jobAddons.$inferSelect;
