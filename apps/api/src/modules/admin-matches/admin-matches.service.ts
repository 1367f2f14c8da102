import {
  MATCH_TEXTS,
  plural,
  pluralWord,
  type AdminMatch,
  type AdminMatchInput,
  type LeagueTableInput,
  type MatchScoreInput,
} from '@munegu/shared';
import type { RunInTransaction } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ScoringService } from '../predictions/scoring.service.js';
import type {
  AdminMatchesRepository,
  AdminMatchRow,
  MatchFields,
} from './admin-matches.repository.js';
import { toAdminMatch as toWire } from './admin-matches.mapper.js';
import type { KickoffAnnouncer } from './kickoff-announcer.js';
import { matchAudit as audit, matchChanges, matchName, scoreOf } from './match-audit.js';
import { isValidParisTime, parisToUtc, utcToParis } from './paris-time.js';

export interface Actor {
  id: number;
  ip?: string;
}

export interface AdminMatchesDeps {
  repo: AdminMatchesRepository;
  scoring: ScoringService;
  transaction: RunInTransaction;
  clock: Clock;
  /** Announces a moved kickoff to the match's travellers (carpool members, coach registrants). */
  kickoffs: KickoffAnnouncer;
}

export function adminMatchesService({
  repo,
  scoring,
  transaction,
  clock,
  kickoffs,
}: AdminMatchesDeps) {
  const toAdminMatch = (m: AdminMatchRow): AdminMatch => toWire(m, clock.now());

  async function existing(id: number) {
    const m = await repo.byId(id);
    if (!m) throw notFound(MATCH_TEXTS.notFound);
    return m;
  }

  /** Checks what zod cannot (clubs exist, the time exists in Paris) and maps to columns. */
  async function toFields(input: AdminMatchInput): Promise<MatchFields> {
    if (!isValidParisTime(input.kickoff))
      throw new AppError('VALIDATION', MATCH_TEXTS.kickoffNotOnCalendar, {
        details: [{ path: 'kickoff', message: MATCH_TEXTS.kickoffNotOnCalendar }],
      });
    const clubs = await repo.existingClubIds([input.club_dom_id, input.club_ext_id]);
    for (const key of ['club_dom_id', 'club_ext_id'] as const)
      if (!clubs.has(input[key]))
        throw new AppError('VALIDATION', MATCH_TEXTS.clubNotFound, {
          details: [{ path: key, message: MATCH_TEXTS.clubNotFound }],
        });
    return {
      season: input.season,
      matchday: input.journee,
      kickoffAt: parisToUtc(input.kickoff),
      hashtag: input.hashtag ?? null,
      homeClubId: input.club_dom_id,
      awayClubId: input.club_ext_id,
      ticketUrl: input.ticket_url ?? null,
    };
  }

  async function assertRoundFree(season: string, matchday: number, exceptId?: number) {
    const other = await repo.byRound(season, matchday);
    if (other && other.id !== exceptId) throw new AppError('CONFLICT', MATCH_TEXTS.duplicateRound);
  }

  return {
    toAdminMatch,

    async list(season?: string): Promise<AdminMatch[]> {
      return (await repo.list(season)).map(toAdminMatch);
    },

    async create(input: AdminMatchInput, actor: Actor): Promise<AdminMatch> {
      const fields = await toFields(input);
      await assertRoundFree(fields.season, fields.matchday);
      const id = await transaction(async (tx) => {
        const m = await repo.create(tx, fields);
        const label = matchName((await repo.byId(m.id, tx))!);
        await repo.audit(tx, audit(actor, 'match.create', m.id, input, label));
        return m.id;
      });
      return toAdminMatch(await existing(id));
    },

    /** The lock follows a moved kickoff by itself: it is derived from kickoffAt at read time. */
    async update(id: number, input: AdminMatchInput, actor: Actor): Promise<AdminMatch> {
      const before = await existing(id);
      const fields = await toFields(input);
      await assertRoundFree(fields.season, fields.matchday, id);
      const moved = await transaction(async (tx) => {
        const m = await repo.update(tx, id, fields);
        const saved = (await repo.byId(id, tx))!;
        const changes = matchChanges(before, saved);
        await repo.audit(tx, audit(actor, 'match.update', id, changes, matchName(before)));
        // A scored match moved to another round or season changes the rankings of both.
        if (m.finishedAt && (m.season !== before.season || m.matchday !== before.matchday)) {
          await scoring.rescore(tx, { ...m, season: before.season, matchday: before.matchday });
          await scoring.rescore(tx, m);
        }
        return kickoffs.moved(tx, before, saved);
      });
      await kickoffs.announce([moved]);
      return toAdminMatch(await existing(id));
    },

    /**
     * Deletes a match. One with predictions goes only when `acceptedPredictions` (what the
     * operator confirmed losing) equals its count: they are deleted with it, and the rankings
     * rebuilt if it was scored. Travel declarations (presences, searches, carpools) are
     * members' arrangements with each other: such a match is edited, never deleted.
     */
    async remove(
      id: number,
      acceptedPredictions: number | undefined,
      actor: Actor,
    ): Promise<{ message: string }> {
      const match = await existing(id);
      const lost = await transaction(async (tx) => {
        if ((await repo.lock(tx, id)).length === 0) throw notFound(MATCH_TEXTS.notFound);
        const predictions = await repo.predictionCount(tx, id);
        if (predictions > 0 && acceptedPredictions !== predictions)
          throw new AppError('CONFLICT', MATCH_TEXTS.deleteNeedsConfirm(predictions));
        if ((await repo.travelCount(tx, id)) > 0)
          throw new AppError('CONFLICT', MATCH_TEXTS.hasTravel);
        if (predictions > 0) await repo.deletePredictions(tx, id);
        await repo.delete(tx, id);
        // Its points leave every total and rank; the match row is gone, its round is rebuilt.
        if (match.finishedAt && predictions > 0)
          await scoring.rescore(tx, { ...match, finishedAt: null });
        await repo.audit(
          tx,
          audit(actor, 'match.delete', id, { pronostics: predictions }, matchName(match)),
        );
        return predictions;
      });
      return {
        message:
          lost > 0
            ? `${MATCH_TEXTS.deleted} ${plural(lost, 'pronostic')} ${pluralWord(lost, 'effacé', 'effacés')}.`
            : MATCH_TEXTS.deleted,
      };
    },

    /**
     * Enter or correct the final score; null clears it. Everything derived is recomputed.
     * A score exists only once the match has kicked off. A correction keeps the time the
     * score was first entered (finishedAt): the home page leads with a match for a day after
     * its score came in, and a correction must not bring an old match back there.
     */
    async setScore(id: number, score: MatchScoreInput | null, actor: Actor): Promise<AdminMatch> {
      const before = await existing(id);
      const now = clock.now();
      if (score && now < before.kickoffAt)
        throw new AppError(
          'CONFLICT',
          MATCH_TEXTS.scoreBeforeKickoff(utcToParis(before.kickoffAt)),
        );
      await transaction(async (tx) => {
        const old = await repo.byId(id, tx);
        if (!old) throw notFound(MATCH_TEXTS.notFound);
        const m = await repo.setScore(
          tx,
          id,
          score
            ? {
                homeGoals: score.buts_dom,
                awayGoals: score.buts_ext,
                finishedAt: before.finishedAt ?? now,
              }
            : { homeGoals: null, awayGoals: null, finishedAt: null },
        );
        await scoring.rescore(tx, m);
        await repo.audit(
          tx,
          audit(
            actor,
            score ? 'match.score' : 'match.score.clear',
            id,
            { from: scoreOf(old), to: score },
            matchName(old),
          ),
        );
      });
      return toAdminMatch(await existing(id));
    },

    async replaceTable(input: LeagueTableInput, actor: Actor): Promise<{ message: string }> {
      const clubs = await repo.existingClubIds(input.rows.map((r) => r.club_id));
      const missing = input.rows.findIndex((r) => !clubs.has(r.club_id));
      if (missing >= 0)
        throw new AppError('VALIDATION', MATCH_TEXTS.clubNotFound, {
          details: [{ path: `rows.${missing}.club_id`, message: MATCH_TEXTS.clubNotFound }],
        });
      await transaction(async (tx) => {
        await repo.replaceTable(
          tx,
          input.season,
          input.rows.map((r) => ({
            position: r.position,
            clubId: r.club_id,
            played: r.matchs_joues,
            points: r.points,
            goalDiff: r.diff_buts,
          })),
        );
        await repo.audit(tx, {
          actorId: actor.id,
          ip: actor.ip,
          action: 'classement.replace',
          targetType: 'league_table',
          targetId: input.season,
          targetLabel: input.season,
          data: { rows: input.rows.length },
        });
      });
      return { message: 'Classement enregistré.' };
    },
  };
}

export type AdminMatchesService = ReturnType<typeof adminMatchesService>;
