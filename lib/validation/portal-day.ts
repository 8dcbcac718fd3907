/**
 * The portal's own time zone and its days. No zod and no server code: the date formatters of every
 * list import this, in the browser too.
 */

// The zone and the two ways a moment is written live in portal-date.ts, which the lists' cells import
// alone (a grid that only prints dates ships no more than that); every other caller finds them here too.
export { PORTAL_TIME_ZONE, portalDateText, portalDateTimeText } from './portal-date';
import { PORTAL_TIME_ZONE } from './portal-date';

let offsets: Intl.DateTimeFormat | undefined;

/** The portal zone's offset from UTC at `at`, in minutes ('GMT-05:00' → -300). */
function portalOffsetMinutes(at: Date) {
  offsets ??= new Intl.DateTimeFormat('en-US', { timeZone: PORTAL_TIME_ZONE, timeZoneName: 'longOffset' });
  const name = offsets.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
}

/**
 * The first moment of a day ('2026-11-24') in the portal's zone, as the lists show dates: an
 * application made at 9 pm Eastern on the 24th is listed as the 24th, so "applied on the 24th" must
 * find it (UTC's day had it on the 25th). The offset is read five hours into the UTC day, before any
 * daylight-saving change, which happens at 2 am local time.
 */
export function startOfPortalDay(isoDay: string): Date {
  const [y, m, d] = isoDay.split('-').map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d);
  return new Date(utcMidnight - portalOffsetMinutes(new Date(utcMidnight + 5 * 3_600_000)) * 60_000);
}

/** The calendar day `n` days after `isoDay` ('2026-10-15' and 30 → '2026-11-14'; n may be negative). */
export function isoDayPlus(isoDay: string, n: number): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The first moment of the day after `isoDay` in the portal's zone (a day there lasts 23 to 25 hours). */
export function startOfNextPortalDay(isoDay: string): Date {
  return startOfPortalDay(isoDayPlus(isoDay, 1));
}

/**
 * The moment `days` calendar days after `at` in the portal's zone, at the same wall-clock time: the
 * day printed (portalDateText) moves by exactly `days`. `days` × 24 hours did not: a day there
 * lasts 23 to 25 hours, so across a daylight-saving change it printed a day less or more. A time
 * the later day skips (2:30 am on the spring change) comes out an hour off, on the same day.
 */
export function portalDaysLater(at: Date, days: number): Date {
  const local = portalInputValue(at);
  const moved = portalInputToDate(`${isoDayPlus(local.slice(0, 10), days)}${local.slice(10)}`)!;
  // The zone's offsets are whole minutes: the seconds and milliseconds carry over as they are.
  return new Date(moved.getTime() + (((at.getTime() % 60_000) + 60_000) % 60_000));
}

let clock: Intl.DateTimeFormat | undefined;

/**
 * A wall-clock time typed in the portal's zone ('2026-11-28T09:00', a datetime-local value) as the
 * moment it means, whatever the browser's zone: 09:00 on 11/28 is 14:00 UTC (EST), 09:00 on 07/15 is
 * 13:00 UTC (EDT). The offset is read at a first guess and again at the result, so a time next to a
 * daylight-saving change gets that day's offset. Undefined for a value that is not such a time.
 */
export function portalInputToDate(local: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return undefined;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(asUtc)) return undefined;
  const guess = asUtc - portalOffsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - portalOffsetMinutes(new Date(guess)) * 60_000);
}

/** The portal zone's calendar day of a moment, 'YYYY-MM-DD': the day the lists print for it. */
export function portalIsoDay(at: Date): string {
  return portalInputValue(at).slice(0, 10);
}

/** The portal day last asked for, as [start, end) in ms: most calls in a process ask about today. */
let lastDay: { start: number; end: number } | undefined;

/**
 * The first moment of the portal zone's day holding `at`: where "today" begins for every count of
 * today's (the job list's and statistics' today_applicants), so that "today" is the day the list prints.
 * Worked out once a day and remembered with the day's end: the zone's date parts, formatted for
 * every job list answered, were a tenth of the job search route's CPU (issue 16).
 */
export function startOfPortalDayAt(at: Date): Date {
  const t = at.getTime();
  if (lastDay && t >= lastDay.start && t < lastDay.end) return new Date(lastDay.start);
  const day = portalIsoDay(at);
  const start = startOfPortalDay(day);
  lastDay = { start: start.getTime(), end: startOfNextPortalDay(day).getTime() };
  return start;
}

/** A moment as a datetime-local value ('2026-11-28T09:00') in the portal's zone: the inverse of portalInputToDate. */
export function portalInputValue(at: Date): string {
  clock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PORTAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
  const parts = clock.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}
