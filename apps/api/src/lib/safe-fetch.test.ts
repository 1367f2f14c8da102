import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch, SafeFetchError } from './safe-fetch.js';

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
    if (req.url === '/to-mapped-metadata') {
      res.writeHead(302, { location: 'https://[::ffff:a9fe:a9fe]/latest/meta-data' });
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

  it('refuses a redirect to a non-public IP literal even when it is listed', async () => {
    const listed = { ...local, allowedHosts: ['127.0.0.1', '[::ffff:a9fe:a9fe]'] };
    expect(await reason(safeFetch(`${base}/to-mapped-metadata`, listed))).toBe('address');
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

describe('safeFetch against IP literals', () => {
  // Bare TCP listeners on both loopback addresses count every connection the guard lets
  // through: Node opens an IP literal without the DNS lookup, so only a check in code stops it.
  const counted: { connections: number; sockets: Set<Socket> } = {
    connections: 0,
    sockets: new Set(),
  };
  const listeners: ReturnType<typeof createTcpServer>[] = [];
  const ports: { v4: number; v6: number | null } = { v4: 0, v6: null };
  const listen = async (host: string) => {
    const server = createTcpServer((socket) => {
      counted.connections++;
      counted.sockets.add(socket);
      socket.on('close', () => counted.sockets.delete(socket));
      socket.end();
    });
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(0, host, () => resolve(true));
    });
    if (!ok) return null;
    listeners.push(server);
    return (server.address() as AddressInfo).port;
  };
  beforeAll(async () => {
    ports.v4 = (await listen('127.0.0.1'))!;
    ports.v6 = await listen('::1'); // null where the machine has no IPv6 loopback
  });
  afterAll(async () => {
    for (const socket of counted.sockets) socket.destroy();
    await Promise.all(listeners.map((l) => new Promise<void>((r) => l.close(() => r()))));
  });

  /** Hosts spelled as written and as the URL parser writes them, all listed and "private". */
  const listedOptions = (urls: string[]) => {
    const hosts = urls.flatMap((u) => {
      const raw = /^https?:\/\/(\[[^\]]+\]|[^:/]+)/.exec(u)![1]!.toLowerCase();
      return [raw, new URL(u).hostname];
    });
    return {
      allowedHosts: hosts,
      privateHosts: hosts,
      timeoutMs: 2_000,
      maxBytes: 10_000,
    };
  };

  it('never connects to loopback, private or link-local literals in any spelling', async () => {
    const v4 = ports.v4;
    const urls = [
      `https://127.0.0.1:${v4}/`,
      `https://2130706433:${v4}/`,
      `https://0x7f.1:${v4}/`,
      `https://0x7f000001:${v4}/`,
      `https://0177.0.0.1:${v4}/`,
      `https://127.1:${v4}/`,
      `https://127.0.0.1.:${v4}/`,
      `https://[::ffff:127.0.0.1]:${v4}/`,
      `https://[::ffff:7f00:1]:${v4}/`,
      `https://[0:0:0:0:0:ffff:7f00:1]:${v4}/`,
      `https://[::127.0.0.1]:${v4}/`,
      `https://[::ffff:0:7f00:1]:${v4}/`,
      `https://[::ffff:0:127.0.0.1]:${v4}/`,
      `https://[2002:7f00:1::]:${v4}/`,
      `https://[64:ff9b::7f00:1]:${v4}/`,
      `https://[64:ff9b::127.0.0.1]:${v4}/`,
      `https://[2001:0:4136:e378::80ff:fffe]:${v4}/`,
      `https://10.0.0.1:${v4}/`,
      `https://192.168.1.1:${v4}/`,
      `https://169.254.169.254:${v4}/`,
      `https://[::ffff:a9fe:a9fe]:${v4}/`,
      `https://[fe80::1]:${v4}/`,
      `https://[fec0::1]:${v4}/`,
      `https://[fd00::1]:${v4}/`,
      `https://0.0.0.0:${v4}/`,
      `https://0:${v4}/`,
      `http://127.0.0.1:${v4}/`,
    ];
    if (ports.v6 !== null) {
      const v6 = ports.v6;
      urls.push(`https://[::1]:${v6}/`, `https://[0:0:0:0:0:0:0:1]:${v6}/`);
      urls.push(`https://[0000::0001]:${v6}/`, `https://[::]:${v6}/`);
    }
    const opts = listedOptions(urls);
    const outcomes: Record<string, string> = {};
    for (const url of urls) outcomes[url] = await reason(safeFetch(url, opts));
    // http is refused as such; every https literal for its address, before any connection.
    const expected = Object.fromEntries(
      urls.map((u) => [u, u.startsWith('http:') ? 'url' : 'address']),
    );
    expect(outcomes).toEqual(expected);
    expect(counted.connections).toBe(0);
  });

  it('lets the test-only loopback switch open loopback literals, not tunnels to them', async () => {
    const urls = [`https://127.0.0.1:${ports.v4}/`, `https://[2002:7f00:1::]:${ports.v4}/`];
    const opts = { ...listedOptions(urls), allowLoopbackForTests: true };
    const before = counted.connections;
    expect(await reason(safeFetch(urls[1]!, opts))).toBe('address');
    expect(counted.connections).toBe(before);
    // The listener speaks no TLS: the request is let through, then fails its handshake.
    expect(await reason(safeFetch(urls[0]!, opts))).not.toBe('address');
    expect(counted.connections).toBe(before + 1);
  });
});
