/**
 * Issue 9, item 16: every unknown API path and method answers the JSON envelope — 404 for a path
 * no route serves, 405 with `Allow` for a method a known route does not export — not Next's HTML
 * 404 page or its empty 405. The proxy answers first (lib/api/method-gate.ts, from the generated
 * route-methods manifest); the catch-all route answers 404 when the proxy did not run.
 */
import { NextRequest } from 'next/server';
import * as fallback from '@/app/api/v1.0/[...path]/route';
import * as openapiRoute from '@/app/api/v1.0/openapi.json/route';
import { UNKNOWN_ENDPOINT, methodNotAllowed } from '@/lib/api/method-gate';
import { ROUTE_METHODS } from '@/lib/api/route-methods.generated';
import { HTTP_METHODS, apiRouteFiles, apiTemplateOf } from '@/lib/api/route-files';
import type { RouteHandler } from '@/lib/api/route';
import { ROUTE_MODULES } from '@/lib/api/routes.generated';
import { proxy } from '@/proxy';
import { call } from '../../helpers/http';

const viaProxy = (method: string, path: string) => proxy(new NextRequest(`http://localhost:3000${path}`, { method }));
const passedThrough = (res: Response) => res.headers.get('x-middleware-next') === '1';

describe('the catch-all route app/api/v1.0/[...path]', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s of an unknown path answers the 404 envelope', async (method) => {
    const res = await call(fallback[method] as RouteHandler, { method, url: 'http://localhost:3000/api/v1.0/no/such/thing', params: { path: ['no', 'such', 'thing'] } as never, ...(method === 'GET' ? {} : { body: { a: 1 } }) });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toEqual({ errors: [{ message: UNKNOWN_ENDPOINT }] });
  });
});

describe('the proxy answers unknown API paths and methods with the envelope', () => {
  it.each([
    ['GET', '/api/v1.0/nope'],
    ['GET', '/api/v1.0'],
    ['POST', '/api/v1.0/jobs/123/nope'],
    ['DELETE', '/api/v1.0/admin'],
    ['GET', '/api/v1.0/%E0%A4%A'],
  ])('%s %s → 404', async (method, path) => {
    const res = await viaProxy(method, path);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: [{ message: UNKNOWN_ENDPOINT }] });
  });

  it.each([
    ['GET', '/api/v1.0/jobs/search', 'OPTIONS, POST'],
    ['DELETE', '/api/v1.0/jobs/123', 'GET, HEAD, OPTIONS, PATCH'],
    ['PUT', '/api/v1.0/jobs', 'GET, HEAD, OPTIONS, POST'],
    ['POST', '/api/v1.0/openapi.json', 'GET, HEAD, OPTIONS'],
    ['PATCH', '/api/v1.0/jobs/multimedia/c1/abcdefabcdefabcdefabcdef.mp4', 'GET, HEAD, OPTIONS'],
    ['PROPFIND', '/api/v1.0/employer', 'GET, HEAD, OPTIONS, PATCH'],
  ])('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const res = await viaProxy(method, path);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(await res.json()).toEqual({ errors: [{ message: methodNotAllowed(method, allow) }] });
  });

  it.each([
    ['GET', '/api/v1.0/jobs/123'],
    ['HEAD', '/api/v1.0/jobs/123'],
    ['OPTIONS', '/api/v1.0/jobs/123'],
    ['PATCH', '/api/v1.0/jobs/123'],
    ['POST', '/api/v1.0/jobs/search'],
    ['GET', '/api/v1.0/openapi.json'],
    ['DELETE', '/api/v1.0/jobs/multimedia/delete/c1/abcdefabcdefabcdefabcdef.mp4'],
    ['POST', '/api/v1.0/auth/login'],
  ])('%s %s goes through to its handler', async (method, path) => {
    expect(passedThrough(await viaProxy(method, path))).toBe(true);
  });
});

describe('the route-methods manifest the proxy reads', () => {
  it('lists every route file with exactly the methods its module exports (run `npm run api:manifest`)', () => {
    const onDisk = apiRouteFiles(process.cwd()).map(apiTemplateOf);
    expect(ROUTE_METHODS.map((r) => r.template)).toEqual(onDisk);
    const modules = new Map<string, Record<string, unknown>>(ROUTE_MODULES.map((r) => [r.path, r.module]));
    modules.set('/api/v1.0/openapi.json', openapiRoute);
    for (const { template, methods } of ROUTE_METHODS) {
      const path = template.replace(/\[\.\.\.(\w+)\]/g, '{$1}').replace(/\[(\w+)\]/g, '{$1}');
      const mod = modules.get(path)!;
      expect([template, HTTP_METHODS.filter((m) => typeof mod[m] === 'function')]).toEqual([template, methods]);
    }
  });
});
