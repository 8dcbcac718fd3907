import type { JobRow } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';

type Ends = Pick<JobRow, 'closedAt' | 'cancelledAt' | 'expiredAt'>;

/**
 * Why a job can no longer be changed, or null while it is open. A closed, cancelled or expired
 * job is a record: its content, addresses, add-ons and renewal settings stay as they were when it
 * ended. What stays possible is what the spec names for it: duplicate (any job), and renewal of an
 * expired one (the payments renewal call), which reopens it.
 */
export function endedMessage(job: Ends): string | null {
  if (job.closedAt) return 'This job is closed and can no longer be changed.';
  if (job.cancelledAt) return 'This job is cancelled and can no longer be changed.';
  if (job.expiredAt) return 'This job has expired and can no longer be changed. Renew it or post a copy.';
  return null;
}

/** 409 for a change to a job that has ended. */
export function assertNotEnded(job: Ends) {
  const message = endedMessage(job);
  if (message) throw conflict(message);
}

/**
 * Why a job cannot be paid for (posting, renewal, add-ons), or null. Checked before any charge: a
 * closed, cancelled or suspended job cannot be published or renewed, so money taken for it would
 * buy nothing.
 */
export function paymentRefusal(job: Pick<JobRow, 'closedAt' | 'cancelledAt' | 'suspended'>): string | null {
  if (job.closedAt) return 'This job is closed and can no longer be paid for or renewed. Duplicate it to post it again.';
  if (job.cancelledAt) return 'This job is cancelled and can no longer be paid for or renewed. Duplicate it to post it again.';
  if (job.suspended) return 'This job is suspended by an administrator and cannot be paid for or renewed. Contact support to lift the suspension.';
  return null;
}

/** 409 before charging for a job that cannot be paid for. */
export function assertPayable(job: Pick<JobRow, 'closedAt' | 'cancelledAt' | 'suspended'>) {
  const message = paymentRefusal(job);
  if (message) throw conflict(message);
}
