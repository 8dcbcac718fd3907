// POST /api/v1.0/auth/change-password: old and new password; other sessions are signed out
import { route } from '@/lib/api/route';
import { changePassword } from '@/lib/accounts/password';
import { changePasswordSchema } from '@/lib/accounts/password-schemas';

export const POST = route({
  access: 'authenticated',
  body: changePasswordSchema,
  handler: ({ db, actor, body, ip }) => changePassword(db, actor!, body, { ip }),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
