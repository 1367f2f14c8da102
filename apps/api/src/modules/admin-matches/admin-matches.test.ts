import type { AdminMatch, ImportResult } from '@munegu/shared';
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
  const { season } = uniqueRealSeason();
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
    const res = await createAs(moderator, matchBody(1, '2026-08-15T21:00'));
    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminMatch;
    // Summer time in Paris: UTC+2.
    expect(created).toMatchObject({
      date: '2026-08-15T19:00:00.000Z',
      kickoff: '2026-08-15T21:00',
    });
    const audit = await t.db.auditLog.findFirst({
      where: { action: 'match.create', targetId: String(created.id) },
    });
    expect(audit?.actorId).toBe(moderator.id);

    const winter = await createAs(admin, matchBody(2, '2026-12-05T21:00'));
    expect(winter.json()).toMatchObject({ date: '2026-12-05T20:00:00.000Z' });

    const duplicate = await createAs(moderator, matchBody(1, '2026-08-16T21:00'));
    expect(duplicate.statusCode).toBe(409);
    const bad = await createAs(moderator, { ...matchBody(3, '2026-02-30T21:00') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Date invalide/);
  });

  it('moves the prediction lock with a moved kickoff, and refuses to delete a predicted match', async () => {
    const m = await createMatch(t.db, {
      season,
      matchday: 10,
      kickoffAt: new Date('2026-09-20T19:00:00Z'),
      homeClubId: home,
      awayClubId: away,
    });
    t.clock.set('2026-09-20T19:30:00Z');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/matchs/${m.id}` })).json(),
    ).toMatchObject({ edit_pronostic: false });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/matchs/${m.id}`,
      headers: await auth(moderator),
      payload: matchBody(10, '2026-09-20T23:00'),
    });
    expect(moved.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/matchs/${m.id}` })).json(),
    ).toMatchObject({ edit_pronostic: true });

    await createPrediction(t.db, { userId: member.id, matchId: m.id, homeScore: 1, awayScore: 0 });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/matchs/${m.id}`,
      headers: await auth(moderator),
    });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      message: 'Ce match a déjà des pronostics : il ne peut pas être supprimé.',
    });
    const empty = await createMatch(t.db, {
      season,
      matchday: 11,
      kickoffAt: new Date('2026-09-27T19:00:00Z'),
    });
    const ok = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/matchs/${empty.id}`,
      headers: await auth(moderator),
    });
    expect(ok.statusCode).toBe(200);
    expect(await t.db.match.count({ where: { id: empty.id } })).toBe(0);
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
    const { season: s2 } = await unusedRealSeason(t.db);
    const homeName = (await t.db.club.findUniqueOrThrow({ where: { id: home } })).name;
    const csv = [
      'season;journee;kickoff;club_dom;club_ext;hashtag',
      `${s2};1;2026-08-15T21:00;${home};${away};#A`,
      `${s2};2;2026-08-22T21:00;${homeName};${away};`,
      `${s2};3;2026-13-01T21:00;${home};999999;`,
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
    expect(r1).toMatchObject({ applied: false, total: 3, valid: 2 });
    expect(r1.lines[2]).toMatchObject({ line: 3, ok: false });
    expect(r1.lines[2]!.errors.join(' ')).toMatch(/Date invalide/);
    expect(r1.lines[2]!.errors.join(' ')).toMatch(/club introuvable/);
    expect(await t.db.match.count({ where: { season: s2 } })).toBe(0);

    const good = csv.split('\r\n').slice(0, 3).join('\r\n');
    const preview = (await send(good, true)).json() as ImportResult;
    expect(preview).toMatchObject({ dryRun: true, applied: false, total: 2, valid: 2 });
    expect(preview.lines[1]!.value).toMatchObject({
      homeClubId: home,
      kickoffAt: '2026-08-22T19:00:00.000Z',
    });
    expect(await t.db.match.count({ where: { season: s2 } })).toBe(0);

    const applied = (await send(good, false)).json() as ImportResult;
    expect(applied).toMatchObject({ applied: true, valid: 2 });
    expect(await t.db.match.count({ where: { season: s2 } })).toBe(2);
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
