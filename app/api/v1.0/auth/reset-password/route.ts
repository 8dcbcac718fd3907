// POST /api/v1.0/auth/reset-password: sets a new password from a reset token and ends every session
import { route } from '@/lib/api/route';
import { resetPassword } from '@/lib/accounts/password';
import { resetPasswordSchema } from '@/lib/accounts/password-schemas';

export const POST = route({
  access: 'public',
  body: resetPasswordSchema,
  handler: ({ db, body, ip }) => resetPassword(db, body, { ip }),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
