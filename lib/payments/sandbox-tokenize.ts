import { z } from 'zod';
import type { Database } from '@/lib/db/client';
import { CARD_MESSAGES } from './cards';
import { tokenize } from './sandbox';

/*
 * The sandbox processor's own tokenize endpoint (POST /sandbox-gateway/tokenize). It stands for
 * the provider's host: the card fields are its business, which is why this schema lives apart
 * from the app's payment schemas (lib/payments/schemas.ts) and never reaches a service of ours.
 */
const text = (max: number) => z.string({ message: CARD_MESSAGES.validation }).max(max, CARD_MESSAGES.validation);

export const tokenizeBody = z.object({
  card_number: text(30),
  expiration_date: text(10),
  cvv: text(6),
  card_holder_name: text(100),
});

export type TokenizeAnswer = { status: number; body: Record<string, unknown> };

export async function tokenizeRequest(db: Database, raw: unknown): Promise<TokenizeAnswer> {
  const parsed = tokenizeBody.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ message: CARD_MESSAGES.validation, field: String(i.path[0] ?? '') }));
    return { status: 422, body: { message: CARD_MESSAGES.failed, errors } };
  }
  const result = await tokenize(db, parsed.data);
  if (!result.ok) return { status: 422, body: { message: CARD_MESSAGES.failed, errors: result.errors } };
  return { status: 201, body: { token: result.token, card_type: result.card_type, masked_number: result.masked_number, expiration_date: result.expiration_date } };
}
