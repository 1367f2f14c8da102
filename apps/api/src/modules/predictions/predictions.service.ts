import {
  isIdText,
  MONACO_CLUB_ID,
  PREDICTION_TEXTS,
  type JourneeRanking,
  type LeaderboardQuery,
  type LeaderboardResponse,
  type MesPronosResponse,
  type PointsResponse,
  type Prediction,
  type PredictionInput,
  type PronoEntry,
} from '@munegu/shared';
import type { Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { toLeaderboardRow } from './predictions.mapper.js';
import type { PredictionsRepository } from './predictions.repository.js';

const forbidden = () => new AppError('FORBIDDEN', PREDICTION_TEXTS.notYours);
const unavailable = () => new AppError('VALIDATION', PREDICTION_TEXTS.unavailable);

/**
 * The season the game counts, as the matches module defines it (wired in app.ts): read
 * inside `tx` when given, so scoring sees the score it is writing.
 */
export interface Seasons {
  current(now: Date, tx?: Tx): Promise<string | null>;
}

export interface PredictionsDeps {
  repo: PredictionsRepository;
  seasons: Seasons;
  clock: Clock;
}

export function predictionsService({ repo, seasons, clock }: PredictionsDeps) {
  return {
    /**
     * Creates or replaces the caller's prediction. The lock is derived from the clock here,
     * whatever the client believes: after kickoff (or once finished) it is refused.
     */
    async save(callerId: number, input: PredictionInput): Promise<{ message: string }> {
      if (input.userId !== callerId) throw forbidden();
      const match = input.match_id ? await repo.matchById(input.match_id) : await repo.nextMatch();
      const now = clock.now();
      if (!match || match.finishedAt || now.getTime() >= match.kickoffAt.getTime())
        throw unavailable();
      // Checked again by the write itself: kickoff may pass between this read and the write.
      const saved = await repo.upsert(
        callerId,
        match.id,
        input.score_club_dom,
        input.score_club_ext,
        now,
      );
      if (!saved) throw unavailable();
      return { message: PREDICTION_TEXTS.saved };
    },

    /** The caller's prediction for a match; null when there is none yet (not an error). */
    async get(callerId: number, userId: number, matchId: number): Promise<Prediction | null> {
      if (userId !== callerId) throw forbidden();
      const p = await repo.find(userId, matchId);
      return p ? { score_club_dom: p.homeScore, score_club_ext: p.awayScore } : null;
    },

    /** See pointsResponseSchema: the given match, else the latest one kicked off. */
    async points(callerId: number, matchId?: number): Promise<PointsResponse> {
      const match = matchId ? await repo.matchById(matchId) : await repo.lastKickedOff(clock.now());
      if (!match) {
        if (matchId) throw notFound('Match introuvable.');
        return { match_id: null, is_finish: false, has_pronostic: false, points: null };
      }
      const p = await repo.find(callerId, match.id);
      return {
        match_id: match.id,
        is_finish: match.finishedAt !== null,
        has_pronostic: p !== null,
        points: match.finishedAt ? (p?.points ?? null) : null,
      };
    },

    /** Public: a member's scored predictions of the current season and standing. */
    async mesPronos(publicId: string | number): Promise<MesPronosResponse> {
      const key = String(publicId).trim();
      const user = await repo.publicUser(
        isIdText(key) ? { id: Number(key) } : { usernameKey: key.toLowerCase() },
      );
      if (!user) throw notFound(PREDICTION_TEXTS.userNotFound);
      const season = await seasons.current(clock.now());
      const rows = season ? await repo.pronosOf(user.id, season) : [];
      const pronos: PronoEntry[] = rows.map((p) => {
        const m = p.match;
        const domicile = m.homeClubId === MONACO_CLUB_ID;
        const adverse = domicile ? m.awayClub : m.homeClub;
        return {
          match_id: m.id,
          journee: m.matchday,
          date: m.kickoffAt.toISOString(),
          domicile,
          logo_club_adverse: adverse.logo,
          nom_club_adverse: adverse.name,
          score_reel: { buts_dom: m.homeGoals ?? 0, buts_ext: m.awayGoals ?? 0 },
          pronostic: { score_dom: p.homeScore, score_ext: p.awayScore, points: p.points ?? 0 },
        };
      });
      return {
        pronos,
        pts_prono: user.predictionPoints,
        classement_prono: user.predictionRank,
        totalUsers: await repo.rankedCount(),
      };
    },

    async leaderboard(
      query: LeaderboardQuery,
      callerId: number | null,
    ): Promise<LeaderboardResponse> {
      const q = query.q?.trim() || undefined;
      const [{ rows, matching }, total, me] = await Promise.all([
        repo.leaderboard({ limit: query.limit, offset: query.offset, q }),
        repo.rankedCount(),
        callerId ? repo.rankedUser(callerId) : Promise.resolve(null),
      ]);
      return {
        total,
        matching: matching ?? total,
        rows: rows.map((r) => toLeaderboardRow(r)),
        me: me ? toLeaderboardRow(me) : null,
      };
    },

    /** The ranking after a round (snapshot) with each member's movement since the previous one. */
    async journeeRanking(
      journee: number,
      opts: { season?: string; limit: number; offset: number },
    ): Promise<JourneeRanking> {
      const season = opts.season ?? (await seasons.current(clock.now()));
      if (!season) throw notFound('Aucun classement pour cette journée.');
      const total = await repo.snapshotCount(season, journee);
      if (total === 0) throw notFound('Aucun classement pour cette journée.');
      const [page, previous] = await Promise.all([
        repo.snapshotPage(season, journee, opts.limit, opts.offset),
        repo.previousSnapshotRound(season, journee),
      ]);
      const before = new Map(
        previous === null
          ? []
          : (
              await repo.snapshotRanks(
                season,
                previous,
                page.map((s) => s.userId),
              )
            ).map((s) => [s.userId, s.rank]),
      );
      return {
        season,
        journee,
        previous_journee: previous,
        total,
        rows: page.map((s) => {
          const old = before.get(s.userId);
          return {
            ...toLeaderboardRow({ ...s.user, predictionPoints: s.points }, s.rank),
            evolution: old === undefined ? null : old - s.rank,
          };
        }),
      };
    },
  };
}

export type PredictionsService = ReturnType<typeof predictionsService>;
