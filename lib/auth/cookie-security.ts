import { config } from '@/lib/config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether cookies carry `Secure`: always in production, except when the app itself is served from
 * this machine over plain http (a local `next start`, the e2e suite), where a browser would drop them.
 */
export function secureCookies(isProduction = config.isProduction, appUrl = config.appUrl): boolean {
  if (!isProduction) return appUrl.startsWith('https:');
  try {
    const url = new URL(appUrl);
    return !(url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return true;
  }
}
