import { BAD_TEXT_MESSAGE, MESSAGING_TEXTS as M, type SendMessageAck } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/helpers/auth.js';
import { createMember, signIn } from '../../test/helpers/accounts.js';
import { createUser } from '../../test/helpers/factories.js';
import { collect, openTab, until, useSocketApp, type Client } from '../../test/helpers/sockets.js';

/**
 * 'sendMessage' over the member's socket: real socket.io clients against the real app on
 * PostgreSQL. The same rules and French answers as POST /messages/send, the same pushes, and
 * its own budget per member, shared by the member's sockets.
 */
type User = Awaited<ReturnType<typeof createUser>>;

const MESSAGES_PER_10S = 15;
const { t, server } = useSocketApp({
  env: { SOCKET_MESSAGES_PER_10S: String(MESSAGES_PER_10S), SOCKET_MAX_VIOLATIONS: '2' },
});
const clients = server.clients;

const open = (user: User | { token: string }): Promise<Client> =>
  openTab(t, server.url, clients, user);

const send = (socket: Client, payload: unknown): Promise<SendMessageAck> =>
  socket.timeout(3000).emitWithAck('sendMessage', payload as never);

const post = async (from: User, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/messages/send',
    headers: await bearer(t.app, from, t.clock),
    payload: body as object,
  });

/** An accepted conversation between a and b (a's request, answered by b). */
async function accepted(a: User, b: User) {
  const id = (await post(a, { toUserId: b.id, content: 'Bonjour' })).json().conversationId;
  await t.app.inject({
    method: 'POST',
    url: `/api/messages/accept/${id}`,
    headers: await bearer(t.app, b, t.clock),
  });
  return id as number;
}

describe('sendMessage over the socket', () => {
  it('stores the message, answers like the route and pushes to 3 tabs and the other tab', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const conversationId = await accepted(a, b);
    const tabs = [collect(await open(b)), collect(await open(b)), collect(await open(b))];
    const sending = await open(a);
    const sendingSeen = collect(sending);
    const otherTab = collect(await open(a));

    const ack = await send(sending, { toUserId: b.id, content: '  Allez Monaco  ' });
    expect(ack).toEqual({
      conversationId,
      message: {
        id: expect.any(Number),
        fromId: a.id,
        toId: b.id,
        content: 'Allez Monaco',
        createdAt: expect.any(String),
        fromMe: true,
        readAt: null,
      },
    });
    const id = 'message' in ack && typeof ack.message === 'object' ? ack.message.id : 0;
    await until(() => [...tabs, otherTab, sendingSeen].every((got) => got.length === 1));
    for (const got of [...tabs, otherTab, sendingSeen])
      expect(got[0]).toEqual({
        senderId: a.id,
        receiverId: b.id,
        message: {
          id,
          conversationId,
          fromId: a.id,
          toId: b.id,
          content: 'Allez Monaco',
          createdAt: expect.any(String),
          readAt: null,
        },
      });
    const stored = await t.db.message.findUnique({ where: { id } });
    expect(stored).toMatchObject({ senderId: a.id, receiverId: b.id, content: 'Allez Monaco' });
    // What a refetch shows, for b.
    const refetched = await t.app.inject({
      method: 'GET',
      url: `/api/messages/conversation/${a.id}`,
      headers: await bearer(t.app, b, t.clock),
    });
    expect(refetched.json().messages.at(-1)).toMatchObject({ id, content: 'Allez Monaco' });
  });

  it('starts a conversation and applies the request rules with the route’s French messages', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const sa = await open(a);
    const sb = await open(b);
    const first = await send(sa, { toUserId: b.id, content: 'Première demande' });
    expect(first).toMatchObject({ message: { content: 'Première demande', fromMe: true } });
    // One message until b accepts; b must accept before replying.
    expect(await send(sa, { toUserId: b.id, content: 'Encore' })).toEqual({
      status: 403,
      message: M.notAccepted,
      code: 'FORBIDDEN',
    });
    expect(await send(sb, { toUserId: a.id, content: 'Réponse' })).toEqual({
      status: 403,
      message: M.mustAcceptFirst,
      code: 'FORBIDDEN',
    });
    // The route answers the same refusal with the same status and body.
    const viaHttp = await post(a, { toUserId: b.id, content: 'Encore' });
    expect(viaHttp.statusCode).toBe(403);
    expect(viaHttp.json()).toEqual({ message: M.notAccepted, code: 'FORBIDDEN' });
    expect(await t.db.message.count({ where: { senderId: a.id } })).toBe(1);
  });

  it('refuses every rule the route refuses, stores and pushes nothing', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const suspended = await createUser(t.db, { status: 'SUSPENDED' });
    const id = await accepted(a, b);
    const sa = await open(a);
    const bTab = collect(await open(b));
    const refusals: [unknown, SendMessageAck][] = [
      [
        { toUserId: a.id, content: 'À moi-même' },
        { status: 400, message: M.self, code: 'VALIDATION' },
      ],
      [
        { toUserId: 999_999_999, content: 'Personne' },
        { status: 404, message: M.unknownUser, code: 'NOT_FOUND' },
      ],
      [
        { toUserId: suspended.id, content: 'Suspendu' },
        { status: 403, message: M.recipientUnavailable, code: 'FORBIDDEN' },
      ],
    ];
    for (const [payload, answer] of refusals) {
      expect(await send(sa, payload)).toEqual(answer);
      const viaHttp = await post(a, payload);
      expect({ status: viaHttp.statusCode, ...viaHttp.json() }).toEqual(answer);
    }
    await t.app.inject({
      method: 'PATCH',
      url: `/api/messages/conversation/${id}/block`,
      headers: await bearer(t.app, b, t.clock),
    });
    expect(await send(sa, { toUserId: b.id, content: 'Bloqué' })).toEqual({
      status: 403,
      message: M.blocked,
      code: 'FORBIDDEN',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(bTab).toEqual([]);
    expect(await t.db.message.count({ where: { senderId: a.id } })).toBe(1);
  });

  it('refuses invalid payloads with the route’s validation answer', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await accepted(a, b);
    // Every payload below counts in the member's budget of this file (13 of its 15).
    const field = (path: string, message: string): SendMessageAck => ({
      status: 400,
      message,
      code: 'VALIDATION',
      errors: [{ path, message }],
    });
    const cases: [unknown, SendMessageAck][] = [
      [{ toUserId: b.id, content: '' }, field('content', M.invalidContent)],
      [{ toUserId: b.id, content: '   ' }, field('content', M.invalidContent)],
      [{ toUserId: b.id, content: 'x'.repeat(1001) }, field('content', M.invalidContent)],
      [{ toUserId: b.id, content: 42 }, field('content', M.invalidContent)],
      [{ toUserId: b.id, content: 'nul\u0000' }, field('content', BAD_TEXT_MESSAGE)],
      [{ toUserId: 'abc', content: 'Salut' }, field('toUserId', M.unknownUser)],
      [{ toUserId: -3, content: 'Salut' }, field('toUserId', M.unknownUser)],
      [{ content: 'Salut' }, field('toUserId', M.unknownUser)],
    ];
    for (const [payload, answer] of cases) {
      expect(await send(await open(a), payload)).toEqual(answer);
      const viaHttp = await post(a, payload);
      expect({ status: viaHttp.statusCode, ...viaHttp.json() }).toEqual(answer);
    }
    // Not an object at all: a 400 in French, the socket stays usable.
    const sa = await open(a);
    for (const payload of [null, 'texte', 12, []]) {
      const ack = await send(sa, payload);
      expect(ack).toMatchObject({ status: 400, code: 'VALIDATION', message: expect.any(String) });
    }
    expect(sa.connected).toBe(true);
    expect(await t.db.message.count({ where: { senderId: a.id } })).toBe(1);
    // 1 000 characters are accepted.
    expect(await send(sa, { toUserId: b.id, content: 'y'.repeat(1000) })).toMatchObject({
      message: { content: 'y'.repeat(1000) },
    });
  });

  it('refuses messages beyond the socket’s budget with a 429, then cuts the socket', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await accepted(a, b);
    const sa = await open(a);
    const answers: SendMessageAck[] = [];
    for (let k = 0; k < MESSAGES_PER_10S + 1; k++)
      answers.push(await send(sa, { toUserId: b.id, content: `Rafale ${k}` }));
    expect(answers.slice(0, MESSAGES_PER_10S).every((x) => 'conversationId' in x)).toBe(true);
    expect(answers.at(-1)).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Trop de tentatives : \d+s$/),
      ttl: expect.any(Number),
    });
    // Another member's socket, and this member's HTTP route, are not affected.
    const other = await createUser(t.db);
    const so = await open(other);
    expect(await send(so, { toUserId: b.id, content: 'Autre membre' })).toMatchObject({
      message: { fromId: other.id },
    });
    // Twice the budget in one window: the socket is cut.
    const cut = new Promise<string>((resolve) => sa.once('disconnect', resolve));
    for (let k = 0; k < MESSAGES_PER_10S; k++)
      sa.emit('sendMessage', { toUserId: b.id, content: `Flot ${k}` }, () => {});
    expect(await cut).toBe('io server disconnect');
    expect(await t.db.message.count({ where: { senderId: a.id } })).toBe(1 + MESSAGES_PER_10S);
    expect((await post(a, { toUserId: b.id, content: 'Par HTTP' })).statusCode).toBe(200);
  });

  it('shares the budget between the member’s sockets: more tabs do not send more', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await accepted(a, b);
    const tabs = [await open(a), await open(a), await open(a)];
    const answers: SendMessageAck[] = [];
    for (let k = 0; k < MESSAGES_PER_10S + 3; k++)
      answers.push(await send(tabs[k % 3]!, { toUserId: b.id, content: `Onglet ${k}` }));
    expect(answers.filter((x) => 'conversationId' in x)).toHaveLength(MESSAGES_PER_10S);
    expect(answers.slice(MESSAGES_PER_10S).map((x) => 'status' in x && x.status)).toEqual([
      429, 429, 429,
    ]);
    expect(await t.db.message.count({ where: { senderId: a.id } })).toBe(1 + MESSAGES_PER_10S);
  });

  it('sends nothing once the login ended: the socket is cut with it', async () => {
    const member = await createMember(t.db);
    const b = await createUser(t.db);
    const { token, cookie } = await signIn(t, member.email);
    const socket = await open({ token });
    expect(await send(socket, { toUserId: b.id, content: 'Avant' })).toMatchObject({
      message: { content: 'Avant' },
    });
    const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `session_id=${cookie}` },
    });
    expect(await cut).toBe('io server disconnect');
    // Nothing reaches the server any more; a new socket with the old token is refused.
    await expect(send(socket, { toUserId: b.id, content: 'Après' })).rejects.toThrow();
    await expect(open({ token })).rejects.toThrow('Tu dois être connecté(e).');
    expect(await t.db.message.count({ where: { senderId: member.id } })).toBe(1);
  });

  it('cuts a member suspended meanwhile before a next message', async () => {
    const member = await createMember(t.db);
    const b = await createUser(t.db);
    const socket = await open({ token: (await signIn(t, member.email)).token });
    const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(await t.app.accounts.suspend(member.id)).toBe(true);
    expect(await cut).toBe('io server disconnect');
    await expect(send(socket, { toUserId: b.id, content: 'Suspendu' })).rejects.toThrow();
    expect(await t.db.message.count({ where: { senderId: member.id } })).toBe(0);
  });

  it('checks the login at each message, as the route does: one that expired, or an account suspended outside the API, sends nothing', async () => {
    // Both paths: the one-statement store of an accepted conversation, and the rules' path
    // of a first message.
    for (const end of ['expired', 'suspended by SQL'] as const) {
      for (const conversation of ['accepted', 'first message'] as const) {
        const member = await createMember(t.db);
        const b = await createUser(t.db);
        const socket = await open({ token: (await signIn(t, member.email)).token });
        if (conversation === 'accepted') {
          await accepted(member, b);
          expect(await send(socket, { toUserId: b.id, content: 'Avant' })).toMatchObject({
            message: { content: 'Avant' },
          });
        }
        const before = await t.db.message.count({ where: { senderId: member.id } });
        // Nothing the API does: no session-ending event reaches the socket.
        if (end === 'expired')
          await t.db.session.updateMany({
            where: { userId: member.id },
            data: { expiresAt: new Date(Date.now() - 1000) },
          });
        else await t.db.user.update({ where: { id: member.id }, data: { status: 'SUSPENDED' } });
        const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
        expect(await send(socket, { toUserId: b.id, content: 'Après' })).toEqual({
          status: 401,
          message: 'Tu dois être connecté(e).',
          code: 'UNAUTHENTICATED',
        });
        expect(await cut).toBe('io server disconnect');
        expect(await t.db.message.count({ where: { senderId: member.id } })).toBe(before);
      }
    }
  });

  it('takes messages from every role alike; other spellings of the event do nothing', async () => {
    for (const role of ['UTILISATEUR', 'REDACTEUR', 'MODERATEUR', 'ADMIN'] as const) {
      const a = await createUser(t.db, { role });
      const b = await createUser(t.db);
      const socket = await open(a);
      for (const event of ['sendmessage', 'SendMessage', 'send_message', 'sendMessage '])
        socket.emit(
          event as 'sendMessage',
          { toUserId: b.id, content: `Épelé ${event}` },
          () => {},
        );
      expect(await send(socket, { toUserId: b.id, content: `Rôle ${role}` })).toMatchObject({
        message: { content: `Rôle ${role}` },
      });
      const stored = await t.db.message.findMany({ where: { senderId: a.id } });
      expect(stored.map((m) => m.content)).toEqual([`Rôle ${role}`]);
      expect(socket.connected).toBe(true);
    }
  });

  it('keeps POST /messages/send working and pushing as before', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const bTab = collect(await open(b));
    const aTab = collect(await open(a));
    const res = await post(a, { toUserId: b.id, content: 'Par la route' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: { content: 'Par la route', fromMe: true } });
    await until(() => bTab.length === 1 && aTab.length === 1);
    expect(bTab[0]!.message.id).toBe(res.json().message.id);
  });
});

/**
 * A page that lost a send's answer tries again with the same `clientId` (issue 27's outbox):
 * whatever way each attempt travels, the conversation holds the message once, every attempt
 * is answered with it, and the members' tabs hear of it once.
 */
describe('sendMessage with a clientId', () => {
  const key = () => crypto.randomUUID();

  it('answers a repeat with the stored message and pushes it once', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const conversationId = await accepted(a, b);
    const bTab = collect(await open(b));
    const sa = await open(a);
    const clientId = key();

    const first = await send(sa, { toUserId: b.id, content: 'Une seule fois', clientId });
    const again = await send(sa, { toUserId: b.id, content: 'Une seule fois', clientId });
    const viaHttp = await post(a, { toUserId: b.id, content: 'Une seule fois', clientId });
    expect(first).toMatchObject({ conversationId, message: { content: 'Une seule fois' } });
    expect(again).toEqual(first);
    expect(viaHttp.statusCode).toBe(200);
    expect(viaHttp.json()).toEqual(first);
    // A next message (its own key) is stored: it also fences the pushes, which keep their order.
    const next = await send(sa, { toUserId: b.id, content: 'La suivante', clientId: key() });
    expect(next).toMatchObject({ message: { content: 'La suivante' } });
    await until(() => bTab.length >= 2);
    expect(bTab.map((e) => e.message.content)).toEqual(['Une seule fois', 'La suivante']);
    const stored = await t.db.message.findMany({
      where: { senderId: a.id, conversationId },
      select: { content: true },
      orderBy: { id: 'asc' },
    });
    expect(stored.map((m) => m.content)).toEqual(['Bonjour', 'Une seule fois', 'La suivante']);
  });

  it('answers a repeat of a first message, which a pending request would refuse as a second', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const clientId = key();
    const first = await post(a, { toUserId: b.id, content: 'Salut, on covoiture ?', clientId });
    expect(first.statusCode).toBe(200);
    const again = await send(await open(a), {
      toUserId: b.id,
      content: 'Salut, on covoiture ?',
      clientId,
    });
    expect(again).toEqual(first.json());
    // A new text is still the request's second message.
    expect(
      await send(await open(a), { toUserId: b.id, content: 'Encore', clientId: key() }),
    ).toEqual({ status: 403, message: M.notAccepted, code: 'FORBIDDEN' });
    expect(await t.db.message.count({ where: { senderId: a.id } })).toBe(1);
  });

  it('stores one message when two attempts arrive at the same instant', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await accepted(a, b);
    const clientId = key();
    const body = { toUserId: b.id, content: 'En même temps', clientId };
    const [bySocket, byHttp, byOtherTab] = await Promise.all([
      send(await open(a), body),
      post(a, body),
      send(await open(a), body),
    ]);
    expect(byHttp.statusCode).toBe(200);
    expect(bySocket).toEqual(byHttp.json());
    expect(byOtherTab).toEqual(byHttp.json());
    expect(await t.db.message.count({ where: { senderId: a.id, content: 'En même temps' } })).toBe(
      1,
    );
  });

  it('refuses a malformed key, and a key already used towards someone else', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const c = await createUser(t.db);
    await accepted(a, b);
    await accepted(a, c);
    const malformed = await post(a, { toUserId: b.id, content: 'Salut', clientId: 'pas-un-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: M.invalidClientId,
      code: 'VALIDATION',
      errors: [{ path: 'clientId', message: M.invalidClientId }],
    });
    const clientId = key();
    expect((await post(a, { toUserId: b.id, content: 'Pour b', clientId })).statusCode).toBe(200);
    const elsewhere = await send(await open(a), { toUserId: c.id, content: 'Pour c', clientId });
    expect(elsewhere).toEqual({ status: 400, message: M.invalidClientId, code: 'VALIDATION' });
    expect(await t.db.message.count({ where: { senderId: a.id, receiverId: c.id } })).toBe(1);
  });
});
