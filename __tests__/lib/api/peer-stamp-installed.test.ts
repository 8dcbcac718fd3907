/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The server's start (instrumentation.ts) stamps each request's socket address: without it every
 * request without a trusted proxy header was the one client 'unknown' to the rate limits, and one
 * client's failed sign-ins locked everyone out.
 */
it('register() makes clientAddress answer the socket address, whatever the client sends', async () => {
  process.env.TICK_INTERVAL_SECONDS = '0';
  process.env.NEXT_RUNTIME = 'nodejs';
  // No proxy of ours in front (the default deployment): the socket is the only address to believe.
  delete process.env.TRUSTED_PROXIES;
  const { clientAddress, PEER_HEADER } = await import('@/lib/api/client-address');
  const { register } = await import('@/instrumentation');
  await register();
  let seen = '';
  const server = http.createServer((req, res) => {
    seen = clientAddress((name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_HEADER]: '6.6.6.6', 'x-forwarded-for': '6.6.6.6' } });
    expect(seen).toBe('127.0.0.1');
  } finally {
    server.close();
  }
});
