/**
 * How the portal writes a date, and a moment with its time, in its own zone (US/Eastern). Alone in
 * this module, without portal-day.ts's day arithmetic, so a grid that only prints dates ships only
 * this (the first-load JS budget, issue 16).
 */

/** The zone the portal shows dates in (the users' default): a day a person types means this zone's day. */
export const PORTAL_TIME_ZONE = 'America/New_York';

let days: Intl.DateTimeFormat | undefined;
let moments: Map<boolean, Intl.DateTimeFormat> | undefined;

/**
 * A moment's day as MM/DD/YYYY in the portal's zone: the day every list, order, invoice and mail
 * shows, so one order does not carry three dates (the browser's zone, US/Eastern and UTC differ for
 * anything after 7 pm Eastern).
 */
export function portalDateText(at: Date): string {
  days ??= new Intl.DateTimeFormat('en-US', { timeZone: PORTAL_TIME_ZONE, month: '2-digit', day: '2-digit', year: 'numeric' });
  return days.format(at);
}

/**
 * A moment as the lists write it with its time, in the portal's zone and naming it:
 * '11/27/2026, 3:04 PM EST' (with `seconds`, '3:04:05 PM EST', for the audit log). The same day as
 * portalDateText, so a mail's time in the outbox, an audit entry and the order they speak of agree.
 * Formatters made once (one per variant), not per row.
 */
export function portalDateTimeText(at: Date, { seconds = false } = {}): string {
  moments ??= new Map();
  let format = moments.get(seconds);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: PORTAL_TIME_ZONE, month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}), timeZoneName: 'short',
    });
    moments.set(seconds, format);
  }
  return format.format(at);
}
