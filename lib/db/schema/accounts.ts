import { sql } from 'drizzle-orm';
import {
  bigserial,
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
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { citext, ts } from './types';

/** The nine roles of the accounts spec §6, with the spelling the spec and the tokens use. */
export const roleEnum = pgEnum('role', [
  '160SuperAdmin',
  '160Admin',
  '160InternalUser',
  'TNCompanyAdmin',
  'Employer',
  'NewsAdmin',
  'NewsContributor',
  'Driver',
  'AdsAdmin',
]);

/** CELERO is the card provider ('Credit Card'); CONTRACT is invoicing ('Invoice'). */
export const billingTypeEnum = pgEnum('billing_type', ['CELERO', 'CONTRACT']);


export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: citext().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    timezone: text().notNull().default('US/Eastern'),
    passwordHash: text(),
    emailVerifiedAt: ts('email_verified_at'),
    emailToVerify: citext('email_to_verify'),
    termsAcceptedAt: ts('terms_accepted_at'),
    tnNewsletters: boolean().notNull().default(false),
    companyId: integer().references((): AnyPgColumn => companies.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    profilePicture: text(),
    billingCustomerId: text(),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_company_idx').on(t.companyId, t.createdAt, t.id),
    // The Driver List's order (lib/subscriptions/services.ts): by last name, first name.
    index('users_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // Searches by a part of a name, e-mail or billing customer id (the Driver List, the admins'
    // applicants list). A trigram index serves only the very expression it holds: the searches
    // compare `(first_name || ' ' || last_name)`, `email::text` (a citext's own ilike would not use
    // it) and `coalesce(billing_customer_id, '')`, exactly as written here.
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`(${t.email}::text) gin_trgm_ops`),
    index('users_billing_customer_trgm_idx').using('gin', sql`coalesce(${t.billingCustomerId}, '') gin_trgm_ops`),
    // The few accounts that are not live (deactivated, or deleted and kept for the records): a list
    // of drivers leaves them out by checking this small set (lib/applications/candidates.ts), not by
    // looking each of a thousand drivers' accounts up.
    index('users_not_live_idx').on(t.id).where(sql`${t.deletedAt} is not null or not ${t.active}`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role)],
);

export const companies = pgTable(
  'companies',
  {
    id: serial().primaryKey(),
    companyName: text().notNull(),
    size: text(),
    street1: text(),
    street2: text(),
    city: text(),
    state: text(),
    postalCode: text(),
    country: text().notNull().default('US'),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    logo: text(),
    billingType: billingTypeEnum().notNull().default('CELERO'),
    /** 1 Enterprise, 2 Self-Service (jobs spec §3 "Company filters"). */
    type: smallint().notNull().default(2),
    phone: text(),
    email: citext(),
    emailToVerify: citext('email_to_verify'),
    emailVerified: boolean().notNull().default(false),
    employerId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    blockedUsers: jsonb().$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    colorTemplate: text(),
    enableRequisiteNumbers: boolean().notNull().default(false),
    experiencedDriverFilter: boolean().notNull().default(false),
    salesRef: text(),
    secondChanceCompany: boolean().notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('companies_name_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
    // The admin company grid's orders (lib/admin/company-search.ts ORDER_COLUMNS), ties by id.
    index('companies_created_idx').on(t.createdAt, t.id),
    index('companies_type_idx').on(t.type, t.billingType),
    index('companies_list_name_idx').on(sql`lower(${t.companyName})`, t.id),
    index('companies_list_type_idx').on(t.type, t.id),
    index('companies_list_billing_idx').on(t.billingType, t.id),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; a family is one sign-in on one device. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    familyId: uuid().notNull(),
    deviceId: text(),
    impersonatorId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Where the sign-in came from, for "Where you're signed in"; copied to each rotated token. */
    userAgent: text(),
    ip: text(),
    /** City and region from the hosting platform's geolocation headers, when it sends them. */
    region: text(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const oneTimeCodePurposeEnum = pgEnum('one_time_code_purpose', ['password_reset', 'email_verification']);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: oneTimeCodePurposeEnum().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.purpose)],
);

export const outboxStatusEnum = pgEnum('outbox_status', ['pending', 'sent', 'failed']);

/** Every mail is written here first; a sender delivers it when SMTP is configured. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    toAddress: citext('to_address').notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    kind: text().notNull(),
    status: outboxStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text(),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The outbox list, newest first, of everyone or of one recipient.
    index('email_outbox_to_idx').on(t.toAddress, t.createdAt, t.id),
    index('email_outbox_created_idx').on(t.createdAt, t.id),
    // The sender's claims (lib/mail/sender.ts), pending mail only, in claim order: one index for
    // the digests (BULK_MAIL_KINDS there, named here as literals, so change both together) and
    // one for every other kind, so account mail is claimed without reading past 20,000 due digests.
    index('email_outbox_urgent_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.kind} not in ('new_applicants')`),
    index('email_outbox_bulk_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.kind} in ('new_applicants')`),
    // The outbox's `q` (a part of the address): served only when compared as `to_address::text`.
    index('email_outbox_to_trgm_idx').using('gin', sql`(${t.toAddress}::text) gin_trgm_ops`),
  ],
);
