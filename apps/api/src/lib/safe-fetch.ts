import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * GET requests to third-party servers chosen by configuration (the tweet provider, its image
 * host), guarded against server-side request forgery: only https, only the configured hosts
 * (redirects included), a deadline and a byte cap, and never a private, loopback or otherwise
 * non-public address. The address check runs inside the socket's DNS lookup, so the address
 * checked is the address connected to (no second resolution an attacker's DNS could change).
 */
export interface SafeFetchOptions {
  /** Host names that may be requested, exactly (no wildcard). */
  allowedHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
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

/** True for an address a request may connect to. IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(ip) === 0) return false;
  if (allowLoopback && LOOPBACK.check(ip, family)) return true;
  return !NON_PUBLIC.check(ip, family);
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
  // The socket's own lookup: the address validated here is the one connected to.
  const guardedLookup: LookupFunction = (host, options, callback) => {
    const literal = isIP(host) ? [{ address: host, family: isIP(host) }] : null;
    (literal ? Promise.resolve(literal) : resolve(host)).then(
      (addresses) => {
        const bad = addresses.find((a) => !isPublicAddress(a.address, allowLoopback));
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
