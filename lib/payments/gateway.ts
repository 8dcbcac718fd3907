import type { Database } from '@/lib/db/client';
import { isPreviewDeployment } from '@/lib/config';

/**
 * The one payment gateway interface. Card entry happens in the gateway's hosted fields (an iframe
 * it serves), so the app only ever handles the token it hands back.
 */
export type ChargeRequest = {
  token: string;
  amountCents: number;
  /** The same key on a retry answers the first charge's result instead of charging again. */
  idempotencyKey: string;
  description: string;
};

export type ChargeOutcome =
  /** Money taken. */
  | 'approved'
  /** The issuer said no (final: do not retry). */
  | 'declined'
  /**
   * Processing failure (network, time-out, processor hiccup, busy): not a refusal, the sale may have
   * gone through. One retry with the same key is safe; then the key is looked up before declining.
   */
  | 'error';

export type ChargeResult = {
  outcome: ChargeOutcome;
  transactionId?: string;
  message: string;
  /** true when the gateway answered from an earlier charge with the same key. */
  replayed?: boolean;
};

export type HostedFields = {
  /**
   * URL of the iframe that collects the card; relative means the app's own origin. The parent
   * accepts messages only from this URL's origin.
   */
  url: string;
};

/** What may be shown of a tokenized card. */
export type CardInfo = { cardType: string; maskedNumber: string; expirationDate: string; cardHolderName: string };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'celero' | string;
  /** Where card entry happens (tokenize runs inside it, at the gateway). */
  hostedFields(): HostedFields;
  /** The card behind a token, or null if unknown (or the gateway does not say). */
  card(token: string): Promise<CardInfo | null>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Asks the issuer whether the card may be charged, without taking money (a zero-amount account
   * verification). A card saved for later charges is checked this way before it is kept.
   */
  verify(token: string): Promise<ChargeResult>;
  /** The charge made with this key, or null if the gateway never saw it. */
  lookup(idempotencyKey: string): Promise<ChargeResult | null>;
}

/**
 * The longest one gateway call (a charge, a verification, a lookup) may take before its driver
 * gives up on it. The stale-order threshold (charge.ts STALE_PROCESSING_MS) is derived from it, so
 * a driver must never wait longer: Celero's CELERO_TIMEOUT_MS is capped to it.
 */
export const GATEWAY_CALL_TIMEOUT_MS = 60_000;

export type GatewayFactory = (db: Database) => PaymentGateway;

const globalForGateway = globalThis as unknown as { __tnaGateway?: GatewayFactory };

/** Tests (and only tests) swap the gateway: a fake, or a driver pointed at a local server. */
export function setGatewayFactory(factory: GatewayFactory | undefined) {
  globalForGateway.__tnaGateway = factory;
}

/** The configured driver: PAYMENT_GATEWAY=celero (with its keys) or the sandbox (default; always on a preview). */
export async function getGateway(db: Database): Promise<PaymentGateway> {
  if (globalForGateway.__tnaGateway) return globalForGateway.__tnaGateway(db);
  const name = gatewayName();
  if (name === 'celero') {
    const { celeroGateway, celeroConfigFromEnv } = await import('./celero');
    return celeroGateway(celeroConfigFromEnv());
  }
  const { sandboxGateway } = await import('./sandbox');
  return sandboxGateway(db);
}

export function gatewayName(): string {
  // A Vercel preview never charges real cards, whatever its settings say (docs/deploy.md).
  if (isPreviewDeployment()) return 'sandbox';
  const chosen = process.env.PAYMENT_GATEWAY;
  if (chosen) return chosen;
  return process.env.CELERO_API_KEY && process.env.CELERO_BASE_URL ? 'celero' : 'sandbox';
}
