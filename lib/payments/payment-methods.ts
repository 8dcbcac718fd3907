import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies, paymentMethods } from '@/lib/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit';
import { AppError, notFound, unprocessable } from '@/lib/errors';
import { getGateway, type PaymentGateway } from './gateway';
import type { NewCardInput, PayCardInput, SaveCardInput } from './schemas';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** The card as the spec's server form names it (jobs spec §3 "Payment card"). */
export function toCardView(row: PaymentMethodRow) {
  return {
    id: row.id,
    card_type: row.cardType,
    expiration_date: row.expirationDate,
    card_holder_name: row.cardHolderName,
    masked_number: row.maskedNumber,
    is_default: row.isDefault,
    created_at: row.createdAt,
  };
}
export type CardView = ReturnType<typeof toCardView>;

/** The caller's own company, or 404 (a user without a company has no billing). */
export async function companyOf(db: Database, actor: Actor) {
  if (!actor.companyId) throw notFound('Company not found.');
  const [company] = await db
    .select({ id: companies.id, companyName: companies.companyName, billingType: companies.billingType, email: companies.email })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  if (!company) throw notFound('Company not found.');
  return company;
}

export async function defaultCard(db: Database, companyId: number) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.isDefault, true), isNull(paymentMethods.deletedAt)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  return row ?? null;
}

export async function getCompanyCard(db: Database, actor: Actor): Promise<CardView | null> {
  const company = await companyOf(db, actor);
  const row = await defaultCard(db, company.id);
  return row ? toCardView(row) : null;
}

const VERIFY_FAILED = 'We could not check this card with your bank. Please try again.';

async function verifyWithIssuer(gateway: PaymentGateway, token: string) {
  const verdict = await gateway.verify(token);
  if (verdict.outcome === 'approved') return;
  throw new AppError(402, verdict.outcome === 'declined' ? verdict.message || 'Your card was declined.' : VERIFY_FAILED, 'card_token');
}

/**
 * Saves a card token from the hosted fields as the company's default card. The card details come
 * from the gateway (it knows its token); the browser's copy is only a fallback. A token only proves
 * the number is well formed, so the issuer is asked first (a zero-amount verification): a card the
 * bank declines is answered 402 with its reason and never saved, since automatic renewals would
 * charge it later.
 */
export async function saveCompanyCard(db: Database, actor: Actor, input: SaveCardInput, ip?: string): Promise<CardView> {
  const company = await companyOf(db, actor);
  const row = await storeCard(db, company.id, actor.userId, input, true, { actor, ip });
  return toCardView(row);
}

/** Who changed a company's cards, for the audit log (`payment_method.save`, `payment_method.default`). */
export type CardAudit = { actor: Actor | null; ip?: string | null };

async function auditCard(db: Database, audit: CardAudit | undefined, action: 'payment_method.save' | 'payment_method.default', row: PaymentMethodRow) {
  if (!audit) return;
  await recordAudit(db, {
    actorUserId: audit.actor?.userId ?? null,
    impersonatorId: audit.actor?.impersonatorId ?? null,
    action,
    subjectType: 'payment_method',
    subjectId: row.id,
    companyId: row.companyId,
    details: { card_type: row.cardType, masked_number: row.maskedNumber, expiration_date: row.expirationDate, is_default: row.isDefault },
    ip: audit.ip ?? null,
  });
}

/**
 * Stores a card token for the company (or finds it stored). With `makeDefault` it becomes the
 * default card, written to the audit log (`payment_method.save`) when `audit` says who saved it.
 * The card details come from the gateway, else from the hosted fields' answer in `input`.
 */
export async function storeCard(
  db: Database,
  companyId: number,
  userId: number | null,
  input: NewCardInput,
  makeDefault = true,
  audit?: CardAudit,
): Promise<PaymentMethodRow> {
  const gateway = await getGateway(db);
  const info = await gateway.card(input.card_token);
  const details = info ?? (input.card_type && input.masked_number && input.expiration_date
    ? { cardType: input.card_type, maskedNumber: input.masked_number, expirationDate: input.expiration_date, cardHolderName: input.card_holder_name }
    : null);
  if (!details) throw unprocessable('Invalid credit card number.', 'card_token');
  const [elsewhere] = await db
    .select({ companyId: paymentMethods.companyId })
    .from(paymentMethods)
    .where(eq(paymentMethods.token, input.card_token));
  // A token belongs to the company that tokenized it first; nobody else can borrow it.
  if (elsewhere && elsewhere.companyId !== companyId) throw unprocessable('Invalid credit card number.', 'card_token');
  // A card typed at checkout is checked by its charge; a default card is charged later, unattended.
  if (makeDefault) await verifyWithIssuer(gateway, input.card_token);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockCompanyCards(t, companyId);
    const [saved] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.token, input.card_token), isNull(paymentMethods.deletedAt)));
    if (saved) {
      if (makeDefault && !saved.isDefault) {
        await clearDefault(t, companyId);
        const [row] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, saved.id)).returning();
        await auditCard(t, audit, 'payment_method.save', row);
        return row;
      }
      return saved;
    }
    if (makeDefault) await clearDefault(t, companyId);
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        companyId,
        gateway: gateway.name,
        token: input.card_token,
        cardType: details.cardType,
        maskedNumber: details.maskedNumber,
        expirationDate: details.expirationDate,
        cardHolderName: input.card_holder_name || details.cardHolderName || '',
        isDefault: makeDefault,
        createdBy: userId,
      })
      .returning();
    if (makeDefault) await auditCard(t, audit, 'payment_method.save', row);
    return row;
  });
}

/**
 * Serializes changes to one company's cards (saving, choosing the default): concurrent checkouts
 * of the same company would otherwise race on "one default card" and "one row per token".
 */
async function lockCompanyCards(db: Database, companyId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${CARD_LOCK_SPACE}, ${companyId})`);
}

const CARD_LOCK_SPACE = 7_341_100;

/**
 * Which card pays: a new token (stored, not yet the default), or the company's default card. A new
 * token is described by the gateway, else by what the hosted fields showed (`card_type`,
 * `masked_number`, `expiration_date`, as when saving a card): Celero's tokens do not describe
 * themselves, so without those a card typed at checkout could never pay.
 */
export async function resolveCard(db: Database, companyId: number, userId: number | null, card: PayCardInput | undefined) {
  const cardToken = card?.card_token;
  if (cardToken) {
    const [existing] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.token, cardToken), isNull(paymentMethods.deletedAt)));
    if (existing) return existing;
    // A card typed at checkout becomes the saved card only once a charge on it is approved.
    return storeCard(db, companyId, userId, { ...card, card_token: cardToken }, false);
  }
  const saved = await defaultCard(db, companyId);
  if (!saved) throw unprocessable('Add a card to pay.', 'card_token');
  return saved;
}

async function clearDefault(db: Database, companyId: number) {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.isDefault, true), isNull(paymentMethods.deletedAt)));
}

/** After an approved charge on a card typed at checkout: it becomes the company's saved card (audited). */
export async function makeDefaultCard(db: Database, companyId: number, cardId: number, audit?: CardAudit) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockCompanyCards(t, companyId);
    const [card] = await tx.select({ isDefault: paymentMethods.isDefault }).from(paymentMethods).where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.companyId, companyId)));
    if (!card || card.isDefault) return;
    await clearDefault(t, companyId);
    const [row] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, cardId)).returning();
    await auditCard(t, audit, 'payment_method.default', row);
  });
}
