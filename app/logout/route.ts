// GET|POST /logout: the logout action (spec §2); /admin/logout is the same
import { readSessionCookie } from '@/lib/auth/session-cookie';
import { NextResponse, type NextRequest } from 'next/server';
import { endSession } from '@/lib/auth/sessions';
import { secureCookies } from '@/lib/auth/cookie-security';
import { getDb } from '@/lib/db/client';
import { sameOrigin } from '@/lib/api/route';
import { SESSION_CHANNEL } from '@/lib/browser/session-channel';

/**
 * What the browser keeps for the account (job drafts `tna.*.u<id>`, sign-up steps) goes with the
 * session, as the nav's Log out does (components/shell/logout.ts); the device id stays.
 */
const FORGET_ACCOUNT_STORAGE = `try{for(const s of [localStorage,sessionStorage])for(const k of Object.keys(s))if(/^tna\\..+\\.u\\d+$/.test(k)||${JSON.stringify(['signup', 'companyInfo', 'companyAddress', 'companyLocation', 'imageData', 'imageResize'])}.includes(k))s.removeItem(k)}catch(e){}`;

/** The account's other tabs leave their pages (lib/browser/session-channel.ts). */
const ANNOUNCE_SIGNED_OUT = `try{const c=new BroadcastChannel(${JSON.stringify(SESSION_CHANNEL)});c.postMessage({type:'signed-out'});c.close()}catch(e){}`;

/**
 * GET answers a page that posts to itself, so a prefetch or a crawler following a link never signs
 * anyone out; POST (same origin only) revokes the session family and clears the next-auth cookies.
 */
export function GET(req: NextRequest) {
  const action = req.nextUrl.pathname;
  // The proxy's CSP allows inline script only with this request's nonce.
  const nonce = (req.headers.get('x-nonce') ?? '').replace(/[^A-Za-z0-9+/=]/g, '');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Signing out</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#0f172a">
<form method="post" action="${action}" id="f"><p>Signing you out&hellip;</p><noscript><button type="submit">Log out</button></noscript></form>
<script nonce="${nonce}">${FORGET_ACCOUNT_STORAGE}${ANNOUNCE_SIGNED_OUT}document.getElementById('f').submit()</script></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

export async function POST(req: NextRequest) {
  const origin = req.headers.get('origin');
  // A malformed Origin is another origin (sameOrigin reads it safely; new URL() threw a 500).
  if (origin && origin !== 'null' && !sameOrigin(req)) {
    return new Response('Cross-origin request refused.', { status: 403 });
  }
  const token = await readSessionCookie(req);
  if (typeof token?.refreshToken === 'string') await endSession(await getDb(), token.refreshToken).catch(() => undefined);
  const res = NextResponse.redirect(new URL('/login', req.url), 303);
  for (const cookie of req.cookies.getAll()) {
    if (/next-auth\.(session-token|callback-url)/.test(cookie.name)) res.cookies.set(cookie.name, '', { path: '/', maxAge: 0, secure: cookie.name.startsWith('__Secure-') || secureCookies() });
  }
  return res;
}
