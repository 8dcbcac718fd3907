import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GET as autocompleteGet } from '@/app/api/v1.0/geo/autocomplete/route';
import { PEER_HEADER, clientAddressFrom, trustPolicy } from '@/lib/api/client-address';
import { limitKey } from '@/lib/api/limit-key';
import { installPeerStamp } from '@/lib/api/peer-stamp';
import { call } from '../../helpers/http';

const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null;
const rotating = (i: number) => `203.0.${i % 250}.${(i * 7) % 250}`;

describe('client address for rate limits', () => {
  it('does not let a rotated X-Forwarded-For escape a per-address limit behind our proxy', async () => {
    // Jest plays one trusted proxy (TRUSTED_PROXIES=1): it appended 10.77.0.1, the rest is the client's own text.
    let status = 200;
    let calls = 0;
    while (status === 200 && calls < 200) {
      status = (await call(autocompleteGet, { query: { q: 'Dallas' }, headers: { 'x-forwarded-for': `${rotating(calls)}, 10.77.0.1` } })).status;
      calls++;
    }
    expect(status).toBe(429);
    expect(calls).toBeLessThanOrEqual(121);
  });

  it('without a configured proxy uses the socket address and ignores forwarding headers', () => {
    const policy = trustPolicy({});
    const req = headers({ 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '5.6.7.8', [PEER_HEADER]: '::ffff:192.0.2.10' });
    expect(clientAddressFrom(req, policy, true)).toBe('192.0.2.10');
    // An unstamped process never believes a client-sent copy of the stamp.
    expect(clientAddressFrom(req, policy, false)).toBe('unknown');
  });

  it('counts hops from the right with a hop count', () => {
    const policy = trustPolicy({ TRUSTED_PROXIES: '2' });
    expect(clientAddressFrom(headers({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.2' }), policy, false)).toBe('198.51.100.7');
    expect(clientAddressFrom(headers({ 'x-forwarded-for': '198.51.100.7' }), policy, false)).toBe('198.51.100.7');
  });

  it('skips trusted ranges from the right, and ignores the header when the peer is not one of ours', () => {
    const policy = trustPolicy({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32' });
    const chain = { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.1.2.3, 2001:db8::5' };
    expect(clientAddressFrom(headers({ ...chain, [PEER_HEADER]: '10.0.0.9' }), policy, true)).toBe('198.51.100.7');
    expect(clientAddressFrom(headers({ ...chain, [PEER_HEADER]: '198.51.100.99' }), policy, true)).toBe('198.51.100.99');
    expect(() => trustPolicy({ TRUSTED_PROXIES: 'proxy.example' })).toThrow(/TRUSTED_PROXIES/);
  });

  it("trusts only the platform's own header on Vercel", () => {
    const policy = trustPolicy({ VERCEL: '1' });
    expect(clientAddressFrom(headers({ 'x-forwarded-for': '6.6.6.6', 'x-vercel-forwarded-for': '198.51.100.8' }), policy, false)).toBe('198.51.100.8');
  });

  it('stamps the real socket address on a Node server, over any header the client sent', async () => {
    installPeerStamp();
    let seen: string | string[] | undefined;
    const server = http.createServer((req, res) => {
      seen = req.headers[PEER_HEADER];
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
});

describe('limitKey', () => {
  it('counts IPv6 by its /64 in every spelling, IPv4 and other keys as they are', () => {
    for (const a of ['2001:db8:aa:1::1', '2001:0db8:00aa:0001:ffff:ffff:ffff:ffff', '2001:DB8:AA:1:0:0:0:9', '2001:db8:aa:1::192.0.2.1']) {
      expect(limitKey(a)).toBe('2001:db8:aa:1::/64');
    }
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('2001:db8:aa:1::7|driver@demo.test')).toBe('2001:db8:aa:1::/64|driver@demo.test');
    for (const k of ['203.0.113.9', 'known:driver@demo.test', '42', 'unknown', '203.0.113.9|a@b.test']) expect(limitKey(k)).toBe(k);
  });
});
