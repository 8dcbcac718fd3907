import type { NextRequest, NextResponse } from 'next/server';
import { secureCookies } from './cookie-security';
import { encodeSessionCookie, readSessionCookie } from './session-cookie';
import type { ImpersonatingToken } from './impersonation-session';

/** next-auth's session cookie (lib/auth/next-auth.ts names it the same in every environment). */
const SESSION_COOKIE = 'next-auth.session-token';
const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

export async function readSessionToken(req: NextRequest): Promise<ImpersonatingToken | null> {
  return (await readSessionCookie(req)) as ImpersonatingToken | null;
}

/** Writes the swapped token back as next-auth would (encrypted with its key, same name and flags). */
export async function writeSessionToken(res: NextResponse, token: ImpersonatingToken) {
  const value = await encodeSessionCookie({ token, maxAge: SESSION_MAX_AGE });
  res.cookies.set(SESSION_COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies(), maxAge: SESSION_MAX_AGE });
}
