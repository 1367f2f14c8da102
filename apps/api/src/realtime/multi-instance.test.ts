import type { ConversationBlockedEvent, NewMessageEvent } from '@munegu/shared';
import { io as connect } from 'socket.io-client';
import { describe, expect, it, inject } from 'vitest';
import { bearer } from '../../test/helpers/auth.js';
import { createUser } from '../../test/helpers/factories.js';
import { connected, useTwoInstances } from '../../test/helpers/sockets.js';

/**
 * Two API instances on one PostgreSQL database, joined by @socket.io/postgres-adapter (the
 * default) or by @socket.io/redis-adapter (REDIS_URL; TEST_REDIS_URL, default the local Redis at
 * 127.0.0.1:6379): a message posted to the first reaches a socket connected to the second.
 * Skipped on the embedded tier: PGlite serves one session at a time and the embedded mode is a
 * single process by design (in-memory adapter), so there is no second instance to reach.
 */
const embedded = inject('dbMode') === 'embedded';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(embedded).each(['postgres', 'redis'] as const)(
  'several API instances (%s adapter)',
  (kind) => {
    const pair = useTwoInstances(kind, redisUrl);
    const { first, second } = pair;

    it('delivers a message and a block made through the first instance to a socket on the second', async () => {
      const a = await createUser(first.db);
      const b = await createUser(first.db);
      const token = (await bearer(second.app, b, second.clock)).authorization.slice(7);
      const socket = connect(pair.secondUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
      });
      const got: NewMessageEvent[] = [];
      socket.on('newMessage', (e) => got.push(e));
      await connected(socket);
      // The LISTEN connections are opened asynchronously after the adapter is installed.
      await new Promise((r) => setTimeout(r, 500));
      try {
        const res = await first.app.inject({
          method: 'POST',
          url: '/api/messages/send',
          headers: await bearer(first.app, a, first.clock),
          payload: { toUserId: b.id, content: 'D’une instance à l’autre' },
        });
        expect(res.statusCode).toBe(200);
        const end = Date.now() + 2000;
        while (got.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
        expect(got.map((e) => e.message.content)).toEqual(['D’une instance à l’autre']);

        // Blocking through the first instance reaches the other member on the second.
        const blocks: ConversationBlockedEvent[] = [];
        socket.on('conversationBlocked', (e) => blocks.push(e));
        const conversationId = got[0]!.message.conversationId;
        const blocked = await first.app.inject({
          method: 'PATCH',
          url: `/api/messages/conversation/${conversationId}/block`,
          headers: await bearer(first.app, a, first.clock),
        });
        expect(blocked.statusCode).toBe(200);
        while (blocks.length === 0 && Date.now() < end + 2000)
          await new Promise((r) => setTimeout(r, 20));
        expect(blocks).toEqual([{ conversationId, blockedByUserId: a.id }]);
      } finally {
        socket.disconnect();
      }
    });
  },
);
