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

/** The list filter's words (the labels, case-insensitive, and the status values) → the status. */
const FILTER_WORDS: Record<string, JobStatus> = { active: 'active', inactive: 'inactive', cancelled: 'canceled', canceled: 'canceled' };

/** The status a list filter value selects, or null when it names none. */
export function statusFilterOf(value: string): JobStatus | null {
  return FILTER_WORDS[value.trim().toLowerCase()] ?? null;
}
