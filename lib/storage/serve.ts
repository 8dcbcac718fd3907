import type { ByteRange } from './driver';
import { signedReadSeconds, storage } from './index';

/**
 * The byte range a Range header asks of a file of `size` bytes (RFC 9110 §14): null to send the
 * whole file (no header, another unit, or several ranges, which a server may ignore), 'unsatisfiable'
 * for a bytes range that is malformed or lies past the end (416).
 */
export function parseRange(header: string | null, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const [unit, set] = header.split('=', 2).map((s) => s.trim());
  if (unit.toLowerCase() !== 'bytes' || set === undefined) return null;
  if (set.includes(',')) return null;
  const m = /^(\d*)-(\d*)$/.exec(set);
  if (!m || (!m[1] && !m[2])) return 'unsatisfiable';
  if (!m[1]) {
    // bytes=-N: the last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Answers a stored file, whole (200) or one range (206 with Content-Range; 416 with the size when
 * the range cannot be met), streamed from storage so no file is ever read into memory at once;
 * or, when signed reads are on, a redirect to a short-lived signed URL of the bucket.
 * Null when the file is absent.
 */
export async function storedFileResponse(key: string, rangeHeader: string | null, headers: Record<string, string> = {}): Promise<Response | null> {
  const info = await storage().stat(key);
  if (!info) return null;
  const seconds = signedReadSeconds();
  if (seconds) {
    // S3_SIGNED_URLS: the browser fetches (and seeks in) the file at the bucket itself, with a URL
    // that dies in minutes; the redirect is cached for less than that.
    const url = await storage().signedReadUrl(key, seconds);
    if (url) return new Response(null, { status: 302, headers: { location: url, 'cache-control': `private, max-age=${Math.floor(seconds / 2)}` } });
  }
  const base = { 'content-type': info.contentType, 'accept-ranges': 'bytes', ...headers };
  const range = parseRange(rangeHeader, info.size);
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...base, 'content-range': `bytes */${info.size}` } });
  const body = await storage().stream(key, range ?? undefined);
  if (!body) return null;
  if (!range) return new Response(body, { headers: { ...base, 'content-length': String(info.size) } });
  return new Response(body, {
    status: 206,
    headers: { ...base, 'content-length': String(range.end - range.start + 1), 'content-range': `bytes ${range.start}-${range.end}/${info.size}` },
  });
}
