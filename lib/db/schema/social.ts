import { index, integer, pgEnum, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { citext, ts } from './types';
import { users } from './accounts';

export const socialProviderEnum = pgEnum('social_provider', ['google', 'apple', 'facebook']);


/**
 * A sign-in identity at Google, Apple or Facebook bound to an account: the provider's subject (its
 * stable user id), never only the email, which can change or be reassigned at the provider. One
 * identity per provider per account.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: socialProviderEnum().notNull(),
    subject: text().notNull(),
    /** The email the provider gave when the identity was bound (for support; sign-in uses the subject). */
    email: citext(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_subject_key').on(t.provider, t.subject),
    uniqueIndex('social_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * Nonces of ID tokens already used to sign in, kept until the token would have expired anyway: a
 * token carrying a nonce signs in once.
 */
export const socialNonces = pgTable(
  'social_nonces',
  {
    provider: socialProviderEnum().notNull(),
    nonce: text().notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.nonce] }), index('social_nonces_expires_idx').on(t.expiresAt)],
);
