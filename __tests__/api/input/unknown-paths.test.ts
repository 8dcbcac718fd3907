/**
 * Issue 9, item 16: every unknown API path and method answers the JSON envelope — 404 for a path
 * no route serves, 405 with `Allow` for a method a known route does not export — not Next's HTML
 * 404 page or its empty 405. Each route module re-exports lib/api/other-methods.ts (405 with Allow,
 * from the generated route-methods manifest); the catch-all route answers 404 to unknown paths.
 */
import * as fallback from '@/app/api/v1.0/[...path]/route';
import * as otherVersion from '@/app/api/[...path]/route';
import * as openapiRoute from '@/app/api/v1.0/openapi.json/route';
import { FALLBACK_TEMPLATE, UNKNOWN_API_VERSION, UNKNOWN_ENDPOINT, allowedMethods, methodNotAllowed } from '@/lib/api/method-gate';
import { isOtherMethod } from '@/lib/api/not-allowed';
import { ROUTE_METHODS } from '@/lib/api/route-methods.generated';
import { HTTP_METHODS, apiRouteFiles, apiTemplateOf } from '@/lib/api/route-files';
import type { RouteHandler } from '@/lib/api/route';
import { ROUTE_MODULES } from '@/lib/api/routes.generated';
import { call } from '../../helpers/http';


describe('the catch-all route app/api/v1.0/[...path]', () => {
  // OPTIONS too: Next's own answer would be 204 with every method, as if the address existed.
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)('%s of an unknown path answers the 404 envelope', async (method) => {
    const res = await call(fallback[method] as RouteHandler, { method, url: 'http://localhost:3000/api/v1.0/no/such/thing', params: { path: ['no', 'such', 'thing'] } as never, ...(['GET', 'OPTIONS'].includes(method) ? {} : { body: { a: 1 } }) });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toEqual({ errors: [{ message: UNKNOWN_ENDPOINT }] });
  });
});

describe('the catch-all route app/api/[...path] (another API version, or none)', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)('%s /api/v2/jobs answers the 404 envelope saying where the API is', async (method) => {
    const res = await call(otherVersion[method] as RouteHandler, { method, url: 'http://localhost:3000/api/v2/jobs', params: { path: ['v2', 'jobs'] } as never, ...(['GET', 'OPTIONS'].includes(method) ? {} : { body: { a: 1 } }) });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toEqual({ errors: [{ message: UNKNOWN_API_VERSION }] });
    expect(UNKNOWN_API_VERSION).toContain('/api/v1.0/');
  });
});

const modules = new Map<string, Record<string, unknown>>(ROUTE_MODULES.map((r) => [r.path, r.module]));
modules.set('/api/v1.0/openapi.json', openapiRoute);
const concrete = (template: string) => template.replace(/\[\.\.\.\w+\]/g, 'a/b').replace(/\[\w+\]/g, '123');
const moduleOf = (template: string) => modules.get(template.replace(/\[\.\.\.(\w+)\]/g, '{$1}').replace(/\[(\w+)\]/g, '{$1}'))!;

describe('every route answers the methods it does not serve with the envelope (lib/api/other-methods.ts)', () => {
  const cases = ROUTE_METHODS.filter((r) => r.template !== FALLBACK_TEMPLATE).flatMap(({ template, methods }) =>
    (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((m) => !methods.includes(m)).map((method) => ({ template, method, allow: allowedMethods(methods).join(', ') })),
  );

  it('covers every route file but the catch-all', () => {
    expect(new Set(cases.map((c) => c.template)).size).toBeGreaterThan(100);
    console.log(`other methods: ${cases.length} route × method pairs answer 405`);
  });

  it.each(cases.map((c) => [c.method, c.template, c.allow]))('%s %s → 405 with Allow: %s', async (method, template, allow) => {
    const handler = moduleOf(template)[method] as (req: Request) => Response;
    expect(isOtherMethod(handler)).toBe(true);
    const res = handler(new Request(`http://localhost:3000${concrete(template)}`, { method }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(await res.json()).toEqual({ errors: [{ message: methodNotAllowed(method, allow) }] });
  });

  it.each([
    ['/api/v1.0/jobs/search', 'OPTIONS, POST'],
    ['/api/v1.0/jobs/[id]', 'GET, HEAD, OPTIONS, PATCH'],
    ['/api/v1.0/openapi.json', 'GET, HEAD, OPTIONS'],
  ])('OPTIONS %s lists only its own methods: %s', (template, allow) => {
    const res = (moduleOf(template).OPTIONS as (req: Request) => Response)(new Request(`http://localhost:3000${concrete(template)}`, { method: 'OPTIONS' }));
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe(allow);
  });

  it("keeps each route's own handlers (a module's exports win over export *)", () => {
    for (const { template, methods } of ROUTE_METHODS) for (const m of methods) expect([template, m, isOtherMethod(moduleOf(template)[m])]).toEqual([template, m, false]);
  });
});

describe('the route-methods manifest the proxy reads', () => {
  it('lists every route file with exactly the methods its module exports (run `npm run api:manifest`)', () => {
    const onDisk = apiRouteFiles(process.cwd()).map(apiTemplateOf);
    expect(ROUTE_METHODS.map((r) => r.template)).toEqual(onDisk);
    for (const { template, methods } of ROUTE_METHODS) {
      const path = template.replace(/\[\.\.\.(\w+)\]/g, '{$1}').replace(/\[(\w+)\]/g, '{$1}');
      const mod = modules.get(path)!;
      expect([template, HTTP_METHODS.filter((m) => typeof mod[m] === 'function' && !isOtherMethod(mod[m]))]).toEqual([template, methods]);
    }
  });
});
