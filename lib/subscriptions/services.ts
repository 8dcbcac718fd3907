import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { stripCountryCode } from '@/lib/auth/phone';
import { recordAudit } from '@/lib/audit';
import { queryRows, type Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { driverSubscriptions, users } from '@/lib/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { assertAdmin } from '@/lib/admin/guard';
import { containsPattern } from '@/lib/admin/filters';
import type { PageQuery } from '@/lib/admin/schemas';
import { canUnsubscribe } from './labels';
import type { CancelSubscriptionInput } from './schemas';

export const ALREADY_CANCELLED = 'This subscription is already cancelled.';
export const ALREADY_EXPIRED = 'This subscription has expired and cannot be cancelled.';

type SubscriptionRow = typeof driverSubscriptions.$inferSelect;

/** One subscription as the Driver List reads it (accounts spec §3 "Driver with subscriptions"). */
export function subscriptionView(s: SubscriptionRow) {
  return {
    id: s.id,
    subscription: s.subscription,
    subscriptionType: s.subscriptionType,
    tier: s.tier,
    subscriptionDate: s.subscriptionDate.toISOString(),
    expirationDate: s.expirationDate.toISOString(),
    renewalCanceledAt: s.renewalCanceledAt?.toISOString() ?? null,
    renewalCancellationReason: s.renewalCancellationReason,
  };
}
export type SubscriptionView = ReturnType<typeof subscriptionView>;

export type DriverWithSubscriptions = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  billingCustomerId: string | null;
  phone: string | null;
  subscriptions: SubscriptionView[];
};

/** How many matching drivers a Driver List search sorts; past it the list is read in name order. */
const SORTED_MATCHES = 10_000;

/**
 * POST /payment/driver/subscriptions/search: drivers who hold at least one subscription, by name,
 * one page at a time, each with all of their subscriptions (one query for the page's rows).
 */
export async function searchDriverSubscriptions(db: Database, actor: Actor | null, input: { search: string }, page: PageQuery) {
  assertAdmin(actor);
  const pattern = containsPattern(input.search);
  const matching = input.search
    ? // Each as its trigram index holds it (users_name_trgm_idx, users_email_trgm_idx,
      // users_billing_customer_trgm_idx): without them every driver was read (300 ms at 100,000).
      or(
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        sql`${users.email}::text ilike ${pattern}`,
        sql`coalesce(${users.billingCustomerId}, '') ilike ${pattern}`,
      )
    : undefined;
  const where = and(
    isNull(users.deletedAt),
    exists(db.select({ one: sql`1` }).from(driverSubscriptions).where(eq(driverSubscriptions.userId, users.id))),
    matching,
  );
  // A search that matches few drivers sorts its matches, found through the trigram indexes; one that
  // matches many walks users_name_idx in order. The planner guessed wrong between the two: for
  // "Kowalczyk" (1,640 of 100,000 drivers) it walked the names from A and read 40,000 of them to
  // reach K (86 ms; sorted: 12 ms). So the matches are counted first, up to SORTED_MATCHES.
  // (One or two characters hold no trigram: no index finds them, and the name order is kept.)
  let sorted = false;
  if ([...input.search.trim()].length >= 3) {
    // The users the term matches, subscribed or not (what the sort would read): the trigram indexes alone.
    const probe = db.select({ one: sql`1` }).from(users).where(matching).limit(SORTED_MATCHES + 1);
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${probe}) as m`);
    sorted = n <= SORTED_MATCHES;
  }
  // `|| ''` orders alike but is not the index's expression: the planner sorts the matches.
  const lastName = sorted ? sql`(lower(${users.lastName}) || '')` : sql`lower(${users.lastName})`;
  const [people, counted] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, billingCustomerId: users.billingCustomerId, phone: users.phone })
      .from(users)
      .where(where)
      .orderBy(asc(lastName), asc(sql`lower(${users.firstName})`), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    countUpTo(db, db.select({ one: sql`1` }).from(users).where(where), page),
  ]);
  const subs = people.length
    ? await db
        .select()
        .from(driverSubscriptions)
        .where(inArray(driverSubscriptions.userId, people.map((p) => p.id)))
        .orderBy(asc(driverSubscriptions.subscriptionDate), asc(driverSubscriptions.id))
    : [];
  const data: DriverWithSubscriptions[] = people.map((p) => ({
    ...p,
    phone: stripCountryCode(p.phone),
    subscriptions: subs.filter((s) => s.userId === p.id).map(subscriptionView),
  }));
  return { data, pagination: { offset: page.offset, limit: page.limit, ...counted } };
}

/**
 * PATCH /payment/driver/subscriptions/{id}/cancel: stops the renewal, keeping when and why. A
 * cancelled or expired subscription is refused (409), also when two admins click at once: the
 * update only claims a row that is still open.
 */
export async function cancelDriverSubscription(db: Database, actor: Actor | null, id: number, input: CancelSubscriptionInput, ip?: string) {
  assertAdmin(actor);
  const [current] = await db.select().from(driverSubscriptions).where(eq(driverSubscriptions.id, id));
  if (!current) throw notFound('Subscription not found.');
  const view = subscriptionView(current);
  if (!canUnsubscribe(view)) throw conflict(view.renewalCanceledAt ? ALREADY_CANCELLED : ALREADY_EXPIRED);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(driverSubscriptions)
      .set({ renewalCanceledAt: sql`now()`, renewalCancellationCode: input.code, renewalCancellationReason: input.reason, canceledBy: actor.userId })
      .where(and(eq(driverSubscriptions.id, id), isNull(driverSubscriptions.renewalCanceledAt), sql`${driverSubscriptions.expirationDate} > now()`))
      .returning();
    if (!row) throw conflict(ALREADY_CANCELLED);
    await recordAudit(tx as unknown as Database, {
      actorUserId: actor.userId,
      action: 'subscription.cancel',
      subjectType: 'driver_subscription',
      subjectId: id,
      details: { driver_id: row.userId, subscription: row.subscription, reason_code: input.code, reason: input.reason },
      ip,
    });
    return subscriptionView(row);
  });
}
