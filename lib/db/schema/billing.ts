import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgEnum, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './types';
import { billingTypeEnum, companies, users } from './accounts';
import { jobs } from './jobs';


/*
 * Billing tables of the app. None of them has a card number or security code column: the app only
 * ever holds the gateway's token plus what may be shown (brand, masked number, expiry, holder).
 */

/** A company's saved cards (tokens of the gateway). At most one default per company. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    gateway: text().notNull(),
    token: text().notNull(),
    cardType: text().notNull(),
    maskedNumber: text().notNull(),
    /** MM/YY as the card shows it. */
    expirationDate: text().notNull(),
    cardHolderName: text().notNull(),
    isDefault: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('payment_methods_company_idx').on(t.companyId),
    index('payment_methods_token_idx').on(t.token),
    uniqueIndex('payment_methods_one_default_key').on(t.companyId).where(sql`${t.isDefault} and ${t.deletedAt} is null`),
    // One row per card per company, however many checkouts race to save it.
    uniqueIndex('payment_methods_company_token_key').on(t.companyId, t.token).where(sql`${t.deletedAt} is null`),
  ],
);

export const invoiceActionEnum = pgEnum('invoice_action', ['new_job', 'addons', 'renewal', 'admin_boost']);
/** Spec §4 payment/order states. */
export const invoiceStatusEnum = pgEnum('invoice_status', ['CLOSED', 'DECLINED', 'APPROVED', 'DISABLED', 'PROCESSING_PAYMENT']);

/**
 * One order (invoice) per charge: a new job's posting, add-ons on a live job, a renewal, an
 * admin boost. The unique indexes are the "never charge twice" guarantee, not the code around them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    /** INV-2026-000123, numbered per year. */
    number: text().notNull(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The job charged for; the order (and its title snapshot) outlives a deleted job. */
    jobId: integer().references(() => jobs.id, { onDelete: 'set null' }),
    jobTitle: text(),
    actionType: invoiceActionEnum().notNull(),
    status: invoiceStatusEnum().notNull().default('PROCESSING_PAYMENT'),
    amountCents: integer().notNull(),
    paymentMethod: billingTypeEnum().notNull(),
    paymentMethodId: integer().references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** Snapshot of the card used, so history still reads right after the card is replaced. */
    cardType: text(),
    maskedNumber: text(),
    /**
     * Who the order is billed to, as the company was named and addressed when the order was opened
     * (Settings → Address): an issued invoice or receipt reprints what it said, not a later rename or move.
     */
    billToName: text(),
    billToStreet1: text(),
    billToStreet2: text(),
    billToCity: text(),
    billToState: text(),
    billToPostalCode: text(),
    gateway: text(),
    transactionId: text(),
    error: text(),
    /** For renewals: the expiry being renewed, so one period is charged once. */
    periodKey: text().notNull().default(''),
    autoRenew: boolean().notNull().default(false),
    idempotencyKey: text().notNull(),
    /**
     * The order's date, set once it is accepted: when it was opened and numbered, so its year is the
     * number's (a receipt's date; the invoice date of a CONTRACT order). A card approved later is paid at paidAt.
     */
    billingDate: ts('billing_date'),
    /** Invoice-billed orders: when payment is due (net terms, lib/payments/settlement.ts). */
    dueAt: ts('due_at'),
    /** When the money was received: at approval for a card, when an admin marks an invoice paid. Null: not paid. */
    paidAt: ts('paid_at'),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_idempotency_key').on(t.idempotencyKey),
    // One live (paid or in-flight) order per job and action and period: concurrent requests collide here.
    uniqueIndex('invoices_one_live_per_job_key')
      .on(t.jobId, t.actionType, t.periodKey)
      .where(sql`${t.status} in ('APPROVED', 'PROCESSING_PAYMENT') and ${t.jobId} is not null`),
    index('invoices_company_idx').on(t.companyId, t.createdAt, t.id),
    index('invoices_job_idx').on(t.jobId),
    index('invoices_status_idx').on(t.status, t.updatedAt),
    // The admin's list of invoices still due, oldest debt first; and of every approved contract invoice, newest first.
    index('invoices_due_idx').on(t.dueAt, t.id).where(sql`${t.paidAt} is null and ${t.paymentMethod} = 'CONTRACT'`),
    index('invoices_contract_created_idx').on(t.createdAt, t.id).where(sql`${t.paymentMethod} = 'CONTRACT' and ${t.status} = 'APPROVED'`),
    check('invoices_amount_nonnegative', sql`${t.amountCents} >= 0`),
  ],
);

export const invoiceLineKindEnum = pgEnum('invoice_line_kind', ['job_posting', 'addon', 'contract', 'renewal']);

/** Line items: the posting per targeting address, each add-on. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: invoiceLineKindEnum().notNull(),
    description: text().notNull(),
    addonType: text(),
    addonId: integer(),
    addressId: integer(),
    amountCents: integer().notNull(),
    position: smallint().notNull().default(0),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/** Every call to the gateway for an order, with its outcome (the audit trail of a charge). */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    attempt: smallint().notNull(),
    gateway: text().notNull(),
    idempotencyKey: text().notNull(),
    /** approved, declined, error, already_paid, reconciled */
    outcome: text().notNull(),
    transactionId: text(),
    message: text(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_attempts_invoice_idx').on(t.invoiceId)],
);

/** The per-year counter behind invoice numbers (one atomic upsert per number). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  last: integer().notNull().default(0),
});

/*
 * The sandbox gateway's own state: it stands for a processor mounted beside the app. It keeps
 * card metadata per token and charges per idempotency key; never the card number or code.
 */
export const sandboxTokens = pgTable(
  'sandbox_tokens',
  {
    token: text().primaryKey(),
    cardType: text().notNull(),
    last4: text().notNull(),
    expirationDate: text().notNull(),
    cardHolderName: text().notNull(),
    /** Which test behaviour the card triggers: approve, decline, insufficient_funds, fail_first. */
    behaviour: text().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_tokens_created_idx').on(t.createdAt)],
);

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    token: text().notNull(),
    amountCents: integer().notNull(),
    description: text(),
    /** approved, declined, error */
    status: text().notNull(),
    message: text(),
    attempts: integer().notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_charges_idempotency_key').on(t.idempotencyKey), index('sandbox_charges_token_idx').on(t.token)],
);
