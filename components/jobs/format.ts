import { dollarsToCents, formatUsd } from '@/lib/jobs/codes';
import { portalDateText } from '@/lib/validation/portal-day';

/**
 * Display rules of the jobs screens (jobs spec §5, §9): dates MM/DD/YYYY, a dash for an empty
 * date, amounts in US dollars. Dates are shown in the portal's default time zone (US/Eastern, the
 * users' default) so the server's first paint and the browser agree.
 */

/**
 * Formatted dates by the API's ISO text: a list shows the same few dates again and again, and a
 * time-zone format costs about 3 µs where a lookup costs 0.1 (three per row on /company/jobs, on the
 * server and again in the browser). Bounded: emptied when full.
 */
const FORMATTED = new Map<string, string>();
const FORMATTED_MAX = 2_000;

/** A calendar day without a time ('1984-03-12', a birth date): no zone applies to it. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function formatDate(value: string | Date | null | undefined, empty = '-'): string {
  if (!value) return empty;
  if (typeof value !== 'string') return Number.isNaN(value.getTime()) ? empty : portalDateText(value);
  // Read as UTC midnight and shown in US/Eastern, a birth date came out a day early.
  const day = CALENDAR_DAY.exec(value);
  if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  let shown = FORMATTED.get(value);
  if (shown === undefined) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return empty;
    if (FORMATTED.size >= FORMATTED_MAX) FORMATTED.clear();
    FORMATTED.set(value, (shown = portalDateText(d)));
  }
  return shown;
}

/** Dollars as the API answers them (350, 19.99) → '$350.00'. */
export function formatDollars(value: number | string | null | undefined, empty = '-'): string {
  if (value === null || value === undefined || value === '') return empty;
  const n = Number(value);
  return Number.isFinite(n) ? formatUsd(dollarsToCents(n)) : empty;
}

/** 'Dallas, TX' from whatever parts exist. */
export function formatPlace(city: string | null | undefined, state: string | null | undefined, empty = '-'): string {
  return [city, state].filter(Boolean).join(', ') || empty;
}
