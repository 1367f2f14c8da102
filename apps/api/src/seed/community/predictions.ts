import { MONACO_CLUB_ID } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import type { Match } from '../../generated/prisma/client.js';
import { matchesRepository } from '../../modules/matches/matches.repository.js';
import { rankingRepository } from '../../modules/predictions/ranking.repository.js';
import { scorePrediction, type Score } from '../../modules/predictions/scoring.js';
import { scoringService } from '../../modules/predictions/scoring.service.js';
import { hoursBefore, random, SUPPORTER, type Ids } from './helpers.js';
import { DEMO_MEMBERS } from './members.js';

// The prediction game: the members' predictions are drawn, supporter_demo's are chosen, and
// everything derived (points, ranks, round statistics) is left to the game's scoring service
// so the leaderboard is exactly what the app would have computed.

/** How often each activity level predicts a round. */
const PREDICTION_RATE = { 3: 1, 2: 0.75, 1: 0.3, 0: 0 } as const;
/** Supporters' goal counts: optimistic for Monaco. */
const MONACO_GOALS = [12, 30, 33, 18, 7];
const OPPONENT_GOALS = [32, 42, 20, 6];

function guess(rand: () => number, monacoHome: boolean): Score {
  const monaco = weighted(rand, MONACO_GOALS);
  const opponent = weighted(rand, OPPONENT_GOALS);
  return monacoHome ? { dom: monaco, ext: opponent } : { dom: opponent, ext: monaco };
}

const realScore = (m: Match): Score => ({ dom: m.homeGoals ?? 0, ext: m.awayGoals ?? 0 });

/** A prediction worth exactly `points` against `real`, or null (a draw cannot be worth 1). */
function predictionWorth(real: Score, points: number): Score | null {
  const sign = Math.sign(real.dom - real.ext);
  if (points === 5) return real;
  if (points === 3) return { dom: real.dom + 1, ext: real.ext + 1 };
  if (points === 1) {
    if (sign === 0) return null;
    return sign > 0 ? { dom: real.dom + 1, ext: real.ext } : { dom: real.dom, ext: real.ext + 1 };
  }
  return sign === 0 ? { dom: real.dom + 1, ext: real.ext } : { dom: 1, ext: 1 };
}

/** An index drawn with the given weights. */
function weighted(rand: () => number, weights: readonly number[]): number {
  let r = rand() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

const predictionRow = (userId: number, matchId: number, score: Score, createdAt: Date) => ({
  userId,
  matchId,
  homeScore: score.dom,
  awayScore: score.ext,
  createdAt,
});

/**
 * Predictions of the members for the played rounds and the next match, and supporter_demo's
 * for the played rounds, chosen so that their total is the members' median (mid-table).
 * Points, statistics, round snapshots, totals and ranks then come from the game's own
 * scoring service, as when an operator enters a score.
 */
export async function seedPredictions(
  db: Db,
  now: Date,
  ids: Ids,
  played: readonly Match[],
  next: Match | null,
): Promise<void> {
  const rows: Array<ReturnType<typeof predictionRow>> = [];
  const totals: number[] = [];
  for (const member of DEMO_MEMBERS) {
    const userId = ids.get(member.key);
    if (!userId || member.activity === 0) continue;
    const rand = random(`prono:${member.key}`);
    const skill = 0.08 + rand() * 0.25;
    let total = 0;
    let count = 0;
    for (const [i, match] of played.entries()) {
      const plays = rand() < PREDICTION_RATE[member.activity];
      const exact = rand() < skill;
      const score = exact ? realScore(match) : guess(rand, match.homeClubId === MONACO_CLUB_ID);
      const hours = 2 + rand() * 90;
      // Occasional players still played at least the latest round.
      if (!plays && !(count === 0 && i === played.length - 1)) continue;
      count++;
      total += scorePrediction(score, realScore(match));
      rows.push(predictionRow(userId, match.id, score, hoursBefore(match.kickoffAt, hours)));
    }
    totals.push(total);
    if (next && member.activity >= 2 && rand() < 0.8) {
      const score = guess(rand, next.homeClubId === MONACO_CLUB_ID);
      rows.push(predictionRow(userId, next.id, score, hoursBefore(now, 1 + rand() * 100)));
    }
  }
  // supporter_demo: spread the median total over the rounds.
  totals.sort((a, b) => a - b);
  let remaining = totals[Math.floor(totals.length / 2)] ?? 0;
  const supporterId = ids.get(SUPPORTER)!;
  for (const [i, match] of played.entries()) {
    const wanted = remaining / (played.length - i);
    const real = realScore(match);
    const [points, score] = [5, 3, 1, 0]
      .filter((p) => p <= remaining)
      .map((p) => [p, predictionWorth(real, p)] as const)
      .filter((option): option is readonly [number, Score] => option[1] !== null)
      .sort((a, b) => Math.abs(a[0] - wanted) - Math.abs(b[0] - wanted))[0]!;
    remaining -= points;
    rows.push(predictionRow(supporterId, match.id, score, hoursBefore(match.kickoffAt, 20 + i)));
  }

  const { count: created } = await db.prediction.createMany({ data: rows, skipDuplicates: true });
  const unscored = await db.prediction.count({
    where: { points: null, matchId: { in: played.map((m) => m.id) } },
  });
  if (created === 0 && unscored === 0) return;
  const scoring = scoringService({
    ranking: rankingRepository(),
    seasons: { current: matchesRepository(db).currentSeason },
    clock: { now: () => now },
  });
  await db.$transaction(
    async (tx) => {
      for (const match of played) await scoring.rescore(tx, match);
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}
