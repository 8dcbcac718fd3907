import { formatUsdShort, labelOf, SALARY_TYPES } from '@/lib/jobs/codes';

/**
 * Miles as the driver reads them: 'Less than 10 miles' close by, else whole miles (jobs spec §9 style).
 * `shown`: the whole figure the server decided beside a match (PortalJob.distanceShown), so the
 * card never reads another number than the match's distance words.
 */
export function formatMiles(miles: number | null | undefined, shown?: number | null): string {
  if (miles == null) return 'Distance not available';
  if (miles < 10) return 'Less than 10 miles';
  return `${(shown ?? Math.round(miles)).toLocaleString('en-US')} miles`;
}

export function formatPay(cents: number, salaryType: string): string {
  const per = (SALARY_TYPES.find((s) => s.value === salaryType)?.per ?? labelOf(SALARY_TYPES, salaryType)) || 'week';
  return `${formatUsdShort(cents)} / ${per}`;
}

/** Match as a whole percent, rounded down like the candidates screen. */
export const matchPercent = (fraction: number) => Math.floor(fraction * 100);
