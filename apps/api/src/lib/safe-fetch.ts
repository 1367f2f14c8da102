import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * GET requests to third-party servers chosen by configuration (the tweet provider, its image
 * host), guarded against server-side request forgery: only https, only the configured hosts
 * (redirects included), a deadline and a byte cap, and never a private, loopback or otherwise
 * non-public address (except private/loopback ones for the hosts the operator lists in
 * `privateHosts`). The address check runs inside the socket's DNS lookup, so the address
 * checked is the address connected to (no second resolution an attacker's DNS could change).
 */
export interface SafeFetchOptions {
  /** Host names that may be requested, exactly (no wildcard). */
  allowedHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /**
   * Hosts of `allowedHosts` that may resolve to a private or loopback address (a provider on
   * the operator's own network; NEWS_FETCH_PRIVATE_HOSTS). Only private (RFC 1918, shared
   * 100.64/10, IPv6 unique-local) and loopback addresses are opened to them: link-local (the
   * cloud metadata service), unspecified, multicast and reserved blocks stay refused, and every
   * other rule (https, allowed hosts, redirects re-checked per hop, limits) still applies.
   */
  privateHosts?: string[];
  /**
   * Tests only: allows http and loopback addresses so a local fake provider can answer. Never
   * set from the environment.
   */
  allowLoopbackForTests?: boolean;
  /** DNS resolution (tests simulate a host resolving to a private address). */
  lookup?: (host: string) => Promise<LookupAddress[]>;
}

export class SafeFetchError extends Error {
  constructor(
    readonly reason: 'url' | 'host' | 'address' | 'timeout' | 'size' | 'status' | 'redirect',
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

/** Addresses a server of ours must never be made to reach (RFC 6890 special-purpose blocks). */
const NON_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(net, bits, 'ipv6');

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

/** The address as BlockList checks it: IPv4-mapped IPv6 is judged as IPv4; null if not an IP. */
function normalise(address: string): { ip: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (isIP(ip) === 0) return null;
  return { ip, family: isIP(ip) === 6 ? 'ipv6' : 'ipv4' };
}

/** True for an address a request may connect to. IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const a = normalise(address);
  if (!a) return false;
  if (allowLoopback && LOOPBACK.check(a.ip, a.family)) return true;
  return !NON_PUBLIC.check(a.ip, a.family);
}

/** True for a private-network or loopback address (what `privateHosts` may resolve to). */
export function isPrivateOrLoopbackAddress(address: string): boolean {
  const a = normalise(address);
  return !!a && PRIVATE_OR_LOOPBACK.check(a.ip, a.family);
}

const defaultLookup = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

export interface SafeResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/** GET `url` under the rules above; throws SafeFetchError (or a network error). */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = Date.now() + opts.timeoutMs;
  let current = url;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 2); hop++) {
    const target = checkUrl(current, opts);
    const res = await getOnce(target, opts, deadline);
    if (res.status >= 300 && res.status < 400 && res.location) {
      // Each hop is checked again: a redirect to another host or to http is refused.
      current = new URL(res.location, target).toString();
      continue;
    }
    if (res.status < 200 || res.status >= 300) {
      throw new SafeFetchError('status', `Réponse ${res.status} de ${target.host}`);
    }
    return { status: res.status, contentType: res.contentType, body: res.body };
  }
  throw new SafeFetchError('redirect', 'Trop de redirections');
}

function checkUrl(raw: string, opts: SafeFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('url', 'Adresse invalide');
  }
  const httpOk = opts.allowLoopbackForTests && url.protocol === 'http:';
  if ((url.protocol !== 'https:' && !httpOk) || url.username || url.password) {
    throw new SafeFetchError('url', 'Seules les adresses https sont acceptées');
  }
  if (!opts.allowedHosts.includes(url.hostname.toLowerCase())) {
    throw new SafeFetchError('host', `Hôte non autorisé : ${url.hostname}`);
  }
  return url;
}

interface RawResponse extends SafeResponse {
  location: string | undefined;
}

function getOnce(url: URL, opts: SafeFetchOptions, deadline: number): Promise<RawResponse> {
  const resolve = opts.lookup ?? defaultLookup;
  const allowLoopback = opts.allowLoopbackForTests ?? false;
  // Judged per hop on the URL's own host (checkUrl has already required it in allowedHosts).
  const hostname = url.hostname.toLowerCase();
  const allowPrivate =
    opts.allowedHosts.includes(hostname) && (opts.privateHosts ?? []).includes(hostname);
  const allowed = (address: string) =>
    isPublicAddress(address, allowLoopback) ||
    (allowPrivate && isPrivateOrLoopbackAddress(address));
  // The socket's own lookup: the address validated here is the one connected to.
  const guardedLookup: LookupFunction = (host, options, callback) => {
    const literal = isIP(host) ? [{ address: host, family: isIP(host) }] : null;
    (literal ? Promise.resolve(literal) : resolve(host)).then(
      (addresses) => {
        const bad = addresses.find((a) => !allowed(a.address));
        if (bad || addresses.length === 0) {
          callback(new SafeFetchError('address', `Adresse non publique pour ${host}`), '', 4);
          return;
        }
        if ((options as { all?: boolean }).all) {
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        } else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 4),
    );
  };
  return new Promise<RawResponse>((resolveOnce, rejectOnce) => {
    let settled = false;
    const resolvePromise = (value: RawResponse) => {
      if (!settled) resolveOnce(value);
      settled = true;
    };
    const reject = (err: unknown) => {
      if (!settled) rejectOnce(err);
      settled = true;
    };
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new SafeFetchError('timeout', 'Délai dépassé'));
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      { lookup: guardedLookup, headers: { accept: '*/*', 'user-agent': 'Munegu/1.0' } },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            reject(new SafeFetchError('size', 'Réponse trop volumineuse'));
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            location: res.headers.location,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => {
      reject(new SafeFetchError('timeout', 'Délai dépassé'));
      req.destroy();
    }, remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
  });
}
