import type { ModerationReport } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { createClub, createMatch, uniqueSeason } from '../../../test/helpers/factories.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

const t = useTestApp();
const w = moderationWorld(t);

const itemsOf = async (res: { json(): unknown }) =>
  (res.json() as { items: ModerationReport[] }).items;

describe('GET /api/moderation/reports', () => {
  it('is for moderators: 401 anonymous, 403 members and editors, 200 moderators and admins', async () => {
    expect((await w.call(null, 'GET', '/reports')).statusCode).toBe(401);
    for (const role of ['UTILISATEUR', 'REDACTEUR'] as const) {
      const res = await w.call(await w.member(role), 'GET', '/reports');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Vous n'êtes pas autorisé à effectuer cette action.");
    }
    for (const role of ['MODERATEUR', 'ADMIN'] as const)
      expect((await w.call(await w.member(role), 'GET', '/reports')).statusCode).toBe(200);
  });

  it('lists open reports newest first with who, whom, why and what', async () => {
    const moderator = await w.member('MODERATEUR');
    const reporter = await w.member();
    const reported = await w.member('UTILISATEUR', { status: 'SUSPENDED' });
    await t.db.user.update({
      where: { id: reported.id },
      data: { suspendedUntil: new Date('2031-01-01T00:00:00Z') },
    });

    // A carpool cancelled with a report: the match and the opponent come with it.
    const rival = await createClub(t.db, { name: `Rival ${reported.id}` });
    const kickoffAt = new Date('2031-03-01T20:00:00Z');
    const match = await createMatch(t.db, {
      kickoffAt,
      season: uniqueSeason(),
      matchday: 1,
      homeClubId: 1,
      awayClubId: rival.id,
    });
    const relation = await t.db.carpoolRelation.create({
      data: {
        matchId: match.id,
        user1Id: reporter.id,
        user2Id: reported.id,
        statusId: 1,
        driverId: reported.id,
        passengerId: reporter.id,
        departureDepartment: '06',
      },
    });
    const conversation = await t.db.conversation.create({
      data: {
        user1Id: reported.id,
        user2Id: reporter.id,
        pairKey: `${reported.id}:${reporter.id}`,
      },
    });
    const message = await t.db.message.create({
      data: {
        conversationId: conversation.id,
        senderId: reported.id,
        receiverId: reporter.id,
        content: '<b>insulte</b>',
      },
    });
    const base = { reporterId: reporter.id };
    const older = await w.report(reported.id, {
      ...base,
      section: 'covoiturage',
      contextType: 'carpool_relation',
      contextId: relation.id,
      // Far ahead: the embedded run shares one database with every other file's reports.
      createdAt: new Date('2999-01-01T00:00:00Z'),
    });
    const newer = await w.report(reported.id, {
      ...base,
      section: 'message',
      contextType: 'message',
      contextId: message.id,
      customReason: 'Il insulte tout le monde.',
      createdAt: new Date('2999-01-02T00:00:00Z'),
    });

    const res = await w.call(moderator, 'GET', '/reports');
    expect(res.statusCode).toBe(200);
    const items = (await itemsOf(res)).filter((r) => r.reported.id === reported.id);
    expect(items.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(items[0]).toMatchObject({
      status: 'OPEN',
      section: 'message',
      reason: newer.reason.label,
      customReason: 'Il insulte tout le monde.',
      reporter: { id: reporter.id, pseudo: reporter.username },
      reported: {
        id: reported.id,
        pseudo: reported.username,
        avatar: null,
        status: 'SUSPENDED',
        suspendedUntil: '2031-01-01T00:00:00.000Z',
      },
      context: { type: 'message', id: message.id, messageText: '<b>insulte</b>', match: null },
      handledBy: null,
    });
    expect(items[1]!.context).toEqual({
      type: 'carpool_relation',
      id: relation.id,
      match: { kickoffAt: kickoffAt.toISOString(), opponent: rival.name },
      messageText: null,
    });
  });

  it('filters by status and pages by 20', async () => {
    const moderator = await w.member('MODERATEUR');
    const reported = await w.member();
    const dismissed = await w.report(reported.id);
    await t.db.report.update({ where: { id: dismissed.id }, data: { status: 'DISMISSED' } });
    const open = await itemsOf(await w.call(moderator, 'GET', '/reports'));
    expect(open.map((r) => r.id)).not.toContain(dismissed.id);
    const res = await w.call(moderator, 'GET', '/reports?status=DISMISSED');
    expect((await itemsOf(res)).map((r) => r.id)).toContain(dismissed.id);
    expect(res.json()).toMatchObject({ page: 1, pageSize: 20 });
    expect((await w.call(moderator, 'GET', '/reports?status=AUTRE')).statusCode).toBe(400);
    expect((await w.call(moderator, 'GET', '/reports?page=0')).statusCode).toBe(400);
  });

  it('shows reports about an admin or a moderator to admins only, in the list and its total', async () => {
    const moderator = await w.member('MODERATEUR');
    const admin = await w.member('ADMIN');
    const pageOf = async (who: typeof admin) =>
      (await w.call(who, 'GET', '/reports')).json() as {
        items: ModerationReport[];
        total: number;
      };
    const [modBefore, adminBefore] = [await pageOf(moderator), await pageOf(admin)];
    const createdAt = new Date('2999-11-01T00:00:00Z');
    const aboutStaff = [
      await w.report((await w.member('ADMIN')).id, { createdAt }),
      await w.report((await w.member('MODERATEUR')).id, { createdAt }),
    ];
    const aboutEditor = await w.report((await w.member('REDACTEUR')).id, { createdAt });

    const mod = await pageOf(moderator);
    expect(mod.total).toBe(modBefore.total + 1);
    expect(mod.items.map((r) => r.id)).toContain(aboutEditor.id);
    for (const r of aboutStaff) expect(mod.items.map((i) => i.id)).not.toContain(r.id);

    const adm = await pageOf(admin);
    expect(adm.total).toBe(adminBefore.total + 3);
    expect(adm.items.filter((r) => r.createdAt === createdAt.toISOString())).toHaveLength(3);
    expect(
      adm.items.filter((r) => aboutStaff.some((s) => s.id === r.id)).map((r) => r.reported.role),
    ).toEqual(expect.arrayContaining(['ADMIN', 'MODERATEUR']));
  });
});
