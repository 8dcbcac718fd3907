import { recordAudit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import type { Actor } from './actor';

/** POSTs that only read (searches, which send their filters in a body) change nothing. */
const READ_ONLY_POST = /\/(search|get-admins)$/;

/**
 * Every change made through an impersonated session (any POST, PUT, PATCH or DELETE that
 * succeeded, searches aside) is written to the audit log with the company user as actor and the admin as
 * impersonator: "admin X as user Y". Reads are not recorded. Called by the API wrapper, so no
 * service has to remember it.
 */
export async function recordImpersonatedAction(db: Database, actor: Actor, req: { method: string; path: string; status: number; ip?: string }) {
  if (!actor.impersonatorId) return;
  if (req.method === 'POST' && READ_ONLY_POST.test(req.path)) return;
  await recordAudit(db, {
    actorUserId: actor.userId,
    impersonatorId: actor.impersonatorId,
    action: 'impersonated.request',
    subjectType: 'api',
    subjectId: `${req.method} ${req.path}`,
    companyId: actor.companyId,
    details: { method: req.method, path: req.path, status: req.status },
    ip: req.ip,
  });
}
