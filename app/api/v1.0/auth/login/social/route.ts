// POST /api/v1.0/auth/login/social: sign-in with a Google/Apple ID token or a Facebook access token (mobile apps)
import { route } from '@/lib/api/route';
import { socialLoginSchema } from '@/lib/auth/social-schema';
import { socialLoginByToken } from '@/lib/auth/social-login';
import { sessionOrigin } from '@/lib/auth/sessions-origin';

export const POST = route({
  access: 'public',
  body: socialLoginSchema,
  handler: ({ db, body, ip, req }) => socialLoginByToken(db, body, { ip, origin: sessionOrigin((name) => req.headers.get(name)) }),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
