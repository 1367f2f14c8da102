import net from 'node:net';
import { Server } from 'socket.io';
import { describe, expect, inject, it } from 'vitest';
import { waitFor } from '../../test/helpers/smtp-sink.js';
import { installAdapter } from './adapter.js';

/**
 * A start whose Redis adapter fails leaves no connection behind: the process that reports the
 * failure exits at once instead of keeping a Redis client that reconnects for ever. Real Redis;
 * skipped on the embedded tier, which runs one process with the in-memory adapter.
 */
const embedded = inject('dbMode') === 'embedded';
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

describe.skipIf(embedded)('a Redis adapter that cannot start', () => {
  // Not attached to any HTTP server: only the adapter's connections are at stake.
  const io = new Server();

  it('closes the Redis connection that succeeded when the other failed', async () => {
    // In front of the real Redis: the first connection goes through, the next ones are held
    // unanswered, so the second client times out while the first is connected.
    const sockets: net.Socket[] = [];
    let accepted = 0;
    let firstClosed = false;
    const proxy = net.createServer((client) => {
      sockets.push(client);
      accepted += 1;
      if (accepted > 1) return;
      const upstream = net.connect(Number(redisUrl.port || 6379), redisUrl.hostname);
      sockets.push(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => {
        firstClosed = true;
        upstream.destroy();
      });
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as net.AddressInfo;
    try {
      await expect(
        installAdapter(io, {
          kind: 'redis',
          redisUrl: `redis://127.0.0.1:${port}`,
          redisConnectTimeoutMs: 1500,
        }),
      ).rejects.toThrow(/REDIS_URL/);
      await waitFor(() => firstClosed, 3000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
