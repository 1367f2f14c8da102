import type { Tx } from '../../db/tx.js';

/**
 * The set-based SQL of the prediction game: each statement touches every row it needs at
 * once (no loop over members), so a score entry stays fast with 100 000 members
 * (bench/leaderboard.bench.ts measures it). Always called inside the scoring transaction.
 */
export function rankingRepository() {
  return {
    /**
     * Holds the scoring lock until the transaction ends: two operators scoring at once would
     * interleave the ranking statements.
     */
    async lock(tx: Tx): Promise<void> {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(7410001)`;
    },

    /** Distinct predicted scores of a match: at most 51 × 51 pairs whatever the member count. */
    async predictedPairs(tx: Tx, matchId: number): Promise<{ dom: number; ext: number }[]> {
      return tx.$queryRaw<{ dom: number; ext: number }[]>`
        SELECT DISTINCT score_dom AS dom, score_ext AS ext FROM predictions WHERE match_id = ${matchId}`;
    },

    /** Writes the points of every prediction of a match from a (dom, ext) → points table. */
    async setPoints(
      tx: Tx,
      matchId: number,
      table: { dom: number[]; ext: number[]; pts: number[] },
      now: Date,
    ): Promise<void> {
      await tx.$executeRaw`
        UPDATE predictions p SET points = v.pts, updated_at = ${now}
        FROM unnest(${table.dom}::int[], ${table.ext}::int[], ${table.pts}::int[]) AS v(dom, ext, pts)
        WHERE p.match_id = ${matchId} AND p.score_dom = v.dom AND p.score_ext = v.ext`;
    },

    async clearPoints(tx: Tx, matchId: number, now: Date): Promise<void> {
      await tx.$executeRaw`
        UPDATE predictions SET points = NULL, updated_at = ${now}
        WHERE match_id = ${matchId} AND points IS NOT NULL`;
    },

    /** The four counts shown on the game page (5, 3, 1 and 0 points). */
    async updateMatchStats(tx: Tx, matchId: number): Promise<void> {
      await tx.$executeRaw`
        UPDATE matches m SET
          stats_exact = s.exact, stats_result_diff = s.diff, stats_result = s.result, stats_wrong = s.wrong
        FROM (
          SELECT count(*) FILTER (WHERE points = 5)::int AS exact,
                 count(*) FILTER (WHERE points = 3)::int AS diff,
                 count(*) FILTER (WHERE points = 1)::int AS result,
                 count(*) FILTER (WHERE points = 0)::int AS wrong
          FROM predictions WHERE match_id = ${matchId}
        ) s
        WHERE m.id = ${matchId}`;
    },

    /**
     * Rebuilds the per-round snapshots of `season` from round `fromJournee` on (a corrected
     * score changes its round and every later one; a round no longer finished loses its
     * snapshot). Each round adds its own scored predictions to the previous round's totals,
     * so a normal score entry aggregates one match, not the whole season. Ranked: members
     * not deleted with at least one scored prediction so far; competition ranks (1, 2, 2, 4).
     */
    async rebuildSnapshots(tx: Tx, season: string, fromJournee: number, now: Date): Promise<void> {
      await tx.$executeRaw`
        DELETE FROM ranking_snapshots WHERE season = ${season} AND journee >= ${fromJournee}`;
      const [before] = await tx.$queryRaw<{ journee: number | null }[]>`
        SELECT max(journee) AS journee FROM matches
        WHERE season = ${season} AND finished_at IS NOT NULL AND journee < ${fromJournee}`;
      const rounds = await tx.$queryRaw<{ journee: number }[]>`
        SELECT journee FROM matches
        WHERE season = ${season} AND finished_at IS NOT NULL AND journee >= ${fromJournee}
        ORDER BY journee`;
      let previous = before?.journee ?? null;
      for (const { journee } of rounds) {
        await tx.$executeRaw`
          INSERT INTO ranking_snapshots (season, journee, user_id, points, rank, created_at)
          SELECT ${season}, ${journee}, t.user_id, t.pts, RANK() OVER (ORDER BY t.pts DESC), ${now}
          FROM (
            SELECT x.user_id, SUM(x.pts)::int AS pts
            FROM (
              SELECT user_id, points AS pts FROM ranking_snapshots
              WHERE season = ${season} AND journee = ${previous}
              UNION ALL
              SELECT p.user_id, p.points FROM matches m JOIN predictions p ON p.match_id = m.id
              WHERE m.season = ${season} AND m.journee = ${journee} AND p.points IS NOT NULL
            ) x
            GROUP BY x.user_id
          ) t
          JOIN users u ON u.id = t.user_id AND u.status <> 'DELETED'`;
        previous = journee;
      }
    },

    /**
     * Every member's season total and rank in one UPDATE, copied from the snapshot of the
     * season's latest scored round (which holds exactly the season totals and ranks); members
     * absent from it get 0 points and a null rank. Only rows whose values change are written.
     */
    async recomputeTotals(tx: Tx, season: string): Promise<void> {
      const [last] = await tx.$queryRaw<{ journee: number | null }[]>`
        SELECT max(journee) AS journee FROM matches
        WHERE season = ${season} AND finished_at IS NOT NULL`;
      await tx.$executeRaw`
        UPDATE users u SET pts_prono = COALESCE(s.points, 0), classement_prono = s.rank
        FROM users u0
        LEFT JOIN ranking_snapshots s
          ON s.user_id = u0.id AND s.season = ${season} AND s.journee = ${last?.journee ?? null}
        WHERE u.id = u0.id
          AND (u.pts_prono IS DISTINCT FROM COALESCE(s.points, 0)
               OR u.classement_prono IS DISTINCT FROM s.rank)`;
    },
  };
}

export type RankingRepository = ReturnType<typeof rankingRepository>;
