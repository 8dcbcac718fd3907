import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './types';

/**
 * API creates made safe to retry (lib/api/idempotency.ts): a POST sent with an `Idempotency-Key`
 * header is done once per caller and key; a retry within 24 hours gets the first answer again.
 * `status` null: the first request is still running. Cleared by the tick after 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** Method, path and a hash of the parsed body: the same key with another request is refused. */
    fingerprint: text().notNull(),
    status: smallint(),
    body: text(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
