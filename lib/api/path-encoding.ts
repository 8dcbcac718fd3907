/**
 * An address whose percent-escapes do not decode (a lone `%`, `%ff`, `%c0%af`): Next fails on it
 * while routing and answers a bare text 500, before any handler or the API's catch-all could answer.
 * The proxy (proxy.ts) answers these itself: 400, with the API's envelope under /api.
 */
export const BAD_ESCAPE = 'This address has a percent sign (%) that does not start a valid escape: check the link.';

export function badlyEncoded(pathname: string): boolean {
  if (!pathname.includes('%')) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

export function badEscapeResponse(pathname: string): Response {
  const headers = { 'cache-control': 'no-store' };
  if (pathname.startsWith('/api/')) return Response.json({ errors: [{ message: BAD_ESCAPE }] }, { status: 400, headers });
  return new Response(BAD_ESCAPE, { status: 400, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
}
