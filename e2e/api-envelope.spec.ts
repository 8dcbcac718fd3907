import { expect, test } from './fixtures';

/**
 * Issue 9, items 16 and 17 on the real server (`next start`): unknown API paths and methods answer
 * the JSON envelope (Next's own answers are an HTML page and an empty 405), and hostile input
 * answers a 4xx envelope, not a 500.
 */
test.describe('API answers for what no handler serves', () => {
  for (const [method, path] of [
    ['GET', '/api/v1.0/nope'],
    ['GET', '/api/v1.0'],
    ['POST', '/api/v1.0/jobs/123/nope'],
    ['DELETE', '/api/v1.0/no/such/thing'],
  ] as const) {
    test(`${method} ${path} → 404 JSON`, async ({ request }) => {
      const res = await request.fetch(path, { method, data: method === 'GET' ? undefined : {} });
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ errors: [{ message: 'There is no API endpoint at this address.' }] });
    });
  }

  for (const [method, path, allow] of [
    ['GET', '/api/v1.0/jobs/search', 'OPTIONS, POST'],
    ['DELETE', '/api/v1.0/jobs/123', 'GET, HEAD, OPTIONS, PATCH'],
    ['PUT', '/api/v1.0/openapi.json', 'GET, HEAD, OPTIONS'],
  ] as const) {
    test(`${method} ${path} → 405 JSON with Allow`, async ({ request }) => {
      const res = await request.fetch(path, { method, data: method === 'GET' ? undefined : {} });
      expect(res.status()).toBe(405);
      expect(res.headers()['allow']).toBe(allow);
      expect((await res.json()).errors[0].message).toBe(`The method ${method} is not allowed here. Allowed: ${allow}.`);
    });
  }

  // Next's router answered these with a bare text 500 before any handler (lib/api/path-encoding.ts).
  test('an address with a broken percent-escape → 400, the envelope under /api', async ({ request }) => {
    for (const path of ['/api/v1.0/jobs/%ff', '/api/v1.0/news/posts/%c0%af']) {
      const res = await request.get(path);
      expect({ path, status: res.status() }).toEqual({ path, status: 400 });
      expect((await res.json()).errors[0].message).toMatch(/percent sign/);
    }
    for (const path of ['/jobs/%ff', '/company/%ff']) expect({ path, status: (await request.get(path, { maxRedirects: 0 })).status() }).toEqual({ path, status: 400 });
    expect((await request.get('/api/v1.0/jobs/%25')).status()).toBe(401);
  });

  test('known paths and methods still reach their handlers', async ({ request }) => {
    const doc = await request.get('/api/v1.0/openapi.json');
    expect(doc.status()).toBe(200);
    expect(Object.keys((await doc.json()).paths)).not.toContain('/api/v1.0/{path}');
    const anonymous = await request.get('/api/v1.0/employer');
    expect(anonymous.status()).toBe(401);
    const login = await request.post('/api/v1.0/auth/login', { data: { email: 'nobody\u0000@demo.test', password: 'x' } });
    expect(login.status()).toBe(422);
  });

  test('a body nested ten thousand levels deep answers 422, and the server keeps answering', async ({ request }) => {
    const deep = '{"email":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
    const res = await request.post('/api/v1.0/auth/login', { data: deep, headers: { 'content-type': 'application/json' } });
    expect(res.status()).toBe(422);
    expect((await res.json()).errors[0].message).toBe('The request is nested too deeply.');
    expect((await request.get('/api/v1.0/openapi.json')).status()).toBe(200);
  });
});
