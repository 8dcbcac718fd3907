// POST /api/v1.0/auth/token-password: mails a 6-digit reset code; the same answer for every email
import { route } from '@/lib/api/route';
import { requestPasswordReset } from '@/lib/accounts/password';
import { forgotPasswordSchema } from '@/lib/accounts/password-schemas';

export const POST = route({
  access: 'public',
  body: forgotPasswordSchema,
  handler: ({ db, body, ip }) => requestPasswordReset(db, body, { ip }),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
