import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a server of ours may be made to connect to (the news fetch, web push). An
 * IPv6 address can carry an IPv4 one that a translator or tunnel then reaches (IPv4-mapped,
 * SIIT, NAT64, 6to4, Teredo): such an address is judged by what it reaches as well, so that
 * `::ffff:7f00:1` or `2002:7f00:1::` is loopback, not "some IPv6 address".
 */

interface Ip {
  ip: string;
  family: 'ipv4' | 'ipv6';
}

/** Special-purpose IPv4 blocks (RFC 6890 and successors) that are not the public internet. */
const NON_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/**
 * IPv6: only global unicast (2000::/3, all IANA has ever allocated) may be public, which leaves
 * out ::/8 (unspecified, loopback, IPv4-compatible ::a.b.c.d), unique-local fc00::/7,
 * link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8 among the rest; inside it
 * these special-purpose blocks are not public either.
 */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');
const NON_PUBLIC_V6: [string, number][] = [
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID (deprecated)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

const NON_PUBLIC = new BlockList();
for (const [net, bits] of NON_PUBLIC_V4) NON_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of NON_PUBLIC_V6) NON_PUBLIC.addSubnet(net, bits, 'ipv6');

const isPublic = ({ ip, family }: Ip) =>
  !NON_PUBLIC.check(ip, family) && (family === 'ipv4' || GLOBAL_UNICAST.check(ip, family));

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** What a host listed in `privateHosts` may also reach: private networks and loopback. */
const PRIVATE_OR_LOOPBACK = new BlockList();
for (const [net, bits] of [
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE_OR_LOOPBACK.addSubnet(net, bits, 'ipv4');
PRIVATE_OR_LOOPBACK.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_OR_LOOPBACK.addAddress('::1', 'ipv6');

/** The eight 16-bit words of a valid IPv6 address (a trailing dotted IPv4 counts as two). */
function ipv6Words(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const words = (part: string | undefined) =>
    part ? part.split(':').map((w) => parseInt(w, 16)) : [];
  const left = words(head);
  const right = words(tail);
  if (tail === undefined) return left;
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4 = (high: number, low: number): Ip => ({
  ip: [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.'),
  family: 'ipv4',
});

/**
 * The addresses a connection to `address` reaches: itself, or for IPv4-mapped, SIIT and NAT64
 * addresses the IPv4 one inside, or for 6to4 and Teredo the IPv6 address and the IPv4 ones
 * inside it. Null when `address` is not an IP address.
 */
function reached(address: string): Ip[] | null {
  // A zone (fe80::1%eth0) names an interface, not another address.
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return [{ ip: bare, family: 'ipv4' }];
  if (family !== 6) return null;
  const w = ipv6Words(bare);
  const self: Ip = { ip: bare, family: 'ipv6' };
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (SIIT, IPv4-translated).
  if (zero(0, 5) && w[5] === 0xffff) return [ipv4(w[6]!, w[7]!)];
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return [ipv4(w[6]!, w[7]!)];
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix (RFC 6052): the translator connects to the
  // IPv4 address (and DNS64 gives public hosts such addresses on IPv6-only networks).
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return [ipv4(w[6]!, w[7]!)];
  // 2002:aabb:ccdd::/48, 6to4 (RFC 3056): a relay forwards to aa.bb.cc.dd.
  if (w[0] === 0x2002) return [self, ipv4(w[1]!, w[2]!)];
  // 2001:0:<server>:<flags>:<port>:<client>, Teredo (RFC 4380): the client's address is
  // stored inverted; the server is contacted too.
  if (w[0] === 0x2001 && w[1] === 0) {
    return [self, ipv4(w[2]!, w[3]!), ipv4(w[6]! ^ 0xffff, w[7]! ^ 0xffff)];
  }
  return [self];
}

/** True for an address a request may connect to (loopback too when `allowLoopback`). */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const targets = reached(address);
  if (!targets) return false;
  if (allowLoopback && targets.length === 1 && LOOPBACK.check(targets[0]!.ip, targets[0]!.family))
    return true;
  return targets.every(isPublic);
}

/** True for a private-network or loopback address (what `privateHosts` may resolve to). */
export function isPrivateOrLoopbackAddress(address: string): boolean {
  const targets = reached(address);
  return targets?.length === 1 && PRIVATE_OR_LOOPBACK.check(targets[0]!.ip, targets[0]!.family);
}

/**
 * The IP address a URL host stands for, in any spelling the URL parser accepts (`127.1`,
 * `2130706433`, `0x7f.1`, `[::1]`…), or null for a host name. Node opens such a host without
 * a DNS lookup, so it must be checked as an address before connecting.
 */
export function hostAddress(host: string): string | null {
  if (isIP(host)) return host;
  let hostname: string;
  try {
    hostname = new URL(`https://${host}/`).hostname;
  } catch {
    return null;
  }
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : null;
}
