import { index, integer, pgEnum, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './types';
import { users } from './accounts';

/** The two services a driver can hold (accounts spec §2: healthcare shows as HealthRX, road_assistance as Roadside Assistance). */
export const driverSubscriptionKindEnum = pgEnum('driver_subscription_kind', ['healthcare', 'road_assistance']);
/** How the driver came to hold it (accounts spec §9: Mandatory, Pre Subscribed, Open). */
export const driverSubscriptionTypeEnum = pgEnum('driver_subscription_type', ['mandatory', 'pre_subscribed', 'open']);


/**
 * A driver's subscription to a service. Cancelling stops the renewal: the row stays, with when and
 * why (reason code 0, 1 or 6 and its words), and the service runs until the expiration date.
 */
export const driverSubscriptions = pgTable(
  'driver_subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscription: driverSubscriptionKindEnum().notNull(),
    subscriptionType: driverSubscriptionTypeEnum().notNull(),
    tier: text().notNull(),
    subscriptionDate: ts('subscription_date').notNull(),
    expirationDate: ts('expiration_date').notNull(),
    renewalCanceledAt: ts('renewal_canceled_at'),
    renewalCancellationCode: smallint(),
    renewalCancellationReason: text(),
    /** The admin who cancelled it for the driver. */
    canceledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('driver_subscriptions_user_idx').on(t.userId, t.subscriptionDate)],
);
