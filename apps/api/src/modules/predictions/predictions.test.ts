import type {
  JourneeRanking,
  LeaderboardResponse,
  MesPronosResponse,
  PastMatch,
} from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import {
  createMatch,
  createPrediction,
  createUser,
  uniqueRealSeason,
} from '../../../test/helpers/factories.js';
import { predictionsRepository } from './predictions.repository.js';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('prediction game', () => {
  let t: TestApp;
  let moderator: Member;
  const { season, year } = uniqueRealSeason();
  const at = (month: number, day: number, hour = 20) =>
    new Date(Date.UTC(year, month - 1, day, hour, 0, 0));
  const auth = (user: { id: number; role: Member['role'] }) => bearer(t.app, user, t.clock);

  async function score(matchId: number, dom: number, ext: number) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/matchs/${matchId}/score`,
      headers: await auth(moderator),
      payload: { buts_dom: dom, buts_ext: ext },
    });
    expect(res.statusCode).toBe(200);
    return res;
  }
  /** Cached totals and ranks, in the order of `ids`. */
  async function users(ids: number[]) {
    const rows = await t.db.user.findMany({
      where: { id: { in: ids } },
      select: { id: true, predictionPoints: true, predictionRank: true },
    });
    return ids.map((id) => rows.find((r) => r.id === id));
  }

  beforeAll(async () => {
    t = await createTestApp();
    moderator = await createUser(t.db, { role: 'MODERATEUR' });
  });
  afterAll(() => t.close());

  describe('saving a prediction', () => {
    let member: Member;
    let matchId: number;
    beforeAll(async () => {
      member = await createUser(t.db);
      matchId = (await createMatch(t.db, { season, matchday: 1, kickoffAt: at(1, 10) })).id;
    });
    const save = async (payload: object, user: Member | null = member) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-pronostic-match',
        headers: user ? await auth(user) : {},
        payload,
      });
    /** The member's own prediction of the match, as the web app sends it. */
    const saveMine = (home: number, away: number) =>
      save({ userId: member.id, score_club_dom: home, score_club_ext: away, match_id: matchId });

    it('accepts it before kickoff, replaces it, and reads it back', async () => {
      t.clock.set(at(1, 10, 19));
      const first = await saveMine(2, 1);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: 'Pronostic enregistré avec succès !' });
      await saveMine(3, 0);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/user-pronostic-match/${member.id}/${matchId}`,
        headers: await auth(member),
      });
      expect(read.json()).toEqual({ score_club_dom: 3, score_club_ext: 0 });
      expect(await t.db.prediction.count({ where: { userId: member.id, matchId } })).toBe(1);
    });

    it('refuses it from kickoff on, whatever the client sends', async () => {
      t.clock.set(at(1, 10, 20));
      const res = await saveMine(1, 1);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Match indisponible, réessayer plus tard' });
      const stored = await t.db.prediction.findFirstOrThrow({
        where: { userId: member.id, matchId },
      });
      expect([stored.homeScore, stored.awayScore]).toEqual([3, 0]);
    });

    it('stores nothing when kickoff passes between the check and the write', async () => {
      // The service found the match open; the write itself checks again with the clock's
      // `now`, here already past kickoff (or on a match scored in between).
      const repo = predictionsRepository(t.db);
      const late = await createUser(t.db);
      const kickoff = at(1, 10, 20);
      expect(await repo.upsert(late.id, matchId, 4, 4, kickoff)).toBe(false);
      expect(await t.db.prediction.count({ where: { userId: late.id, matchId } })).toBe(0);
      expect(await repo.upsert(member.id, matchId, 4, 4, at(1, 10, 21))).toBe(false);
      const kept = await t.db.prediction.findFirstOrThrow({
        where: { userId: member.id, matchId },
      });
      expect([kept.homeScore, kept.awayScore]).toEqual([3, 0]);
      // In a season of its own: a finished match would count in this file's rankings.
      const scored = await createMatch(t.db, {
        season: uniqueRealSeason().season,
        matchday: 1,
        kickoffAt: at(1, 12),
        finishedAt: at(1, 9),
      });
      expect(await repo.upsert(late.id, scored.id, 1, 0, at(1, 11))).toBe(false);
      expect(await t.db.prediction.count({ where: { userId: late.id } })).toBe(0);
      // Before kickoff it writes, and replaces.
      expect(await repo.upsert(late.id, matchId, 2, 2, at(1, 10, 19))).toBe(true);
      expect(await repo.upsert(late.id, matchId, 1, 2, at(1, 10, 19))).toBe(true);
      const saved = await t.db.prediction.findFirstOrThrow({ where: { userId: late.id, matchId } });
      expect([saved.homeScore, saved.awayScore]).toEqual([1, 2]);
    });

    it('applies to the ordre-1 match when match_id is absent', async () => {
      t.clock.set(at(1, 1));
      const prochain = await t.app.inject({ method: 'GET', url: '/api/matchs/prochain' });
      const first = prochain.json() as { id: number; edit_pronostic: boolean };
      const res = await save({ userId: member.id, score_club_dom: 0, score_club_ext: 4 });
      // Another file's stale unfinished match may be ordre 1 on a shared database: the rule
      // is the same either way — open before its kickoff, refused after.
      if (first.edit_pronostic) {
        expect(res.statusCode).toBe(200);
        const stored = await t.db.prediction.findFirstOrThrow({
          where: { userId: member.id, matchId: first.id },
        });
        expect([stored.homeScore, stored.awayScore]).toEqual([0, 4]);
        await t.db.prediction.delete({ where: { id: stored.id } });
      } else {
        expect(res.statusCode).toBe(400);
      }
    });

    it('answers 403 when userId is not the caller, 401 when signed out', async () => {
      t.clock.set(at(1, 1));
      const other = await createUser(t.db);
      const forged = await save({
        userId: other.id,
        score_club_dom: 1,
        score_club_ext: 0,
        match_id: matchId,
      });
      expect(forged.statusCode).toBe(403);
      expect(await t.db.prediction.count({ where: { userId: other.id } })).toBe(0);
      const anonymous = await save(
        { userId: member.id, score_club_dom: 1, score_club_ext: 0 },
        null,
      );
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: 'Tu dois être connecté(e).' });
    });

    it('refuses scores that are not whole numbers from 0 to 50, in French', async () => {
      t.clock.set(at(1, 1));
      for (const bad of [51, -1, 1.5, '2', null]) {
        const res = await save({
          userId: member.id,
          score_club_dom: bad,
          score_club_ext: 0,
          match_id: matchId,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: 'Le score doit être un nombre entier entre 0 et 50.',
        });
      }
    });

    it("keeps each member's prediction private (403) and answers 404 when there is none", async () => {
      const other = await createUser(t.db);
      const spy = await t.app.inject({
        method: 'GET',
        url: `/api/user-pronostic-match/${member.id}/${matchId}`,
        headers: await auth(other),
      });
      expect(spy.statusCode).toBe(403);
      const none = await t.app.inject({
        method: 'GET',
        url: `/api/user-pronostic-match/${other.id}/${matchId}`,
        headers: await auth(other),
      });
      // No prediction yet is an empty answer, not an error.
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();
    });
  });

  describe('scoring, totals and ranks', () => {
    // Rounds 2 and 3 of the season; four members a, b, c, d and one who never predicts.
    let m2: number;
    let m3: number;
    let a: Member, b: Member, c: Member, d: Member, idle: Member;

    beforeAll(async () => {
      m2 = (await createMatch(t.db, { season, matchday: 2, kickoffAt: at(2, 1) })).id;
      m3 = (await createMatch(t.db, { season, matchday: 3, kickoffAt: at(2, 8) })).id;
      a = await createUser(t.db);
      b = await createUser(t.db);
      c = await createUser(t.db);
      d = await createUser(t.db);
      idle = await createUser(t.db);
      const p = (u: Member, m: number, dom: number, ext: number) =>
        createPrediction(t.db, { userId: u.id, matchId: m, homeScore: dom, awayScore: ext });
      // Real score of round 2 will be 2-1 (then corrected to 1-1).
      await p(a, m2, 2, 1); // 5
      await p(b, m2, 3, 2); // 3
      await p(c, m2, 3, 2); // 3
      await p(d, m2, 1, 0); // 3
      // Round 3 real score 0-2.
      await p(a, m3, 2, 0); // 0
      await p(b, m3, 0, 1); // 1
      await p(c, m3, 1, 3); // 3
      await p(d, m3, 0, 3); // 1
      t.clock.set(at(2, 1, 23));
    });

    it('gives points, match statistics, season totals and shared ranks (1, 2, 2, 4)', async () => {
      await score(m2, 2, 1);
      const preds = await t.db.prediction.findMany({ where: { matchId: m2 } });
      const pointsOf = (u: Member) => preds.find((x) => x.userId === u.id)?.points;
      expect([a, b, c, d].map(pointsOf)).toEqual([5, 3, 3, 3]);
      expect(await users([a.id, b.id, c.id, d.id, idle.id])).toEqual([
        { id: a.id, predictionPoints: 5, predictionRank: 1 },
        { id: b.id, predictionPoints: 3, predictionRank: 2 },
        { id: c.id, predictionPoints: 3, predictionRank: 2 },
        { id: d.id, predictionPoints: 3, predictionRank: 2 },
        { id: idle.id, predictionPoints: 0, predictionRank: null },
      ]);
      t.clock.set(at(2, 8, 23));
      await score(m3, 0, 2);
      expect(await users([a.id, b.id, c.id, d.id])).toEqual([
        { id: a.id, predictionPoints: 5, predictionRank: 2 },
        { id: b.id, predictionPoints: 4, predictionRank: 3 },
        { id: c.id, predictionPoints: 6, predictionRank: 1 },
        { id: d.id, predictionPoints: 4, predictionRank: 3 },
      ]);
      const res = await t.app.inject({ method: 'GET', url: '/api/matchs/anciens' });
      const past = res.json() as PastMatch[];
      expect(past.map((m) => m.id).slice(0, 2)).toEqual([m3, m2]);
      expect(past[1]).toMatchObject({
        journee: 2,
        buts_dom: 2,
        buts_ext: 1,
        prono_scores_exacts: 1,
        prono_bons_resultats_diff: 3,
        prono_bons_resultats: 0,
        prono_mauvais_resultats: 0,
      });
    });

    it('serves the leaderboard by rank then pseudo, with search and the caller row', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/classement-pronos?limit=10',
        headers: await auth(b),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as LeaderboardResponse;
      expect(body.total).toBe(4);
      expect(body.rows.map((r) => r.classement_prono)).toEqual([1, 2, 3, 3]);
      expect(body.rows[0]).toMatchObject({ id: c.id, username: c.username, pts_prono: 6 });
      const tied = body.rows.slice(2).map((r) => r.username);
      expect(tied).toEqual(
        [...tied].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())),
      );
      expect(body.me).toMatchObject({ id: b.id, classement_prono: 3, pts_prono: 4 });
      const search = await t.app.inject({
        method: 'GET',
        url: `/api/users/classement-pronos?q=${encodeURIComponent(d.username.toUpperCase())}`,
      });
      const found = search.json() as LeaderboardResponse;
      expect(found.rows.map((r) => r.id)).toEqual([d.id]);
      expect(found).toMatchObject({ total: 4, matching: 1, me: null });
    });

    it('recomputes a corrected score exactly once, as if it had been entered first', async () => {
      await score(m2, 1, 1); // corrected: everyone 0 on round 2, so totals = round 3 only
      await score(m2, 1, 1); // entering the same correction again changes nothing
      const after = await users([a.id, b.id, c.id, d.id]);
      expect(after).toEqual([
        { id: a.id, predictionPoints: 0, predictionRank: 4 },
        { id: b.id, predictionPoints: 1, predictionRank: 2 },
        { id: c.id, predictionPoints: 3, predictionRank: 1 },
        { id: d.id, predictionPoints: 1, predictionRank: 2 },
      ]);
      const m = await t.db.match.findUniqueOrThrow({ where: { id: m2 } });
      expect([m.statsExact, m.statsResultDiff, m.statsResult, m.statsWrong]).toEqual([0, 0, 0, 4]);
    });

    it('ranks each round with the movement since the previous one', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/classement-pronos/journee/3?season=${season}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as JourneeRanking;
      expect(body).toMatchObject({ season, journee: 3, previous_journee: 2, total: 4 });
      const byId = new Map(body.rows.map((r) => [r.id, r]));
      // After round 2 (corrected 1-1) everyone had 0: rank 1 for all four.
      expect(byId.get(c.id)).toMatchObject({ classement_prono: 1, pts_prono: 3, evolution: 0 });
      expect(byId.get(b.id)).toMatchObject({ classement_prono: 2, evolution: -1 });
      expect(byId.get(d.id)).toMatchObject({ classement_prono: 2, evolution: -1 });
      expect(byId.get(a.id)).toMatchObject({ classement_prono: 4, pts_prono: 0, evolution: -3 });
      const first = (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/classement-pronos/journee/2?season=${season}`,
        })
      ).json() as JourneeRanking;
      expect(first.previous_journee).toBeNull();
      expect(first.rows.every((r) => r.evolution === null && r.classement_prono === 1)).toBe(true);
    });

    it("lists a member's scored predictions publicly by pseudo or id", async () => {
      const byPseudo = await t.app.inject({
        method: 'POST',
        url: '/api/user-pronostic-match/mes-pronos',
        payload: { publicId: c.username.toUpperCase() },
      });
      expect(byPseudo.statusCode).toBe(200);
      const body = byPseudo.json() as MesPronosResponse;
      expect(body).toMatchObject({ pts_prono: 3, classement_prono: 1, totalUsers: 4 });
      expect(body.pronos.map((p) => [p.match_id, p.pronostic.points])).toEqual([
        [m3, 3],
        [m2, 0],
      ]);
      expect(body.pronos[0]).toMatchObject({
        score_reel: { buts_dom: 0, buts_ext: 2 },
        pronostic: { score_dom: 1, score_ext: 3 },
        domicile: false,
      });
      const byId = await t.app.inject({
        method: 'POST',
        url: '/api/user-pronostic-match/mes-pronos',
        payload: { publicId: String(c.id) },
      });
      expect(byId.json()).toEqual(body);
      const page = (publicId: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user-pronostic-match/mes-pronos',
          payload: { publicId },
        });
      const missing = await page('personne_ici');
      expect(missing.statusCode).toBe(404);
      // Like the profile: nothing for a suspended (or banned) or never confirmed account.
      for (const status of ['SUSPENDED', 'PENDING'] as const) {
        const hidden = await createUser(t.db, { status });
        for (const publicId of [hidden.username, String(hidden.id)]) {
          const res = await page(publicId);
          expect([res.statusCode, res.json()], status).toEqual([404, missing.json()]);
        }
      }
    });

    it('gives the caller points on the latest match started, or says it is not scored yet', async () => {
      const done = await t.app.inject({
        method: 'GET',
        url: '/api/user-pronostic-match/points/prochain',
        headers: await auth(c),
      });
      expect(done.json()).toEqual({
        match_id: m3,
        is_finish: true,
        has_pronostic: true,
        points: 3,
      });
      const live = (await createMatch(t.db, { season, matchday: 4, kickoffAt: at(2, 15) })).id;
      await createPrediction(t.db, { userId: c.id, matchId: live, homeScore: 1, awayScore: 0 });
      t.clock.set(at(2, 15, 21));
      const pending = await t.app.inject({
        method: 'GET',
        url: '/api/user-pronostic-match/points/prochain',
        headers: await auth(c),
      });
      expect(pending.json()).toEqual({
        match_id: live,
        is_finish: false,
        has_pronostic: true,
        points: null,
      });
      const none = await t.app.inject({
        method: 'GET',
        url: '/api/user-pronostic-match/points/prochain',
        headers: await auth(idle),
      });
      expect(none.json()).toMatchObject({ match_id: live, has_pronostic: false, points: null });
    });

    it('clearing a score resets its points and drops its round from the rankings', async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/matchs/${m3}/score`,
        headers: await auth(moderator),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_finish: false, buts_dom: null });
      const preds = await t.db.prediction.findMany({ where: { matchId: m3 } });
      expect(preds.every((p) => p.points === null)).toBe(true);
      expect(await t.db.rankingSnapshot.count({ where: { season, matchday: 3 } })).toBe(0);
      // Round 2 (1-1) alone: everyone 0 points, all ranked first.
      expect(
        (await users([a.id, c.id])).map((u) => [u?.predictionPoints, u?.predictionRank]),
      ).toEqual([
        [0, 1],
        [0, 1],
      ]);
    });

    // The ranked total is kept by triggers (ranked_members), not counted per request: every
    // write that ranks or unranks members must move it, or the page and profiles lie.
    it('counts the ranked members through every change of the ranking', async () => {
      const board = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/users/classement-pronos?limit=10',
          headers: await auth(idle),
        });
        expect(res.statusCode).toBe(200);
        return res.json() as LeaderboardResponse;
      };
      const totalUsers = async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user-pronostic-match/mes-pronos',
          payload: { publicId: String(a.id) },
        });
        expect(res.statusCode).toBe(200);
        return (res.json() as MesPronosResponse).totalUsers;
      };
      expect(await board()).toMatchObject({ total: 4, matching: 4 });
      // The season's last scored match cleared: nobody is ranked any more.
      const cleared = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/matchs/${m2}/score`,
        headers: await auth(moderator),
      });
      expect(cleared.statusCode).toBe(200);
      expect(await board()).toEqual({ total: 0, matching: 0, rows: [], me: null });
      expect(await totalUsers()).toBe(0);
      // Scored again, then a member who predicted late joins the ranking with the next round.
      await score(m2, 2, 1);
      expect(await board()).toMatchObject({ total: 4, matching: 4 });
      await createPrediction(t.db, { userId: idle.id, matchId: m3, homeScore: 0, awayScore: 2 });
      await score(m3, 0, 2);
      const five = await board();
      expect(five).toMatchObject({ total: 5, matching: 5 });
      expect(five.rows).toHaveLength(5);
      expect(five.me).toMatchObject({ id: idle.id, pts_prono: 5 });
      expect(await totalUsers()).toBe(5);
      // A corrected score that changes points but not who is ranked keeps the count.
      await score(m3, 1, 1);
      expect(await board()).toMatchObject({ total: 5, matching: 5 });
      // Written outside the app (an operator's SQL, several rows at once): still followed.
      await t.db
        .$executeRaw`UPDATE users SET classement_prono = NULL WHERE id IN (${a.id}, ${b.id})`;
      const three = await board();
      expect(three).toMatchObject({ total: 3, matching: 3 });
      const byId = (x: number, y: number) => x - y;
      expect(three.rows.map((r) => r.id).sort(byId)).toEqual([c.id, d.id, idle.id].sort(byId));
    });
  });
});
