/**
 * Data at scale (`pnpm bench data` from the repository root; never part of the tests).
 *
 * For each size of BENCH_SIZES (members; default 1000,10000,100000), fills one scratch
 * database with tools/generators/scale.ts (skewed members, a season of predictions, presences,
 * conversations with one 10 000-message thread) and measures, through the app's services and
 * repositories wired as in app.ts, each against hand-written SQL doing the same work on the same
 * data, in alternating pairs after a warm-up (bench/lib/stats.ts):
 *   leaderboard   GET /pronostics/classement: predictions.leaderboard({limit 100, offset 0}, me)
 *                 (top 100, the totals, the caller's rank) vs the same three reads on a pg pool;
 *   score entry   PUT /admin/matchs/:id/score: adminMatches.setScore on the next round (points,
 *                 statistics, snapshot, totals and ranks, in the app's transaction) vs one
 *                 set-based SQL transaction (bench/lib/hand-scoring.ts); the score alternates
 *                 between two values so every entry changes the ranking;
 *   conversation  GET /messages/conversation/:userId: messages.conversationWith(1, 2), the last
 *                 20 messages of the 10 000-message thread and its state, vs the same reads in SQL;
 *   unread        GET /messages/unread-count (the navbar badge): messages.unreadCount(1) vs one
 *                 count in SQL.
 * Then, at each size, the statements the app sends for the two messaging reads (captured on the
 * pg driver, Prisma's included) are replayed under EXPLAIN (ANALYZE, BUFFERS): their scan nodes
 * are printed and checked (an index scan on messages, no sequential scan of messages).
 * Goals (issue): leaderboard ≤ 1.5 × SQL at the largest size and its time at the largest ÷ the
 * one before ≤ 2; score entry ≤ 2 × SQL at the largest size; conversation page and unread count
 * at the largest size ≤ 1.5 × at the smallest. Writes section `data` of docs/QUALITY.md.
 *
 * Server: BENCH_PG_URL, else TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * BENCH_PAIRS (default 7), BENCH_WARMUP (default 5), BENCH_BATCH (reads per sample, default 20),
 * BENCH_SCORE_PAIRS (default 3), BENCH_DB_PREFIX (prefix of the scratch databases' names).
 * BENCH_KEEP=1 keeps the databases.
 */
import { performance } from 'node:perf_hooks';
import type { PoolClient, QueryConfig } from 'pg';
import { createDb, type Db, migrate } from '@munegu/api/public';
import { gameModules } from './lib/modules.js';
import { pg, scratchDatabase } from './lib/pg.js';
import { machineLine, table, writeQualitySection } from './lib/quality-report.js';
import {
  alternate,
  alternateTimed,
  fmt,
  pairOptions,
  ratio,
  timed,
  verdict,
  type Stats,
} from './lib/stats.js';
import { handScoreEntry } from './lib/hand-scoring.js';
import {
  COUNTED_TABLES,
  LONG_THREAD_MESSAGES,
  LONG_THREAD_READER,
  LONG_THREAD_UNREAD,
  LONG_THREAD_WRITER,
  SEASON,
  SEED_NOW,
  fillScale,
  rowCounts,
} from '@munegu/tools/scale';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n >= 10);
const OPTIONS = pairOptions({ pairs: 7, warmup: 5 });
/**
 * A score entry rewrites a season's snapshot and every member's total: seconds at 100 000
 * members, so fewer pairs (BENCH_SCORE_PAIRS, default 3, after one warm-up pair).
 */
const SCORE_OPTIONS = { pairs: Number(process.env.BENCH_SCORE_PAIRS ?? 3), warmup: 1 };
/**
 * Calls per sample of the reads (BENCH_BATCH, default 20). One read takes a millisecond or
 * less, inside the scheduling noise of a shared 2-core machine (one unread count swung from
 * 0.3 to 114 ms in a run of 2026-11-24 while its plan ran in 0.03 ms), so a sample is the
 * mean time per call of a batch of calls made back to back.
 */
const BATCH = Math.max(1, Number(process.env.BENCH_BATCH ?? 20));

/** Alternating pairs as alternateTimed, each sample the mean ms per call over BATCH calls. */
function alternatePerCall(baseline: () => Promise<unknown>, subject: () => Promise<unknown>) {
  const perCall = (fn: () => Promise<unknown>) => async () =>
    (await timed(async () => {
      for (let i = 0; i < BATCH; i++) await fn();
    })) / BATCH;
  return alternate(perCall(baseline), perCall(subject), OPTIONS);
}
/** SEED_NOW, except during the score entries: just after the scored round's kickoff. */
let benchNow = SEED_NOW;
const clock = { now: () => benchNow };
/** Members listed per leaderboard page (the route's default). */
const PAGE = 100;
type Op = 'leaderboard' | 'score entry' | 'conversation page' | 'unread count';
type Result = { size: number; op: Op; sql: Stats; app: Stats; note: string };
type Growth = {
  op: Op;
  small: number;
  large: number;
  smallStats: Stats;
  largeStats: Stats;
  goal: number;
};
type Plan = { size: number; title: string; nodes: string[]; ok: boolean };

// The hand-written reads, on a pg pool of the app's size.
const TOP = `SELECT id, pseudo, avatar_file, avatar_version, pts_prono, classement_prono FROM users
  WHERE classement_prono IS NOT NULL ORDER BY classement_prono, pseudo_key LIMIT $1 OFFSET 0`;
// The ranked members' count, as kept by the schema's triggers (see schema.prisma RankedMembers).
const RANKED = 'SELECT count FROM ranked_members';
const ME = `SELECT id, pseudo, avatar_file, avatar_version, pts_prono, classement_prono FROM users
  WHERE id = $1 AND classement_prono IS NOT NULL`;
const PARTY = 'SELECT id, pseudo, status, avatar_file, avatar_version FROM users WHERE id = $1';
const CONVERSATION = `SELECT id, user1_id, user2_id, accepted, blocked_by_user_id, user1_read_at,
  user2_read_at FROM conversations WHERE pair_key = $1`;
const LAST_PAGE = `SELECT id, conversation_id, sender_id, receiver_id, content, created_at, read_at
  FROM messages WHERE conversation_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20`;
const REPLIED = `SELECT EXISTS (SELECT 1 FROM messages WHERE conversation_id = $1 AND sender_id = $2) r`;
const UNREAD = `SELECT count(*)::int n FROM messages m JOIN users s ON s.id = m.sender_id
  WHERE m.receiver_id = $1 AND m.read_at IS NULL AND s.status <> 'SUSPENDED'`;

type Captured = { text: string; values: unknown[] };
/**
 * The statements `fn` sends through any pg client (Prisma's adapter included): the query method
 * of pg.Client's prototype is wrapped for the call, then restored.
 */
async function capture(fn: () => Promise<unknown>): Promise<Captured[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const list: Captured[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [q, v] = args as [string | QueryConfig, unknown[] | undefined];
    const text = typeof q === 'string' ? q : q.text;
    const values = (typeof q === 'string' ? v : (q.values ?? v)) ?? [];
    list.push({ text, values });
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return list;
}

/** The scan nodes of a plan ("Index Scan using x on messages m (actual rows=20 …)"). */
function scanNodes(plan: string): string[] {
  return plan
    .split('\n')
    .filter((l) => /(Seq Scan|Index Scan|Index Only Scan|Bitmap (Heap|Index) Scan)/.test(l))
    .map((l) =>
      l
        .replace(/^[\s>-]+/, '')
        .replace(/\(cost=[^)]*\)\s*/, '')
        .replace(/ loops=1\)/, ')')
        .trim(),
    );
}

async function explainMessaging(
  client: PoolClient,
  size: number,
  label: string,
  calls: Captured[],
) {
  const plans: Plan[] = [];
  for (const [i, q] of calls.entries()) {
    if (!/\bmessages\b/.test(q.text) || !/^\s*SELECT/i.test(q.text)) continue;
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${q.text}`,
      q.values,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const nodes = scanNodes(plan);
    // Index use: an Index (Only) Scan of messages, or a Bitmap Heap Scan fed by a Bitmap Index
    // Scan of one of its indexes (the planner's choice for a handful of scattered rows).
    const onMessages = nodes.filter((n) => / on messages\b/.test(n));
    const ok =
      onMessages.length > 0 &&
      onMessages.every(
        (n) =>
          /^(Index Scan|Index Scan Backward|Index Only Scan)/.test(n) ||
          (/^Bitmap Heap Scan/.test(n) &&
            nodes.some((b) => /^Bitmap Index Scan on messages_/.test(b))),
      ) &&
      !nodes.some((n) => /^Seq Scan on messages\b/.test(n));
    plans.push({ size, title: `${label} [${i + 1}]`, nodes, ok });
  }
  return plans;
}

type Size = {
  size: number;
  scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  client: InstanceType<typeof pg.Client>;
  pool: InstanceType<typeof pg.Pool>;
  db: Db;
  /** Everything the app wires for these four calls, as app.ts does (pool of 10). */
  app: Awaited<ReturnType<typeof gameModules>>;
  /** The leaderboard's caller: a member in the middle of the ranking. */
  me: number;
};

/** A scratch database filled for `size` members, with the app wired on it. */
async function prepare(size: number, opened: Size[]): Promise<Size> {
  const scratch = await scratchDatabase(`munegu_bench_data_${size}`);
  const client = new pg.Client({ connectionString: scratch.url });
  const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
  const db = createDb({ connectionString: scratch.url, max: 10 });
  const entry: Size = { size, scratch, client, pool, db, app: await gameModules(db, clock), me: 0 };
  opened.push(entry);
  await migrate(scratch.url);
  await client.connect();
  return entry;
}

async function main() {
  const { pairs, warmup } = OPTIONS;
  console.log(
    `Sizes ${SIZES.join(', ')} members (one scratch database each); ${warmup} warm-up ` +
      `pairs then ${pairs} measured pairs per operation`,
  );
  const results: Result[] = [];
  const failures: string[] = [];
  const growths: Growth[] = [];
  const plans: Plan[] = [];
  const sizes: Record<string, number | string>[] = [];
  const opened: Size[] = [];
  try {
    for (const size of SIZES) {
      const s = await prepare(size, opened);
      const { client, pool, app } = s;
      const start = performance.now();
      const seed = await fillScale(client, { members: size });
      const fillSeconds = (performance.now() - start) / 1000;
      const counts = await rowCounts(client);
      const nextMatch = { ...seed.nextMatch, season: SEASON };
      const matchPredictions = (
        await client.query<{ n: number }>(
          'SELECT count(*)::int n FROM predictions WHERE match_id = $1',
          [nextMatch.id],
        )
      ).rows[0]!.n;
      sizes.push({ members: size, ...counts, next_match_predictions: matchPredictions });
      console.log(
        `\n== ${size} members (${s.scratch.name}): filled in ${fillSeconds.toFixed(1)} s`,
        counts,
      );
      console.log(`   next round ${nextMatch.journee}: ${matchPredictions} predictions`);
      s.me = (
        await client.query<{ id: number }>(
          `SELECT id FROM users WHERE classement_prono IS NOT NULL
           ORDER BY classement_prono, id OFFSET (SELECT count(*) / 2 FROM users
                                                 WHERE classement_prono IS NOT NULL) LIMIT 1`,
        )
      ).rows[0]!.id;
      const me = s.me;
      const pairKey = `${LONG_THREAD_READER}:${LONG_THREAD_WRITER}`;

      // Same answers from both sides, checked before timing.
      const board = await app.predictions.leaderboard({ limit: PAGE, offset: 0 }, me);
      const top = await pool.query<{ id: number }>(TOP, [PAGE]);
      if (board.rows.map((r) => r.id).join() !== top.rows.map((r) => r.id).join()) {
        throw new Error('leaderboard: the app and the SQL list different members');
      }
      const detail = await app.messages.conversationWith(LONG_THREAD_READER, LONG_THREAD_WRITER);
      const page = await pool.query<{ id: number }>(LAST_PAGE, [seed.longThread]);
      if (
        detail.messages.map((m) => m.id).join() !==
        page.rows
          .map((r) => r.id)
          .reverse()
          .join()
      ) {
        throw new Error('conversation: the app and the SQL return different messages');
      }
      const unread = await app.messages.unreadCount(LONG_THREAD_READER);
      const handUnread = (await pool.query<{ n: number }>(UNREAD, [LONG_THREAD_READER])).rows[0]!;
      if (unread.count !== handUnread.n || unread.count !== LONG_THREAD_UNREAD) {
        throw new Error(
          `unread: app ${unread.count}, SQL ${handUnread.n}, seeded ${LONG_THREAD_UNREAD}`,
        );
      }

      const leaderboard = await alternatePerCall(
        () => Promise.all([pool.query(TOP, [PAGE]), pool.query(RANKED), pool.query(ME, [me])]),
        () => app.predictions.leaderboard({ limit: PAGE, offset: 0 }, me),
      );
      results.push({
        size,
        op: 'leaderboard',
        sql: leaderboard.baseline,
        app: leaderboard.subject,
        note: `top ${PAGE} of ${board.total} ranked + caller's rank`,
      });

      // Every entry flips the score, so each one moves points, snapshots and ranks.
      let flip = 0;
      const nextScore = () => (++flip % 2 ? { home: 2, away: 1 } : { home: 0, away: 0 });
      const sqlClient = await pool.connect();
      // The API takes a final score only once the match has kicked off.
      const { kickoff } = (
        await client.query<{ kickoff: Date }>(
          'SELECT kickoff_at AS kickoff FROM matches WHERE id = $1',
          [nextMatch.id],
        )
      ).rows[0]!;
      benchNow = new Date(kickoff.getTime() + 2 * 3_600_000);
      try {
        const entry = await alternateTimed(
          () => handScoreEntry(sqlClient, nextMatch, nextScore()),
          () => {
            const s = nextScore();
            return app.adminMatches.setScore(
              nextMatch.id,
              { buts_dom: s.home, buts_ext: s.away },
              { id: 3 },
            );
          },
          SCORE_OPTIONS,
        );
        results.push({
          size,
          op: 'score entry',
          sql: entry.baseline,
          app: entry.subject,
          note: `round ${nextMatch.journee}: ${matchPredictions} predictions scored, ${counts.predictions} in the season`,
        });
      } catch (err) {
        // A failing score entry (e.g. the transaction's time limit) is a finding, not a crash.
        const message = String(err instanceof Error ? err.message : err)
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join(' ');
        failures.push(`score entry at ${size} members failed: ${message.slice(0, 300)}`);
        console.log(`   ${failures.at(-1)}`);
      } finally {
        sqlClient.release();
        benchNow = SEED_NOW;
      }
      const conversation = await alternatePerCall(
        () =>
          Promise.all([
            pool.query(PARTY, [LONG_THREAD_WRITER]),
            pool
              .query(CONVERSATION, [pairKey])
              .then((c) =>
                Promise.all([
                  pool.query(LAST_PAGE, [c.rows[0].id]),
                  pool.query(REPLIED, [c.rows[0].id, c.rows[0].user2_id]),
                ]),
              ),
          ]),
        () => app.messages.conversationWith(LONG_THREAD_READER, LONG_THREAD_WRITER),
      );
      results.push({
        size,
        op: 'conversation page',
        sql: conversation.baseline,
        app: conversation.subject,
        note: `last 20 of ${LONG_THREAD_MESSAGES} messages, ${counts.messages} in the table`,
      });
      const badge = await alternatePerCall(
        () => pool.query(UNREAD, [LONG_THREAD_READER]),
        () => app.messages.unreadCount(LONG_THREAD_READER),
      );
      results.push({
        size,
        op: 'unread count',
        sql: badge.baseline,
        app: badge.subject,
        note: `${LONG_THREAD_UNREAD} unread of ${counts.unread_messages} in the table`,
      });

      // The messaging statements the app sends, replayed under EXPLAIN (ANALYZE, BUFFERS).
      const explainer = await pool.connect();
      try {
        for (const [label, fn] of [
          [
            'conversationWith',
            () => app.messages.conversationWith(LONG_THREAD_READER, LONG_THREAD_WRITER),
          ],
          ['unreadCount', () => app.messages.unreadCount(LONG_THREAD_READER)],
        ] as const) {
          const calls = await capture(fn);
          plans.push(...(await explainMessaging(explainer, size, label, calls)));
        }
      } finally {
        explainer.release();
      }
      for (const p of plans.filter((x) => x.size === size)) {
        console.log(`   EXPLAIN ${p.title}: ${p.ok ? 'index use' : 'NO index use on messages'}`);
        for (const n of p.nodes) console.log(`      ${n}`);
      }
      for (const r of results.filter((x) => x.size === size)) {
        console.log(
          `   ${r.op.padEnd(18)} SQL ${fmt(r.sql).padEnd(24)} app ${fmt(r.app).padEnd(24)} ` +
            `app/SQL ${ratio(r.app, r.sql).toFixed(2)}   (${r.note})`,
        );
      }
    }

    // Growth: the app on the small database and on the large one, alternating in pairs.
    const first = opened[0]!;
    const last = opened.at(-1)!;
    const previous = opened.at(-2) ?? first;
    const leaderboardOf = (s: Size) => () =>
      s.app.predictions.leaderboard({ limit: PAGE, offset: 0 }, s.me);
    const pageOf = (s: Size) => () =>
      s.app.messages.conversationWith(LONG_THREAD_READER, LONG_THREAD_WRITER);
    const badgeOf = (s: Size) => () => s.app.messages.unreadCount(LONG_THREAD_READER);
    for (const [op, of, lo, hi, goal] of [
      ['leaderboard', leaderboardOf, previous, last, 2],
      ['conversation page', pageOf, first, last, 1.5],
      ['unread count', badgeOf, first, last, 1.5],
    ] as const) {
      const r = await alternatePerCall(of(lo), of(hi));
      growths.push({
        op,
        small: lo.size,
        large: hi.size,
        smallStats: r.baseline,
        largeStats: r.subject,
        goal,
      });
      console.log(
        `growth ${op}: ${lo.size} ${fmt(r.baseline)} ms, ${hi.size} ${fmt(r.subject)} ms, ` +
          `×${ratio(r.subject, r.baseline).toFixed(2)}`,
      );
    }
  } finally {
    for (const s of opened) {
      await s.app.close().catch(() => {});
      await s.db.$disconnect().catch(() => {});
      await s.pool.end().catch(() => {});
      await s.client.end().catch(() => {});
      if (process.env.BENCH_KEEP) console.log(`kept ${s.scratch.url}`);
      else {
        await s.scratch.drop();
        console.log(`dropped ${s.scratch.name}`);
      }
    }
  }
  report(results, growths, plans, sizes, failures);
}

function report(
  results: Result[],
  growths: Growth[],
  plans: Plan[],
  sizes: Record<string, number | string>[],
  failures: string[],
) {
  const largest = SIZES.at(-1)!;
  const at = (op: Op, size: number) => results.find((r) => r.op === op && r.size === size)!;
  const failed = failures.length ? `\nFailures: ${failures.join('; ')}.\n` : '';
  const grown = (op: Op) => growths.find((g) => g.op === op)!;
  const growthVerdict = (op: Op, goal: string) => {
    const g = grown(op);
    return `- ${goal}, ${op} ${g.large}/${g.small} members (app, alternating the two databases): ${verdict(ratio(g.largeStats, g.smallStats), '≤', g.goal)}`;
  };
  const verdicts = [
    `- Goal 3, leaderboard at ${largest} members: app/SQL ${verdict(ratio(at('leaderboard', largest).app, at('leaderboard', largest).sql), '≤', 1.5)}`,
    growthVerdict('leaderboard', 'Goal 3'),
    at('score entry', largest)
      ? `- Goal 4, score entry at ${largest} members: app/SQL ${verdict(ratio(at('score entry', largest).app, at('score entry', largest).sql), '≤', 2)}`
      : `- Goal 4, score entry at ${largest} members: NOT met (${failures.join('; ')})`,
    growthVerdict('conversation page', 'Goal 5'),
    growthVerdict('unread count', 'Goal 5'),
    `- Goal 5, EXPLAIN: ${plans.every((p) => p.ok) ? 'met' : 'NOT met'}: the app's messaging statements read messages through an index, no Seq Scan on messages (${plans.filter((p) => p.ok).length}/${plans.length} plans, every size)`,
  ];
  const explained = plans
    .filter((p) => p.size === largest)
    .map((p) => `- ${p.title}: ${p.nodes.map((n) => `\`${n}\``).join('; ')}`);
  const tables = COUNTED_TABLES.filter((t) => t !== 'users');
  const md = `## Data at scale

\`pnpm bench data\` (bench/data.bench.ts, seed tools/generators/scale.ts). ${machineLine()}
One scratch database per size; the app's services wired as in app.ts (pool of 10); the baseline
is hand-written SQL doing the same work on the same data (pg pool of 10, the same reads in
parallel where the app runs them in parallel). ${OPTIONS.warmup} warm-up pairs, then ${OPTIONS.pairs}
alternating pairs; for the reads each sample is the mean time per call of ${BATCH} calls in a row
(a single read is under a millisecond, inside the machine's scheduling noise); score entries:
1 warm-up pair, then ${SCORE_OPTIONS.pairs} pairs of one entry each. Times in ms, median (min–max) of
the samples. Growth alternates the app on the two databases, sampled the same way.
The leaderboard's total is the count of ranked members that triggers keep in \`ranked_members\`
(migration \`20261124191113_ranked_members\`); the hand-written baseline reads the same row.
${failed}
Rows per table at each size:

${table(
  ['members', ...tables, 'unread', 'longest thread', 'predictions of the scored match'],
  sizes.map((s) => [
    s.members!,
    ...tables.map((t) => s[t]!),
    s.unread_messages!,
    s.longest_thread!,
    s.next_match_predictions!,
  ]),
)}

${table(
  ['members', 'operation', 'hand-written SQL', 'app', 'app/SQL', 'what'],
  results.map((r) => [
    r.size,
    r.op,
    fmt(r.sql),
    fmt(r.app),
    ratio(r.app, r.sql).toFixed(2),
    r.note,
  ]),
)}

Growth of the app's time between two sizes:

${table(
  ['operation', 'small', 'large', 'app at small', 'app at large', 'large/small'],
  growths.map((g) => [
    g.op,
    g.small,
    g.large,
    fmt(g.smallStats),
    fmt(g.largeStats),
    ratio(g.largeStats, g.smallStats).toFixed(2),
  ]),
)}

Verdicts:

${verdicts.join('\n')}

EXPLAIN (ANALYZE, BUFFERS) of the statements the app sends for the two messaging reads at
${largest} members (scan nodes):

${explained.join('\n')}
`;
  console.log(`\n${verdicts.join('\n')}`);
  writeQualitySection('data', md);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
