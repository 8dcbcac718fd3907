import { ROUTE_METHODS } from './route-methods.generated';

/**
 * The API's routes and their methods, from the generated manifest (no route is imported), for the
 * answers to a method a route does not serve (lib/api/other-methods.ts: 405 with `Allow`) and the
 * catch-all's 404 message. Routes are matched as Next matches them: a static segment beats a
 * dynamic one, which beats a catch-all.
 */

export const UNKNOWN_ENDPOINT = 'There is no API endpoint at this address.';
/** app/api/[...path]: an address outside /api/v1.0 (another version, or none). */
export const UNKNOWN_API_VERSION = "There is no API endpoint at this address. The API's addresses start with /api/v1.0/ (its description: /api/v1.0/openapi.json).";
/** app/api/v1.0/[...path]: answers 404 to what no other route matches (when the proxy did not). */
export const FALLBACK_TEMPLATE = '/api/v1.0/[...path]';
export const methodNotAllowed = (method: string, allow: string) => `The method ${method} is not allowed here. Allowed: ${allow}.`;

type Segment = { kind: 0 | 1 | 2; text: string };

const segmentsOf = (template: string): Segment[] =>
  template
    .split('/')
    .filter(Boolean)
    .map((text) => ({ kind: text.startsWith('[...') || text.startsWith('[[...') ? 2 : text.startsWith('[') ? 1 : 0, text }));

const ROUTES = ROUTE_METHODS.map((r) => ({ ...r, segments: segmentsOf(r.template) }));

/** The rank of each segment (0 static, 1 dynamic, 2 catch-all) when the template matches the path, else null. */
function rankOf(segments: Segment[], parts: string[]): number[] | null {
  const ranks: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.kind === 2) return parts.length > i ? [...ranks, 2] : null;
    if (i >= parts.length) return null;
    if (s.kind === 0 && s.text !== parts[i]) return null;
    ranks.push(s.kind);
  }
  return parts.length === segments.length ? ranks : null;
}

const moreSpecific = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i];
  return a.length > b.length;
};

/** The route Next would run for the path, or null (no route file serves it). */
export function routeFor(pathname: string) {
  let parts: string[];
  try {
    parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  let best: { route: (typeof ROUTES)[number]; rank: number[] } | null = null;
  for (const route of ROUTES) {
    const rank = rankOf(route.segments, parts);
    if (rank && (!best || moreSpecific(rank, best.rank))) best = { route, rank };
  }
  return best?.route ?? null;
}

/** The methods Next answers on a route: its exports, HEAD where GET is, and OPTIONS (both automatic). */
export function allowedMethods(methods: string[]) {
  const allow = new Set([...methods, 'OPTIONS']);
  if (allow.has('GET')) allow.add('HEAD');
  return [...allow].sort();
}

