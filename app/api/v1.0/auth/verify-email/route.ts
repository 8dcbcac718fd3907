// GET /api/v1.0/auth/verify-email?token=: the link in the verification mail; redirects to the outcome page
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { confirmEmail } from '@/lib/accounts/email-verification';
import { redirectToPath } from '@/lib/api/redirect';

export const GET = route({
  access: 'public',
  query: z.object({ token: z.string().optional() }),
  handler: async ({ db, query }) => {
    const ok = await confirmEmail(db, query.token);
    // A relative Location (lib/api/redirect.ts): the request's URL is the server's own under `next start`.
    const res = redirectToPath(ok ? '/email/validation/success' : '/email/validation/unsuccess');
    res.headers.set('cache-control', 'no-store');
    return res;
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
