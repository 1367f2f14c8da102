import { describe, expect, it } from 'vitest';
import { outboxFor } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

const t = useTestApp();
const w = moderationWorld(t);

const reportRow = (id: number) => t.db.report.findUniqueOrThrow({ where: { id } });
const userRow = (id: number) => t.db.user.findUniqueOrThrow({ where: { id } });
const REASON = 'Propos insultants répétés.';

describe('actions on a report', () => {
  it.each([
    ['dismiss', {}],
    ['warn', { reason: REASON }],
    ['suspend', { reason: REASON, days: 7 }],
    ['ban', { reason: REASON }],
  ])('%s: 401 anonymous, 403 members and editors, nothing changed', async (action, body) => {
    const reported = await w.member();
    const report = await w.report(reported.id);
    expect((await w.call(null, 'POST', `/reports/${report.id}/${action}`, body)).statusCode).toBe(
      401,
    );
    for (const role of ['UTILISATEUR', 'REDACTEUR'] as const) {
      const res = await w.call(
        await w.member(role),
        'POST',
        `/reports/${report.id}/${action}`,
        body,
      );
      expect(res.statusCode).toBe(403);
    }
    expect((await reportRow(report.id)).status).toBe('OPEN');
    expect((await userRow(reported.id)).status).toBe('ACTIVE');
    expect(await w.auditOf('user', reported.id)).toEqual([]);
  });

  it('dismiss: the report is DISMISSED by the moderator, with an audit row', async () => {
    t.clock.set('2031-05-04T10:00:00Z');
    const moderator = await w.member('MODERATEUR');
    const reported = await w.member();
    const report = await w.report(reported.id);
    const res = await w.call(moderator, 'POST', `/reports/${report.id}/dismiss`, {});
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Signalement classé.' }]);
    expect(await reportRow(report.id)).toMatchObject({
      status: 'DISMISSED',
      handledById: moderator.id,
      handledAt: new Date('2031-05-04T10:00:00Z'),
    });
    expect(await w.auditOf('report', report.id)).toMatchObject([
      {
        actorId: moderator.id,
        action: 'moderation.report.dismiss',
        data: { reportedUserId: reported.id },
        ip: '127.0.0.1',
      },
    ]);
    // Handled once: a second action is a conflict and changes nothing.
    const again = await w.call(moderator, 'POST', `/reports/${report.id}/warn`, { reason: REASON });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'Ce signalement a déjà été traité.',
    ]);
    expect((await w.call(moderator, 'POST', '/reports/99999999/dismiss', {})).statusCode).toBe(404);
    t.clock.reset();
  });

  it('warn: a French mail through the outbox with the reason, report REVIEWED, audited', async () => {
    const moderator = await w.member('MODERATEUR');
    const reported = await w.member();
    const report = await w.report(reported.id);
    const res = await w.call(moderator, 'POST', `/reports/${report.id}/warn`, {
      reason: '  Tu as insulté <un> membre.  ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La raison contient des caractères interdits.');
    const short = await w.call(moderator, 'POST', `/reports/${report.id}/warn`, { reason: ' ab ' });
    expect(short.json().message).toBe('La raison doit contenir entre 5 et 500 caractères.');
    const missing = await w.call(moderator, 'POST', `/reports/${report.id}/warn`, {});
    expect(missing.statusCode).toBe(400);

    const ok = await w.call(moderator, 'POST', `/reports/${report.id}/warn`, {
      reason: `  ${REASON}  `,
    });
    expect([ok.statusCode, ok.json()]).toEqual([
      200,
      { message: 'Avertissement envoyé au membre.' },
    ]);
    const [mail] = await outboxFor(t.db, reported.email);
    expect(mail).toMatchObject({ kind: 'moderation-warning' });
    expect(mail!.subject).toBe('Munegu : avertissement de la modération');
    expect(mail!.text).toContain(`Bonjour ${reported.username},`);
    expect(mail!.text).toContain(REASON);
    expect((await reportRow(report.id)).status).toBe('REVIEWED');
    expect((await userRow(reported.id)).status).toBe('ACTIVE');
    expect(await w.auditOf('user', reported.id)).toMatchObject([
      {
        actorId: moderator.id,
        action: 'moderation.user.warn',
        data: { reason: REASON, reportId: report.id },
      },
    ]);
  });

  it('suspend: SUSPENDED until now + days, report REVIEWED, audited; days 1 to 365', async () => {
    t.clock.set('2031-05-04T10:00:00Z');
    const moderator = await w.member('MODERATEUR');
    const reported = await w.member();
    const report = await w.report(reported.id);
    for (const days of [0, 366, 1.5, 'sept']) {
      const res = await w.call(moderator, 'POST', `/reports/${report.id}/suspend`, {
        reason: REASON,
        days,
      });
      expect([res.statusCode, res.json().message]).toEqual([
        400,
        'La durée doit être comprise entre 1 et 365 jours.',
      ]);
    }
    const res = await w.call(moderator, 'POST', `/reports/${report.id}/suspend`, {
      reason: REASON,
      days: 7,
    });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { message: 'Membre suspendu.', suspendedUntil: '2031-05-11T10:00:00.000Z' },
    ]);
    expect(await userRow(reported.id)).toMatchObject({
      status: 'SUSPENDED',
      suspendedUntil: new Date('2031-05-11T10:00:00Z'),
    });
    expect((await reportRow(report.id)).status).toBe('REVIEWED');
    expect(await w.auditOf('user', reported.id)).toMatchObject([
      {
        action: 'moderation.user.suspend',
        data: { reason: REASON, days: 7, until: '2031-05-11T10:00:00.000Z', reportId: report.id },
      },
    ]);
    t.clock.reset();
  });

  it('ban: SUSPENDED without an end, report REVIEWED, audited', async () => {
    const admin = await w.member('ADMIN');
    const reported = await w.member('MODERATEUR');
    const report = await w.report(reported.id);
    const res = await w.call(admin, 'POST', `/reports/${report.id}/ban`, { reason: REASON });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { message: 'Membre banni.', suspendedUntil: null },
    ]);
    expect(await userRow(reported.id)).toMatchObject({ status: 'SUSPENDED', suspendedUntil: null });
    expect(await w.auditOf('user', reported.id)).toMatchObject([
      { actorId: admin.id, action: 'moderation.user.ban', data: { reason: REASON } },
    ]);
  });

  it('never lightens the sanction in force from another report: lifting it is its own act', async () => {
    t.clock.set('2031-05-04T10:00:00Z');
    const moderator = await w.member('MODERATEUR');
    const reported = await w.member();
    const [first, second, third] = [
      await w.report(reported.id),
      await w.report(reported.id),
      await w.report(reported.id),
    ];
    await w.call(moderator, 'POST', `/reports/${first!.id}/suspend`, { reason: REASON, days: 7 });
    const mailsBefore = (await outboxFor(t.db, reported.email)).length;

    // A day's suspension from the second report would end the week's one six days early.
    const shorter = await w.call(moderator, 'POST', `/reports/${second!.id}/suspend`, {
      reason: REASON,
      days: 1,
    });
    expect([shorter.statusCode, shorter.json().message]).toEqual([
      409,
      'Ce membre est déjà suspendu jusqu’au 11 mai 2031 à 12:00, plus longtemps que cette suspension. Lève-la d’abord si tu veux la raccourcir.',
    ]);
    expect(await userRow(reported.id)).toMatchObject({
      status: 'SUSPENDED',
      suspendedUntil: new Date('2031-05-11T10:00:00Z'),
    });
    expect((await reportRow(second!.id)).status).toBe('OPEN');
    expect((await outboxFor(t.db, reported.email)).length).toBe(mailsBefore);

    // Longer, or a ban: heavier, so it replaces the week.
    const longer = await w.call(moderator, 'POST', `/reports/${second!.id}/suspend`, {
      reason: REASON,
      days: 30,
    });
    expect(longer.statusCode).toBe(200);
    await w.call(moderator, 'POST', `/reports/${third!.id}/ban`, { reason: REASON });
    expect(await userRow(reported.id)).toMatchObject({ status: 'SUSPENDED', suspendedUntil: null });

    // A ban never becomes a suspension by replacement, from a report or not.
    const fourth = await w.report(reported.id);
    for (const path of [`/reports/${fourth.id}/suspend`, `/users/${reported.id}/suspend`]) {
      const res = await w.call(moderator, 'POST', path, { reason: REASON, days: 365 });
      expect([res.statusCode, res.json().message]).toEqual([
        409,
        'Ce membre est déjà banni. Lève le bannissement d’abord si tu veux le remplacer par une suspension.',
      ]);
    }
    expect(await userRow(reported.id)).toMatchObject({ status: 'SUSPENDED', suspendedUntil: null });
    expect((await w.auditOf('user', reported.id)).map((a) => a.action)).toEqual([
      'moderation.user.suspend',
      'moderation.user.suspend',
      'moderation.user.ban',
    ]);

    // Lifted first (its own journal line), the member can then be suspended for a day.
    await w.call(moderator, 'POST', `/users/${reported.id}/lift`, { reason: 'Erreur.' });
    const after = await w.call(moderator, 'POST', `/reports/${fourth.id}/suspend`, {
      reason: REASON,
      days: 1,
    });
    expect(after.statusCode).toBe(200);
    t.clock.reset();
  });

  it('keeps reports about an admin or a moderator from moderators: 404 on every action', async () => {
    const moderator = await w.member('MODERATEUR');
    const admin = await w.member('ADMIN');
    const actions = [
      ['dismiss', {}],
      ['warn', { reason: REASON }],
      ['suspend', { reason: REASON, days: 3 }],
      ['ban', { reason: REASON }],
    ] as const;
    for (const role of ['ADMIN', 'MODERATEUR'] as const) {
      const reported = await w.member(role);
      // Far ahead, so it heads the queue's first page even on the embedded run's shared database.
      const report = await w.report(reported.id, { createdAt: new Date('2999-12-01T00:00:00Z') });
      for (const [action, body] of actions) {
        const res = await w.call(moderator, 'POST', `/reports/${report.id}/${action}`, body);
        expect([action, res.statusCode, res.json().message]).toEqual([
          action,
          404,
          'Signalement introuvable.',
        ]);
      }
      // Nothing changed: still open in an administrator's queue, the member still active.
      const queue = (await w.call(admin, 'GET', '/reports')).json() as {
        items: { id: number; status: string; reported: { status: string } }[];
      };
      expect(queue.items.find((r) => r.id === report.id)).toMatchObject({
        status: 'OPEN',
        reported: { status: 'ACTIVE' },
      });
      // An administrator handles it.
      const done = await w.call(admin, 'POST', `/reports/${report.id}/dismiss`, {});
      expect(done.statusCode).toBe(200);
    }
    // A report about the moderator is one about a moderator: not theirs to see either.
    const aboutMe = await w.report(moderator.id);
    expect((await w.call(moderator, 'POST', `/reports/${aboutMe.id}/dismiss`, {})).statusCode).toBe(
      404,
    );
    expect(await t.db.auditLog.count({ where: { actorId: moderator.id } })).toBe(0);
    // An administrator never handles a report about themselves.
    const aboutAdmin = await w.report(admin.id);
    const own = await w.call(admin, 'POST', `/reports/${aboutAdmin.id}/dismiss`, {});
    expect([own.statusCode, own.json().message]).toEqual([
      403,
      'Un autre modérateur doit traiter un signalement qui te concerne.',
    ]);
  });
});
