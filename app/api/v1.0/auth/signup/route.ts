// POST /api/v1.0/auth/signup: create an account (employer by default) and answer its id
import { route } from '@/lib/api/route';
import { signUp } from '@/lib/accounts/signup';
import { signupPayloadSchema } from '@/lib/accounts/schemas';

export const POST = route({
  access: 'public',
  body: signupPayloadSchema,
  created: 'always',
  handler: async ({ db, body, ip }) => signUp(db, body, { ip }),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
