import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { hostAddress, isPrivateOrLoopbackAddress, isPublicAddress } from './public-address.js';

/**
 * GET requests to third-party servers chosen by configuration (the tweet provider, its image
 * host), guarded against server-side request forgery: only https, only the configured hosts
 * (redirects included), a deadline and a byte cap, and never a private, loopback or otherwise
 * non-public address (except private/loopback ones for the hosts the operator lists in
 * `privateHosts`). A host name's addresses are checked inside the socket's DNS lookup, so the
 * address checked is the address connected to (no second resolution an attacker's DNS could
 * change); an IP literal (`127.1`, `2130706433`, `[::ffff:7f00:1]`…), which Node opens without
 * any lookup, is checked before connecting; and every socket's peer address is checked again
 * once connected, before its TLS handshake ends. What counts as public: lib/public-address.ts.
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
  /** Tests only: trust this CA (a local fake provider's certificate) instead of the system's. */
  ca?: string;
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

// Web push judges its endpoints' addresses by the same rule (modules/push/push.sender.ts).
export { isPrivateOrLoopbackAddress, isPublicAddress };

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
  // An IP literal is never looked up: its address is judged here, before any connection (being
  // listed does not make it acceptable).
  const literal = hostAddress(url.hostname);
  if (literal !== null && !addressRule(url, opts)(literal)) {
    throw new SafeFetchError('address', `Adresse non publique : ${url.hostname}`);
  }
  return url;
}

/** The addresses `url`'s host may connect to, judged per hop on that hop's own host. */
function addressRule(url: URL, opts: SafeFetchOptions): (address: string) => boolean {
  const allowLoopback = opts.allowLoopbackForTests ?? false;
  const hostname = url.hostname.toLowerCase();
  // privateHosts names hosts; an address literal is never one of them.
  const allowPrivate =
    hostAddress(hostname) === null &&
    opts.allowedHosts.includes(hostname) &&
    (opts.privateHosts ?? []).includes(hostname);
  return (address) =>
    isPublicAddress(address, allowLoopback) ||
    (allowPrivate && isPrivateOrLoopbackAddress(address));
}

interface RawResponse extends SafeResponse {
  location: string | undefined;
}

function getOnce(url: URL, opts: SafeFetchOptions, deadline: number): Promise<RawResponse> {
  const resolve = opts.lookup ?? defaultLookup;
  const allowed = addressRule(url, opts);
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
  // Whatever path led to it, the peer a socket reached is checked again, and the socket closed
  // before its TLS handshake ends (so before any request goes out) if it should not be there.
  const checkPeer = (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined || !allowed(peer)) {
      socket.destroy(new SafeFetchError('address', `Adresse non publique : ${peer ?? '?'}`));
    }
  };
  const guardSocket = (socket: Socket) =>
    socket.connecting ? socket.once('connect', () => checkPeer(socket)) : checkPeer(socket);
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
      {
        lookup: guardedLookup,
        // A fresh connection per request: a pooled one was checked under another call's rules.
        agent: false,
        ...(opts.ca ? { ca: opts.ca } : {}),
        headers: { accept: '*/*', 'user-agent': 'Munegu/1.0' },
      },
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
    req.on('socket', guardSocket);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
  });
}
