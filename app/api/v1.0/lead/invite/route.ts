// POST /api/v1.0/lead/invite: recommend the product to a friend; answers invitation_link and default_text
import { route } from '@/lib/api/route';
import { createInvite } from '@/lib/accounts/invite';
import { inviteSchema } from '@/lib/accounts/invite-schemas';

export const POST = route({
  access: 'authenticated',
  body: inviteSchema,
  handler: ({ db, actor, body }) => createInvite(db, actor!, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
