import { NextResponse } from 'next/server';

/**
 * A redirect to a path of this site, with a relative Location that the browser resolves against the
 * address it used. Built on the request's URL, it pointed (under `next start` behind a proxy) at the
 * server's own http://localhost:3000; built on the public origin, it moved a visitor who came in
 * under another of the site's addresses (a Vercel deployment's own URL, 127.0.0.1 in development)
 * to a host where they are signed out. `path` is one of ours, checked by the caller where it comes
 * from a request (safeCallbackUrl); this refuses anything a browser could read as another host.
 */
export function redirectToPath(path: string, status: 303 | 307 = 303): NextResponse {
  if (!/^\/(?![/\\])/.test(path) || /[\u0000-\u001f\\]/.test(path)) throw new Error(`Not a path of this site: ${JSON.stringify(path)}`);
  return new NextResponse(null, { status, headers: { location: path } });
}
