import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './types';
import { APPLICATION_STAGES, CDL_STATUSES } from '../../drivers/codes';
import { valuesOf } from '../../jobs/codes';
import { users } from './accounts';
import { companyTags, endorsementEnum, experienceEnum, homeTimeEnum, jobTypeEnum, jobs, usStateEnum } from './jobs';

/*
 * The supply side of the marketplace (issue 10): driver profiles, their applications to jobs, the
 * employer's review of them (stages, notes, tags) and job page views for the statistics.
 */

export const cdlStatusEnum = pgEnum('cdl_status', valuesOf(CDL_STATUSES));
export const applicationStageEnum = pgEnum('application_stage', valuesOf(APPLICATION_STAGES));


/**
 * A driver's profile, one row per driver user. Home is a ZIP code located through the offline
 * gazetteer (lib/geo); its coordinates feed earthdistance for candidate ranking and applicant
 * distance. Null means "not answered" (the employer sees 'n/a').
 */
export const driverProfiles = pgTable(
  'driver_profiles',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cdlStatus: cdlStatusEnum(),
    endorsements: endorsementEnum().array().notNull().default(sql`'{}'`),
    yearsOfExperience: smallint(),
    experience: experienceEnum(),
    workExperiences: jobTypeEnum().array().notNull().default(sql`'{}'`),
    ownerOperator: boolean().notNull().default(false),
    homeTime: homeTimeEnum(),
    street1: text(),
    street2: text(),
    zipCode: text(),
    city: text(),
    state: usStateEnum(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** Miles the driver will travel from home; candidates with distance_limit=true stay inside it. */
    travelDistance: integer(),
    birthDate: date({ mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // Not declared here: `grid_earth`, the home's grid point (an `earth` generated from latitude and
    // longitude, migration 0027), which the candidates list measures distances from
    // (lib/applications/candidates.ts). Left out so whole-profile selects do not carry it.
  },
  (t) => [
    // Candidate ranking looks for drivers near a job's addresses through this index, not a scan.
    index('driver_profiles_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
    index('driver_profiles_state_idx').on(t.state),
  ],
);

/**
 * A driver's application to a job (one per driver and job). The distance to the job's nearest
 * address and whether it is within the driver's travel distance are kept at application time, so
 * the applicants list filters and sorts on them through an index.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text(),
    stage: applicationStageEnum().notNull().default('new'),
    stageChangedAt: ts('stage_changed_at').notNull().defaultNow(),
    distanceMiles: doublePrecision(),
    /**
     * distanceMiles <= the driver's travel distance AS IT IS NOW (null without a distance), the
     * basis the applicant's match compares too; kept by triggers (migration 0034), rewritten when the
     * travel distance changes. Stored as of the day of applying, it said "Yes" beside an unmet
     * distance factor once the driver narrowed it. A column rather than a join to the profile, so
     * each within-range sort still reads its index (below).
     */
    withinRange: boolean(),
    /** Set when the application went out in the company's digest mail (at most one per job per hour). */
    notifiedAt: ts('notified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The applicant's sort keys, copied from users and driver_profiles by triggers (migration 0025),
     * never written by the app: lower(last name), lower(first name), years of experience and
     * owner-operator (null without a profile). Copies, so one job's applicants sorted by them read an
     * index too (below); the list still shows the live values.
     */
    sortLastName: text('sort_last_name'),
    sortFirstName: text('sort_first_name'),
    sortYears: smallint('sort_years'),
    sortOwnerOperator: boolean('sort_owner_operator'),
  },
  (t) => [
    uniqueIndex('applications_job_user_key').on(t.jobId, t.userId),
    index('applications_job_created_idx').on(t.jobId, t.createdAt),
    // One job's applicants in each sort of a column of applications, each way: every key below is
    // exactly an ORDER BY the search writes (the column with missing values last, then newest first,
    // then id; lib/applications/filter-sql.ts sortSql), so a page reads its rows in order instead of
    // sorting every applicant of the job: at 99,900 applicants of one job, within range took 191–203 ms,
    // distance descending 131 ms and stage 68 ms. Two per column: the tie-breakers run newest first
    // in both directions, which no single index yields backwards. The ascending ones also serve the
    // filters on the column (its range follows job_id).
    index('applications_job_distance_idx').on(t.jobId, t.distanceMiles.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_distance_desc_idx').on(t.jobId, t.distanceMiles.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_stage_idx').on(t.jobId, t.stage.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_stage_desc_idx').on(t.jobId, t.stage.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_within_idx').on(t.jobId, t.withinRange.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_within_desc_idx').on(t.jobId, t.withinRange.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The same for the sorts on the driver (name, years, owner-operator), on their copies above: at
    // 99,900 applicants of one job each sorted every applicant of the job after joining users and
    // driver_profiles.
    index('applications_job_name_idx').on(t.jobId, t.sortLastName.asc().nullsLast(), t.sortFirstName.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_name_desc_idx').on(t.jobId, t.sortLastName.desc().nullsLast(), t.sortFirstName.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_years_idx').on(t.jobId, t.sortYears.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_years_desc_idx').on(t.jobId, t.sortYears.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_owner_idx').on(t.jobId, t.sortOwnerOperator.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_job_owner_desc_idx').on(t.jobId, t.sortOwnerOperator.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The admins' applicants list: every application, newest first.
    index('applications_created_idx').on(t.createdAt, t.id),
    index('applications_unnotified_idx').on(t.jobId).where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * Jobs a driver applied to and then withdrew from. The application itself is deleted (the driver
 * took back what they shared); this row only keeps the driver out of that job's matched candidates,
 * so the company is not handed back, as a "match", someone who just said no. Applying again
 * removes it (lib/drivers/applications.ts).
 */
export const applicationWithdrawals = pgTable(
  'application_withdrawals',
  {
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    withdrawnAt: ts('withdrawn_at').notNull().defaultNow(),
  },
  // The user's index serves the cascade when a driver's account is deleted.
  (t) => [primaryKey({ columns: [t.jobId, t.userId] }), index('application_withdrawals_user_idx').on(t.userId)],
);

/** Each stage change with its date and who made it. */
export const applicationStageEvents = pgTable(
  'application_stage_events',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    stage: applicationStageEnum().notNull(),
    changedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('application_stage_events_app_idx').on(t.applicationId, t.createdAt)],
);

/** Private notes of the company's users on an application; the driver never sees them. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('application_notes_app_idx').on(t.applicationId, t.createdAt)],
);

/** A company tag on an applicant of one job (jobs spec §7 "applicants tag"). */
export const applicationTags = pgTable(
  'application_tags',
  {
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => companyTags.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.tagId] }), index('application_tags_tag_idx').on(t.tagId)],
);

/**
 * Views of a job page, one row per visitor per day and source (public page or Drivers Portal).
 * The visitor key is a hash (user id, or the anonymous visitor cookie), never an address.
 */
export const jobViews = pgTable(
  'job_views',
  {
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitorKey: text().notNull(),
    source: text().$type<'public' | 'portal'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day, t.visitorKey] })],
);

export type DriverProfileRow = typeof driverProfiles.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
