/**
 * Leaderboard benchmark (`pnpm bench leaderboard` from the repository root; never part of the tests).
 *
 * Creates a scratch PostgreSQL database, fills it with set-based inserts (generate_series):
 * MEMBERS members, each with a prediction on each of MATCHES finished matches, then measures
 *   (a) the full recompute after a score entry: the app's scoring service (points through the
 *       pure TypeScript rule, statistics, round snapshot, season totals and ranks), and
 *   (b) the leaderboard top 100 and one member's rank through the app's predictions service,
 * each against hand-written SQL doing the same work on the same data in the same run
 * (bench/lib/hand-scoring.ts), in alternating pairs after a warm-up (bench/lib/stats.ts).
 * Prints sizes, medians (min–max) and ratios, then drops the database. bench/data.bench.ts
 * measures the same calls on the skewed seed at several sizes.
 *
 * Server: BENCH_PG_URL, else TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * Size: BENCH_MEMBERS (default 100000); BENCH_PAIRS (default 5), BENCH_WARMUP (default 1).
 * BENCH_KEEP=1 keeps the database.
 */
import { performance } from 'node:perf_hooks';
import { createDb, migrate, predictionsRepository } from '@munegu/api/public';
import { gameModules } from './lib/modules.js';
import { finishScratch, pg, scratchDatabase } from './lib/pg.js';
import { alternateTimed, fmt, pairOptions, ratio, type Stats } from './lib/stats.js';
import { fillReference } from '@munegu/tools/scale';
import { insertActiveUsers } from '@munegu/tools/members';
import { handScoreEntry } from './lib/hand-scoring.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const OPTIONS = pairOptions({ pairs: 5, warmup: 1 });
const MATCHES = 10;
const SEASON = '2090-2091';
/** After the last kickoff, so the benchmark season is the current one. */
const clock = { now: () => new Date('2091-06-01T12:00:00Z') };

async function main() {
  const scratch = await scratchDatabase('munegu_bench_leaderboard');
  const { name, url } = scratch;
  console.log(
    `Benchmark database ${name} (${MEMBERS} members, ${MATCHES} matches, ` +
      `${OPTIONS.warmup} warm-up pairs then ${OPTIONS.pairs} pairs)`,
  );
  const client = new pg.Client({ connectionString: url });
  let db: ReturnType<typeof createDb> | null = null;
  let game: Awaited<ReturnType<typeof gameModules>> | null = null;
  try {
    await migrate(url);
    await client.connect();
    const fill = performance.now();
    await fillReference(client);
    await client.query(
      `INSERT INTO matches (kickoff_at, season, journee, home_club_id, away_club_id, updated_at)
       SELECT timestamptz '2090-08-01 19:00Z' + (g - 1) * interval '7 days', $1, g, 1, 2, now()
       FROM generate_series(1, $2) g`,
      [SEASON, MATCHES],
    );
    await insertActiveUsers(client, MEMBERS, { prefix: 'membre', lastName: 'MEMBRE' });
    await client.query(
      `INSERT INTO predictions (user_id, match_id, score_dom, score_ext, updated_at)
       SELECT u.id, m.id, (u.id * 7 + m.id) % 5, (u.id * 3 + m.id * 2) % 4, now()
       FROM users u CROSS JOIN matches m`,
    );
    await client.query('ANALYZE');
    console.log(`fill: ${(performance.now() - fill).toFixed(0)} ms`);

    db = createDb({ connectionString: url, max: 4 });
    // Wired as in app.ts: the game's current season comes from the matches module.
    game = await gameModules(db, clock);
    const { scoring, predictions: service } = game;
    // Score the rounds one after another, as the operators do during a season.
    const seasonStart = performance.now();
    const matches = [];
    for (const m of await db.match.findMany({ orderBy: { matchday: 'asc' } })) {
      const scored = await db.$transaction(
        async (tx) => {
          const done = await tx.match.update({
            where: { id: m.id },
            data: { homeGoals: m.matchday % 4, awayGoals: m.matchday % 3, finishedAt: m.kickoffAt },
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

    const recompute = await alternateTimed(
      () => handScoreEntry(client, { ...last, journee: last.matchday }, null),
      () => db!.$transaction((tx) => scoring.rescore(tx, last), { timeout: 600_000 }),
      OPTIONS,
    );

    const someone = (
      await client.query(`SELECT id FROM users WHERE pseudo_key = $1`, [
        `membre${Math.ceil(MEMBERS / 2)}`,
      ])
    ).rows[0].id as number;
    const top = await alternateTimed(
      async () => {
        await client.query(
          `SELECT id, pseudo, avatar_file, avatar_version, pts_prono, classement_prono FROM users
           WHERE classement_prono IS NOT NULL ORDER BY classement_prono, pseudo_key LIMIT 100`,
        );
        await client.query('SELECT count FROM ranked_members');
        await client.query(
          `SELECT id, pseudo, pts_prono, classement_prono FROM users WHERE id = $1 AND classement_prono IS NOT NULL`,
          [someone],
        );
      },
      () => service.leaderboard({ limit: 100, offset: 0 }, someone),
      OPTIONS,
    );
    // The two reads of the leaderboard's service, on their own.
    const repo = predictionsRepository(db);
    const rank = await alternateTimed(
      () =>
        Promise.all([
          client.query('SELECT classement_prono, pts_prono FROM users WHERE id = $1', [someone]),
          client.query('SELECT count FROM ranked_members'),
        ]),
      () => Promise.all([repo.rankedUser(someone), repo.rankedCount()]),
      OPTIONS,
    );

    const row = (label: string, r: { baseline: Stats; subject: Stats }) =>
      console.log(
        `${label.padEnd(42)} app ${fmt(r.subject).padStart(22)} ms   SQL ${fmt(r.baseline).padStart(22)} ms   ratio ${ratio(r.subject, r.baseline).toFixed(2)}`,
      );
    console.log('\nmedian (min–max):');
    row('(a) recompute after a score entry', recompute);
    row('(b) leaderboard top 100 (+ total, + me)', top);
    row("(b) one member's rank and the total", rank);
  } finally {
    await finishScratch(
      scratch,
      async () => game?.close(),
      async () => db?.$disconnect(),
      () => client.end(),
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
