import 'server-only';
import { cache } from 'react';
import { getToken } from 'next-auth/jwt';
import { cookies, headers } from 'next/headers';
import { authSecret } from '@/lib/config';
import { impersonationInfo, type ImpersonatingToken, type ImpersonationInfo } from './impersonation-session';

/** The impersonation this request's session is in, for the company portal header (no token leaves the server). */
export const currentImpersonation = cache(async (): Promise<ImpersonationInfo | null> => {
  const req = {
    headers: Object.fromEntries(await headers()),
    cookies: Object.fromEntries((await cookies()).getAll().map((c) => [c.name, c.value])),
  };
  const token = (await getToken({ req: req as never, secret: authSecret() }).catch(() => null)) as ImpersonatingToken | null;
  return impersonationInfo(token);
});
