import type { JobStatus } from './codes';

/**
 * Job status exactly as jobs spec §4: suspended → inactive; approved and active → active;
 * approved and not active → canceled; otherwise inactive.
 */
export function deriveJobStatus({ suspended, approved, active }: { suspended: boolean; approved: boolean; active: boolean }): JobStatus {
  if (suspended) return 'inactive';
  if (approved && active) return 'active';
  if (approved) return 'canceled';
  return 'inactive';
}

export const STATUS_FILTER_MESSAGE = 'Choose a status: Active, Inactive or Cancelled.';

/**
 * The list filter's words (the labels, case-insensitive, and the status values) → the status. A Map,
 * not an object literal: an object answers the names every object inherits (`constructor`,
 * `__proto__`), and those quietly selected no status instead of being refused.
 */
const FILTER_WORDS: ReadonlyMap<string, JobStatus> = new Map([
  ['active', 'active'],
  ['inactive', 'inactive'],
  ['cancelled', 'canceled'],
  ['canceled', 'canceled'],
]);

/** The status a list filter value selects, or null when it names none. */
export function statusFilterOf(value: string): JobStatus | null {
  return FILTER_WORDS.get(value.trim().toLowerCase()) ?? null;
}
