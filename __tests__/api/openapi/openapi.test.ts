import { GET } from '@/app/api/v1.0/openapi.json/route';
import { ROUTE_MODULES } from '@/lib/api/routes.generated';
import { openApiDocument } from '@/lib/api/openapi';
import { apiPathOf, apiRouteFiles } from '@/lib/api/route-files';
import { call } from '../../helpers/http';

describe('GET /api/v1.0/openapi.json', () => {
  it('the route manifest lists every API route (run `npm run api:manifest` after adding one)', () => {
    const onDisk = apiRouteFiles(process.cwd())
      .filter((f) => !f.includes('openapi.json'))
      .map(apiPathOf);
    expect(ROUTE_MODULES.map((r) => r.path)).toEqual(onDisk);
  });

  it('describes every operation with its access and the body schema it parses', async () => {
    const res = await call(GET, { url: 'http://localhost:3000/api/v1.0/openapi.json' });
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    const login = res.json.paths['/api/v1.0/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    const employer = res.json.paths['/api/v1.0/employer'].get;
    expect(employer.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(employer['x-roles']).toContain('Employer');
  });

  it('declares the status each operation answers: 201 for creates, both for a create that may find it there; ids as plain digits', async () => {
    const paths = (await call(GET, { url: 'http://localhost:3000/api/v1.0/openapi.json' })).json.paths;
    const codes = (path: string, method: string) => Object.keys(paths[path][method].responses).sort();
    expect(codes('/api/v1.0/jobs', 'post')).toEqual(['201', '4XX']);
    expect(codes('/api/v1.0/jobs', 'get')).toEqual(['200', '4XX']);
    expect(codes('/api/v1.0/companies/tag', 'post')).toEqual(['200', '201', '4XX']);
    expect(paths['/api/v1.0/jobs/{id}'].get.parameters[0].schema).toEqual({ type: 'string', pattern: '^[1-9]\\d{0,9}$' });
    // Every route that answers 201 says so: the document and the answers agree.
    for (const { path, module } of ROUTE_MODULES) {
      for (const [method, handler] of Object.entries(module)) {
        const created = (handler as { created?: string }).created;
        if (created) expect([path, method, codes(path, method.toLowerCase()).includes('201')]).toEqual([path, method, true]);
      }
    }
  });

  // GET /auth/sessions lists sessions by a UUID: a client that checks its paths against the document
  // could not sign one out while the document said the id is digits.
  it("gives a session's id as a UUID, not as a row's digits", async () => {
    const paths = (await call(GET, { url: 'http://localhost:3000/api/v1.0/openapi.json' })).json.paths;
    expect(paths['/api/v1.0/auth/sessions/{id}'].delete.parameters[0].schema).toEqual({ type: 'string', format: 'uuid' });
  });

  it('is built once per process, not per request, and names the public origin (never the Host header)', async () => {
    expect(openApiDocument(ROUTE_MODULES, 'https://jobs.example.com')).toBe(openApiDocument(ROUTE_MODULES, 'https://jobs.example.com'));
    const res = await call(GET, { url: 'http://localhost:3000/api/v1.0/openapi.json', headers: { host: 'evil.example' } });
    expect(res.json.servers[0].url).not.toContain('evil.example');
  });
});
