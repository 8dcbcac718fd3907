import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import type { JobRow } from '@/lib/db/schema';
import { isJobStaff } from './access';

/** What staff did to a customer's job, as audit actions (lib/admin/audit-view.ts words them). */
export type StaffJobAction = 'job.staff_update' | 'job.staff_close' | 'job.staff_cancel' | 'job.staff_cancel_renewal' | 'job.staff_addresses' | 'job.staff_addons';

/**
 * Staff (admins, internal users) reach every company's jobs through the company job calls
 * (lib/jobs/access.ts), and what they change there costs the customer: renewal turned on charges
 * its saved card, a paid job closed or cancelled is not refunded. So what staff do to another
 * company's job is in the audit log with who did it, the job and its company. A company's own
 * members acting on its jobs are not (their own business); an admin impersonating one already has
 * each change recorded as `impersonated.request`, and impersonatorId is kept as it is there.
 * Pass the transaction that makes the change, where there is one, so both commit together.
 */
export async function recordStaffJobAction(db: Database, actor: Actor | null, job: Pick<JobRow, 'id' | 'companyId' | 'title'>, action: StaffJobAction, details: Record<string, unknown> = {}) {
  if (!actor || !isJobStaff(actor) || actor.companyId === job.companyId) return;
  await recordAudit(db, {
    actorUserId: actor.userId,
    impersonatorId: actor.impersonatorId ?? null,
    action,
    subjectType: 'job',
    subjectId: job.id,
    companyId: job.companyId,
    details: { title: job.title, ...details },
  });
}
