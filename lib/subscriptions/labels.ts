import { portalDateText } from '@/lib/validation/portal-date';

/** How the Driver List shows a subscription's kind, tier and type (accounts spec §2). */
export const SUBSCRIPTION_LABELS: Record<string, string> = { healthcare: 'HealthRX', road_assistance: 'Roadside Assistance' };

export const subscriptionLabel = (kind: string) => SUBSCRIPTION_LABELS[kind] ?? kind;

/** First letter capitalised, underscores as spaces ('pre_subscribed' → 'Pre subscribed'). */
export function capitalised(value: string | null | undefined) {
  if (!value) return '-';
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Dates in the grid in US format (mm/dd/yyyy), the portal zone's day as every list shows it
 * (lib/validation/portal-day.ts), so server and browser agree. Read in UTC, an application made at
 * 9 pm Eastern was listed a day later here than in the company's own applicants list.
 */
export function usDate(iso: string | null | undefined) {
  if (!iso) return '-';
  return portalDateText(new Date(iso));
}

/** The rule the Unsubscribe button and the API share: not once cancelled, not after expiry. */
export function canUnsubscribe(s: { renewalCanceledAt: string | null; expirationDate: string }, now = new Date()) {
  return !s.renewalCanceledAt && new Date(s.expirationDate).getTime() > now.getTime();
}
