import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { NO_COMPANY_ALLOWED, allows, needsCompany, pageGuardFor } from '@/lib/access';
import { apiMethodGate } from '@/lib/api/method-gate';
import { authSecret } from '@/lib/config';

/**
 * The page gate: turns away requests without a session or without a role for the portal, from the
 * table in lib/access.ts. Layouts and API handlers check again; this only saves a render.
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  // An API path or method no handler serves: the JSON envelope, not Next's HTML 404 or empty 405.
  if (pathname === '/api/v1.0' || pathname.startsWith('/api/v1.0/')) return apiMethodGate(pathname, req.method) ?? NextResponse.next();
  const guard = pageGuardFor(pathname);
  if (guard === 'public') return NextResponse.next();
  const token = await getToken({ req, secret: authSecret() }).catch(() => null);
  const signedIn = !!token?.userId && !token.error;
  const roles = (token?.roles as string[] | undefined) ?? [];
  if (!allows(guard, roles, signedIn)) {
    const url = new URL('/login', req.url);
    if (signedIn) url.searchParams.set('denied', '1');
    else url.searchParams.set('callbackUrl', pathname);
    return NextResponse.redirect(url);
  }
  if (needsCompany(roles, token?.companyId as number | null) && !NO_COMPANY_ALLOWED.some((p) => pathname.startsWith(p))) {
    return NextResponse.redirect(new URL('/company-info', req.url));
  }
  return NextResponse.next();
}

export const config = {
  matcher: ['/api/v1.0', '/api/v1.0/:path*', '/admin/:path*', '/company/:path*', '/news/:path*', '/ads/:path*', '/members/:path*', '/company-info', '/company-address', '/change-password', '/delete-account'],
};
