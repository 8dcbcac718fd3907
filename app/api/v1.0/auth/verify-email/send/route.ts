// POST /api/v1.0/auth/verify-email/send: mails the signed-in user a new verification link
import { route } from '@/lib/api/route';
import { resendVerification } from '@/lib/accounts/email-verification';

export const POST = route({
  access: 'authenticated',
  rawBody: true,
  handler: ({ db, actor }) => resendVerification(db, actor!),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
