// POST /api/v1.0/auth/login/impersonate?user_id={id}: an admin's 600-second session as a company user (tokens carry the admin's id)
import { route } from '@/lib/api/route';
import { impersonate } from '@/lib/auth/impersonation';
import { CHOOSE_USER, impersonateBodySchema, impersonateQuerySchema } from '@/lib/auth/impersonation-schemas';
import { unprocessable } from '@/lib/errors';

export const POST = route({
  access: 'admin',
  body: impersonateBodySchema,
  query: impersonateQuerySchema,
  handler: async ({ db, actor, body, query, ip }) => {
    const userId = query.user_id ?? body.user_id;
    if (!userId) throw unprocessable(CHOOSE_USER, 'user_id');
    const grant = await impersonate(db, actor, { userId, deviceId: body.device_id }, ip);
    return { firstName: grant.firstName, lastName: grant.lastName, accessToken: grant.accessToken, refreshToken: grant.refreshToken, expiresAt: new Date(grant.expiresAt).toISOString() };
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
