/**
 * A small round-robin reverse proxy for the instances drill, like the nginx of
 * docker-compose.scaled.yml: HTTP requests and websocket upgrades go to the next backend in
 * turn; a backend that refuses the connection (a dead instance) is skipped and the next one
 * tried, as nginx's `proxy_next_upstream error` does. A request already sent to an instance that
 * dies is not replayed (it may have been processed): the client gets a 502.
 */
import http from 'node:http';
import net from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

export function roundRobinProxy(backends: Backend[]) {
  let next = 0;
  const tunnels = new Set<net.Socket>();
  const order = () => {
    const start = next++ % backends.length;
    return backends.map((_, i) => backends[(start + i) % backends.length]!);
  };

  /** Connects to the first backend that accepts, in round-robin order. */
  function connect(onSocket: (s: net.Socket) => void, onNone: () => void) {
    const candidates = order();
    const attempt = (i: number) => {
      if (i >= candidates.length) return onNone();
      const s = net.connect(candidates[i]!);
      s.once('connect', () => {
        s.removeAllListeners('error');
        onSocket(s);
      });
      s.once('error', () => attempt(i + 1));
    };
    attempt(0);
  }

  const server = http.createServer((req, res) => {
    connect(
      (upstream) => {
        const out = http.request({
          createConnection: () => upstream,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, connection: 'close' },
        });
        out.on('response', (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        });
        out.on('error', () => {
          if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        req.pipe(out);
      },
      () => res.writeHead(502).end(),
    );
  });

  server.on('upgrade', (req, client: net.Socket, head: Buffer) => {
    connect(
      (upstream) => {
        // Replays the client's upgrade request, then joins the two sockets.
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(lines.join('\r\n') + '\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        const end = () => {
          upstream.destroy();
          client.destroy();
        };
        upstream.on('error', end).on('close', end);
        client.on('error', end).on('close', end);
        tunnels.add(client);
        client.once('close', () => tunnels.delete(client));
      },
      () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'),
    );
  });

  return {
    listen: (port: number) =>
      new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const t of tunnels) t.destroy();
        server.close(() => resolve());
      }),
  };
}
