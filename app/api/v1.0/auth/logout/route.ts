// POST /api/v1.0/auth/logout: revokes the session the presented token belongs to
import { route } from '@/lib/api/route';
import { endImpersonation, endImpersonationsBy } from '@/lib/auth/impersonation';
import { endSession, endSessionFamily } from '@/lib/auth/sessions';

export const POST = route({
  access: 'authenticated',
  rawBody: true,
  handler: async ({ db, actor, bearer, ip }) => {
    if (bearer) await endSession(db, bearer);
    else if (actor?.sessionId) await endSessionFamily(db, actor.sessionId);
    // Signing out while acting as a user ends the impersonation: recorded as Leave records it.
    if (actor?.impersonatorId) await endImpersonation(db, { adminId: actor.impersonatorId, userId: actor.userId, companyId: actor.companyId }, ip);
    // An admin signing out ends the impersonations they started (they kept working until their deadline).
    else if (actor) await endImpersonationsBy(db, actor.userId, ip);
    return { loggedOut: true };
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
