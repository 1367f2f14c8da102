import type {
  ClientToServerEvents,
  NewMessageEvent,
  NotificationEvent,
  ServerToClientEvents,
} from '@munegu/shared';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { type AdapterKind, installAdapter } from '../../src/realtime/adapter.js';
import { createTestApp, type TestApp, type TestAppOptions } from './app.js';
import { bearer } from './auth.js';

/** Resolves once the socket is connected; rejects with the handshake's refusal. */
export function connected<S extends Socket>(socket: S): Promise<S> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Waits until `check()` holds (polled every 10 ms), or throws after `ms`. */
export async function until(check: () => boolean, ms = 1000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('délai dépassé');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every 'newMessage' the socket receives from now on. */
export function collect(socket: Socket): NewMessageEvent[] {
  const got: NewMessageEvent[] = [];
  socket.on('newMessage', (e: NewMessageEvent) => got.push(e));
  return got;
}

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * useTestApp listening on a free port, for real socket.io clients: `server.url` once started;
 * the clients a file pushes to `server.clients` are disconnected before the app closes.
 */
export function useSocketApp(options: TestAppOptions = {}) {
  const t = {} as TestApp;
  const server = { url: '', clients: [] as Client[] };
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
    server.url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of server.clients) c.disconnect();
    await t.close();
  });
  return { t, server };
}

/**
 * An open tab of `user` on the app at `url`: a real socket.io client, without reconnection. The
 * socket joins `clients`, which the file disconnects before closing the app. `{ token }` opens
 * it with that access token as it is (one of a session the test has changed, or a forged one).
 */
export async function openTab(
  t: TestApp,
  url: string,
  clients: Client[],
  user: Parameters<typeof bearer>[1] | { token: string },
): Promise<Client> {
  const token =
    'token' in user ? user.token : (await bearer(t.app, user, t.clock)).authorization.slice(7);
  const socket: Client = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  clients.push(socket);
  return connected(socket);
}

/** An open tab of `user` (openTab), with every bell 'notification' it receives. */
export async function notificationTab(
  t: TestApp,
  url: string,
  clients: Client[],
  user: { id: number },
): Promise<NotificationEvent[]> {
  const socket = await openTab(t, url, clients, { id: user.id, role: 'UTILISATEUR' });
  const got: NotificationEvent[] = [];
  socket.on('notification', (e) => got.push(e));
  return got;
}

/**
 * Two API instances on one database joined by the `kind` adapter, both listening: `pair.first`,
 * `pair.second` and `pair.secondUrl` once started. Sockets a file pushes to `pair.sockets` are
 * disconnected first, then the adapters (they LISTEN on the database), the apps, the database.
 */
export function useTwoInstances(
  kind: Exclude<AdapterKind, 'memory'>,
  redisUrl: string,
  firstOptions: TestAppOptions = {},
) {
  const pair = {
    first: {} as TestApp,
    second: {} as TestApp,
    secondUrl: '',
    sockets: [] as Socket[],
  };
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const first = await createTestApp(firstOptions);
    Object.assign(pair.first, first);
    Object.assign(pair.second, await createTestApp({ database: first.database }));
    // Its own channels: other runs sharing this Redis have members with the same ids.
    const redisPrefix = `munegu-test-${randomUUID()}`;
    for (const t of [pair.first, pair.second])
      closers.push(
        await installAdapter(t.app.io, {
          kind,
          databaseUrl: first.database.url,
          redisUrl,
          redisPrefix,
        }),
      );
    await pair.first.app.listen({ port: 0, host: '127.0.0.1' });
    pair.secondUrl = await pair.second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of pair.sockets) s.disconnect();
    for (const close of closers) await close();
    await pair.second.app?.close();
    await pair.first.app?.close();
    await pair.first.database?.drop();
  });
  return pair;
}
