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

/** An IPv6 address's eight groups, written out (`2001:db8::1` → 2001,db8,0,0,0,0,0,1); null when it is not one. */
function ipv6Groups(addr: string): string[] | null {
  if (isIP(addr) !== 6) return null;
  let a = addr.toLowerCase().split('%')[0];
  // A dotted IPv4 tail (64:ff9b::192.0.2.1) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  if (v4) {
    const [b0, b1, b2, b3] = v4.slice(1).map(Number);
    a = `${a.slice(0, v4.index)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = a.includes('::') ? a.split('::') : [a, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.length === 8 ? groups.map((g) => g.replace(/^0+(?=.)/, '')) : null;
}

/**
 * A client address as rate limits count it: IPv4 as it is, IPv6 by its /64, the smallest network
 * handed to one customer. Counted by the full address, one /64 (2^64 addresses, any cheap server
 * has one) got unlimited tries: a review sprayed 60 accounts and 15 passwords past the limits. Any
 * part of a `|`-joined key that is an IPv6 address is counted so (login's address|email pairs).
 */
export function limitKey(key: string): string {
  return key
    .split('|')
    .map((part) => {
      const groups = ipv6Groups(part);
      return groups ? `${groups.slice(0, 4).join(':')}::/64` : part;
    })
    .join('|');
}
