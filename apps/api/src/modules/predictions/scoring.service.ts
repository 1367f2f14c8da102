import type { Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import type { Seasons } from './predictions.service.js';
import type { RankingRepository } from './ranking.repository.js';
import { scorePrediction } from './scoring.js';

export interface ScoredMatch {
  id: number;
  season: string;
  matchday: number;
  homeGoals: number | null;
  awayGoals: number | null;
  finishedAt: Date | null;
}

/**
 * Recomputes everything that depends on one match's final score, inside the caller's
 * transaction (the one that wrote the score): the points of its predictions, its four
 * statistics, the round snapshots from its round on, and every member's season total and
 * rank. Points are recomputed from the stored predictions (never added to previous points),
 * and the snapshots of the scored round and every later one are rebuilt, so correcting a
 * score gives exactly the state of entering the corrected score first.
 */
export interface ScoringDeps {
  ranking: RankingRepository;
  seasons: Seasons;
  clock: Clock;
}

export function scoringService({ ranking, seasons, clock }: ScoringDeps) {
  return {
    async rescore(tx: Tx, match: ScoredMatch): Promise<void> {
      const now = clock.now();
      await ranking.lock(tx);
      if (match.finishedAt && match.homeGoals !== null && match.awayGoals !== null) {
        const real = { dom: match.homeGoals, ext: match.awayGoals };
        const pairs = await ranking.predictedPairs(tx, match.id);
        const table = { dom: [] as number[], ext: [] as number[], pts: [] as number[] };
        for (const pair of pairs) {
          table.dom.push(pair.dom);
          table.ext.push(pair.ext);
          table.pts.push(scorePrediction(pair, real));
        }
        if (pairs.length > 0) await ranking.setPoints(tx, match.id, table, now);
      } else {
        await ranking.clearPoints(tx, match.id, now);
      }
      await ranking.updateMatchStats(tx, match.id);
      await ranking.rebuildSnapshots(tx, match.season, match.matchday, now);
      // The cached totals are those of the current season, whichever season was scored.
      const season = (await seasons.current(now, tx)) ?? match.season;
      await ranking.recomputeTotals(tx, season);
    },

    /**
     * Rebuilds the current season's round snapshots and every member's total and rank, e.g.
     * after accounts were anonymised: deleted members leave the ranking and the others close
     * the gap at once instead of at the next score entry.
     */
    async rebuildSeason(tx: Tx): Promise<void> {
      const now = clock.now();
      await ranking.lock(tx);
      const season = await seasons.current(now, tx);
      if (!season) return;
      await ranking.rebuildSnapshots(tx, season, 0, now);
      await ranking.recomputeTotals(tx, season);
    },
  };
}

export type ScoringService = ReturnType<typeof scoringService>;
