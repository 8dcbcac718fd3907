// POST /api/v1.0/auth/validate-employer-email: does the email have an account, and does it lack the employer role
import { route } from '@/lib/api/route';
import { fastLoginCookie } from '@/lib/accounts/fast-login';
import { checkEmployerEmail } from '@/lib/accounts/signup';
import { emailCheckSchema } from '@/lib/accounts/schemas';

export const POST = route({
  access: 'public',
  body: emailCheckSchema,
  handler: async ({ db, body, bearer, ip, req, requestId }) => {
    const result = await checkEmployerEmail(db, { email: body.email, token: bearer, ip });
    const headers = new Headers({ 'x-request-id': requestId, 'cache-control': 'no-store' });
    // A driver goes on to fast login: the page may say so only with this proof of the check.
    if (result.missingRole) headers.append('set-cookie', await fastLoginCookie(body.email, req.nextUrl.protocol === 'https:'));
    return Response.json({ data: result }, { headers });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
