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

/** The list filter: 'Active' means approved; any other value means not approved (spec §4). */
export function statusFilterApproved(status: string): boolean {
  return status.trim().toLowerCase() === 'active';
}
