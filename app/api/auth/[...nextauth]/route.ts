// next-auth: the web client's sign-in, session cookie and sign-out
import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { refuseUnreadableJson } from '@/lib/api/auth-body';
import { authOptions } from '@/lib/auth/next-auth';

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, ctx: Ctx) {
  // next-auth parses a JSON body itself and lets a malformed one throw: a 500 for bad input.
  const refused = await refuseUnreadableJson(req);
  if (refused) return refused;
  return NextAuth(req as never, { params: await ctx.params } as never, authOptions());
}
export { handler as GET, handler as POST };
