import { journalText, matchLabel, type AuditEntry, type AuditPage } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import {
  createClub,
  createMatch,
  uniqueSeason,
  unusedRealSeason,
} from '../../../test/helpers/factories.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

/** The journal as staff read it: GET /moderation/audit, its names, changes and filters. */
let t: TestApp;
let w: ReturnType<typeof moderationWorld>;
beforeAll(async () => {
  t = await createTestApp();
  w = moderationWorld(t);
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<typeof w.member>>;
const REASON = 'Propos injurieux répétés.';

/** GET /moderation/audit?{query} as `who`: the page (after checking the 200). */
async function journal(who: Who, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const res = await w.call(who, 'GET', `/audit?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
}
const summary = (items: AuditEntry[]) => items.map((e) => [e.action, e.actor?.id, e.targetId]);

describe('a journal line', () => {
  it('names the member whose role changed and both roles', async () => {
    const admin = await w.member('ADMIN');
    const member = await w.member();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/administration/membres/${member.id}/role`,
      headers: await bearer(t.app, admin, t.clock),
      payload: { role: 'MODERATEUR' },
    });
    expect(res.statusCode).toBe(200);

    const page = await journal(await w.member('MODERATEUR'), { member: member.username });
    expect(page.items).toHaveLength(1);
    const [entry] = page.items;
    expect(entry).toMatchObject({
      action: 'user.role',
      actor: { id: admin.id, pseudo: admin.username, role: 'ADMIN', deleted: false },
      targetLabel: member.username,
      targetUser: { id: member.id, pseudo: member.username },
      change: { from: 'UTILISATEUR', to: 'MODERATEUR' },
    });
    expect(journalText(entry!)).toBe(
      `${admin.username} (Administrateur) a changé le rôle de ${member.username} : Membre → Modérateur`,
    );
  });

  it('keeps a score before and after, the kickoff moved and the match named', async () => {
    const admin = await w.member('ADMIN');
    const [home, away] = [await createClub(t.db), await createClub(t.db)];
    // A season no other match has (the embedded tier shares one database), and its year.
    const { season, year } = await unusedRealSeason(t.db);
    const kickoffAt = new Date(`${year}-09-12T18:45:00Z`);
    const match = await createMatch(t.db, {
      kickoffAt,
      season,
      matchday: 3,
      homeClubId: home.id,
      awayClubId: away.id,
    });
    // After its kickoff (a score is taken from then on), in its own season's year.
    t.clock.set(`${year}-09-14T12:00:00Z`);
    const headers = await bearer(t.app, admin, t.clock);
    const score = (method: 'PUT' | 'DELETE', payload?: object) =>
      t.app.inject({ method, url: `/api/admin/matchs/${match.id}/score`, headers, payload });
    expect((await score('PUT', { buts_dom: 2, buts_ext: 1 })).statusCode).toBe(200);
    expect((await score('PUT', { buts_dom: 3, buts_ext: 1 })).statusCode).toBe(200);
    expect((await score('DELETE')).statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/matchs/${match.id}`,
      headers,
      payload: {
        season: match.season,
        journee: 3,
        kickoff: `${year}-09-13T21:00`,
        hashtag: '#TEST',
        club_dom_id: home.id,
        club_ext_id: away.id,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.reset();

    const name = matchLabel(home.name, away.name, kickoffAt);
    expect(name).toBe(`${home.name} – ${away.name} (12/09/${year})`);
    const page = await journal(admin, { targetType: 'match', targetId: match.id });
    const who = `${admin.username} (Administrateur)`;
    expect(page.items.map(journalText)).toEqual([
      `${who} a modifié le match ${name} : coup d’envoi 12/09/${year} à 20:45 → 13/09/${year} à 21:00`,
      `${who} a effacé le score de ${name} : 3-1 → —`,
      `${who} a corrigé le score de ${name} : 2-1 → 3-1`,
      `${who} a saisi le score de ${name} : — → 2-1`,
    ]);
    expect(page.items.at(-1)).toMatchObject({
      targetLabel: name,
      change: { from: null, to: { buts_dom: 2, buts_ext: 1 } },
    });
  });

  it('names a suspended member, the end date and the reason; a deleted news by its title', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    t.clock.set('2031-12-13T09:00:00Z');
    await w.call(moderator, 'POST', `/users/${member.id}/suspend`, { reason: REASON, days: 7 });
    t.clock.reset();
    const category = await t.db.newsCategory.findFirstOrThrow();
    const news = await t.db.news.create({
      data: {
        title: 'Assemblée générale <du> club',
        content: 'Texte',
        image: '/x.png',
        categoryId: category.id,
        authorId: moderator.id,
      },
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/actualite/${news.id}`,
      headers: await bearer(t.app, moderator, t.clock),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const page = await journal(moderator, { actorId: moderator.id });
    expect(page.items.map(journalText)).toEqual([
      `${moderator.username} (Modérateur) a supprimé l’actualité « Assemblée générale <du> club »`,
      `${moderator.username} (Modérateur) a suspendu ${member.username} jusqu’au 20/12/2031 : ${REASON}`,
    ]);
    expect(page.items[0]).toMatchObject({ targetLabel: 'Assemblée générale <du> club' });
  });

  it('names the targets of rows written before names were stored, and hides deleted members', async () => {
    const moderator = await w.member('MODERATEUR');
    const [home, away] = [await createClub(t.db), await createClub(t.db)];
    const match = await createMatch(t.db, {
      kickoffAt: new Date('2030-05-01T17:00:00Z'),
      season: uniqueSeason(),
      matchday: 1,
      homeClubId: home.id,
      awayClubId: away.id,
    });
    const gone = await w.member('UTILISATEUR', { status: 'DELETED' });
    const actorId = (await w.member('ADMIN')).id;
    // Older rows: no target name, a score without the previous one.
    await t.db.auditLog.createMany({
      data: [
        {
          actorId,
          action: 'match.score',
          targetType: 'match',
          targetId: String(match.id),
          data: { buts_dom: 1, buts_ext: 0 },
        },
        {
          actorId,
          action: 'news.delete',
          targetType: 'news',
          targetId: '999999',
          data: { titre: 'Ancien' },
        },
        { actorId, action: 'club.update', targetType: 'club', targetId: '999999', data: {} },
        {
          actorId,
          action: 'moderation.user.ban',
          targetType: 'user',
          targetId: String(gone.id),
          data: { pseudo: 'AncienPseudo', reason: REASON },
        },
      ],
    });
    const items = (await journal(moderator, { actorId })).items;
    const [ban, club, news, score] = items;
    expect(score).toMatchObject({
      targetLabel: matchLabel(home.name, away.name, match.kickoffAt),
      change: { to: { buts_dom: 1, buts_ext: 0 } },
    });
    expect(score!.change).not.toHaveProperty('from');
    expect(news!.targetLabel).toBe('Ancien');
    expect(club!.targetLabel).toBe('club supprimé');
    expect(ban).toMatchObject({ targetLabel: 'membre supprimé', targetUser: null });
    expect(JSON.stringify(ban)).not.toContain('AncienPseudo');
  });
});

describe('the journal’s filters', () => {
  let a: Who, b: Who, x: Who, y: Who;
  beforeAll(async () => {
    [a, b, x, y] = [
      await w.member('MODERATEUR'),
      await w.member('MODERATEUR'),
      await w.member(),
      await w.member(),
    ];
    // Two moderators acting on two members, and a dismissed report about x.
    const steps: [Who, string, object][] = [
      [a, `/users/${x.id}/suspend`, { reason: REASON, days: 1 }],
      [b, `/users/${x.id}/lift`, {}],
      [b, `/users/${y.id}/suspend`, { reason: REASON, days: 1 }],
      [a, `/users/${y.id}/lift`, {}],
    ];
    for (const [who, url, body] of steps)
      expect((await w.call(who, 'POST', url, body)).statusCode).toBe(200);
    const report = await w.report(x.id);
    expect((await w.call(b, 'POST', `/reports/${report.id}/dismiss`, {})).statusCode).toBe(200);
  });

  it('keeps the rows of one actor, about one member, or both', async () => {
    const reader = await w.member('MODERATEUR');
    expect(summary((await journal(reader, { actorId: a.id })).items)).toEqual([
      ['moderation.user.lift', a.id, String(y.id)],
      ['moderation.user.suspend', a.id, String(x.id)],
    ]);
    const aboutX = (await journal(reader, { targetUserId: x.id })).items;
    expect(aboutX.map((e) => [e.action, e.actor?.id])).toEqual([
      ['moderation.report.dismiss', b.id],
      ['moderation.user.lift', b.id],
      ['moderation.user.suspend', a.id],
    ]);
    // The dismissed report names and links the member it was about.
    expect(aboutX[0]).toMatchObject({
      targetType: 'report',
      targetLabel: x.username,
      targetUser: { id: x.id, pseudo: x.username },
    });
    expect(summary((await journal(reader, { actorId: a.id, targetUserId: x.id })).items)).toEqual([
      ['moderation.user.suspend', a.id, String(x.id)],
    ]);
    // By pseudo, in any case, as the journal tab's fields send them.
    const byPseudo = await journal(reader, {
      actor: b.username.toUpperCase(),
      member: y.username,
    });
    expect(summary(byPseudo.items)).toEqual([['moderation.user.suspend', b.id, String(y.id)]]);
    expect(byPseudo.total).toBe(1);
    // Written '@pseudo', as members name each other: the same member.
    const withAt = await journal(reader, { actor: `@${b.username}`, member: `@${y.username}` });
    expect(summary(withAt.items)).toEqual(summary(byPseudo.items));
    // With an action: one name, or a prefix ending in '.'.
    const lifts = await journal(reader, { member: x.username, action: 'moderation.user.lift' });
    expect(lifts.items.map((e) => e.action)).toEqual(['moderation.user.lift']);
    const users = await journal(reader, { member: x.username, action: 'moderation.user.' });
    expect(users.total).toBe(2);
  });

  it('says which member field names nobody', async () => {
    const res = await w.call(a, 'GET', '/audit?member=Personne_zz9');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'member', message: 'Aucun membre ne porte le pseudo « Personne_zz9 ».' },
    ]);
    expect((await w.call(a, 'GET', '/audit?actor=%3Cb%3E')).statusCode).toBe(400);
    expect((await w.call(a, 'GET', '/audit?actor=%40%40double')).statusCode).toBe(400);
  });

  it('keeps whole Paris days, both ends included', async () => {
    const z = await w.member();
    const at = (iso: string, n: number) => ({
      action: 'moderation.user.warn',
      targetType: 'user',
      targetId: String(z.id),
      createdAt: new Date(iso),
      data: { reason: `n${n}` },
    });
    await t.db.auditLog.createMany({
      data: [
        at('2031-03-09T22:59:59Z', 1), // 23:59:59 on 9 March in Paris (UTC+1)
        at('2031-03-09T23:00:00Z', 2), // midnight, 10 March
        at('2031-03-11T21:59:59Z', 3), // 11 March, 22:59:59
        at('2031-03-11T23:00:00Z', 4), // midnight, 12 March
        at('2031-03-30T22:30:00Z', 5), // 31 March 00:30 in Paris, summer time (UTC+2)
      ],
    });
    const reasons = async (query: Record<string, string>) =>
      (await journal(a, { targetUserId: z.id, ...query })).items.map((e) => e.data?.['reason']);
    expect(await reasons({ from: '2031-03-10', to: '2031-03-11' })).toEqual(['n3', 'n2']);
    expect(await reasons({ from: '2031-03-10', to: '2031-03-10' })).toEqual(['n2']);
    expect(await reasons({ from: '2031-03-12' })).toEqual(['n5', 'n4']);
    expect(await reasons({ to: '2031-03-09' })).toEqual(['n1']);
    expect(await reasons({ from: '2031-03-31', to: '2031-03-31' })).toEqual(['n5']);

    const reversed = await w.call(a, 'GET', '/audit?from=2031-03-11&to=2031-03-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0]).toMatchObject({
      path: 'querystring.to',
      message: 'La date de fin doit suivre la date de début.',
    });
    for (const day of ['2031-02-30', '0000-01-01', '9999-12-31', '31/03/2031', 'x'])
      expect((await w.call(a, 'GET', `/audit?from=${day}`)).statusCode, day).toBe(400);
  });

  it('pages by 50, newest first, with the total of the filter', async () => {
    const z = await w.member();
    await t.db.auditLog.createMany({
      data: Array.from({ length: 53 }, (_, i) => ({
        action: 'moderation.user.warn',
        targetType: 'user',
        targetId: String(z.id),
        createdAt: new Date(Date.UTC(2031, 0, 1, 0, i)),
        data: { reason: `n${i}` },
      })),
    });
    const first = await journal(a, { targetUserId: z.id });
    expect(first).toMatchObject({ total: 53, page: 1, pageSize: 50 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.data).toEqual({ reason: 'n52' });
    const second = await journal(a, { targetUserId: z.id, page: 2 });
    expect(second).toMatchObject({ total: 53, page: 2 });
    expect(second.items.map((e) => e.data?.['reason'])).toEqual(['n2', 'n1', 'n0']);
    expect((await journal(a, { targetUserId: z.id, page: 3 })).items).toEqual([]);
  });
});

describe('reports about staff in the journal', () => {
  it('are for admins: a moderator reads neither their handling nor which report led to a sanction', async () => {
    const [moderator, admin, peer] = [
      await w.member('MODERATEUR'),
      await w.member('ADMIN'),
      await w.member('MODERATEUR'),
    ];
    const NOTE = 'Signalement de mauvaise foi, déjà vu avec lui.';
    const dismissed = await w.report(peer.id);
    const dismiss = await w.call(admin, 'POST', `/reports/${dismissed.id}/dismiss`, {
      reason: NOTE,
    });
    expect(dismiss.statusCode, dismiss.body).toBe(200);
    const warned = await w.report(peer.id);
    const warn = await w.call(admin, 'POST', `/reports/${warned.id}/warn`, { reason: REASON });
    expect(warn.statusCode, warn.body).toBe(200);

    const asAdmin = await journal(admin, { targetUserId: peer.id });
    expect(summary(asAdmin.items)).toEqual([
      ['moderation.user.warn', admin.id, String(peer.id)],
      ['moderation.report.dismiss', admin.id, String(dismissed.id)],
    ]);
    expect(asAdmin.items[0]!.data).toMatchObject({ reportId: warned.id });
    expect(asAdmin.items[1]!.data).toMatchObject({ reason: NOTE });

    // For a moderator these reports do not exist (README): no row about them, no id, no note;
    // the warning itself stays, as it does on the member's page.
    const asModerator = await journal(moderator, { targetUserId: peer.id });
    expect(summary(asModerator.items)).toEqual([
      ['moderation.user.warn', admin.id, String(peer.id)],
    ]);
    expect(asModerator.total).toBe(1);
    expect(asModerator.items[0]!.data).not.toHaveProperty('reportId');
    const reportRows = await journal(moderator, { action: 'moderation.report.' });
    expect(reportRows.items.map((e) => e.targetId)).not.toContain(String(dismissed.id));
    expect(JSON.stringify(reportRows)).not.toContain(NOTE);
  });
});
