// GET /api/v1.0/members/me: the signed-in user's profile (a driver's with the driver fields);
// PATCH: a driver edits the profile; DELETE: delete the account
import { route } from '@/lib/api/route';
import { ifMatchOf } from '@/lib/api/if-match';
import { ROLES } from '@/lib/access';
import { deleteAccount, memberProfile } from '@/lib/accounts/members';
import { driverProfileBodySchema, getDriverProfile, updateDriverProfile } from '@/lib/drivers/profile';

export const GET = route({
  access: 'authenticated',
  handler: async ({ db, actor }) => {
    const member = await memberProfile(db, actor!.userId);
    if (!actor!.roles.includes(ROLES.DRIVER)) return member;
    return { ...member, ...(await getDriverProfile(db, actor!.userId)) };
  },
});

export const PATCH = route({
  access: 'drivers',
  body: driverProfileBodySchema,
  // If-Match: the profile's updated_at as the form read it (412 when it was saved elsewhere since).
  handler: ({ req, db, actor, body, ip }) => updateDriverProfile(db, actor!, body, { ip, expectedVersion: ifMatchOf(req) }),
});

export const DELETE = route({
  access: 'authenticated',
  rawBody: true,
  handler: ({ db, actor, ip }) => deleteAccount(db, actor!, { ip }),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
