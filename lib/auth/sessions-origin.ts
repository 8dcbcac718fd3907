import { clientAddress, trustPolicy } from '@/lib/api/client-address';

/** Where a sign-in came from, kept with its session for "Where you're signed in". */
export type SessionOrigin = { userAgent: string | null; ip: string | null; region: string | null };

type HeaderGetter = (name: string) => string | null | undefined;

const decode = (v: string | null | undefined) => {
  if (!v) return null;
  try {
    return decodeURIComponent(v).trim() || null;
  } catch {
    return null;
  }
};

/**
 * The browser's User-Agent, the client address as the rate limits see it, and the city and region
 * the platform's edge adds (Vercel's geolocation headers). Those headers are believed only on
 * Vercel, whose edge overwrites them; elsewhere a client could write any place it likes, so the
 * region stays unknown.
 */
export function sessionOrigin(get: HeaderGetter): SessionOrigin {
  const ip = clientAddress(get);
  let region: string | null = null;
  if (trustPolicy().kind === 'vercel') {
    const parts = [decode(get('x-vercel-ip-city')), decode(get('x-vercel-ip-country-region')), decode(get('x-vercel-ip-country'))].filter(Boolean);
    region = parts.length ? parts.join(', ').slice(0, 120) : null;
  }
  return { userAgent: get('user-agent')?.slice(0, 400) || null, ip: ip === 'unknown' ? null : ip, region };
}

/** 'Chrome on Windows', 'Safari on iPhone'… from a User-Agent; API clients without one are 'Unknown device'. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(ua)
              ? 'macOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? ua.split(/[\s/]/)[0].slice(0, 40) ?? 'Unknown device';
}
