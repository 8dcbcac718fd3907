// GET /api/v1.0/auth/verify-email?token=: the link in the verification mail; redirects to the outcome page
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { confirmEmail } from '@/lib/accounts/email-verification';

export const GET = route({
  access: 'public',
  query: z.object({ token: z.string().optional() }),
  handler: async ({ db, query, req }) => {
    const ok = await confirmEmail(db, query.token);
    const target = new URL(ok ? '/email/validation/success' : '/email/validation/unsuccess', req.nextUrl.origin);
    return new Response(null, { status: 303, headers: { location: target.toString(), 'cache-control': 'no-store' } });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
