import { config, publicOrigin } from '@/lib/config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether cookies carry `Secure`: always in production, except when the app itself is served from
 * this machine over plain http (a local `next start`, the e2e suite), where a browser would drop them.
 */
/** The configured public origin; null in production while it is unset (the start-up check refuses that). */
function configuredOrigin() {
  try {
    return publicOrigin();
  } catch {
    return null;
  }
}

export function secureCookies(isProduction = config.isProduction, appUrl = configuredOrigin()): boolean {
  if (!appUrl) return isProduction;
  if (!isProduction) return appUrl.startsWith('https:');
  try {
    const url = new URL(appUrl);
    return !(url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return true;
  }
}
