/**
 * The one date rule for values a client sends: a day ('2026-12-01', midnight UTC) or an ISO date
 * and time ('2026-12-01T08:30:00Z'), a real calendar day, in a bounded range of years. `new Date()`
 * alone takes '12/01/2026' and plain numbers, moves '2027-02-30' to 2 March without a word, and
 * takes years (0, 10000, +275760) that PostgreSQL refuses or that overflow a day later: a 500.
 * Client-safe: no server code.
 */
import { z } from 'zod';
import { startOfNextPortalDay, startOfPortalDay } from './portal-day';

export type YearRange = { min: number; max: number };
export const DATE_YEARS: YearRange = { min: 1900, max: 2100 };
export const DATE_MESSAGE = `Enter a date as YYYY-MM-DD (or an ISO date and time) between ${DATE_YEARS.min} and ${DATE_YEARS.max}.`;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))?$/;

/** Whether `value` is a day without a time ('2026-12-01'), which a range reads as the whole day. */
export const isIsoDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value);

const inYears = (d: Date, years: YearRange) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= years.min && d.getUTCFullYear() <= years.max;

/** `value` as a Date when it keeps the rule above, else null. */
export function strictDate(value: unknown, years: YearRange = DATE_YEARS): Date | null {
  if (value instanceof Date) return inYears(value, years) ? value : null;
  if (typeof value !== 'string') return null;
  const m = DATE_TIME.exec(value) ?? DAY.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = m.slice(1).map((p) => Number(p ?? 0));
  if (year < years.min || year > years.max) return null;
  // Date.UTC carries an overflow into the next month: the day is real only if it comes back unchanged.
  const midnight = new Date(Date.UTC(year, month - 1, day));
  if (midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHour > 23 || offsetMinute > 59) return null;
  const d = isIsoDay(value) ? midnight : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A range's bound: a day ('2026-01-12') is the portal zone's whole day, the day the lists print, so
 * 'from' is its first moment and 'to' its last; `parsed` (a date and time) stays that moment. Read
 * as midnight UTC, 'to the 12th' left out what was done on the 12th, and 'from' began at 7 pm
 * Eastern the day before.
 */
export function dayBound(value: unknown, parsed: Date, edge: 'from' | 'to'): Date {
  if (!isIsoDay(value)) return parsed;
  return edge === 'from' ? startOfPortalDay(value) : new Date(startOfNextPortalDay(value).getTime() - 1);
}

/**
 * A zod field for the rule, answering `message` for anything else (as a Date); with `edge`, a bound
 * of a range (dayBound).
 */
export const dateSchema = (message: string = DATE_MESSAGE, years: YearRange = DATE_YEARS, edge?: 'from' | 'to') =>
  z.union([z.string(), z.date()], { error: message }).transform((v, ctx) => {
    const d = strictDate(v, years);
    if (!d) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return edge ? dayBound(v, d, edge) : d;
  });
