import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPrivateOrLoopbackAddress,
  isPublicAddress,
  safeFetch,
  SafeFetchError,
} from './safe-fetch.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/ok') return res.end('bonjour');
    if (req.url === '/big') return res.end(Buffer.alloc(50_000));
    if (req.url === '/slow') return; // never answers
    if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      return res.end();
    }
    if (req.url === '/to-ok') {
      res.writeHead(301, { location: '/ok' });
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const local = {
  allowedHosts: ['127.0.0.1'],
  timeoutMs: 2_000,
  maxBytes: 10_000,
  allowLoopbackForTests: true,
};
const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof SafeFetchError ? e.reason : String(e)),
  );

describe('safeFetch', () => {
  it('fetches from an allowed host and follows a redirect on the same host', async () => {
    expect((await safeFetch(`${base}/ok`, local)).body.toString()).toBe('bonjour');
    expect((await safeFetch(`${base}/to-ok`, local)).body.toString()).toBe('bonjour');
  });

  it('refuses plain http and loopback addresses outside tests', async () => {
    const strict = { ...local, allowLoopbackForTests: false };
    expect(await reason(safeFetch(`${base}/ok`, strict))).toBe('url');
    // https to a name resolving to loopback or a private network: refused before connecting.
    for (const address of ['127.0.0.1', '10.0.0.5', '169.254.169.254', '::1', 'fd00::1']) {
      const res = safeFetch('https://provider.example/tweet', {
        ...strict,
        allowedHosts: ['provider.example'],
        lookup: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
      });
      expect(await reason(res), address).toBe('address');
    }
  });

  it('refuses hosts that are not configured, also behind a redirect', async () => {
    expect(await reason(safeFetch('https://evil.example/x', local))).toBe('host');
    expect(await reason(safeFetch(`${base}/to-metadata`, local))).toBe('host');
  });

  it('stops at the size limit and at the deadline', async () => {
    expect(await reason(safeFetch(`${base}/big`, local))).toBe('size');
    expect(await reason(safeFetch(`${base}/slow`, { ...local, timeoutMs: 300 }))).toBe('timeout');
  });
});

describe('safeFetch with privateHosts (NEWS_FETCH_PRIVATE_HOSTS)', () => {
  // A bare TCP listener on 127.0.0.1 counts the connections the guard lets through; it speaks
  // no TLS, so an allowed request then fails its handshake (not with a SafeFetchError).
  let tcp: ReturnType<typeof createTcpServer>;
  let port: number;
  let connections = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    tcp = createTcpServer((socket) => {
      connections++;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.end();
    });
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
    port = (tcp.address() as AddressInfo).port;
  });
  afterAll(
    () =>
      new Promise<void>((r) => {
        for (const socket of sockets) socket.destroy();
        tcp.close(() => r());
      }),
  );

  const internal = {
    allowedHosts: ['provider.internal', 'images.example'],
    privateHosts: ['provider.internal'],
    timeoutMs: 2_000,
    maxBytes: 10_000,
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
  };
  /** The request's outcome and whether it reached the listener. */
  const attempt = async (url: string, opts: Parameters<typeof safeFetch>[1]) => {
    const before = connections;
    const outcome = await reason(safeFetch(url, opts));
    return { outcome, connected: connections > before };
  };

  it('lets a listed host that resolves to loopback be connected to', async () => {
    const res = await attempt(`https://provider.internal:${port}/tweet-result`, internal);
    expect(res.connected).toBe(true);
    expect(['address', 'url', 'host']).not.toContain(res.outcome);
  });

  it('still refuses an unlisted host that resolves privately', async () => {
    const res = await attempt(`https://images.example:${port}/photo.jpg`, internal);
    expect(res).toEqual({ outcome: 'address', connected: false });
  });

  it('still refuses a listed host that is not among the allowed hosts', async () => {
    const res = await attempt(`https://provider.internal:${port}/tweet-result`, {
      ...internal,
      allowedHosts: ['images.example'],
    });
    expect(res).toEqual({ outcome: 'host', connected: false });
  });

  it('still refuses plain http', async () => {
    const res = await attempt(`http://provider.internal:${port}/tweet-result`, internal);
    expect(res).toEqual({ outcome: 'url', connected: false });
  });

  it('opens private and loopback addresses only, never link-local or reserved ones', async () => {
    for (const address of ['169.254.169.254', '0.0.0.0', 'fe80::1', '224.0.0.1', '192.0.2.1']) {
      const res = await attempt(`https://provider.internal:${port}/x`, {
        ...internal,
        lookup: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
      });
      expect(res, address).toEqual({ outcome: 'address', connected: false });
    }
  });
});

describe('isPrivateOrLoopbackAddress', () => {
  it('accepts private networks and loopback only', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '::1', 'fd12::1'])
      expect(isPrivateOrLoopbackAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '169.254.169.254', '0.0.0.0', 'fe80::1', '::', 'not-an-ip'])
      expect(isPrivateOrLoopbackAddress(a), a).toBe(false);
  });
});

describe('isPublicAddress', () => {
  it('accepts public addresses and refuses special-purpose ones', () => {
    for (const a of ['8.8.8.8', '151.101.1.1', '2001:4860:4860::8888'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12::1',
      '::ffff:192.168.1.1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});
