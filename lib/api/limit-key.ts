import { isIP } from 'node:net';

/*
 * The key a rate limit counts a client by (lib/rate-limit.ts applies it to every key). Apart from
 * client-address.ts, whose policy is read from the environment when it loads: the limiters load
 * early, and must not fix that policy before a deployment (or a test) has set it.
 */

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
