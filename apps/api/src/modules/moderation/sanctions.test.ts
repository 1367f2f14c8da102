import type { AuditPage, SuspendedMember } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { createMember, login, refresh, signIn } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

const t = useTestApp();
const w = moderationWorld(t);

const userRow = (id: number) => t.db.user.findUniqueOrThrow({ where: { id } });
const REASON = 'Spam dans les messages privés.';
const me = (token: string) =>
  t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

describe('sanctions on a member without a report', () => {
  it.each([
    ['suspend', { reason: REASON, days: 2 }],
    ['ban', { reason: REASON }],
    ['lift', {}],
  ])('%s: 401 anonymous, 403 members and editors', async (action, body) => {
    const target = await w.member('UTILISATEUR', { status: 'SUSPENDED' });
    expect((await w.call(null, 'POST', `/users/${target.id}/${action}`, body)).statusCode).toBe(
      401,
    );
    for (const role of ['UTILISATEUR', 'REDACTEUR'] as const)
      expect(
        (await w.call(await w.member(role), 'POST', `/users/${target.id}/${action}`, body))
          .statusCode,
      ).toBe(403);
    expect(await w.auditOf('user', target.id)).toEqual([]);
  });

  it('signs the member out at once over HTTP, then refuses login and refresh with the reason', async () => {
    t.clock.set('2031-07-14T08:30:00Z');
    const moderator = await w.member('MODERATEUR');
    const member = await createMember(t.db);
    const { token, cookie } = await signIn(t, member.email);
    expect((await me(token)).statusCode).toBe(200);

    const res = await w.call(moderator, 'POST', `/users/${member.id}/suspend`, {
      reason: REASON,
      days: 3,
    });
    expect(res.json()).toEqual({
      message: 'Membre suspendu.',
      suspendedUntil: '2031-07-17T08:30:00.000Z',
    });
    expect((await me(token)).statusCode).toBe(401);
    const suspendedMessage =
      'Ton compte est suspendu jusqu’au 17 juillet 2031 à 10:30 : Spam dans les messages privés.';
    const refused = await refresh(t, cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([401, suspendedMessage]);
    const loginRes = await login(t, member.email);
    expect([loginRes.statusCode, loginRes.json().message]).toEqual([401, suspendedMessage]);

    // A suspension can become a ban.
    await w.call(moderator, 'POST', `/users/${member.id}/ban`, { reason: REASON });
    expect((await login(t, member.email)).json().message).toBe(
      'Ton compte est banni : Spam dans les messages privés.',
    );
    expect((await w.auditOf('user', member.id)).map((a) => a.action)).toEqual([
      'moderation.user.suspend',
      'moderation.user.ban',
    ]);
    t.clock.reset();
  });

  it('refuses a moderator on an admin, a moderator or themselves; an admin may on a moderator', async () => {
    const moderator = await w.member('MODERATEUR');
    for (const target of [await w.member('ADMIN'), await w.member('MODERATEUR'), moderator]) {
      const res = await w.call(moderator, 'POST', `/users/${target.id}/ban`, { reason: REASON });
      expect(res.statusCode).toBe(403);
      expect((await userRow(target.id)).status).toBe('ACTIVE');
    }
    const self = await w.call(moderator, 'POST', `/users/${moderator.id}/ban`, { reason: REASON });
    expect(self.json().message).toBe('Tu ne peux pas te sanctionner toi-même.');
    const admin = await w.member('ADMIN');
    expect(
      (await w.call(admin, 'POST', `/users/${moderator.id}/ban`, { reason: REASON })).statusCode,
    ).toBe(200);
    expect(
      (await w.call(admin, 'POST', '/users/99999999/ban', { reason: REASON })).statusCode,
    ).toBe(404);
    const deleted = await w.member('UTILISATEUR', { status: 'DELETED' });
    const gone = await w.call(admin, 'POST', `/users/${deleted.id}/ban`, { reason: REASON });
    expect(gone.statusCode).toBe(409);
  });

  it('hides the public profile and the messages of a banned member until lifted', async () => {
    const moderator = await w.member('MODERATEUR');
    const banned = await w.member();
    const other = await w.member();
    const conversation = await t.db.conversation.create({
      data: { user1Id: banned.id, user2Id: other.id, pairKey: `${banned.id}:${other.id}` },
    });
    await t.db.message.create({
      data: {
        conversationId: conversation.id,
        senderId: banned.id,
        receiverId: other.id,
        content: 'Salut',
      },
    });
    const get = async (url: string) =>
      t.app.inject({ url: `/api${url}`, headers: await bearer(t.app, other, t.clock) });
    expect((await get(`/users/by-username/${banned.username}`)).statusCode).toBe(200);
    expect((await get('/messages/conversations')).json()).toHaveLength(1);
    expect((await get('/messages/unread-count')).json()).toEqual({ count: 1 });

    await w.call(moderator, 'POST', `/users/${banned.id}/ban`, { reason: REASON });
    expect((await get(`/users/by-username/${banned.username}`)).statusCode).toBe(404);
    expect((await get('/messages/conversations')).json()).toEqual([]);
    expect((await get(`/messages/conversation/${banned.id}`)).statusCode).toBe(404);
    expect(
      (await get(`/messages/conversation/${conversation.id}/load-more?offset=0`)).statusCode,
    ).toBe(404);
    expect((await get('/messages/unread-count')).json()).toEqual({ count: 0 });

    const lift = await w.call(moderator, 'POST', `/users/${banned.id}/lift`, {});
    expect([lift.statusCode, lift.json()]).toEqual([200, { message: 'Bannissement levé.' }]);
    expect(await userRow(banned.id)).toMatchObject({ status: 'ACTIVE', suspendedUntil: null });
    expect((await get(`/users/by-username/${banned.username}`)).statusCode).toBe(200);
    expect((await get('/messages/conversations')).json()).toHaveLength(1);
    const again = await w.call(moderator, 'POST', `/users/${banned.id}/lift`, {});
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'Ce membre n’a aucune sanction en cours.',
    ]);
    expect(await w.auditOf('user', banned.id)).toMatchObject([
      { action: 'moderation.user.ban', actorId: moderator.id },
      { action: 'moderation.user.lift', actorId: moderator.id },
    ]);
  });

  it('lets only someone of at least the imposer’s rank lift or change a sanction', async () => {
    const admin = await w.member('ADMIN');
    const moderator = await w.member('MODERATEUR');
    const member = await createMember(t.db);
    const HIGHER =
      'Cette sanction a été prononcée par un membre de rang supérieur au tien : tu ne peux ni la lever ni la modifier.';
    const suspendedEntry = async () =>
      ((await w.call(moderator, 'GET', '/users/suspended')).json() as SuspendedMember[]).find(
        (u) => u.id === member.id,
      );
    const journal = async () =>
      (
        (
          await w.call(admin, 'GET', `/audit?targetType=user&targetId=${member.id}`)
        ).json() as AuditPage
      ).items.map((i) => [i.action, i.actor?.id]);

    expect(
      (await w.call(admin, 'POST', `/users/${member.id}/ban`, { reason: REASON })).statusCode,
    ).toBe(200);
    // A moderator neither lifts an administrator's ban nor turns it into a short suspension.
    for (const [action, body] of [
      ['lift', { reason: 'Je lève ce bannissement.' }],
      ['suspend', { reason: REASON, days: 1 }],
    ] as const) {
      const res = await w.call(moderator, 'POST', `/users/${member.id}/${action}`, body);
      expect([res.statusCode, res.json().message]).toEqual([403, HIGHER]);
    }
    expect(await suspendedEntry()).toMatchObject({ suspendedUntil: null });
    expect((await login(t, member.email)).json().message).toBe(
      'Ton compte est banni : Spam dans les messages privés.',
    );
    expect(await journal()).toEqual([['moderation.user.ban', admin.id]]);

    // Another administrator may; the sanction is then nobody's, and a moderator's own is theirs.
    const other = await w.member('ADMIN');
    expect((await w.call(other, 'POST', `/users/${member.id}/lift`, {})).statusCode).toBe(200);
    expect(await suspendedEntry()).toBeUndefined();
    const body = { reason: REASON, days: 2 };
    expect((await w.call(moderator, 'POST', `/users/${member.id}/suspend`, body)).statusCode).toBe(
      200,
    );
    const peer = await w.member('MODERATEUR');
    expect((await w.call(peer, 'POST', `/users/${member.id}/lift`, {})).statusCode).toBe(200);
    // An administrator may always take over a moderator's sanction.
    await w.call(moderator, 'POST', `/users/${member.id}/suspend`, body);
    expect(
      (await w.call(admin, 'POST', `/users/${member.id}/ban`, { reason: REASON })).statusCode,
    ).toBe(200);
    expect((await w.call(moderator, 'POST', `/users/${member.id}/lift`, {})).statusCode).toBe(403);
    expect((await journal()).slice(0, 4)).toEqual([
      ['moderation.user.ban', admin.id],
      ['moderation.user.suspend', moderator.id],
      ['moderation.user.lift', peer.id],
      ['moderation.user.suspend', moderator.id],
    ]);
  });
});
