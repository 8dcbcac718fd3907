// The browser's impersonation: POST {action: start|renew|leave} swaps the session cookie's tokens (the admin's kept aside);
// GET ends an impersonation and goes on to `next` (the proxy sends an admin here on leaving the Company Portal or after expiry)
import { NextResponse, type NextRequest } from 'next/server';
import { safeCallbackUrl } from '@/components/shell/nav-model';
import { clientIp, errorResponse, sameOrigin } from '@/lib/api/route';
import { readBodyCapped } from '@/lib/api/body';
import { readSessionToken, writeSessionToken } from '@/lib/auth/impersonation-cookie';
import { browserImpersonationSchema } from '@/lib/auth/impersonation-schemas';
import { impersonationInfo, leaveFromCookie, startFromCookie } from '@/lib/auth/impersonation-session';
import { redirectToPath } from '@/lib/api/redirect';
import { getDb } from '@/lib/db/client';
import { AppError, unauthorized } from '@/lib/errors';
import { fromAnotherSite, plainPage } from '@/lib/api/fetch-site';
import { escapeHtml } from '@/lib/mail/templates';

// The same user id rule as the API's impersonation (plain decimal digits: not '0x5', not [4]).
const bodySchema = browserImpersonationSchema;

const ADMIN_HOME = '/admin/company-list';

export async function POST(req: NextRequest) {
  const requestId = crypto.randomUUID();
  try {
    if (!sameOrigin(req)) throw new AppError(403, 'Cross-origin request refused.');
    const token = await readSessionToken(req);
    if (!token?.userId) throw unauthorized();
    const body = bodySchema.parse(parseOrEmpty((await readBodyCapped(req, 16 * 1024)).toString('utf8')));
    const db = await getDb();
    const ip = clientIp(req);
    const next = body.action === 'leave' ? await leaveFromCookie(db, token, ip) : await startFromCookie(db, token, body.action === 'renew' ? 'renew' : body.user_id, ip);
    const res = NextResponse.json({ data: { impersonation: impersonationInfo(next), redirect: body.action === 'leave' ? ADMIN_HOME : '/company/jobs' } }, { headers: { 'cache-control': 'no-store' } });
    await writeSessionToken(res, next);
    return res;
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

/** A body that is not JSON counts as none, as before; a streamed one past the cap is refused as it arrives (413). */
function parseOrEmpty(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/**
 * Only our own paths: never an open redirect. The sign-in pages' check (components/shell/nav-model.ts),
 * not a prefix test: URLs read `/\host` as `//host` and drop a tab or newline, so `/\evil.test` and
 * `/<tab>/evil.test` name another host although they start with one slash.
 */
const safeNext = (value: string | null) => safeCallbackUrl(value) ?? ADMIN_HOME;

export async function GET(req: NextRequest) {
  const token = await readSessionToken(req);
  // Sent here by another site (a link or a redirect chain that began there), the impersonation is
  // left only on a click of ours: the link below is this same address, followed from our own page.
  if (token?.impersonation && fromAnotherSite(req)) {
    const self = escapeHtml(req.nextUrl.pathname + req.nextUrl.search);
    return plainPage('Leave the impersonation?', `<div style="text-align:center"><p>This page ends your impersonation of a company user.</p><p><a href="${self}">Leave the impersonation and go on</a></p><p><a href="/company/jobs">Stay in the Company Portal</a></p></div>`);
  }
  // A relative Location (lib/api/redirect.ts): the request's URL is the server's own under `next start`.
  const res = redirectToPath(safeNext(req.nextUrl.searchParams.get('next')), 307);
  if (token?.impersonation) {
    const next = await leaveFromCookie(await getDb(), token, clientIp(req)).catch(() => null);
    if (next) await writeSessionToken(res, next);
  }
  return res;
}
