/**
 * The address rules every path of rich text applies (stored Lexical state, its HTML rendering and
 * the HTML sanitizer), kept in one place so the three cannot drift apart.
 */

/** A JSON object (not an array, not null): a Lexical node or state. */
export type JsonObject = Record<string, unknown>;
export const isJsonObject = (v: unknown): v is JsonObject => !!v && typeof v === 'object' && !Array.isArray(v);

/** A link may go to the web, an email address or a phone number; anything else (javascript:, data:) loses its address. */
export const isSafeHref = (url: string) => /^(https?:|mailto:|tel:)/i.test(url.trim());

/**
 * An address as a browser resolves it: tabs and newlines anywhere, and control characters and spaces
 * at either end, are dropped (the URL standard), and a backslash reads as a slash.
 */
const asResolved = (src: string) => src.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '').replace(/\\/g, '/');

/**
 * An image needs an absolute http(s) source or a path on this site ('/api/...'). Protocol-relative
 * '//host' is refused: it would load from any host over the page's own scheme. So are '/\host' and
 * '/<tab>/host', which a browser resolves as '//host' (a read-only review).
 */
export const isSafeImageSrc = (src: string) => /^(https?:\/\/|\/(?!\/))/i.test(asResolved(src));

/**
 * Whether sanitized HTML shows an image from another site (an absolute or protocol-relative src).
 * The sanitizer keeps http(s) images, but the pages' CSP (img-src 'self' data: blob:) blocks them,
 * so job descriptions and news posts refuse them when their text changes.
 */
export function hasForeignImage(html: string): boolean {
  for (const [, src] of html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)) if (isForeignImageSrc(src)) return true;
  return false;
}

/** An image address on another site (absolute or protocol-relative): our own images are site paths. */
export const isForeignImageSrc = (src: string) => /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(asResolved(src));
