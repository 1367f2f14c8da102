import { CARPOOL_STATUS, type ModerationMember } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { createMatch, uniqueSeason } from '../../../test/helpers/factories.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

const t = useTestApp();
const w = moderationWorld(t);

type Who = Parameters<typeof w.call>[0];

const page = async (who: Who, id: number) => {
  const res = await w.call(who, 'GET', `/users/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ModerationMember;
};

describe('GET /api/moderation/users/:id (a member’s moderation page)', () => {
  it('is for moderators: 401 anonymous, 403 members and editors, 404 unknown', async () => {
    const member = await w.member();
    expect((await w.call(null, 'GET', `/users/${member.id}`)).statusCode).toBe(401);
    for (const role of ['UTILISATEUR', 'REDACTEUR'] as const)
      expect((await w.call(await w.member(role), 'GET', `/users/${member.id}`)).statusCode).toBe(
        403,
      );
    const missing = await w.call(await w.member('MODERATEUR'), 'GET', '/users/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Membre introuvable.');
  });

  it('shows past sanctions with who, why and when, newest first', async () => {
    const moderator = await w.member('MODERATEUR');
    const admin = await w.member('ADMIN');
    const member = await w.member();
    t.clock.set('2031-03-01T09:00:00Z');
    const suspended = await w.call(moderator, 'POST', `/users/${member.id}/suspend`, {
      reason: 'Insultes dans un covoiturage.',
      days: 7,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    t.clock.set('2031-03-02T09:00:00Z');
    expect(
      (await w.call(admin, 'POST', `/users/${member.id}/lift`, { reason: 'Excuses reçues.' }))
        .statusCode,
    ).toBe(200);

    const { sanctions, member: state } = await page(moderator, member.id);
    expect(state).toMatchObject({ status: 'ACTIVE', suspendedUntil: null, silencedUntil: null });
    expect(sanctions).toHaveLength(2);
    expect(sanctions[0]).toMatchObject({
      kind: 'lift',
      by: { id: admin.id, pseudo: admin.username, role: 'ADMIN' },
      reason: 'Excuses reçues.',
    });
    expect(sanctions[1]).toEqual({
      id: expect.any(Number),
      kind: 'suspend',
      at: expect.any(String),
      by: { id: moderator.id, pseudo: moderator.username, role: 'MODERATEUR' },
      reason: 'Insultes dans un covoiturage.',
      days: 7,
      until: '2031-03-08T09:00:00.000Z',
      lifted: null,
      reportId: null,
    });
    // When: the decision's own time (the rows are written by the database's clock).
    expect(new Date(sanctions[1]!.at).getTime()).toBeLessThanOrEqual(
      new Date(sanctions[0]!.at).getTime(),
    );
  });

  it('shows the sanction in force with its reason, and a report-based one names its report', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    const report = await w.report(member.id);
    const banned = await w.call(moderator, 'POST', `/reports/${report.id}/ban`, {
      reason: 'Menaces répétées.',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    const body = await page(moderator, member.id);
    expect(body.member).toMatchObject({
      status: 'SUSPENDED',
      suspendedUntil: null,
      suspensionReason: 'Menaces répétées.',
    });
    expect(body.sanctions[0]).toMatchObject({
      kind: 'ban',
      reason: 'Menaces répétées.',
      reportId: report.id,
      until: null,
    });
    expect(body.reportsAbout.map((r) => r.id)).toEqual([report.id]);
    expect(body.reportsAbout[0]!.status).toBe('REVIEWED');
    expect(body.openReports).toBe(0);
  });

  it('shows a silence only while it is in force, and its lifting in the history', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    t.clock.set('2031-04-01T12:00:00Z');
    const silenced = await w.call(moderator, 'POST', `/users/${member.id}/silence`, {
      reason: 'Spam de messages.',
      days: 2,
    });
    expect(silenced.statusCode, silenced.body).toBe(200);
    const body = await page(moderator, member.id);
    expect(body.member).toMatchObject({
      status: 'ACTIVE',
      silencedUntil: '2031-04-03T12:00:00.000Z',
      silenceReason: 'Spam de messages.',
    });
    expect(body.sanctions[0]).toMatchObject({
      kind: 'silence',
      by: { id: moderator.id },
      reason: 'Spam de messages.',
      days: 2,
      until: '2031-04-03T12:00:00.000Z',
    });
    // Nothing runs at the end date: past it, the page no longer calls them silenced.
    t.clock.set('2031-04-03T12:00:01Z');
    expect((await page(moderator, member.id)).member).toMatchObject({
      silencedUntil: null,
      silenceReason: null,
    });

    t.clock.set('2031-04-01T13:00:00Z');
    const lifted = await w.call(moderator, 'POST', `/users/${member.id}/lift`, {});
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await page(moderator, member.id)).sanctions[0]).toMatchObject({
      kind: 'lift',
      lifted: 'silence',
      by: { id: moderator.id },
    });
  });

  it('counts a warning without a report in the history', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    const warned = await w.call(moderator, 'POST', `/users/${member.id}/warn`, {
      reason: 'Ton agressif dans les messages.',
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect((await page(moderator, member.id)).sanctions).toEqual([
      expect.objectContaining({
        kind: 'warn',
        reason: 'Ton agressif dans les messages.',
        by: { id: moderator.id, pseudo: moderator.username, role: 'MODERATEUR' },
        reportId: null,
      }),
    ]);
  });

  it('lists the reports about them and by them, with the open count', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    const target = await w.member();
    const about1 = await w.report(member.id);
    const about2 = await w.report(member.id, { section: 'message' });
    const by = await w.report(target.id, { reporterId: member.id });
    const body = await page(moderator, member.id);
    expect(body.reportsVisible).toBe(true);
    expect(body.canSanction).toBe(true);
    expect(body.openReports).toBe(2);
    expect(body.reportsAboutTotal).toBe(2);
    expect(body.reportsAbout.map((r) => r.id).sort()).toEqual([about1.id, about2.id].sort());
    expect(body.reportsByTotal).toBe(1);
    expect(body.reportsBy[0]).toMatchObject({ id: by.id, reported: { id: target.id } });
  });

  it('keeps reports about staff for admins, and sanctions for higher ranks', async () => {
    const moderator = await w.member('MODERATEUR');
    const admin = await w.member('ADMIN');
    const peer = await w.member('MODERATEUR');
    await w.report(peer.id);

    const asModerator = await page(moderator, peer.id);
    expect(asModerator).toMatchObject({
      reportsVisible: false,
      canSanction: false,
      openReports: 0,
      reportsAbout: [],
    });
    const asAdmin = await page(admin, peer.id);
    expect(asAdmin).toMatchObject({ reportsVisible: true, canSanction: true, openReports: 1 });
    expect((await page(moderator, moderator.id)).canSanction).toBe(false);
  });

  it('shows a moderator a peer’s report-based sanction without naming the report', async () => {
    const moderator = await w.member('MODERATEUR');
    const admin = await w.member('ADMIN');
    const peer = await w.member('MODERATEUR');
    const report = await w.report(peer.id);
    const warned = await w.call(admin, 'POST', `/reports/${report.id}/warn`, {
      reason: 'Ton envers un membre.',
    });
    expect(warned.statusCode, warned.body).toBe(200);

    expect((await page(admin, peer.id)).sanctions[0]).toMatchObject({
      kind: 'warn',
      reportId: report.id,
    });
    // The report is the admins' (README): its id answers a moderator 404, so it is not named.
    expect((await page(moderator, peer.id)).sanctions[0]).toMatchObject({
      kind: 'warn',
      reason: 'Ton envers un membre.',
      reportId: null,
    });
  });

  it('shows their carpool reliability: ratings, confirmed carpools, cancellations', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    const others = [await w.member(), await w.member(), await w.member()];
    const match = await createMatch(t.db, {
      kickoffAt: new Date('2030-05-01T18:00:00Z'),
      season: uniqueSeason(),
      matchday: 1,
    });
    const relation = (passengerId: number, statusId: number) =>
      t.db.carpoolRelation.create({
        data: {
          matchId: match.id,
          user1Id: member.id,
          user2Id: passengerId,
          statusId,
          driverId: member.id,
          passengerId,
          departureDepartment: '06',
        },
      });
    const confirmed = await relation(others[0]!.id, CARPOOL_STATUS.CONFIRME);
    const cancelled = await relation(others[1]!.id, CARPOOL_STATUS.ANNULE);
    const late = await relation(others[2]!.id, CARPOOL_STATUS.ANNULE);
    const reason = await t.db.reason.findFirstOrThrow({ where: { kind: 'ANNULATION' } });
    await t.db.carpoolStatusChange.createMany({
      data: [
        {
          relationId: cancelled.id,
          fromStatusId: CARPOOL_STATUS.PROPOSE,
          toStatusId: CARPOOL_STATUS.ANNULE,
          byUserId: member.id,
          reasonId: reason.id,
        },
        {
          relationId: late.id,
          fromStatusId: CARPOOL_STATUS.CONFIRME,
          toStatusId: CARPOOL_STATUS.ANNULE,
          byUserId: member.id,
          reasonId: reason.id,
        },
      ],
    });
    await t.db.carpoolRating.createMany({
      data: [
        { relationId: confirmed.id, raterId: others[0]!.id, ratedId: member.id, stars: '4.5' },
      ],
    });
    await t.db.user.update({ where: { id: member.id }, data: { carpoolRating: '4.50' } });

    expect((await page(moderator, member.id)).carpool).toEqual({
      ratingAverage: 4.5,
      ratingCount: 1,
      confirmed: 1,
      cancelled: 2,
      cancelledAfterConfirmation: 1,
      excluded: 0,
    });
  });
});
