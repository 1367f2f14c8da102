/**
 * Leaderboard benchmark (`pnpm bench` from the repository root; never part of the tests).
 *
 * Creates a scratch PostgreSQL database, fills it with set-based inserts (generate_series):
 * MEMBERS members, each with a prediction on each of MATCHES finished matches, then measures
 *   (a) the full recompute after a score entry: the app's scoring service (points through the
 *       pure TypeScript rule, statistics, round snapshot, season totals and ranks), and
 *   (b) the leaderboard top 100 and one member's rank through the app's predictions service,
 * each against hand-written SQL doing the same work on the same data in the same run.
 * Prints sizes, medians and ratios, then drops the database.
 *
 * Server: BENCH_PG_URL, else TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * Size: BENCH_MEMBERS (default 100000), BENCH_RUNS (default 5). BENCH_KEEP=1 keeps the database.
 */
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { Client } from 'pg';
import { performance } from 'node:perf_hooks';
import { createDb } from '../apps/api/src/db/client.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { matchesRepository } from '../apps/api/src/modules/matches/matches.repository.js';
import { matchesService } from '../apps/api/src/modules/matches/matches.service.js';
import { predictionsRepository } from '../apps/api/src/modules/predictions/predictions.repository.js';
import { predictionsService } from '../apps/api/src/modules/predictions/predictions.service.js';
import { rankingRepository } from '../apps/api/src/modules/predictions/ranking.repository.js';
import { scoringService } from '../apps/api/src/modules/predictions/scoring.service.js';

// 'pg' is a dependency of the API package, not of the repository root.
const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
const pg = require('pg') as typeof PgModule;

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MATCHES = 10;
const SEASON = '2090-2091';
const adminUrl =
  process.env.BENCH_PG_URL ??
  process.env.TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const name = `munegu_bench_${Date.now().toString(36)}`;
const url = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
})();
/** After the last kickoff, so the benchmark season is the current one. */
const clock = { now: () => new Date('2091-06-01T12:00:00Z') };

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up, not counted
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * The same recompute written directly in SQL, the plain way: points by a CASE expression,
 * the round snapshot and the season totals each re-aggregated from all the season's predictions.
 */
async function handRecompute(client: Client, matchId: number, journee: number) {
  await client.query('BEGIN');
  await client.query(
    `UPDATE predictions p SET points = CASE
        WHEN p.score_dom = m.home_goals AND p.score_ext = m.away_goals THEN 5
        WHEN sign(p.score_dom - p.score_ext) <> sign(m.home_goals - m.away_goals) THEN 0
        WHEN p.score_dom - p.score_ext = m.home_goals - m.away_goals THEN 3
        ELSE 1 END
     FROM matches m WHERE m.id = p.match_id AND p.match_id = $1`,
    [matchId],
  );
  await client.query(
    `UPDATE matches SET stats_exact = s.e, stats_result_diff = s.d, stats_result = s.r, stats_wrong = s.w
     FROM (SELECT count(*) FILTER (WHERE points = 5) e, count(*) FILTER (WHERE points = 3) d,
                  count(*) FILTER (WHERE points = 1) r, count(*) FILTER (WHERE points = 0) w
           FROM predictions WHERE match_id = $1) s WHERE id = $1`,
    [matchId],
  );
  await client.query('DELETE FROM ranking_snapshots WHERE season = $1 AND journee >= $2', [
    SEASON,
    journee,
  ]);
  await client.query(
    `INSERT INTO ranking_snapshots (season, journee, user_id, points, rank)
     SELECT $1, $2, t.user_id, t.pts, RANK() OVER (ORDER BY t.pts DESC)
     FROM (SELECT p.user_id, SUM(p.points)::int pts FROM predictions p
           JOIN matches m ON m.id = p.match_id
           WHERE m.season = $1 AND m.journee <= $2 AND p.points IS NOT NULL GROUP BY p.user_id) t`,
    [SEASON, journee],
  );
  await client.query(
    `UPDATE users u SET pts_prono = r.pts, classement_prono = r.rnk
     FROM (SELECT user_id, pts, RANK() OVER (ORDER BY pts DESC)::int rnk FROM (
             SELECT p.user_id, SUM(p.points)::int pts FROM predictions p
             JOIN matches m ON m.id = p.match_id
             WHERE m.season = $1 AND p.points IS NOT NULL GROUP BY p.user_id) t) r
     WHERE u.id = r.user_id AND (u.pts_prono, u.classement_prono) IS DISTINCT FROM (r.pts, r.rnk)`,
    [SEASON],
  );
  await client.query('COMMIT');
}

async function main() {
  console.log(`Benchmark database ${name} (${MEMBERS} members, ${MATCHES} matches, ${RUNS} runs)`);
  await admin(`CREATE DATABASE "${name}"`);
  const client = new pg.Client({ connectionString: url });
  let db: ReturnType<typeof createDb> | null = null;
  try {
    await migrate(url);
    await client.connect();
    const fill = performance.now();
    await client.query(`INSERT INTO clubs (id, nom, slug, nom_stade, ville, departement, logo)
      VALUES (1, 'AS Monaco', 'monaco', 'Stade Louis-II', 'Monaco', '06', '/clubs/monaco.svg'),
             (2, 'Adversaire', 'adversaire', 'Stade', 'Ville', '75', '/clubs/adv.svg')`);
    await client.query(
      `INSERT INTO matches (kickoff_at, season, journee, home_club_id, away_club_id, updated_at)
       SELECT timestamptz '2090-08-01 19:00Z' + (g - 1) * interval '7 days', $1, g, 1, 2, now()
       FROM generate_series(1, $2) g`,
      [SEASON, MATCHES],
    );
    await client.query(
      `INSERT INTO users (pseudo, pseudo_key, prenom, nom, email, password_hash, birth_date,
                          departement, status, updated_at)
       SELECT 'membre' || g, 'membre' || g, 'Bench', 'MEMBRE', 'membre' || g || '@bench.test', 'x',
              date '1990-01-01', 'FR-06', 'ACTIVE', now()
       FROM generate_series(1, $1) g`,
      [MEMBERS],
    );
    await client.query(
      `INSERT INTO predictions (user_id, match_id, score_dom, score_ext, updated_at)
       SELECT u.id, m.id, (u.id * 7 + m.id) % 5, (u.id * 3 + m.id * 2) % 4, now()
       FROM users u CROSS JOIN matches m`,
    );
    await client.query('ANALYZE');
    console.log(`fill: ${(performance.now() - fill).toFixed(0)} ms`);

    db = createDb({ connectionString: url, max: 4 });
    // Wired as in app.ts: the game's current season comes from the matches module.
    const seasons = {
      current: matchesService({ repo: matchesRepository(db), clock }).currentSeason,
    };
    const scoring = scoringService({ ranking: rankingRepository(), seasons, clock });
    // Score the rounds one after another, as the operators do during a season.
    const seasonStart = performance.now();
    const matches = [];
    for (const m of await db.match.findMany({ orderBy: { journee: 'asc' } })) {
      const scored = await db.$transaction(
        async (tx) => {
          const done = await tx.match.update({
            where: { id: m.id },
            data: { homeGoals: m.journee % 4, awayGoals: m.journee % 3, finishedAt: m.kickoffAt },
          });
          await scoring.rescore(tx, done);
          return done;
        },
        { timeout: 600_000 },
      );
      matches.push(scored);
    }
    console.log(`${MATCHES} score entries: ${(performance.now() - seasonStart).toFixed(0)} ms`);
    const last = matches.at(-1)!;

    const sizes = await client.query(
      `SELECT (SELECT count(*) FROM users) users, (SELECT count(*) FROM predictions) predictions,
              (SELECT count(*) FROM ranking_snapshots) snapshots,
              pg_size_pretty(pg_database_size(current_database())) size`,
    );
    console.log('sizes:', sizes.rows[0]);

    const appRecompute = await time(() =>
      db!.$transaction((tx) => scoring.rescore(tx, last), { timeout: 600_000 }),
    );
    const sqlRecompute = await time(() => handRecompute(client, last.id, last.journee));

    const service = predictionsService({ repo: predictionsRepository(db), seasons, clock });
    const someone = (
      await client.query(`SELECT id FROM users WHERE pseudo_key = $1`, [
        `membre${Math.ceil(MEMBERS / 2)}`,
      ])
    ).rows[0].id as number;
    const appTop = await time(() => service.leaderboard({ limit: 100, offset: 0 }, someone));
    const sqlTop = await time(async () => {
      await client.query(
        `SELECT id, pseudo, avatar_file, avatar_version, pts_prono, classement_prono FROM users
         WHERE classement_prono IS NOT NULL ORDER BY classement_prono, pseudo_key LIMIT 100`,
      );
      await client.query('SELECT count(*) FROM users WHERE classement_prono IS NOT NULL');
      await client.query(
        `SELECT id, pseudo, pts_prono, classement_prono FROM users WHERE id = $1 AND classement_prono IS NOT NULL`,
        [someone],
      );
    });
    const repo = predictionsRepository(db);
    const appRank = await time(() => Promise.all([repo.rankedUser(someone), repo.rankedCount()]));
    const sqlRank = await time(() =>
      Promise.all([
        client.query('SELECT classement_prono, pts_prono FROM users WHERE id = $1', [someone]),
        client.query('SELECT count(*) FROM users WHERE classement_prono IS NOT NULL'),
      ]),
    );

    const row = (label: string, app: number, sql: number) =>
      console.log(
        `${label.padEnd(44)} app ${app.toFixed(1).padStart(8)} ms   SQL ${sql.toFixed(1).padStart(8)} ms   ratio ${(app / sql).toFixed(2)}`,
      );
    console.log('\nmedians:');
    row('(a) recompute after a score entry', appRecompute, sqlRecompute);
    row('(b) leaderboard top 100 (+ total, + me)', appTop, sqlTop);
    row("(b) one member's rank and the total", appRank, sqlRank);
  } finally {
    await db?.$disconnect();
    await client.end().catch(() => {});
    if (process.env.BENCH_KEEP) console.log(`\nkept ${url}`);
    else {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      console.log(`\ndropped ${name}`);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
