import { BlockList, isIP } from 'node:net';

/**
 * Which address a request comes from, for per-address rate limits.
 *
 * `X-Forwarded-For` is written by whoever sends the request, so it is only believed as far as the
 * deployment says a proxy of its own stands in front (TRUSTED_PROXIES). Next does not hand the
 * socket address to route handlers (it only copies it into `X-Forwarded-For` when the client did
 * not send one), so instrumentation.ts stamps it into PEER_HEADER on every request before Next
 * sees it (lib/api/peer-stamp.ts). See docs/api.md, "Client address and rate limits".
 */
export const PEER_HEADER = 'x-tna-peer-address';

export type TrustPolicy =
  | { kind: 'vercel' }
  | { kind: 'hops'; hops: number }
  | { kind: 'cidrs'; list: BlockList }
  | { kind: 'socket' };

type HeaderGetter = (name: string) => string | null | undefined;

/** Reads the policy once from the environment (VERCEL, TRUSTED_PROXIES). */
export function trustPolicy(env: { VERCEL?: string; TRUSTED_PROXIES?: string } = process.env): TrustPolicy {
  if (env.VERCEL) return { kind: 'vercel' };
  const setting = env.TRUSTED_PROXIES?.trim();
  if (!setting) return { kind: 'socket' };
  if (/^\d+$/.test(setting)) return Number(setting) > 0 ? { kind: 'hops', hops: Number(setting) } : { kind: 'socket' };
  const list = new BlockList();
  for (const entry of setting.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [addr, bits] = entry.split('/');
    const family = isIP(addr);
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is neither a hop count nor an address or CIDR range.`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return { kind: 'cidrs', list };
}

/** A bare address: no port, no brackets, IPv4 rather than IPv4-mapped IPv6. */
export function normalizeAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let a = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(a);
  if (v4port) a = v4port[1];
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(a)) a = a.slice(7);
  return isIP(a) ? a.toLowerCase() : null;
}

const forwardedChain = (get: HeaderGetter) =>
  (get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const isTrusted = (list: BlockList, addr: string) => list.check(addr, isIP(addr) === 6 ? 'ipv6' : 'ipv4');

/** The rate-limit key of a request's client under a policy; 'unknown' when nothing trustworthy is there. */
export function clientAddressFrom(get: HeaderGetter, policy: TrustPolicy, peerStamped: boolean): string {
  const peer = peerStamped ? normalizeAddress(get(PEER_HEADER)) : null;
  let found: string | null = null;
  switch (policy.kind) {
    case 'vercel':
      // Vercel's edge overwrites this header; the client cannot set it.
      found = normalizeAddress(get('x-vercel-forwarded-for')?.split(',')[0]) ?? normalizeAddress(get('x-real-ip'));
      break;
    case 'hops': {
      // Each of our N proxies appends the address it saw; entries further left are the client's own words.
      const chain = forwardedChain(get);
      found = chain.length ? normalizeAddress(chain[Math.max(0, chain.length - policy.hops)]) : null;
      break;
    }
    case 'cidrs': {
      // A request that did not come through one of our proxies is answered by its socket address.
      if (peer && !isTrusted(policy.list, peer)) return peer;
      const chain = forwardedChain(get);
      for (let i = chain.length - 1; i >= 0; i--) {
        const addr = normalizeAddress(chain[i]);
        if (!addr) break;
        found = addr;
        if (!isTrusted(policy.list, addr)) break;
      }
      break;
    }
    case 'socket':
      break;
  }
  return found ?? peer ?? 'unknown';
}

const policy = trustPolicy();

/** The client address of a request under this deployment's policy (computed once per process). */
export function clientAddress(get: HeaderGetter): string {
  return clientAddressFrom(get, policy, (globalThis as { __tnaPeerStamp?: boolean }).__tnaPeerStamp === true);
}

