// POST /api/v1.0/auth/login: password sign-in, answers tokens and the landing page
import { route } from '@/lib/api/route';
import { login } from '@/lib/auth/login';
import { loginSchema } from '@/lib/auth/schemas';

export const POST = route({
  access: 'public',
  body: loginSchema,
  handler: ({ db, body, ip, req }) => login(db, body, { ip, baseUrl: req.nextUrl.origin }),
});
