import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import { idempotencyKeys } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';

/**
 * Retry-safe POSTs (the IETF Idempotency-Key header, as Stripe's API has it): an API client that
 * sends `Idempotency-Key: <its own unique value>` with a POST and loses the answer (a timeout, a
 * dropped connection) can send the same request again and gets the first answer back, with
 * `Idempotent-Replayed: true`, instead of a second job. The key belongs to the signed-in caller and
 * lasts 24 hours. Only answers that did something (2xx) are kept: a refused request changed
 * nothing, so its retry runs again. Without the header nothing changes.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const KEY_HOURS = 24;
/** A first request still unfinished after this long is taken for lost. */
export const ABANDONED_MS = 5 * 60_000;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 visible characters (letters, digits, punctuation; no spaces).',
  reused: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

const VISIBLE = /^[\x21-\x7e]{1,255}$/;

/** The request's key, or null without the header; 400 when it cannot be one. */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!VISIBLE.test(key)) throw new AppError(400, IDEMPOTENCY_MESSAGES.invalid, IDEMPOTENCY_HEADER);
  return key;
}

/**
 * What the key stands for: the method, the path and the body as parsed (so the same JSON spaced
 * differently is the same request), and on whose behalf: the caller's company and the admin acting
 * as them, if any. Keyed by the user alone, a company's answer was replayed for a day to someone who
 * had left it, and an admin's impersonated request to the user themself.
 */
export function fingerprintOf(method: string, path: string, body: unknown, onBehalfOf: { companyId: number | null; impersonatorId?: number }) {
  const who = `${onBehalfOf.companyId ?? '-'}/${onBehalfOf.impersonatorId ?? '-'}`;
  return `${method} ${path} ${who} ${createHash('sha256').update(JSON.stringify(body ?? null)).digest('base64url')}`;
}

const expiry = (now: Date) => new Date(now.getTime() - KEY_HOURS * 3_600_000);

/**
 * Runs `run` once per caller and key: the first request claims the key, runs and keeps its answer;
 * a later one with the same request gets that answer again, one with another request 422, one
 * while the first still runs 409. `extraHeaders` go on a replayed answer (the request id).
 */
export async function runOnce(db: Database, userId: number, key: string, fingerprint: string, run: () => Promise<Response>, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  // A key past its day is free again, and so is one whose first request never finished (the
  // server stopped while it ran): a request takes seconds, not minutes.
  const now = new Date();
  const stale = or(lt(idempotencyKeys.createdAt, expiry(now)), and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_MS))));
  await db.delete(idempotencyKeys).where(and(mine, stale));
  const [claimed] = await db.insert(idempotencyKeys).values({ userId, key, fingerprint }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (first && first.fingerprint !== fingerprint) throw new AppError(422, IDEMPOTENCY_MESSAGES.reused, IDEMPOTENCY_HEADER);
    if (!first || first.status === null) throw new AppError(409, IDEMPOTENCY_MESSAGES.inFlight, IDEMPOTENCY_HEADER);
    return new Response(first.body, {
      status: first.status,
      headers: { ...extraHeaders, 'content-type': 'application/json', 'cache-control': 'no-store', 'idempotent-replayed': 'true' },
    });
  }
  const release = () => db.delete(idempotencyKeys).where(mine);
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await release();
    throw error;
  }
  if (!response.ok) {
    await release();
    return response;
  }
  try {
    await db.update(idempotencyKeys).set({ status: response.status, body: await response.clone().text() }).where(mine);
  } catch {
    // Not kept: a retry runs again rather than waiting on a key that never completes.
    await release().catch(() => undefined);
  }
  return response;
}

/** The tick's step: keys past their day, in batches. */
export async function purgeIdempotencyKeys(db: Database, now: Date, options: BatchOptions = {}) {
  const old = lt(idempotencyKeys.createdAt, expiry(now));
  const { rows } = await inBatches(
    (limit) =>
      db
        .delete(idempotencyKeys)
        .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (select user_id, key from idempotency_keys where ${old} limit ${limit})`)
        .returning({ key: idempotencyKeys.key }),
    options,
  );
  return { removed: rows.length };
}
