// GET /api/v1.0/members/me: the signed-in user's profile; DELETE: delete the account
import { route } from '@/lib/api/route';
import { deleteAccount, memberProfile } from '@/lib/accounts/members';

export const GET = route({
  access: 'authenticated',
  handler: ({ db, actor }) => memberProfile(db, actor!.userId),
});

export const DELETE = route({
  access: 'authenticated',
  rawBody: true,
  handler: ({ db, actor, ip }) => deleteAccount(db, actor!, { ip }),
});
