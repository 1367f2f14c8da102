import { describe, expect, it } from 'vitest';
import { MESSAGING_TEXTS as M } from '@munegu/shared';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { messagesRepository } from './messages.repository.js';
import { createMatch, createUser, uniqueSeason } from '../../../test/helpers/factories.js';

const t = useTestApp();

type User = Awaited<ReturnType<typeof createUser>>;
const h = (u: User) => bearer(t.app, u, t.clock);

async function send(from: User, to: { id: number }, content: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/messages/send',
    headers: await h(from),
    payload: { toUserId: to.id, content },
  });
}
async function call(method: 'GET' | 'POST' | 'PATCH', url: string, user: User) {
  return t.app.inject({ method, url: `/api${url}`, headers: await h(user) });
}
const stored = (a: User, b: User) =>
  t.db.message.count({
    where: { senderId: { in: [a.id, b.id] }, receiverId: { in: [a.id, b.id] } },
  });

async function pair() {
  return [await createUser(t.db), await createUser(t.db)] as const;
}

describe('messaging rules (spec section 4)', () => {
  it('lets the sender send one message, then waits for user2 to accept', async () => {
    const [a, b] = await pair();
    const before = await call('GET', `/messages/conversation/${b.id}`, a);
    expect(before.json()).toMatchObject({
      messages: [],
      meta: { newConversation: true, conversationId: null },
    });

    const first = await send(a, b, '  Salut !  ');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toMatchObject({
      content: 'Salut !',
      fromId: a.id,
      toId: b.id,
      fromMe: true,
    });

    const second = await send(a, b, 'Tu es là ?');
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(M.notAccepted);
    const reply = await send(b, a, 'Oui');
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(M.mustAcceptFirst);
    expect(await stored(a, b)).toBe(1);

    const meta = (await call('GET', `/messages/conversation/${a.id}`, b)).json().meta;
    expect(meta).toMatchObject({
      position: 'user2',
      accepted: false,
      newConversation: false,
      hadReplied: false,
    });
    const id = meta.conversationId as number;

    const byUser1 = await call('POST', `/messages/accept/${id}`, a);
    expect(byUser1.statusCode).toBe(403);
    expect((await call('POST', `/messages/accept/${id}`, b)).statusCode).toBe(200);

    expect((await send(b, a, 'Oui, bienvenue')).statusCode).toBe(200);
    expect((await send(a, b, 'Merci')).statusCode).toBe(200);
    expect(await stored(a, b)).toBe(3);
    const after = (await call('GET', `/messages/conversation/${b.id}`, a)).json();
    expect(after.meta).toMatchObject({ accepted: true, hadReplied: true, position: 'user1' });
    expect(after.messages.map((m: { content: string }) => m.content)).toEqual([
      'Salut !',
      'Oui, bienvenue',
      'Merci',
    ]);
  });

  it('blocks both ways, refuses and stores nothing, and only the blocker unblocks', async () => {
    const [a, b] = await pair();
    const id = (await send(a, b, 'Bonjour')).json().conversationId as number;
    await call('POST', `/messages/accept/${id}`, b);

    expect((await call('PATCH', `/messages/conversation/${id}/block`, b)).statusCode).toBe(200);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await send(from, to, 'encore');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.blocked);
    }
    expect(await stored(a, b)).toBe(1);
    const meta = (await call('GET', `/messages/conversation/${b.id}`, a)).json().meta;
    expect(meta.blockedByUserId).toBe(b.id);

    const wrong = await call('PATCH', `/messages/conversation/${id}/unblock`, a);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(M.onlyBlockerUnblocks);
    expect((await call('PATCH', `/messages/conversation/${id}/unblock`, b)).statusCode).toBe(200);
    expect((await send(a, b, 'Re')).statusCode).toBe(200);

    // The other side may block too.
    expect((await call('PATCH', `/messages/conversation/${id}/block`, a)).statusCode).toBe(200);
    expect((await send(b, a, 'x')).statusCode).toBe(403);
    expect((await call('PATCH', `/messages/conversation/${id}/block`, b)).statusCode).toBe(409);
  });

  it('stores nothing when the block lands between the checks and the write', async () => {
    const [a, b] = await pair();
    const id = (await send(a, b, 'Bonjour')).json().conversationId as number;
    await call('POST', `/messages/accept/${id}`, b);
    // What the send path does after its checks, once the block is committed.
    const repo = messagesRepository(t.db);
    expect(await repo.block(id, b.id)).toBe(true);
    const write = { conversationId: id, senderId: a.id, receiverId: b.id, now: new Date() };
    expect(await repo.appendMessage({ ...write, content: 'trop tard' })).toBeNull();
    expect(await stored(a, b)).toBe(1);
    expect(await repo.unblock(id, b.id)).toBe(true);
    const row = await repo.appendMessage({ ...write, content: 'à temps' });
    expect(row).toMatchObject({ conversationId: id, senderId: a.id, content: 'à temps' });
    const c = await t.db.conversation.findUniqueOrThrow({ where: { id } });
    expect(c.lastMessageAt?.getTime()).toBe(write.now.getTime());
  });

  it('refuses an accepted conversation once the recipient is suspended, then flows again', async () => {
    const [a, b] = await pair();
    const id = (await send(a, b, 'Bonjour')).json().conversationId as number;
    await call('POST', `/messages/accept/${id}`, b);
    expect((await send(a, b, 'Deux')).statusCode).toBe(200);
    await t.db.user.update({ where: { id: b.id }, data: { status: 'SUSPENDED' } });
    const refused = await send(a, b, 'Trois');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.recipientUnavailable);
    expect(await stored(a, b)).toBe(2);
    await t.db.user.update({ where: { id: b.id }, data: { status: 'ACTIVE' } });
    expect((await send(a, b, 'Quatre')).statusCode).toBe(200);
    expect(await stored(a, b)).toBe(3);
  });

  it('stores in one statement only what every rule allows', async () => {
    const [a, b] = await pair();
    const repo = messagesRepository(t.db);
    const write = (content: string) => ({
      senderId: a.id,
      receiverId: b.id,
      content,
      now: new Date(),
    });
    // No conversation yet, then a pending request: the rules decide, nothing stored here.
    expect(await repo.appendToOpenConversation(write('aucune'))).toBeNull();
    const id = (await send(a, b, 'Bonjour')).json().conversationId as number;
    expect(await repo.appendToOpenConversation(write('en attente'))).toBeNull();
    await call('POST', `/messages/accept/${id}`, b);
    expect(await repo.block(id, a.id)).toBe(true);
    expect(await repo.appendToOpenConversation(write('bloquée'))).toBeNull();
    expect(await repo.unblock(id, a.id)).toBe(true);
    expect(await stored(a, b)).toBe(1);
    const now = new Date();
    const row = await repo.appendToOpenConversation({ ...write('ouverte'), now });
    expect(row).toMatchObject({ conversationId: id, senderId: a.id, receiverId: b.id });
    expect(row?.content).toBe('ouverte');
    const c = await t.db.conversation.findUniqueOrThrow({ where: { id } });
    expect(c.lastMessageAt?.getTime()).toBe(now.getTime());
  });

  it('counts unread messages and clears them on mark-read', async () => {
    const [a, b] = await pair();
    const id = (await send(a, b, 'Un')).json().conversationId as number;
    await call('POST', `/messages/accept/${id}`, b);
    await send(a, b, 'Deux');
    expect((await call('GET', '/messages/unread-count', b)).json()).toEqual({ count: 2 });
    expect((await call('GET', '/messages/unread-count', a)).json()).toEqual({ count: 0 });
    const list = (await call('GET', '/messages/conversations', b)).json();
    expect(list).toEqual([
      { id, userId: a.id, username: a.username, deleted: false, avatar: null, hasUnread: true },
    ]);

    expect((await call('PATCH', `/messages/conversation/${id}/mark-read`, b)).statusCode).toBe(200);
    expect((await call('GET', '/messages/unread-count', b)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/messages/conversations', b)).json()[0].hasUnread).toBe(false);
    const seen = (await call('GET', `/messages/conversation/${b.id}`, a)).json();
    expect(seen.messages.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
  });

  it('lists deleted accounts as Utilisateur introuvable and refuses writing to them', async () => {
    const [a, b] = await pair();
    await send(a, b, 'Bonjour');
    await t.db.user.update({ where: { id: b.id }, data: { status: 'DELETED' } });
    expect((await call('GET', '/messages/conversations', a)).json()[0]).toMatchObject({
      userId: b.id,
      username: M.unknownUser,
      deleted: true,
      avatar: null,
    });
    // The history stays readable by the other member.
    const kept = (await call('GET', `/messages/conversation/${b.id}`, a)).json();
    expect(kept.messages.map((m: { content: string }) => m.content)).toEqual(['Bonjour']);
    const res = await send(a, b, 'Encore');
    expect(res.statusCode).toBe(403);
  });

  it('pages 25 messages as 20 then 5, oldest first', async () => {
    const [a, b] = await pair();
    const id = (await send(a, b, 'm1')).json().conversationId as number;
    await call('POST', `/messages/accept/${id}`, b);
    for (let i = 2; i <= 25; i++) {
      t.clock.advance(1000);
      await send(i % 2 ? a : b, i % 2 ? b : a, `m${i}`);
    }
    const latest = (await call('GET', `/messages/conversation/${b.id}`, a)).json().messages;
    expect(latest).toHaveLength(20);
    expect(latest[0].content).toBe('m6');
    expect(latest[19].content).toBe('m25');
    const older = (await call('GET', `/messages/conversation/${id}/load-more?offset=20`, a)).json();
    expect(older.map((m: { content: string }) => m.content)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
  });

  it('rejects bad input, writing to oneself and unknown members', async () => {
    const [a, b] = await pair();
    for (const content of ['', '   ', 'x'.repeat(1001), '<b>gras</b>', 'javascript:alert(1)']) {
      const res = await send(a, b, content);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(M.invalidContent);
    }
    expect((await send(a, b, 'x'.repeat(1000))).statusCode).toBe(200);
    expect((await send(a, a, 'moi')).statusCode).toBe(400);
    expect((await send(a, { id: 2_000_000_000 }, 'personne')).statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: '/api/messages/unread-count' });
    expect(anon.statusCode).toBe(401);
  });

  it('hides a conversation from members who are not part of it (404)', async () => {
    const [a, b] = await pair();
    const intruder = await createUser(t.db);
    const id = (await send(a, b, 'privé')).json().conversationId as number;
    for (const [method, url] of [
      ['GET', `/messages/conversation/${id}/load-more?offset=0`],
      ['PATCH', `/messages/conversation/${id}/mark-read`],
      ['PATCH', `/messages/conversation/${id}/block`],
      ['PATCH', `/messages/conversation/${id}/unblock`],
      ['POST', `/messages/accept/${id}`],
    ] as const) {
      expect((await call(method, url, intruder)).statusCode).toBe(404);
    }
    const row = await t.db.conversation.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ accepted: false, blockedByUserId: null });
  });

  it('lets members of a confirmed carpool skip the request step', async () => {
    const [driver, passenger] = await pair();
    const match = await createMatch(t.db, {
      kickoffAt: new Date('2030-01-01T20:00:00Z'),
      season: uniqueSeason(),
      matchday: 1,
    });
    await t.db.carpoolRelation.create({
      data: {
        matchId: match.id,
        user1Id: driver.id,
        user2Id: passenger.id,
        statusId: 3,
        driverId: driver.id,
        passengerId: passenger.id,
        departureDepartment: '06',
      },
    });
    expect((await send(passenger, driver, 'On part à 18 h ?')).statusCode).toBe(200);
    expect((await send(passenger, driver, 'Je prends le sandwich')).statusCode).toBe(200);
    expect((await send(driver, passenger, 'Parfait')).statusCode).toBe(200);
  });
});
