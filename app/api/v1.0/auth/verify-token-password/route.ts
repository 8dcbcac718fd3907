// POST /api/v1.0/auth/verify-token-password: exchanges email + code for a short-lived reset token
import { route } from '@/lib/api/route';
import { verifyResetCode } from '@/lib/accounts/password';
import { verifyResetCodeSchema } from '@/lib/accounts/password-schemas';

export const POST = route({
  access: 'public',
  body: verifyResetCodeSchema,
  handler: ({ db, body, ip }) => verifyResetCode(db, body, { ip }),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
