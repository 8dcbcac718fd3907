// POST /api/v1.0/auth/validate-employer-email: does the email have an account, and does it lack the employer role
import { route } from '@/lib/api/route';
import { checkEmployerEmail } from '@/lib/accounts/signup';
import { emailCheckSchema } from '@/lib/accounts/schemas';

export const POST = route({
  access: 'public',
  body: emailCheckSchema,
  handler: ({ db, body, bearer, ip }) => checkEmployerEmail(db, { email: body.email, token: bearer, ip }),
});
