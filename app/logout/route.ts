// GET|POST /logout: the logout action (spec §2); /admin/logout is the same
import { readSessionCookie } from '@/lib/auth/session-cookie';
import type { NextRequest } from 'next/server';
import { endCookieSession, type ImpersonatingToken } from '@/lib/auth/impersonation-session';
import { secureCookies } from '@/lib/auth/cookie-security';
import { getDb } from '@/lib/db/client';
import { redirectToPath } from '@/lib/api/redirect';
import { clientIp, sameOrigin } from '@/lib/api/route';
import { SESSION_CHANNEL } from '@/lib/browser/session-channel';
import { fromAnotherSite, plainPage } from '@/lib/api/fetch-site';

/**
 * What the browser keeps for the account (job drafts `tna.*.u<id>`, sign-up steps) goes with the
 * session, as the nav's Log out does (components/shell/logout.ts); the device id stays.
 */
const FORGET_ACCOUNT_STORAGE = `try{for(const s of [localStorage,sessionStorage])for(const k of Object.keys(s))if(/^tna\\..+\\.u\\d+$/.test(k)||${JSON.stringify(['signup', 'companyInfo', 'companyAddress', 'companyLocation', 'imageData', 'imageResize'])}.includes(k))s.removeItem(k)}catch(e){}`;

/** The account's other tabs leave their pages (lib/browser/session-channel.ts). */
const ANNOUNCE_SIGNED_OUT = `try{const c=new BroadcastChannel(${JSON.stringify(SESSION_CHANNEL)});c.postMessage({type:'signed-out'});c.close()}catch(e){}`;

const BUTTON = 'font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1f57d0;color:#fff;cursor:pointer';

/**
 * GET answers a page that posts to itself, so a prefetch or a crawler following a link never signs
 * anyone out. Sent here by another site, the page waits for the user's click instead (attacker
 * review: any site could sign its visitors out). POST (same origin only) revokes the session family
 * and clears the next-auth cookies.
 */
export function GET(req: NextRequest) {
  const action = req.nextUrl.pathname;
  // The proxy's CSP allows inline script only with this request's nonce.
  const nonce = req.headers.get('x-nonce') ?? '';
  const forget = `${FORGET_ACCOUNT_STORAGE}${ANNOUNCE_SIGNED_OUT}`;
  if (fromAnotherSite(req)) {
    return plainPage(
      'Log out?',
      `<form method="post" action="${action}" id="f" style="text-align:center"><p>Do you want to log out?</p><p><button type="submit" style="${BUTTON}">Log out</button></p><p><a href="/">Stay signed in</a></p></form>`,
      { script: `document.getElementById('f').addEventListener('submit',()=>{${forget}})`, nonce },
    );
  }
  return plainPage('Signing out', `<form method="post" action="${action}" id="f"><p>Signing you out&hellip;</p><noscript><button type="submit">Log out</button></noscript></form>`, {
    script: `${forget}document.getElementById('f').submit()`,
    nonce,
  });
}

export async function POST(req: NextRequest) {
  const origin = req.headers.get('origin');
  // A malformed Origin is another origin (sameOrigin reads it safely; new URL() threw a 500).
  if (origin && origin !== 'null' && !sameOrigin(req)) {
    return new Response('Cross-origin request refused.', { status: 403 });
  }
  const token = (await readSessionCookie(req)) as ImpersonatingToken | null;
  await endCookieSession(await getDb(), token, clientIp(req)).catch(() => undefined);
  // A relative Location (lib/api/redirect.ts): the request's URL is the server's own under `next start`.
  const res = redirectToPath('/login');
  for (const cookie of req.cookies.getAll()) {
    if (/next-auth\.(session-token|callback-url)/.test(cookie.name)) res.cookies.set(cookie.name, '', { path: '/', maxAge: 0, secure: cookie.name.startsWith('__Secure-') || secureCookies() });
  }
  return res;
}
