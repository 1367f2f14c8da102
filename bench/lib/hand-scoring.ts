/**
 * A score entry written directly in SQL, the plain set-based way, as the baseline of the app's
 * scoring (bench/leaderboard.bench.ts, bench/data.bench.ts): the score, the points by a CASE
 * expression, the match statistics, the round snapshots and the season totals each
 * re-aggregated from all the season's predictions, in one transaction.
 */
import type { Client, PoolClient } from 'pg';

export async function handScoreEntry(
  client: Client | PoolClient,
  match: { id: number; season: string; journee: number },
  score: { home: number; away: number } | null,
): Promise<void> {
  await client.query('BEGIN');
  try {
    if (score) {
      await client.query(
        `UPDATE matches SET home_goals = $2, away_goals = $3,
                finished_at = kickoff_at + interval '2 hours', updated_at = now()
         WHERE id = $1`,
        [match.id, score.home, score.away],
      );
    }
    await client.query(
      `UPDATE predictions p SET points = CASE
          WHEN p.score_dom = m.home_goals AND p.score_ext = m.away_goals THEN 5
          WHEN sign(p.score_dom - p.score_ext) <> sign(m.home_goals - m.away_goals) THEN 0
          WHEN p.score_dom - p.score_ext = m.home_goals - m.away_goals THEN 3
          ELSE 1 END
       FROM matches m WHERE m.id = p.match_id AND p.match_id = $1`,
      [match.id],
    );
    await client.query(
      `UPDATE matches SET stats_exact = s.e, stats_result_diff = s.d, stats_result = s.r, stats_wrong = s.w
       FROM (SELECT count(*) FILTER (WHERE points = 5) e, count(*) FILTER (WHERE points = 3) d,
                    count(*) FILTER (WHERE points = 1) r, count(*) FILTER (WHERE points = 0) w
             FROM predictions WHERE match_id = $1) s WHERE id = $1`,
      [match.id],
    );
    await client.query('DELETE FROM ranking_snapshots WHERE season = $1 AND journee >= $2', [
      match.season,
      match.journee,
    ]);
    await client.query(
      `INSERT INTO ranking_snapshots (season, journee, user_id, points, rank)
       SELECT $1, $2, t.user_id, t.pts, RANK() OVER (ORDER BY t.pts DESC)
       FROM (SELECT p.user_id, SUM(p.points)::int pts FROM predictions p
             JOIN matches m ON m.id = p.match_id JOIN users u ON u.id = p.user_id
             WHERE m.season = $1 AND m.journee <= $2 AND p.points IS NOT NULL
               AND u.status <> 'DELETED'
             GROUP BY p.user_id) t`,
      [match.season, match.journee],
    );
    await client.query(
      `UPDATE users u SET pts_prono = r.pts, classement_prono = r.rnk
       FROM (SELECT user_id, pts, RANK() OVER (ORDER BY pts DESC)::int rnk FROM (
               SELECT p.user_id, SUM(p.points)::int pts FROM predictions p
               JOIN matches m ON m.id = p.match_id JOIN users u ON u.id = p.user_id
               WHERE m.season = $1 AND p.points IS NOT NULL AND u.status <> 'DELETED'
               GROUP BY p.user_id) t) r
       WHERE u.id = r.user_id AND (u.pts_prono, u.classement_prono) IS DISTINCT FROM (r.pts, r.rnk)`,
      [match.season],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}
