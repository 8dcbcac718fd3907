/**
 * Display rules of the applicant payload (jobs spec §3 Applicant, §9 distance). Pure, safe in
 * client components: the grid, the slide-over and the CSV export show the same text.
 */
export const NOT_ANSWERED = 'n/a' as const;
export const NO_CDL = 'No CDL.';
export const DISTANCE_NOT_AVAILABLE = 'Not available';

/** 'Less than 10 miles' under 10, else two decimals plus ' miles', or 'Not available'. */
export function formatDistance(miles: number | null | undefined): string {
  if (miles == null || !Number.isFinite(miles)) return DISTANCE_NOT_AVAILABLE;
  if (miles < 10) return 'Less than 10 miles';
  return `${miles.toFixed(2)} miles`;
}

export const yesNo = (value: boolean | null | undefined) => (value == null ? NOT_ANSWERED : value ? 'Yes' : 'No');

/** A missing or blank value shows as 'n/a'. */
export const orNa = <T extends string | number>(value: T | null | undefined): T | typeof NOT_ANSWERED =>
  value == null || (typeof value === 'string' && !value.trim()) ? NOT_ANSWERED : value;
