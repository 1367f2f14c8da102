import type { ConversationBlockedEvent } from '@munegu/shared';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/helpers/auth.js';
import { createUser } from '../../test/helpers/factories.js';
import { collect, until, useSocketApp, type Client } from '../../test/helpers/sockets.js';
import { randomToken, hashToken } from '../lib/tokens.js';
import { randomUUID } from 'node:crypto';

type User = Awaited<ReturnType<typeof createUser>>;

const { t, server } = useSocketApp();
const clients = server.clients;

async function tokenOf(user: User) {
  return (await bearer(t.app, user, t.clock)).authorization.slice(7);
}

/** A websocket client; resolves once connected, rejects on a refused handshake. */
function open(base: string, auth: Record<string, unknown>): Promise<Client> {
  const socket: Client = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnection: true,
    reconnectionDelay: 50,
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

async function send(from: User, to: User, content: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/messages/send',
    headers: await bearer(t.app, from, t.clock),
    payload: { toUserId: to.id, content },
  });
}

describe('realtime messaging', () => {
  it('delivers a stored message to the receiver and the sender within a second', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const receiver = collect(await open(server.url, { token: await tokenOf(b) }));
    const senderTab = collect(await open(server.url, { token: await tokenOf(a) }));
    const started = Date.now();
    expect((await send(a, b, 'Hello en direct')).statusCode).toBe(200);
    await until(() => receiver.length === 1 && senderTab.length === 1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(receiver[0]).toMatchObject({
      senderId: a.id,
      receiverId: b.id,
      message: { content: 'Hello en direct', fromId: a.id, toId: b.id },
    });
    expect(await t.db.message.count({ where: { id: receiver[0]!.message.id } })).toBe(1);
  });

  it('refuses an unauthenticated handshake', async () => {
    await expect(open(server.url, {})).rejects.toThrow('Tu dois être connecté(e).');
    await expect(open(server.url, { token: 'pas-un-jeton' })).rejects.toThrow(
      'Tu dois être connecté(e).',
    );
    const suspended = await createUser(t.db, { status: 'SUSPENDED' });
    await expect(open(server.url, { token: await tokenOf(suspended) })).rejects.toThrow();
  });

  it('authenticates from a current session_id cookie, not from a rotated one', async () => {
    const b = await createUser(t.db);
    const cookie = async (rotatedAt: Date | null) => {
      const value = randomToken();
      await t.db.session.create({
        data: {
          familyId: randomUUID(),
          userId: b.id,
          tokenHash: hashToken(value),
          expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
          rotatedAt,
        },
      });
      return `session_id=${value}`;
    };
    const viaCookie = (header: string) =>
      new Promise<Client>((resolve, reject) => {
        const socket: Client = connect(server.url, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie: header },
          reconnection: false,
        });
        clients.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    expect((await viaCookie(await cookie(null))).connected).toBe(true);
    await expect(viaCookie(await cookie(t.clock.now()))).rejects.toThrow(
      'Tu dois être connecté(e).',
    );
  });

  it('ignores joinRoom with another member id: the intruder receives nothing of theirs', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const intruder = await createUser(t.db);
    const spy = await open(server.url, { token: await tokenOf(intruder) });
    const stolen = collect(spy);
    spy.emit('joinRoom', b.id);
    const receiver = collect(await open(server.url, { token: await tokenOf(b) }));
    await new Promise((r) => setTimeout(r, 100));
    await send(a, b, 'Pour b seulement');
    await until(() => receiver.length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(stolen).toEqual([]);
  });

  it('pushes nothing in a blocked conversation', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const id = (await send(a, b, 'Premier')).json().conversationId as number;
    const receiver = collect(await open(server.url, { token: await tokenOf(b) }));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/messages/conversation/${id}/block`,
      headers: await bearer(t.app, b, t.clock),
    });
    expect((await send(a, b, 'Bloqué')).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver).toEqual([]);
  });

  it('pushes a block and its lifting to every tab of both members, and to nobody else', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const outsider = await createUser(t.db);
    const id = (await send(a, b, 'Salut')).json().conversationId as number;
    const seen = (socket: Client) => {
      const got: ConversationBlockedEvent[] = [];
      socket.on('conversationBlocked', (e) => got.push(e));
      return got;
    };
    const bTabs = [
      seen(await open(server.url, { token: await tokenOf(b) })),
      seen(await open(server.url, { token: await tokenOf(b) })),
    ];
    const aOtherTab = seen(await open(server.url, { token: await tokenOf(a) }));
    const third = seen(await open(server.url, { token: await tokenOf(outsider) }));
    const act = async (what: 'block' | 'unblock') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/messages/conversation/${id}/${what}`,
        headers: await bearer(t.app, a, t.clock),
      });

    expect((await act('block')).statusCode).toBe(200);
    await until(() => [...bTabs, aOtherTab].every((got) => got.length === 1));
    for (const got of [...bTabs, aOtherTab])
      expect(got).toEqual([{ conversationId: id, blockedByUserId: a.id }]);
    // What the event says is what a refetch of the other side now shows.
    const refetched = await t.app.inject({
      method: 'GET',
      url: `/api/messages/conversation/${a.id}`,
      headers: await bearer(t.app, b, t.clock),
    });
    expect(refetched.json().meta.blockedByUserId).toBe(a.id);

    // A refused block (already blocked) pushes nothing.
    expect((await act('block')).statusCode).toBe(409);
    expect((await act('unblock')).statusCode).toBe(200);
    await until(() => [...bTabs, aOtherTab].every((got) => got.length === 2));
    for (const got of [...bTabs, aOtherTab])
      expect(got[1]).toEqual({ conversationId: id, blockedByUserId: null });
    await new Promise((r) => setTimeout(r, 200));
    expect(third).toEqual([]);
    expect(bTabs[0]).toHaveLength(2);
  });

  it('pushes an accepted request to both members, once, and to nobody else', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const outsider = await createUser(t.db);
    // a writes first: the conversation is a request b must accept.
    const id = (await send(a, b, 'Salut')).json().conversationId as number;
    const seen = (socket: Client) => {
      const got: unknown[] = [];
      socket.on('conversationAccepted', (e) => got.push(e));
      return got;
    };
    const requester = seen(await open(server.url, { token: await tokenOf(a) }));
    const recipient = seen(await open(server.url, { token: await tokenOf(b) }));
    const third = seen(await open(server.url, { token: await tokenOf(outsider) }));
    const accept = async () =>
      t.app.inject({
        method: 'POST',
        url: `/api/messages/accept/${id}`,
        headers: await bearer(t.app, b, t.clock),
      });
    expect((await accept()).statusCode).toBe(200);
    await until(() => requester.length === 1 && recipient.length === 1);
    expect(requester).toEqual([{ conversationId: id }]);
    // What the event says is what the requester's refetch now shows.
    const refetched = await t.app.inject({
      method: 'GET',
      url: `/api/messages/conversation/${b.id}`,
      headers: await bearer(t.app, a, t.clock),
    });
    expect(refetched.json().meta.accepted).toBe(true);
    // Accepting again changes nothing and pushes nothing.
    expect((await accept()).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(requester).toHaveLength(1);
    expect(third).toEqual([]);
  });

  it('relays typing to the other participant only', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const other = await createUser(t.db);
    const id = (await send(a, b, 'Salut')).json().conversationId as number;
    const sa = await open(server.url, { token: await tokenOf(a) });
    const sb = await open(server.url, { token: await tokenOf(b) });
    const so = await open(server.url, { token: await tokenOf(other) });
    const seenB: unknown[] = [];
    const seenO: unknown[] = [];
    sb.on('typing', (e) => seenB.push(e));
    so.on('typing', (e) => seenO.push(e));
    so.emit('typing', { conversationId: id });
    sa.emit('typing', { conversationId: id });
    await until(() => seenB.length === 1);
    expect(seenB[0]).toEqual({ conversationId: id, userId: a.id });
    await new Promise((r) => setTimeout(r, 100));
    expect(seenO).toEqual([]);
  });

  it('after a network loss, a reconnection is a new socket: the refetch has what it missed', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const socket = await open(server.url, { token: await tokenOf(b) });
    const got = collect(socket);
    const id = (await send(a, b, 'Avant la coupure')).json().conversationId as number;
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/accept/${id}`,
      headers: await bearer(t.app, b, t.clock),
    });
    await until(() => got.length === 1);
    // Simulates a network loss: the client reconnects by itself.
    socket.io.engine.close();
    await until(() => !socket.connected);
    await send(a, b, 'Pendant la coupure');
    await until(() => socket.connected, 3000);
    // Nothing replayed: the page refetches after a reconnect, and that read has the message.
    expect(socket.recovered).not.toBe(true);
    const refetch = await t.app.inject({
      method: 'GET',
      url: `/api/messages/conversation/${a.id}`,
      headers: await bearer(t.app, b, t.clock),
    });
    expect(refetch.json().messages.map((m: { content: string }) => m.content)).toContain(
      'Pendant la coupure',
    );
    await send(a, b, 'Après la coupure');
    await until(() => got.length === 2);
    expect(got.map((e) => e.message.content)).toEqual(['Avant la coupure', 'Après la coupure']);
  });

  it('a tab that reconnects under the next account of the browser only hears that account', async () => {
    const [a, b, x] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const socket = await open(server.url, { token: await tokenOf(a) });
    const got = collect(socket);
    await send(x, a, 'Pour A, avant');
    await until(() => got.length === 1);
    socket.io.engine.close();
    await until(() => !socket.connected);
    // Meanwhile A signed out in another tab and B signed in: this tab's handshake reads B's token.
    socket.auth = { token: await tokenOf(b) };
    await send(x, a, 'Pour A, pendant la coupure');
    await until(() => socket.connected, 3000);
    await send(x, a, 'Pour A, après');
    await send(x, b, 'Pour B');
    await until(() => got.some((e) => e.message.content === 'Pour B'));
    await new Promise((r) => setTimeout(r, 200));
    expect(got.map((e) => e.message.content)).toEqual(['Pour A, avant', 'Pour B']);
  });
});
