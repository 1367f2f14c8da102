import type { AuditPage, ModerationMember, SuspendedMember } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, signIn } from '../../../test/helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';
import { openTab } from '../../../test/helpers/sockets.js';
import { transactionRunner } from '../../db/tx.js';
import { moderationRepository } from './moderation.repository.js';
import { sanctionsService } from './sanctions.service.js';

let t: TestApp;
let w: ReturnType<typeof moderationWorld>;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  w = moderationWorld(t);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const REASON = 'Comportement agressif au stade.';

/** The sanctions service on the test app's database and clock, for the job's own entry point. */
const directSanctions = () =>
  sanctionsService({
    repo: moderationRepository(t.db),
    transaction: transactionRunner(t.db),
    clock: t.clock,
    accounts: t.app.accounts,
    mail: t.app.mail,
    // The scheduled lift ends suspensions only: no silence, so no tab to tell.
    live: { accountChanged: () => {} },
    ...t.config.site,
  });

describe('end of a suspension', () => {
  it('lifts every suspension whose end has passed, bans and later ends untouched', async () => {
    const sanctions = directSanctions();
    const moderator = await w.member('MODERATEUR');
    const [short, long, banned] = [await w.member(), await w.member(), await w.member()];
    t.clock.set('2031-02-01T12:00:00Z');
    for (const [who, body] of [
      [short, { reason: REASON, days: 1 }],
      [long, { reason: REASON, days: 3 }],
      [banned, { reason: REASON }],
    ] as const) {
      const action = 'days' in body ? 'suspend' : 'ban';
      expect((await w.call(moderator, 'POST', `/users/${who.id}/${action}`, body)).statusCode).toBe(
        200,
      );
    }
    const statusOf = async () =>
      (
        await t.db.user.findMany({
          where: { id: { in: [short.id, long.id, banned.id] } },
          orderBy: { id: 'asc' },
        })
      ).map((u) => u.status);

    t.clock.set('2031-02-02T11:59:59Z');
    await sanctions.liftExpired();
    expect(await statusOf()).toEqual(['SUSPENDED', 'SUSPENDED', 'SUSPENDED']);

    t.clock.set('2031-02-02T12:00:00Z');
    expect(await sanctions.liftExpired()).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toEqual(['ACTIVE', 'SUSPENDED', 'SUSPENDED']);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: short.id } })).toMatchObject({
      suspendedUntil: null,
    });
    expect((await w.auditOf('user', short.id)).at(-1)).toMatchObject({
      actorId: null,
      action: 'moderation.user.lift',
      targetLabel: short.username,
      data: { automatic: true, lifted: 'suspension', until: '2031-02-02T12:00:00.000Z' },
    });
    // A second run finds nothing more to do for that member.
    await sanctions.liftExpired();
    expect((await w.auditOf('user', short.id)).length).toBe(2);

    t.clock.set('2031-03-01T00:00:00Z');
    await sanctions.liftExpired();
    expect(await statusOf()).toEqual(['ACTIVE', 'ACTIVE', 'SUSPENDED']);
    t.clock.reset();
  });

  it('ends an administrator’s suspension on time; the member is then a moderator’s to sanction', async () => {
    const sanctions = directSanctions();
    const [admin, moderator, peer] = [
      await w.member('ADMIN'),
      await w.member('MODERATEUR'),
      await w.member('MODERATEUR'),
    ];
    const member = await w.member();
    t.clock.set('2031-04-01T12:00:00Z');
    await w.call(admin, 'POST', `/users/${member.id}/suspend`, { reason: REASON, days: 1 });
    expect((await w.call(moderator, 'POST', `/users/${member.id}/lift`, {})).statusCode).toBe(403);
    // The screens know it before the moderator tries: the list and the member's file say so.
    const row = (who: typeof admin) =>
      w
        .call(who, 'GET', '/users/suspended')
        .then((res) => (res.json() as SuspendedMember[]).find((m) => m.id === member.id));
    expect(await row(moderator)).toMatchObject({ canLift: false });
    expect(await row(admin)).toMatchObject({ canLift: true });
    const file = (who: typeof admin) =>
      w.call(who, 'GET', `/users/${member.id}`).then((res) => res.json() as ModerationMember);
    expect((await file(moderator)).member.heldAbove).toEqual({ suspension: true, silence: false });
    expect((await file(admin)).member.heldAbove).toEqual({ suspension: false, silence: false });
    t.clock.set('2031-04-02T12:00:00Z');
    await sanctions.liftExpired();
    const body = { reason: REASON, days: 3 };
    expect((await w.call(moderator, 'POST', `/users/${member.id}/suspend`, body)).statusCode).toBe(
      200,
    );
    expect((await w.call(peer, 'POST', `/users/${member.id}/lift`, {})).statusCode).toBe(200);
    t.clock.reset();
  });

  it('lists the suspended, banned and silenced members for moderators only', async () => {
    t.clock.set('2031-06-01T12:00:00Z');
    const moderator = await w.member('MODERATEUR');
    const [banned, silenced, over] = [await w.member(), await w.member(), await w.member()];
    await w.call(moderator, 'POST', `/users/${banned.id}/ban`, { reason: REASON });
    await w.call(moderator, 'POST', `/users/${silenced.id}/silence`, { reason: REASON, days: 2 });
    // A silence whose end has passed is over: not listed.
    await t.db.user.update({
      where: { id: over.id },
      data: { silencedUntil: new Date('2031-06-01T11:00:00Z'), silenceReason: REASON },
    });
    expect((await w.call(null, 'GET', '/users/suspended')).statusCode).toBe(401);
    expect((await w.call(await w.member(), 'GET', '/users/suspended')).statusCode).toBe(403);
    const listed = (await w.call(moderator, 'GET', '/users/suspended')).json() as SuspendedMember[];
    expect(listed).toContainEqual({
      id: banned.id,
      pseudo: banned.username,
      avatar: null,
      suspended: true,
      suspendedUntil: null,
      silencedUntil: null,
      canLift: true,
    });
    expect(listed).toContainEqual({
      id: silenced.id,
      pseudo: silenced.username,
      avatar: null,
      suspended: false,
      suspendedUntil: null,
      silencedUntil: '2031-06-03T12:00:00.000Z',
      canLift: true,
    });
    expect(listed.map((m) => m.id)).not.toContain(over.id);
    // Bans first, silences last.
    const ids = listed.map((m) => m.id);
    expect(ids.indexOf(banned.id)).toBeLessThan(ids.indexOf(silenced.id));
    t.clock.reset();
  });
});

describe('sockets', () => {
  it('cuts the suspended member’s socket at once', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await createMember(t.db);
    const socket = await openTab(t, url, [], { token: (await signIn(t, member.email)).token });
    const cut = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket toujours connecté')), 1000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
    const res = await w.call(moderator, 'POST', `/users/${member.id}/suspend`, {
      reason: REASON,
      days: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(await cut).toBe('io server disconnect');
    socket.disconnect();
  });
});

describe('GET /api/moderation/audit', () => {
  it('reads newest first, filtered by action prefix or target, for moderators only', async () => {
    const moderator = await w.member('MODERATEUR');
    const target = await w.member();
    await w.call(moderator, 'POST', `/users/${target.id}/suspend`, { reason: REASON, days: 2 });
    await w.call(moderator, 'POST', `/users/${target.id}/lift`, { reason: 'Erreur de ma part.' });

    expect((await w.call(null, 'GET', '/audit')).statusCode).toBe(401);
    for (const role of ['UTILISATEUR', 'REDACTEUR'] as const)
      expect((await w.call(await w.member(role), 'GET', '/audit')).statusCode).toBe(403);

    const res = await w.call(
      moderator,
      'GET',
      `/audit?targetType=user&targetId=${target.id}&action=moderation.user.`,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json() as AuditPage;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(page.items).toMatchObject([
      {
        action: 'moderation.user.lift',
        actor: { id: moderator.id, pseudo: moderator.username },
        targetType: 'user',
        targetId: String(target.id),
        data: { reason: 'Erreur de ma part.', lifted: 'suspension' },
      },
      { action: 'moderation.user.suspend', data: { reason: REASON, days: 2 } },
    ]);
    // The stored address is not handed out.
    expect(JSON.stringify(page)).not.toContain('127.0.0.1');
    const lifts = (await w.call(moderator, 'GET', '/audit?action=moderation.user.lift')).json();
    expect((lifts as AuditPage).items.every((i) => i.action === 'moderation.user.lift')).toBe(true);
    expect((await w.call(moderator, 'GET', '/audit?action=%3Cscript%3E')).statusCode).toBe(400);
  });

  it('has no route that edits or deletes it', async () => {
    const admin = await w.member('ADMIN');
    const id = (await t.db.auditLog.findFirstOrThrow()).id;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const path of ['/audit', `/audit/${id}`]) {
        const res = await w.call(admin, method, path, {});
        expect([404, 405], `${method} ${path}`).toContain(res.statusCode);
      }
    }
    expect(await t.db.auditLog.count({ where: { id } })).toBe(1);
  });
});
