// POST /api/v1.0/auth/verify-email/send: mails the signed-in user a new verification link
import { route } from '@/lib/api/route';
import { resendVerification } from '@/lib/accounts/email-verification';

export const POST = route({
  access: 'authenticated',
  rawBody: true,
  handler: ({ db, actor }) => resendVerification(db, actor!),
});
