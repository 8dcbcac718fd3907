// GET /api/v1.0/auth/verify-email?token=: the link in the verification mail; redirects to the outcome page
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { confirmEmail } from '@/lib/accounts/email-verification';
import { publicOrigin } from '@/lib/config';

export const GET = route({
  access: 'public',
  query: z.object({ token: z.string().optional() }),
  handler: async ({ db, query }) => {
    const ok = await confirmEmail(db, query.token);
    // The public origin, as the mail's link has it: `next start` behind a proxy builds the request's
    // URL from its own hostname and port, and sent the person who clicked to http://localhost:3000.
    const target = new URL(ok ? '/email/validation/success' : '/email/validation/unsuccess', publicOrigin());
    return new Response(null, { status: 303, headers: { location: target.toString(), 'cache-control': 'no-store' } });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
