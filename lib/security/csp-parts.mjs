/**
 * The pages' Content-Security-Policy (docs/shell.md, "Security headers"), apart from the nonce:
 * plain JavaScript so that next.config.mjs can give the pages served from cache their policy at
 * build (lib/security/csp.ts re-exports it for the proxy). Scripts run only with the request's
 * nonce ('strict-dynamic' lets Next's and Google's loaders add their own chunks); styles allow
 * inline because React, Lexical and the map write style attributes, which nonces cannot cover.
 */
const GOOGLE_MAPS = {
  img: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  connect: ['https://maps.googleapis.com', 'https://places.googleapis.com', 'https://*.googleapis.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

/** @param {string | undefined} url */
const originOf = (url) => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** @param {...(string | null | false | undefined)} parts */
const list = (...parts) => [.../** @type {Set<string>} */ (new Set(parts.filter(Boolean)))].join(' ');

/**
 * The policy split around the nonce; `framedAfter` is the tail for pages the app frames (the card
 * fields). `cached` is the whole policy of the pages served from Next's cache (/jobs/{id},
 * /posts/{id}; next.config.mjs sends it, the proxy does not run for them): one HTML for everyone
 * cannot carry a request's nonce, so their scripts are allowed by origin and inline, Next's
 * documented policy without nonces; everything else stays as strict as on the other pages.
 *
 * @param {Partial<Record<string, string>>} env
 * @returns {{ before: string; after: string; framedAfter: string; cached: string }}
 */
export function cspParts(env = process.env) {
  const dev = env.NODE_ENV === 'development';
  const maps = !!env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
  const appOrigin = originOf(env.APP_URL || env.NEXTAUTH_URL);
  const gatewayOrigins = [originOf(env.SANDBOX_GATEWAY_ORIGIN), originOf(env.CELERO_HOSTED_FIELDS_URL), originOf(env.CELERO_BASE_URL)];
  const shared = [
    `style-src ${list("'self'", "'unsafe-inline'", ...(maps ? GOOGLE_MAPS.style : []))}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...(maps ? GOOGLE_MAPS.img : []))}`,
    `font-src ${list("'self'", 'data:', ...(maps ? GOOGLE_MAPS.font : []))}`,
    // data: and blob: let forms turn a picked image back into a file (fetch(dataUrl)); nothing leaves the page that way.
    `connect-src ${list("'self'", 'data:', 'blob:', dev && 'ws:', ...(maps ? GOOGLE_MAPS.connect : []))}`,
    "media-src 'self' blob:",
    `frame-src ${list("'self'", ...gatewayOrigins)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return {
    before: "default-src 'self'; script-src 'self' 'nonce-",
    after: `' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}; ${shared}; frame-ancestors 'self'`,
    framedAfter: `' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}; ${shared}; frame-ancestors ${list("'self'", appOrigin)}`,
    cached: `default-src 'self'; script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}; ${shared}; frame-ancestors 'self'`,
  };
}
