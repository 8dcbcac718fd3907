import { NextResponse, type NextRequest } from 'next/server';
import type { JWT } from 'next-auth/jwt';
import { NO_COMPANY_ALLOWED, allows, needsCompany, pageGuardFor } from '@/lib/access';
import { isPreviewDeployment } from '@/lib/config';
import { requestIdFrom } from '@/lib/log';
import { secureCookies } from '@/lib/auth/cookie-security';
import { cspParts, newNonce, pageCsp } from '@/lib/security/csp';
import { FLAG_COOKIE, flagOverridesFromQuery, parseFlagCookie, serializeFlagCookie } from '@/lib/flag-overrides';
import { impersonationRedirect } from '@/lib/auth/impersonation-gate';
import { SESSION_ENDED_LOGIN } from '@/lib/auth/messages';
import { SESSION_HANDOFF_HEADER, readSessionCookie, sealSessionHandoff, sessionCookieValue } from '@/lib/auth/session-cookie';
import { badEscapeResponse, badlyEncoded } from '@/lib/api/path-encoding';

// Worked out once per process; each request only gets its own nonce.
const CSP = cspParts();

/**
 * Every page passes here (not the API: its handlers check access themselves, and the methods a
 * route does not serve answer from lib/api/other-methods.ts). A page gets a fresh CSP nonce (Next
 * reads it from the request's Content-Security-Policy header and puts it on its own scripts; pages
 * render per request, see app/layout.tsx), and portal pages are gated by the table in
 * lib/access.ts. Layouts and API handlers check access again; the gate only saves a render.
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (badlyEncoded(pathname)) return badEscapeResponse(pathname);
  // The API and the cached pages come here only for an address with a `%` (config.matcher below).
  if (OUTSIDE_PAGES.test(pathname)) return NextResponse.next();
  const flagCookie = flagOverrideCookie(req);
  const { denied, session } = await gate(req);
  if (denied) return keepFlags(denied, flagCookie);
  const nonce = newNonce();
  const csp = pageCsp(CSP, nonce, pathname);
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  const headers = new Headers(req.headers);
  headers.set('x-nonce', nonce);
  headers.set('x-request-id', requestId);
  headers.set('content-security-policy', csp);
  // What the gate decoded goes on to the page (one session read per request); nothing a client sent under that name does.
  if (session !== undefined) headers.set(SESSION_HANDOFF_HEADER, sealSessionHandoff(session, sessionCookieValue(req.cookies.getAll())));
  else headers.delete(SESSION_HANDOFF_HEADER);
  if (flagCookie !== null) {
    // The page rendering now reads the new value too (lib/flags.ts reads the request's cookies).
    req.cookies.set(FLAG_COOKIE, flagCookie);
    headers.set('cookie', req.cookies.toString());
  }
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('content-security-policy', csp);
  if (isPreviewDeployment()) res.headers.set('x-robots-tag', 'noindex, nofollow');
  res.headers.set('x-request-id', requestId);
  return keepFlags(res, flagCookie);
}

/**
 * Feature-flag overrides named in the address (?newLayout=true) merged into the ones this browser
 * session already holds: the cookie's new value, or null when the address names no flag.
 */
function flagOverrideCookie(req: NextRequest): string | null {
  const fromQuery = flagOverridesFromQuery(req.nextUrl.searchParams);
  if (Object.keys(fromQuery).length === 0) return null;
  return serializeFlagCookie({ ...parseFlagCookie(req.cookies.get(FLAG_COOKIE)?.value), ...fromQuery });
}

/** Kept for the browser session: no Max-Age, so the override ends when the browser closes. */
function keepFlags(res: NextResponse, value: string | null): NextResponse {
  if (value !== null) res.cookies.set(FLAG_COOKIE, value, { path: '/', sameSite: 'lax', httpOnly: true, secure: secureCookies() });
  return res;
}

/**
 * The portal gate: a redirect for a request without a session or a role for the portal; else the
 * session it decoded (null: none), or undefined on a public page, where it decodes nothing.
 */
async function gate(req: NextRequest): Promise<{ denied?: NextResponse; session?: JWT | null }> {
  const { pathname } = req.nextUrl;
  const guard = pageGuardFor(pathname);
  if (guard === 'public') return {};
  const token = await readSessionCookie(req);
  const leave = impersonationRedirect(pathname, token);
  if (leave) return { denied: NextResponse.redirect(new URL(leave, req.url)) };
  // A session the store ended (the jwt callback marked the cookie on /api/auth/session): say so on
  // /login, as the pages do, rather than a bare sign-in form.
  if (token?.userId && token.error) return { denied: NextResponse.redirect(new URL(SESSION_ENDED_LOGIN, req.url)) };
  const signedIn = !!token?.userId;
  const roles = (token?.roles as string[] | undefined) ?? [];
  if (!allows(guard, roles, signedIn)) {
    const url = new URL('/login', req.url);
    if (signedIn) url.searchParams.set('denied', '1');
    else url.searchParams.set('callbackUrl', pathname);
    return { denied: NextResponse.redirect(url) };
  }
  if (needsCompany(roles, token?.companyId as number | null) && !NO_COMPANY_ALLOWED.some((p) => pathname.startsWith(p))) {
    return { denied: NextResponse.redirect(new URL('/company-info', req.url)) };
  }
  return { session: token };
}

/** What the first matcher leaves out but the second lets in (to check its escapes): nothing else to do here. */
const OUTSIDE_PAGES = /^\/(api|jobs|posts)\//;

export const config = {
  // Every page; not the API, next-auth, Next's static files or public/, nor the pages served from
  // Next's cache to everyone (/jobs/{id}, /posts/{id}): public, the same for all, their policy comes
  // from next.config.mjs. Running the proxy for them cost as much CPU again as serving the cached
  // page, and about 0.7 ms per API call (docs/benchmarks.md, "HTTP, against Next's floor").
  // The second lets in those same API and cached-page addresses only when they hold a `%`, so that
  // one with a broken escape gets a 400 here rather than Next's bare 500 (lib/api/path-encoding.ts).
  matcher: [
    '/((?!api/|_next/static/|_next/image|brand/|favicon\\.ico|icon\\.svg|nav-icons\\.svg|apple-icon\\.png|robots\\.txt|sitemap\\.xml|jobs/|posts/).*)',
    '/:area(api|jobs|posts)/:rest(.*%.*)',
  ],
};
