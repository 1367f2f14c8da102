import { isIP } from 'node:net';

/**
 * The key under which a client is counted, by the route budgets (plugins/rate-limit) and by
 * the secrets throttle (modules/auth/throttle.ts): an IPv4 address as it is, an IPv6 address by
 * its /64 (`2001:db8:1:2::/64`). One home or mobile connection gets a whole /64, so counting
 * its 2^64 addresses apart would give one guesser as many budgets. Any spelling of one /64
 * gives the same key, and an IPv4-mapped address (`::ffff:192.0.2.1`, a dual-stack socket)
 * counts as its IPv4 address.
 */
export function addressKey(ip: string | undefined): string {
  // Fastify reads `req.ip` from the socket, which is gone when the client hung up before the
  // request's hooks ran (a page closed mid-load): such requests share one key, not a 500.
  if (ip === undefined) return 'unknown';
  if (isIP(ip) !== 6) return ip.toLowerCase();
  const h = hextets(ip);
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) {
    return [h[6]! >> 8, h[6]! & 0xff, h[7]! >> 8, h[7]! & 0xff].join('.');
  }
  return `${format([...h.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, dotted tail included). */
function hextets(ip: string): number[] {
  let address = ip.split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((x) => parseInt(x, 16)) : [];
  const [head, tail] = address.split('::');
  if (tail === undefined) return groups(head);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** RFC 5952's text form: lower case, no leading zeros, the longest run of zeros as `::`. */
function format(h: number[]): string {
  let start = -1;
  let length = 1;
  for (let i = 0; i < h.length;) {
    let j = i;
    while (j < h.length && h[j] === 0) j++;
    if (j - i > length) [start, length] = [i, j - i];
    i = j > i ? j : i + 1;
  }
  const hex = h.map((x) => x.toString(16));
  if (start < 0) return hex.join(':');
  return `${hex.slice(0, start).join(':')}::${hex.slice(start + length).join(':')}`;
}
