import 'server-only';
import { cache } from 'react';
import { sessionToken } from './server';
import { impersonationInfo, type ImpersonatingToken, type ImpersonationInfo } from './impersonation-session';

/** The impersonation this request's session is in, for the company portal header (no token leaves the server). */
export const currentImpersonation = cache(async (): Promise<ImpersonationInfo | null> => {
  return impersonationInfo((await sessionToken()) as ImpersonatingToken | null);
});
