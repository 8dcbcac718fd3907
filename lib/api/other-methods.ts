/**
 * The methods a route file does not serve, answered with the JSON envelope: every route module
 * under app/api/v1.0 ends with `export * from '@/lib/api/other-methods'`. A module's own exports
 * win over `export *` (ES modules), so only the methods it leaves out come from here: 405 with
 * `Allow` (its own methods, HEAD where GET is, OPTIONS), and OPTIONS itself as a 204 with that
 * `Allow`. Next would otherwise answer an empty 405 and list every method in OPTIONS.
 *
 * Why here and not in the proxy (as before): running the proxy for every API request cost about
 * 0.7 ms of CPU per call, most of what an authenticated call costs on top of a trivial route
 * (docs/benchmarks.md, "The proxy off the API"). Methods outside HTTP's list (PROPFIND, say) get
 * Next's own empty 400 before any module code runs.
 */
import { allowOf, markOther, refuse } from './not-allowed';

export const GET = refuse('GET');
export const POST = refuse('POST');
export const PUT = refuse('PUT');
export const PATCH = refuse('PATCH');
export const DELETE = refuse('DELETE');
export const OPTIONS = markOther((req: Request) => new Response(null, { status: 204, headers: { Allow: allowOf(req) } }));
