import type { ClientToServerEvents, ServerToClientEvents } from '@munegu/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { installAdapter } from '../../src/realtime/adapter.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { changePassword, createMember, PASSWORD, signIn } from '../helpers/accounts.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket lives no longer than the login it was opened with: logout, suspension, a password
 * change and deletion cut it within a second, on whichever instance holds it; a
 * reconnection authenticates again; foreign origins and floods are refused.
 */
const embedded = inject('dbMode') === 'embedded';
const clients: Client[] = [];

function open(base: string, token: string, headers: Record<string, string> = {}) {
  const socket: Client = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    extraHeaders: headers,
    reconnectionDelay: 50,
  });
  clients.push(socket);
  return new Promise<Client>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

/** Resolves with the milliseconds it took the server to cut the socket (fails after 1 s). */
function cutWithin(socket: Client, ms = 1000): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket toujours connecté')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      if (reason === 'io server disconnect') resolve(Date.now() - started);
      else reject(new Error(`déconnexion inattendue : ${reason}`));
    });
  });
}

const logout = (t: TestApp, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { cookie: `session_id=${cookie}` },
  });

afterAll(() => {
  for (const c of clients) c.disconnect();
});

describe('one instance', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SOCKET_EVENTS_PER_10S: '20',
        SOCKET_MAX_VIOLATIONS: '2',
        SOCKET_REVALIDATE_SECONDS: '1',
      },
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** The first message from the member signed in with `token` to `toUserId`: its conversation. */
  async function firstMessage(token: string, toUserId: number): Promise<number> {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: `Bearer ${token}` },
      payload: { toUserId, content: 'Salut' },
    });
    return sent.json().conversationId as number;
  }

  it('cuts the socket of a login within a second of its logout', async () => {
    const member = await createMember(t.db);
    const { token, cookie } = await signIn(t, member.email);
    const socket = await open(url, token);
    const cut = cutWithin(socket);
    expect((await logout(t, cookie)).statusCode).toBe(204);
    await cut;
  });

  it('cuts the other logins’ sockets on a password change, and keeps the caller’s', async () => {
    const member = await createMember(t.db);
    const mine = await signIn(t, member.email);
    const other = await signIn(t, member.email);
    const kept = await open(url, mine.token);
    const ended = await open(url, other.token);
    const cut = cutWithin(ended);
    const res = await changePassword(t, mine.token);
    expect(res.statusCode).toBe(200);
    await cut;
    await new Promise((r) => setTimeout(r, 200));
    expect(kept.connected).toBe(true);
  });

  it('cuts every socket of a suspended member within a second', async () => {
    const member = await createMember(t.db);
    const socket = await open(url, (await signIn(t, member.email)).token);
    const cut = cutWithin(socket);
    expect(await t.app.accounts.suspend(member.id)).toBe(true);
    await cut;
    // Neither a new login nor the old token opens a socket again.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: member.email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('cuts, at the next sweep, a socket whose login was ended outside the API', async () => {
    const member = await createMember(t.db);
    const socket = await open(url, (await signIn(t, member.email)).token);
    const cut = cutWithin(socket, 2500);
    // An operator's SQL: nothing in the API is told.
    await t.db.user.update({ where: { id: member.id }, data: { status: 'SUSPENDED' } });
    await cut;
  });

  it('authenticates a reconnection again', async () => {
    const member = await createMember(t.db);
    const { token, cookie } = await signIn(t, member.email);
    const socket = await open(url, token);
    const refused = new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    // The network drops; the login ends meanwhile; the client reconnects by itself.
    socket.io.engine.close();
    await logout(t, cookie);
    expect((await refused).message).toBe('Tu dois être connecté(e).');
    expect(socket.connected).toBe(false);
  });

  it('refuses a foreign Origin and accepts the app’s own', async () => {
    const member = await createMember(t.db);
    const { token } = await signIn(t, member.email);
    await expect(open(url, token, { Origin: 'https://evil.example' })).rejects.toThrow();
    const own = await open(url, token, { Origin: 'http://localhost:3000' });
    expect(own.connected).toBe(true);
  });

  it('drops a flood of events and cuts its sender, and the server stays up', async () => {
    const a = await createMember(t.db);
    const b = await createMember(t.db);
    const ta = (await signIn(t, a.email)).token;
    const conversationId = await firstMessage(ta, b.id);
    const flooder = await open(url, ta);
    const receiver = await open(url, (await signIn(t, b.email)).token);
    let relayed = 0;
    receiver.on('typing', () => relayed++);
    const cut = cutWithin(flooder, 3000);
    for (let i = 0; i < 1000; i++) flooder.emit('typing', { conversationId });
    await cut;
    await new Promise((r) => setTimeout(r, 300));
    expect(relayed).toBeLessThanOrEqual(20);
    expect(receiver.connected).toBe(true);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers hostile sendMessage payloads in French, never as another sender', async () => {
    const [a, b] = [await createMember(t.db), await createMember(t.db)];
    const sa = await open(url, (await signIn(t, a.email)).token);
    const ask = (payload: unknown) =>
      sa.timeout(2000).emitWithAck('sendMessage', payload as never) as Promise<{
        status?: number;
        message?: unknown;
        code?: string;
      }>;
    for (const payload of [
      null,
      [],
      { toUserId: { $gt: 0 }, content: 'x' },
      { toUserId: b.id, content: ['x'] },
      { toUserId: b.id, content: { toString: 'x' } },
      JSON.parse(`{"__proto__": {"admin": true}, "toUserId": ${b.id}, "content": 1}`),
      { toUserId: b.id, content: 'x'.repeat(15_000) },
    ]) {
      const answer = await ask(payload);
      expect(answer).toMatchObject({ status: 400, code: 'VALIDATION' });
      expect(answer.message).toMatch(/[a-zà-ÿ]/i);
    }
    // A forged sender is ignored: the socket's member is the sender.
    const forged = await ask({ toUserId: b.id, content: 'Usurpé ?', fromId: b.id, senderId: b.id });
    expect(forged).toMatchObject({ message: { fromId: a.id, toId: b.id, fromMe: true } });
    expect(await t.db.message.count({ where: { senderId: b.id } })).toBe(0);
    expect(sa.connected).toBe(true);
  });

  it('refuses a flood of sendMessage with 429 answers, cuts it, stores at most the budget', async () => {
    const [a, b] = [await createMember(t.db), await createMember(t.db)];
    const flooder = await open(url, (await signIn(t, a.email)).token);
    const answers: { status?: number }[] = [];
    const cut = cutWithin(flooder, 3000);
    for (let i = 0; i < 200; i++)
      flooder.emit('sendMessage', { toUserId: b.id, content: `Flot ${i}` }, (x) =>
        answers.push(x as { status?: number }),
      );
    await cut;
    expect(answers.some((x) => x.status === 429)).toBe(true);
    // Budget of every event here: 20 per 10 s (the first request was a new conversation).
    expect(await t.db.message.count({ where: { senderId: a.id } })).toBeLessThanOrEqual(20);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses a handshake without a token or with a forged one', async () => {
    await expect(open(url, '')).rejects.toThrow('Tu dois être connecté(e).');
    await expect(open(url, 'a.b.c')).rejects.toThrow('Tu dois être connecté(e).');
    await expect(open(url, 'x'.repeat(10_000))).rejects.toThrow('Tu dois être connecté(e).');
  });

  it('relays nothing to a member emitting into a conversation or room not theirs', async () => {
    const [a, b, spy] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ];
    const ta = (await signIn(t, a.email)).token;
    const conversationId = await firstMessage(ta, b.id);
    const sa = await open(url, ta);
    const sb = await open(url, (await signIn(t, b.email)).token);
    const intruder = await open(url, (await signIn(t, spy.email)).token);
    const seen = { a: 0, b: 0 };
    sa.on('typing', () => seen.a++);
    sb.on('typing', () => seen.b++);
    sa.on('newMessage', () => seen.a++);
    sb.on('newMessage', () => seen.b++);
    // Claims to type in A and B's conversation, asks for their rooms, sends garbage ids.
    intruder.emit('typing', { conversationId });
    intruder.emit('joinRoom', a.id);
    intruder.emit('joinRoom', b.id);
    for (const id of [-1, 0, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, 'x', null])
      intruder.emit('typing', { conversationId: id as number });
    let leaked = 0;
    intruder.on('typing', () => leaked++);
    intruder.on('newMessage', () => leaked++);
    // B accepts the request, so A may write again: that message must reach A and B only.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/messages/accept/${conversationId}`,
      headers: { authorization: `Bearer ${(await signIn(t, b.email)).token}` },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: `Bearer ${ta}` },
      payload: { toUserId: b.id, content: 'Toujours là ?' },
    });
    expect(again.statusCode, again.body).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(seen.a).toBe(1);
    expect(seen.b).toBe(1);
    expect(leaked).toBe(0);
    expect(intruder.connected).toBe(true);
  });

  it('cuts a socket sending a frame over the buffer limit, and only that one', async () => {
    const member = await createMember(t.db);
    const other = await createMember(t.db);
    const big = await open(url, (await signIn(t, member.email)).token);
    const bystander = await open(url, (await signIn(t, other.email)).token);
    const closed = new Promise<string>((resolve) => big.once('disconnect', resolve));
    big.emit('typing', { conversationId: 1, padding: 'x'.repeat(200 * 1024) } as never);
    expect(await closed).toMatch(/transport (close|error)/);
    await new Promise((r) => setTimeout(r, 200));
    expect(bystander.connected).toBe(true);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe.skipIf(embedded)('two instances (PostgreSQL adapter)', () => {
  let first: TestApp;
  let second: TestApp;
  let secondUrl: string;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    // One secret, as replicas of one deployment share it.
    const env = { JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' };
    first = await createTestApp({ env });
    second = await createTestApp({ database: first.database, env });
    for (const t of [first, second])
      closers.push(
        await installAdapter(t.app.io, { kind: 'postgres', databaseUrl: first.database.url }),
      );
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
    // The adapters open their LISTEN connections asynchronously.
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await second?.app.close();
    await first?.app.close();
    await first?.database.drop();
  });

  it('cuts a socket held by the other instance on logout and on suspension', async () => {
    const member = await createMember(first.db);
    const one = await signIn(first, member.email);
    const socket = await open(secondUrl, one.token);
    const cutOnLogout = cutWithin(socket);
    await logout(first, one.cookie);
    await cutOnLogout;

    const two = await signIn(first, member.email);
    const again = await open(secondUrl, two.token);
    const cutOnSuspension = cutWithin(again);
    await first.app.accounts.suspend(member.id);
    await cutOnSuspension;
  });
});
