import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { sandboxCharges, sandboxTokens } from '@/lib/db/schema';
import { behaviourOf, cardTypeOf, digitsOnly, formatExpiry, maskCardNumber, validExpiry, validateCard, type CardBehaviour, type CardError, type CardInput } from './cards';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway';

/*
 * The sandbox gateway: a processor mounted beside the app under /sandbox-gateway. Its state lives
 * in its own tables (tokens with card metadata, charges by idempotency key), never a card number.
 */

export const SANDBOX_MESSAGES = {
  approved: 'Approved',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card was declined: insufficient funds.',
  expired: 'Your card has expired.',
  processing: 'Processing error: the card network did not answer. Please try again.',
  badToken: 'The card token is invalid or has expired.',
  keyReuse: 'Idempotency key already used for a different amount.',
} as const;

export type TokenizeResult =
  | { ok: true; token: string; card_type: string; masked_number: string; expiration_date: string }
  | { ok: false; errors: CardError[] };

export async function tokenize(db: Database, input: CardInput, now = new Date()): Promise<TokenizeResult> {
  const errors = validateCard(input, now);
  if (errors.length) return { ok: false, errors };
  const number = digitsOnly(input.card_number);
  const row = {
    token: `tok_sbx_${randomBytes(16).toString('hex')}`,
    cardType: cardTypeOf(number)!,
    last4: number.slice(-4),
    expirationDate: formatExpiry(input.expiration_date),
    cardHolderName: input.card_holder_name.trim(),
    behaviour: behaviourOf(number),
  };
  await db.insert(sandboxTokens).values(row);
  return { ok: true, token: row.token, card_type: row.cardType, masked_number: maskCardNumber(number), expiration_date: row.expirationDate };
}

type ChargeRow = typeof sandboxCharges.$inferSelect;

function resultOf(row: ChargeRow, replayed: boolean): ChargeResult {
  return {
    outcome: row.status as ChargeResult['outcome'],
    transactionId: row.status === 'approved' ? row.id : undefined,
    message: row.message ?? '',
    replayed,
  };
}

/**
 * What the issuer answers a card's first charge. A saved card whose month has passed is declined, as
 * a real processor's issuer declines it (expired_card): the sandbox approved it, so a failed
 * auto-renewal (its mail, then the job's end) was never seen outside the tests' declining cards.
 */
function firstOutcome(card: { behaviour: string; expirationDate: string }, now = new Date()): Pick<ChargeRow, 'status' | 'message'> {
  if (!validExpiry(card.expirationDate, now)) return { status: 'declined', message: SANDBOX_MESSAGES.expired };
  switch (card.behaviour as CardBehaviour) {
    case 'decline':
      return { status: 'declined', message: SANDBOX_MESSAGES.declined };
    case 'insufficient_funds':
      return { status: 'declined', message: SANDBOX_MESSAGES.insufficientFunds };
    case 'fail_first':
      return { status: 'error', message: SANDBOX_MESSAGES.processing };
    default:
      return { status: 'approved', message: SANDBOX_MESSAGES.approved };
  }
}

export function sandboxGateway(db: Database): PaymentGateway {
  return {
    name: 'sandbox',
    hostedFields() {
      return { url: `${process.env.SANDBOX_GATEWAY_ORIGIN ?? ''}/sandbox-gateway/hosted-fields` };
    },

    async card(token: string) {
      const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.token, token));
      if (!row) return null;
      return { cardType: row.cardType, maskedNumber: `**** **** **** ${row.last4}`, expirationDate: row.expirationDate, cardHolderName: row.cardHolderName };
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const [card] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.token, request.token));
      if (!card) return { outcome: 'declined', message: SANDBOX_MESSAGES.badToken };
      const first = firstOutcome(card);
      const [created] = await db
        .insert(sandboxCharges)
        .values({
          id: `sbx_${randomBytes(10).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          token: request.token,
          amountCents: request.amountCents,
          description: request.description.slice(0, 255),
          ...first,
        })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
        .returning();
      if (created) return resultOf(created, false);

      // The key was seen before: answer from that charge, as a real processor does.
      const [existing] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
      if (existing.amountCents !== request.amountCents || existing.token !== request.token) {
        return { outcome: 'declined', message: SANDBOX_MESSAGES.keyReuse };
      }
      if (existing.status !== 'error') return resultOf(existing, true);
      // A retry after a processing error: the fail-first card approves it (once, atomically).
      const [retried] = await db
        .update(sandboxCharges)
        .set({ status: 'approved', message: SANDBOX_MESSAGES.approved, attempts: existing.attempts + 1, updatedAt: new Date() })
        .where(and(eq(sandboxCharges.idempotencyKey, request.idempotencyKey), eq(sandboxCharges.status, 'error')))
        .returning();
      if (retried) return resultOf(retried, false);
      const [now] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
      return resultOf(now, true);
    },

    async verify(token: string): Promise<ChargeResult> {
      const [card] = await db.select({ behaviour: sandboxTokens.behaviour, expirationDate: sandboxTokens.expirationDate }).from(sandboxTokens).where(eq(sandboxTokens.token, token));
      if (!card) return { outcome: 'declined', message: SANDBOX_MESSAGES.badToken };
      // The declining test cards (and expired ones) are refused by the issuer whatever the amount; the others verify.
      const first = firstOutcome(card);
      return first.status === 'declined' ? { outcome: 'declined', message: first.message ?? SANDBOX_MESSAGES.declined } : { outcome: 'approved', message: SANDBOX_MESSAGES.approved };
    },

    async lookup(idempotencyKey: string): Promise<ChargeResult | null> {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      return row ? resultOf(row, true) : null;
    },
  };
}
