/**
 * "Minimum weekly pay" on /members/jobs compares every pay period as a weekly estimate, as a job
 * board does (docs/drivers.md): $28/hour is about $1,120 a week and $0.72/mile about $1,800, so a
 * $1,000 minimum keeps them. No server code: the filter's hint on the page says the same numbers.
 */
import type { SalaryType } from '@/lib/jobs/codes';

/** Hours in a week of hourly pay. */
export const WEEKLY_HOURS = 40;
/** Miles in a week of per-mile pay (a typical OTR week). */
export const WEEKLY_MILES = 2_500;

/** A week's pay as num/den of one pay unit: weekly × 1, hourly × 40, per mile × 2,500, monthly × 12/52, yearly × 1/52. */
export const WEEKS_OF_PAY: Record<SalaryType, { num: number; den: number }> = {
  weekly: { num: 1, den: 1 },
  hourly: { num: WEEKLY_HOURS, den: 1 },
  per_mile: { num: WEEKLY_MILES, den: 1 },
  monthly: { num: 12, den: 52 },
  yearly: { num: 1, den: 52 },
};

/** What the filter says under it. */
export const WEEKLY_PAY_HINT = `Hourly, per-mile, monthly and yearly pay are compared as a weekly estimate: ${WEEKLY_HOURS} hours, ${WEEKLY_MILES.toLocaleString('en-US')} miles, a year of 52 weeks.`;

/**
 * The least pay, in cents per unit of each salary type, whose weekly estimate reaches `minWeeklyCents`
 * (rounded up: pay is whole cents). Compared per type, the search stays on jobs_live_pay_idx
 * (salary_type, expected_pay_cents) instead of computing every row's estimate.
 */
export function minPayCentsByType(minWeeklyCents: number): [SalaryType, number][] {
  return (Object.entries(WEEKS_OF_PAY) as [SalaryType, { num: number; den: number }][]).map(([type, { num, den }]) => [
    type,
    Math.ceil((minWeeklyCents * den) / num),
  ]);
}

/** A pay's weekly estimate in cents (for display and tests). */
export function weeklyEstimateCents(type: SalaryType, payCents: number) {
  const { num, den } = WEEKS_OF_PAY[type];
  return (payCents * num) / den;
}
