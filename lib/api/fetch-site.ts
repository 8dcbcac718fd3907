/**
 * Whether a navigation started on another site (Fetch Metadata, `Sec-Fetch-Site`): a link, a form or
 * a redirect from a page that is not ours. 'same-origin' is one of our pages, 'none' the address bar
 * or a bookmark; a browser too old to send the header is not told apart from those. The GET routes
 * that change a session (/logout, leaving an impersonation) ask for a click when this is true, so
 * another site cannot sign a user out, or end an admin's impersonation, by sending them there.
 */
export function fromAnotherSite(req: Request) {
  const site = req.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

/** A small page of ours (the logout and leave-impersonation confirmations); `nonce` lets its inline script run under the CSP. */
export function plainPage(title: string, body: string, { script, nonce }: { script?: string; nonce?: string } = {}) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#0f172a">
${body}${script ? `\n<script nonce="${(nonce ?? '').replace(/[^A-Za-z0-9+/=]/g, '')}">${script}</script>` : ''}</body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
