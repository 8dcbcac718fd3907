/** The handlers of lib/api/other-methods.ts and their marker (kept apart: a route module re-exports only methods). */
import { allowedMethods, methodNotAllowed, routeFor } from './method-gate';

/** Marks these handlers: the API document, the access matrix and the manifest test leave them out. */
export const NOT_ALLOWED = Symbol.for('tna.api.not-allowed');

export function allowOf(req: Request) {
  const route = routeFor(new URL(req.url).pathname);
  return allowedMethods(route?.methods ?? []).join(', ');
}

/** A handler marked as one of these. */
export const markOther = <H extends (req: Request) => Response>(handler: H) => Object.assign(handler, { [NOT_ALLOWED]: true });

/** The 405 answer for one method. */
export const refuse = (method: string) =>
  markOther((req: Request) => {
    const allow = allowOf(req);
    return Response.json({ errors: [{ message: methodNotAllowed(method, allow) }] }, { status: 405, headers: { Allow: allow, 'cache-control': 'no-store' } });
  });

/** Whether a module's export is one of these (not the route's own handler). */
export const isOtherMethod = (handler: unknown) => typeof handler === 'function' && NOT_ALLOWED in handler;
