import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createMatch, createUser, uniqueSeason } from '../helpers/factories.js';

/**
 * "Another member" for the routes outside authorization-matrix.test.ts: a signed-in member
 * acting on a resource of two OTHER members (their conversation, their notification, their
 * mini-league, their prediction) is refused with the exact status below and changes nothing,
 * while the owner's same request succeeds. Carpool relations are covered the same way in
 * src/modules/carpool/relations.test.ts ('another member cannot touch a relation…').
 */
let t: TestApp;
type Member = { id: number; headers: Record<string, string> };
let alice: Member;
let bob: Member;
let eve: Member;
let conversationId: number;

async function member(): Promise<Member> {
  const user = await createUser(t.db);
  return {
    id: user.id,
    headers: await bearer(t.app, { id: user.id, role: 'UTILISATEUR' }, t.clock),
  };
}

const as = (
  who: Member,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  [alice, bob, eve] = [await member(), await member(), await member()];
  const sent = await as(alice, 'POST', '/messages/send', {
    toUserId: bob.id,
    content: 'Bonjour Bob',
  });
  expect(sent.statusCode, sent.body).toBe(200);
  conversationId = sent.json().conversationId;
});
afterAll(() => t?.close());

describe('another member’s resources', () => {
  it('a conversation between two others: not readable, acceptable, markable or blockable', async () => {
    const before = await t.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    const refused = [
      await as(eve, 'GET', `/messages/conversation/${conversationId}/load-more`),
      await as(eve, 'POST', `/messages/accept/${conversationId}`),
      await as(eve, 'PATCH', `/messages/conversation/${conversationId}/mark-read`),
      await as(eve, 'PATCH', `/messages/conversation/${conversationId}/block`),
      await as(eve, 'PATCH', `/messages/conversation/${conversationId}/unblock`),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toMatch(/[a-zé]/);
      expect(res.body).not.toContain('Bonjour Bob');
    }
    expect(await t.db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).toEqual(
      before,
    );
    expect(await t.db.message.count({ where: { conversationId, readAt: { not: null } } })).toBe(0);
    // Eve's own view of her conversation with Alice shows none of Alice and Bob's messages.
    const own = await as(eve, 'GET', `/messages/conversation/${alice.id}`);
    expect(own.body).not.toContain('Bonjour Bob');
    // The participant's same request works.
    expect((await as(bob, 'POST', `/messages/accept/${conversationId}`)).statusCode).toBe(200);
  });

  it('a notification of another member: neither read nor deleted', async () => {
    const note = await t.db.notification.create({
      data: { recipientId: alice.id, senderId: bob.id, type: 'COVOIT' },
    });
    for (const url of ['/user-notification/read', '/user-notification/delete']) {
      const res = await as(eve, 'POST', url, { notifId: note.id });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
    const carpool = await as(eve, 'GET', `/notification-covoiturage/${note.id}`);
    expect(carpool.statusCode).toBe(404);
    const after = await t.db.notification.findUniqueOrThrow({ where: { id: note.id } });
    expect(after.readAt).toBeNull();
    expect(after.deletedAt).toBeNull();
    expect(
      (await as(alice, 'POST', '/user-notification/read', { notifId: note.id })).statusCode,
    ).toBe(200);
  });

  it('a mini-league one is not in: not readable, not leavable', async () => {
    const created = await as(alice, 'POST', '/mini-leagues', { name: 'Les Rouge et Blanc' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const read = await as(eve, 'GET', `/mini-leagues/${id}`);
    expect(read.statusCode, read.body).toBe(404);
    expect(read.body).not.toContain('Les Rouge et Blanc');
    expect((await as(eve, 'DELETE', `/mini-leagues/${id}/members/me`)).statusCode).toBe(404);
    expect((await as(alice, 'GET', `/mini-leagues/${id}`)).statusCode).toBe(200);
  });

  it('another member’s prediction before kickoff: 403', async () => {
    const match = await createMatch(t.db, {
      kickoffAt: new Date(Date.now() + 3 * 86_400_000),
      season: uniqueSeason(),
      journee: 1,
    });
    const res = await as(eve, 'GET', `/user-pronostic-match/${alice.id}/${match.id}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(
      (await as(alice, 'GET', `/user-pronostic-match/${alice.id}/${match.id}`)).statusCode,
    ).not.toBe(403);
  });
});
