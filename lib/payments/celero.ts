import { createHash } from 'node:crypto';
import { GATEWAY_CALL_TIMEOUT_MS, type ChargeRequest, type ChargeResult, type PaymentGateway } from './gateway';

/*
 * The card provider the spec names (Celero; its gateway is the Fluid Pay platform). REST over JSON,
 * the secret API key in the Authorization header, amounts in cents:
 *   POST {base}/api/transaction         { type: 'sale', amount, currency, description, order_id,
 *                                         idempotency_key, payment_method: { token } }
 *   POST {base}/api/transaction         { type: 'verification', amount: 0, payment_method: { token } }
 *                                       (checks a card before it is saved, takes no money)
 *   POST {base}/api/transaction/search  { idempotency_key: { operator: '=', value } }
 * Answers { status: 'success' | 'failed', msg, data }; data.response is approved / declined /
 * error and data.response_code 100 approved, 200-299 declined, 300+ processing errors.
 * Card entry: the provider's Tokenizer iframe (CELERO_HOSTED_FIELDS_URL).
 */

export type CeleroConfig = { apiKey: string; baseUrl: string; hostedFieldsUrl?: string; timeoutMs?: number };

/**
 * One call's time-out: CELERO_TIMEOUT_MS when it is a positive number, never more than
 * GATEWAY_CALL_TIMEOUT_MS. A longer wait would outlast the stale-order threshold, and another tab
 * or the tick would reconcile (and could decline) an order whose sale is still being answered.
 */
export function celeroTimeoutMs(setting: string | number | undefined): number {
  const ms = Number(setting);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, GATEWAY_CALL_TIMEOUT_MS) : GATEWAY_CALL_TIMEOUT_MS;
}

export function celeroConfigFromEnv(): CeleroConfig {
  const apiKey = process.env.CELERO_API_KEY;
  const baseUrl = process.env.CELERO_BASE_URL;
  if (!apiKey || !baseUrl) throw new Error('PAYMENT_GATEWAY=celero needs CELERO_API_KEY and CELERO_BASE_URL.');
  return { apiKey, baseUrl, hostedFieldsUrl: process.env.CELERO_HOSTED_FIELDS_URL, timeoutMs: celeroTimeoutMs(process.env.CELERO_TIMEOUT_MS) };
}

type CeleroTransaction = {
  id?: string;
  status?: string;
  response?: string;
  response_code?: number;
  processor_response_text?: string;
  order_id?: string;
  idempotency_key?: string;
};

/**
 * The order id a sale is sent with: the first 17 hex characters of the key's SHA-256 (17 is the
 * provider's limit). A cut of the key itself is not unique: its tail is the period and attempt, the
 * same for add-on orders of other jobs or other add-on sets, and the lookup's match by order id
 * would then settle an order on another order's sale.
 */
export const celeroOrderId = (idempotencyKey: string) => createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 17);

/**
 * Whether a transaction the search returned is this order's: by its key, or the order id sent with
 * it. The search's filter is the provider's; a search that ignored it would answer with the latest
 * transaction of the account, and settle this order on someone else's sale.
 */
const isSaleOf = (tx: CeleroTransaction, idempotencyKey: string) =>
  tx.idempotency_key === idempotencyKey || (tx.idempotency_key == null && tx.order_id === celeroOrderId(idempotencyKey));
type CeleroReply = { status?: string; msg?: string; data?: CeleroTransaction | CeleroTransaction[] | null };

function toResult(tx: CeleroTransaction | undefined, msg: string | undefined, replayed = false): ChargeResult {
  const code = tx?.response_code ?? 0;
  const message = tx?.processor_response_text || msg || 'Unknown error.';
  if (tx?.response === 'approved' || code === 100) return { outcome: 'approved', transactionId: tx?.id, message: message || 'Approved', replayed };
  if (tx?.response === 'declined' || (code >= 200 && code < 300)) return { outcome: 'declined', transactionId: tx?.id, message, replayed };
  return { outcome: 'error', transactionId: tx?.id, message, replayed };
}

/** 4xx answers that say "not now", not "no": 408 time-out, 409 conflict, 425 too early, 429 too many requests. */
const UNCLEAR_STATUSES = new Set([408, 409, 425, 429]);

export function celeroGateway(cfg: CeleroConfig): PaymentGateway {
  const base = cfg.baseUrl.replace(/\/+$/, '');

  async function post(path: string, body: unknown): Promise<{ httpStatus: number; reply: CeleroReply }> {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { Authorization: cfg.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(celeroTimeoutMs(cfg.timeoutMs)),
    });
    const reply = (await res.json().catch(() => ({}))) as CeleroReply;
    return { httpStatus: res.status, reply };
  }

  /** One transaction call (a sale or a verification) and its outcome; failures never throw. */
  async function transaction(body: Record<string, unknown>): Promise<ChargeResult> {
    try {
      const { httpStatus, reply } = await post('/api/transaction', body);
      const tx = Array.isArray(reply.data) ? reply.data[0] : (reply.data ?? undefined);
      if (httpStatus >= 500) return { outcome: 'error', message: reply.msg || 'Processing error.' };
      // Busy, timed out or in conflict (e.g. the same key still being processed): the sale's fate is
      // unknown, so it is retried with its key and looked up, never taken for a refusal.
      if (UNCLEAR_STATUSES.has(httpStatus) && !tx) return { outcome: 'error', message: reply.msg || 'Processing error.' };
      // Any other 4xx without a transaction (a validation error, a bad token): a real refusal.
      if (httpStatus >= 400 && !tx) return { outcome: 'declined', message: reply.msg || 'Validation error.' };
      return toResult(tx, reply.msg);
    } catch (error) {
      return { outcome: 'error', message: (error as Error).name === 'TimeoutError' ? 'Processing error: timed out.' : 'Processing error.' };
    }
  }

  return {
    name: 'celero',
    hostedFields() {
      return { url: cfg.hostedFieldsUrl || `${base}/tokenizer/hosted-fields` };
    },

    async card() {
      // Tokenizer tokens do not describe themselves; the hosted fields' own answer is used.
      return null;
    },

    charge(request: ChargeRequest): Promise<ChargeResult> {
      return transaction({
        type: 'sale',
        amount: request.amountCents,
        currency: 'USD',
        description: request.description.slice(0, 255),
        order_id: celeroOrderId(request.idempotencyKey),
        idempotency_key: request.idempotencyKey,
        // The provider remembers the key this long (seconds): a day covers any retry we make.
        idempotency_time: 86_400,
        payment_method: { token: request.token },
      });
    },

    verify(token: string): Promise<ChargeResult> {
      return transaction({ type: 'verification', amount: 0, currency: 'USD', payment_method: { token } });
    },

    async lookup(idempotencyKey: string): Promise<ChargeResult | null> {
      const { httpStatus, reply } = await post('/api/transaction/search', { idempotency_key: { operator: '=', value: idempotencyKey }, limit: 1 });
      if (httpStatus >= 400) throw new Error(`Celero lookup failed (${httpStatus}): ${reply.msg ?? ''}`);
      const list = Array.isArray(reply.data) ? reply.data : reply.data ? [reply.data] : [];
      const mine = list.find((tx) => isSaleOf(tx, idempotencyKey));
      return mine ? toResult(mine, reply.msg, true) : null;
    },
  };
}
