import { MATCH_TEXTS, type AdminMatch, type ImportResult } from '@munegu/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import {
  createClub,
  createMatch,
  createPrediction,
  createUser,
  uniqueRealSeason,
  unusedRealSeason,
} from '../../../test/helpers/factories.js';

type Member = Awaited<ReturnType<typeof createUser>>;

/** A multipart body with one file field, built by hand (no form-data dependency). */
function multipart(filename: string, type: string, content: Buffer | string) {
  const boundary = `----munegu${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('operators: matches, scores, league table, clubs and imports', () => {
  let t: TestApp;
  let moderator: Member;
  let admin: Member;
  let member: Member;
  let editor: Member;
  let home: number;
  let away: number;
  const { season, year } = uniqueRealSeason();
  const auth = (user: Member) => bearer(t.app, user, t.clock);
  /** POST /admin/matchs as `user` (a match's creation from the operators' form). */
  const createAs = async (user: Member, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/matchs', headers: await auth(user), payload });

  beforeAll(async () => {
    t = await createTestApp();
    [moderator, admin, member, editor] = await Promise.all([
      createUser(t.db, { role: 'MODERATEUR' }),
      createUser(t.db, { role: 'ADMIN' }),
      createUser(t.db),
      createUser(t.db, { role: 'REDACTEUR' }),
    ]);
    home = (await createClub(t.db)).id;
    away = (await createClub(t.db)).id;
  });
  afterAll(() => t.close());

  const matchBody = (journee: number, kickoff: string) => ({
    season,
    journee,
    kickoff,
    hashtag: '#ASMTEST',
    club_dom_id: home,
    club_ext_id: away,
  });

  it('gates every operator endpoint: 401 anonymous, 403 for members and editors', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/admin/matchs'],
      ['POST', '/api/admin/matchs'],
      ['PUT', '/api/admin/matchs/1'],
      ['DELETE', '/api/admin/matchs/1'],
      ['PUT', '/api/admin/matchs/1/score'],
      ['DELETE', '/api/admin/matchs/1/score'],
      ['PUT', '/api/admin/classement'],
      ['POST', '/api/admin/import/matchs'],
      ['POST', '/api/admin/import/classement'],
      ['GET', '/api/admin/clubs'],
      ['POST', '/api/admin/clubs'],
      ['PUT', '/api/admin/clubs/1'],
      ['POST', '/api/admin/clubs/1/logo'],
    ];
    for (const [method, url] of routes) {
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload: {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const user of [member, editor]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: await auth(user),
          payload: {},
        });
        expect(res.statusCode, `${method} ${url} as ${user.role}`).toBe(403);
      }
    }
  });

  it('creates a match from Paris local time, stores UTC, and logs the action', async () => {
    const res = await createAs(moderator, matchBody(1, `${year}-08-15T21:00`));
    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminMatch;
    // Summer time in Paris: UTC+2.
    expect(created).toMatchObject({
      date: `${year}-08-15T19:00:00.000Z`,
      kickoff: `${year}-08-15T21:00`,
    });
    const audit = await t.db.auditLog.findFirst({
      where: { action: 'match.create', targetId: String(created.id) },
    });
    expect(audit?.actorId).toBe(moderator.id);

    const winter = await createAs(admin, matchBody(2, `${year}-12-05T21:00`));
    expect(winter.json()).toMatchObject({ date: `${year}-12-05T20:00:00.000Z` });

    const duplicate = await createAs(moderator, matchBody(1, `${year}-08-16T21:00`));
    expect(duplicate.statusCode).toBe(409);
    const bad = await createAs(moderator, { ...matchBody(3, `${year + 1}-02-30T21:00`) });
    expect(bad.statusCode).toBe(400);
    // Well written: what is wrong is the date itself, not its format.
    expect(bad.json().message).toBe(MATCH_TEXTS.kickoffNotOnCalendar);

    // A year typed wrong would put the match years away: refused, under the kickoff.
    const typo = await createAs(moderator, matchBody(3, `${year - 6}-09-12T21:00`));
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors).toContainEqual({
      path: 'kickoff',
      message: MATCH_TEXTS.kickoffOutsideSeason(season),
    });
    expect(await t.db.match.count({ where: { season, matchday: 3 } })).toBe(0);
  });

  it('moves the prediction lock with a moved kickoff', async () => {
    const m = await createMatch(t.db, {
      season,
      matchday: 10,
      kickoffAt: new Date(`${year}-09-20T19:00:00Z`),
      homeClubId: home,
      awayClubId: away,
    });
    t.clock.set(`${year}-09-20T19:30:00Z`);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/matchs/${m.id}` })).json(),
    ).toMatchObject({ edit_pronostic: false });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/matchs/${m.id}`,
      headers: await auth(moderator),
      payload: matchBody(10, `${year}-09-20T23:00`),
    });
    expect(moved.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/matchs/${m.id}` })).json(),
    ).toMatchObject({ edit_pronostic: true });
  });

  it('says which club to choose when none was, and which one is unknown', async () => {
    const { club_dom_id: _, ...noHome } = matchBody(13, `${year}-10-10T21:00`);
    const missing = await createAs(moderator, noHome);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({
      path: 'club_dom_id',
      message: 'Choisis le club à domicile.',
    });
    const unknown = await createAs(moderator, {
      ...matchBody(13, `${year}-10-10T21:00`),
      club_ext_id: 999_999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Club introuvable.');
  });

  describe('deleting a match', () => {
    const del = async (id: number, query = '') =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/matchs/${id}${query}`,
        headers: await auth(moderator),
      });

    it('gives the predictions to be lost and deletes them only once confirmed', async () => {
      const m = await createMatch(t.db, {
        season,
        matchday: 30,
        kickoffAt: new Date(`${year}-03-01T19:00:00Z`),
        homeClubId: home,
        awayClubId: away,
      });
      const predictors = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
      for (const u of predictors)
        await createPrediction(t.db, { userId: u.id, matchId: m.id, homeScore: 1, awayScore: 0 });
      const listed = (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/matchs?season=${season}`,
          headers: await auth(moderator),
        })
      ).json() as AdminMatch[];
      expect(listed.find((x) => x.id === m.id)).toMatchObject({ nb_pronostics: 3 });

      // A first request, or one confirming another count, deletes nothing and gives the count.
      for (const query of ['', '?pronostics=0', '?pronostics=2']) {
        const refused = await del(m.id, query);
        expect(refused.statusCode, query).toBe(409);
        expect(refused.json()).toMatchObject({
          message: '3 pronostics seront perdus : confirme la suppression.',
        });
      }
      expect(await t.db.match.count({ where: { id: m.id } })).toBe(1);
      expect(await t.db.prediction.count({ where: { matchId: m.id } })).toBe(3);

      const confirmed = await del(m.id, '?pronostics=3');
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ message: 'Match supprimé. 3 pronostics effacés.' });
      expect(await t.db.match.count({ where: { id: m.id } })).toBe(0);
      expect(await t.db.prediction.count({ where: { matchId: m.id } })).toBe(0);
      const audit = await t.db.auditLog.findFirst({
        where: { action: 'match.delete', targetId: String(m.id) },
      });
      expect(audit).toMatchObject({ actorId: moderator.id, data: { pronostics: 3 } });
    });

    it('deletes a match without predictions at once', async () => {
      const empty = await createMatch(t.db, {
        season,
        matchday: 31,
        kickoffAt: new Date(`${year}-03-08T19:00:00Z`),
      });
      const ok = await del(empty.id);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Match supprimé.' });
      expect(await t.db.match.count({ where: { id: empty.id } })).toBe(0);
      expect((await del(empty.id)).statusCode).toBe(404);
    });

    it('takes a deleted scored match’s points out of the ranking', async () => {
      const { season: s, year: y } = await unusedRealSeason(t.db);
      const m = await createMatch(t.db, {
        season: s,
        matchday: 1,
        kickoffAt: new Date(`${y}-08-15T19:00:00Z`),
        homeClubId: home,
        awayClubId: away,
      });
      const fan = await createUser(t.db);
      await createPrediction(t.db, { userId: fan.id, matchId: m.id, homeScore: 2, awayScore: 1 });
      t.clock.set(`${y}-08-15T21:00:00Z`);
      const scored = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/matchs/${m.id}/score`,
        headers: await auth(moderator),
        payload: { buts_dom: 2, buts_ext: 1 },
      });
      expect(scored.statusCode).toBe(200);
      const points = () => t.db.user.findUniqueOrThrow({ where: { id: fan.id } });
      expect(await points()).toMatchObject({ predictionPoints: 5, predictionRank: 1 });
      expect((await del(m.id, '?pronostics=1')).statusCode).toBe(200);
      expect(await points()).toMatchObject({ predictionPoints: 0, predictionRank: null });
      expect(await t.db.rankingSnapshot.count({ where: { season: s } })).toBe(0);
    });

    it('refuses to delete a match members travel to', async () => {
      const m = await createMatch(t.db, {
        season,
        matchday: 32,
        kickoffAt: new Date(`${year}-03-15T19:00:00Z`),
      });
      await t.db.rideSearch.create({
        data: { userId: member.id, matchId: m.id, groupSize: 2, departureDepartment: '06' },
      });
      const refused = await del(m.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Des membres ont déclaré leur venue à ce match/);
      expect(await t.db.match.count({ where: { id: m.id } })).toBe(1);
    });
  });

  it('refuses a final score before kickoff and changes nothing', async () => {
    const m = await createMatch(t.db, {
      season,
      matchday: 20,
      // 21:00 in Paris (summer time).
      kickoffAt: new Date(`${year}-09-12T19:00:00Z`),
      homeClubId: home,
      awayClubId: away,
    });
    await createPrediction(t.db, { userId: member.id, matchId: m.id, homeScore: 1, awayScore: 1 });
    // Two weeks ahead.
    t.clock.set(`${year}-08-29T10:00:00Z`);
    const score = async () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/matchs/${m.id}/score`,
        headers: await auth(moderator),
        payload: { buts_dom: 2, buts_ext: 1 },
      });
    const refused = await score();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: `Le score ne peut être saisi qu’après le coup d’envoi (12/09/${year} à 21:00).`,
    });

    // Still upcoming, predictions still open: the member can change theirs.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/matchs/${m.id}` })).json(),
    ).toMatchObject({ is_finish: false, edit_pronostic: true });
    const stored = await t.db.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(stored).toMatchObject({ homeGoals: null, awayGoals: null, finishedAt: null });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user-pronostic-match',
      headers: await auth(member),
      payload: { userId: member.id, match_id: m.id, score_club_dom: 3, score_club_ext: 0 },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      await t.db.prediction.findFirst({ where: { matchId: m.id, userId: member.id } }),
    ).toMatchObject({ homeScore: 3, awayScore: 0, points: null });
    expect(
      await t.db.auditLog.count({ where: { action: 'match.score', targetId: String(m.id) } }),
    ).toBe(0);

    // From kickoff on, the score is taken.
    t.clock.set(`${year}-09-12T19:00:00Z`);
    const taken = await score();
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ is_finish: true, buts_dom: 2, buts_ext: 1 });
  });

  it('validates scores in French', async () => {
    const m = await createMatch(t.db, {
      season,
      matchday: 12,
      kickoffAt: new Date('2026-10-01T19:00:00Z'),
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/matchs/${m.id}/score`,
      headers: await auth(moderator),
      payload: { buts_dom: 51, buts_ext: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Le nombre de buts doit être un entier entre 0 et 50.',
    });
  });

  it('replaces the league table of a season', async () => {
    const put = (rows: object[]) =>
      auth(moderator).then((headers) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/classement',
          headers,
          payload: { season, rows },
        }),
      );
    const row = (position: number, club_id: number) => ({
      position,
      club_id,
      matchs_joues: 3,
      points: 9 - position,
      diff_buts: 2,
    });
    expect((await put([row(1, home), row(2, away)])).statusCode).toBe(200);
    expect((await put([row(1, away), row(2, home)])).statusCode).toBe(200);
    const rows = await t.db.leagueTableRow.findMany({
      where: { season },
      orderBy: { position: 'asc' },
    });
    expect(rows.map((r) => r.clubId)).toEqual([away, home]);
    expect((await put([row(1, home), row(1, away)])).statusCode).toBe(400);
  });

  it('imports matches from CSV only when every line is valid, with a dry-run preview', async () => {
    const { season: s2, year: y2 } = await unusedRealSeason(t.db);
    const homeName = (await t.db.club.findUniqueOrThrow({ where: { id: home } })).name;
    const awayName = (await t.db.club.findUniqueOrThrow({ where: { id: away } })).name;
    const csv = [
      'season;journee;kickoff;club_dom;club_ext;hashtag',
      `${s2};1;${y2}-08-15T21:00;${home};${away};#A`,
      `${s2};2;${y2}-08-22T21:00;${homeName};${away};`,
      `${s2};3;${y2}-13-01T21:00;${home};999999;`,
      `${s2};4;${y2 - 1}-08-22T21:00;${home};${away};`,
      `${s2};5;${y2 + 1}-02-31T21:00;${home};${away};`,
    ].join('\r\n');
    const send = async (body: string, dryRun: boolean) => {
      const mp = multipart('matchs.csv', 'text/csv', body);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/import/matchs?dryRun=${dryRun}`,
        headers: { ...(await auth(moderator)), ...mp.headers },
        payload: mp.payload,
      });
    };
    const refused = await send(csv, false);
    expect(refused.statusCode).toBe(200);
    const r1 = refused.json() as ImportResult;
    expect(r1).toMatchObject({ applied: false, total: 5, valid: 2 });
    expect(r1.lines[2]).toMatchObject({ line: 3, ok: false });
    expect(r1.lines[2]!.errors.join(' ')).toMatch(/Date invalide/);
    expect(r1.lines[2]!.errors.join(' ')).toMatch(/club introuvable/);
    // A year typed wrong: the line says which season the kickoff must fall in.
    expect(r1.lines[3]).toMatchObject({
      ok: false,
      errors: [MATCH_TEXTS.kickoffOutsideSeason(s2)],
    });
    // Well written, but no 31 February: the line says the date does not exist.
    expect(r1.lines[4]).toMatchObject({ ok: false, errors: [MATCH_TEXTS.kickoffNotOnCalendar] });
    // The preview of the same file says what to do; nothing was refused yet.
    const previewed = (await send(csv, true)).json() as ImportResult;
    expect(previewed.message).toBe(MATCH_TEXTS.importPreviewInvalid(3));
    // Every line, valid or not, under the same documented columns, as the file wrote them.
    expect(r1.lines[2]!.value).toEqual({
      season: s2,
      journee: '3',
      kickoff: `${y2}-13-01T21:00`,
      club_dom: homeName,
      club_ext: '999999',
      hashtag: '',
    });
    expect(await t.db.match.count({ where: { season: s2 } })).toBe(0);

    const good = csv.split('\r\n').slice(0, 3).join('\r\n');
    const preview = (await send(good, true)).json() as ImportResult;
    expect(preview).toMatchObject({ dryRun: true, applied: false, total: 2, valid: 2 });
    expect(preview.lines[1]!.value).toEqual({
      season: s2,
      journee: '2',
      kickoff: `${y2}-08-22T21:00`,
      club_dom: homeName,
      club_ext: awayName,
      hashtag: '',
    });
    expect(await t.db.match.count({ where: { season: s2 } })).toBe(0);

    const applied = (await send(good, false)).json() as ImportResult;
    expect(applied).toMatchObject({ applied: true, valid: 2 });
    expect(await t.db.match.count({ where: { season: s2 } })).toBe(2);
  });

  it('reads a CSV saved by French Excel (Windows-1252) and one with a UTF-8 BOM alike', async () => {
    const { season, year } = await unusedRealSeason(t.db);
    const accented = await createClub(t.db, { name: `Étoile Côte ${season}` });
    const awayName = (await t.db.club.findUniqueOrThrow({ where: { id: away } })).name;
    const csv = [
      'season;journee;kickoff;club_dom;club_ext;hashtag',
      `${season};1;${year}-08-15T21:00;${accented.name};${awayName};`,
    ].join('\r\n');
    const preview = async (bytes: Buffer) => {
      const mp = multipart('matchs.csv', 'text/csv', bytes);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/import/matchs?dryRun=true',
        headers: { ...(await auth(moderator)), ...mp.headers },
        payload: mp.payload,
      });
      return res.json() as ImportResult;
    };
    for (const bytes of [
      Buffer.from(csv, 'latin1'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
    ]) {
      const result = await preview(bytes);
      expect(result).toMatchObject({ total: 1, valid: 1 });
      expect(result.lines[0]!.value).toMatchObject({ club_dom: accented.name });
    }
  });

  it('imports a league table from a JSON body', async () => {
    const { season: s3 } = uniqueRealSeason();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/classement',
      headers: await auth(admin),
      payload: {
        rows: [
          { season: s3, position: 1, club: home, matchs_joues: 1, points: 3, diff_buts: 2 },
          {
            season: s3,
            position: 2,
            club: String(away),
            matchs_joues: '1',
            points: '0',
            diff_buts: '-2',
          },
        ],
      },
    });
    expect(res.json()).toMatchObject({ applied: true, valid: 2 });
    expect(await t.db.leagueTableRow.count({ where: { season: s3 } })).toBe(2);
  });

  it('creates and edits clubs, and stores a re-encoded crest (SVG refused)', async () => {
    const nom = `Club admin ${Math.random().toString(36).slice(2, 8)}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clubs',
      headers: await auth(moderator),
      payload: { nom, nomStade: 'Stade Test', ville: 'Nice', departement: '06' },
    });
    expect(created.statusCode).toBe(201);
    const club = created.json() as { id: number };
    const pub = await t.app.inject({ method: 'GET', url: `/api/club/${club.id}` });
    expect(pub.json()).toMatchObject({
      nom,
      nomStade: 'Stade Test',
      ville: 'Nice',
      departement_club: '06',
    });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/clubs/${club.id}`,
      headers: await auth(moderator),
      payload: { nom: `${nom} 2`, nomStade: 'Stade <b>', ville: 'Nice', departement: '06' },
    });
    expect(renamed.statusCode).toBe(400);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e2001a' } })
      .png()
      .toBuffer();
    const up = multipart('crest.png', 'image/png', png);
    const logo = await t.app.inject({
      method: 'POST',
      url: `/api/admin/clubs/${club.id}/logo`,
      headers: { ...(await auth(moderator)), ...up.headers },
      payload: up.payload,
    });
    expect(logo.statusCode).toBe(200);
    const url = (logo.json() as { logo: string }).logo;
    expect(url).toMatch(/^\/uploads\/clubs\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const svg = multipart(
      'crest.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/clubs/${club.id}/logo`,
      headers: { ...(await auth(moderator)), ...svg.headers },
      payload: svg.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({
      message: 'Format de fichier non autorisé. Formats acceptés : PNG, JPG, JPEG, WEBP.',
    });
  });
});
