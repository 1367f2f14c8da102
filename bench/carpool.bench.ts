/**
 * MuneguMap carpool list benchmark (`pnpm bench carpool` from the repository root; never part
 * of the tests).
 *
 * Creates a scratch PostgreSQL database and, for each size (members), fills it with set-based
 * inserts (generate_series): MATCHES matches of a season; for each match about 30 % of the
 * members answer, 85 % of them with a presence (car 40 %, half offering 1–4 seats; bus 30 %,
 * half with an antenna; train 15 %; on foot 15 %) and 15 % with a ride search (1–3 people),
 * from departments skewed like the real data (45 % '06', 20 % '83', 10 % '13', the rest spread
 * over the other codes of the departments table). Carpool relations join part of the searchers
 * to a driver of their department (statuses 1–3, some cancelled). A fixed group of
 * FIXED_DEPT_MEMBERS members answers from FIXED_DEPT at every size: its list does not grow with
 * the members, so it shows whether the cost follows the table or the output. The inserts fire
 * the triggers that keep match_department_counts (TRUNCATE fires none, so the table is emptied
 * with the others); before timing, its counts are checked against a fresh GROUP BY.
 *
 * Measures, through the app's map service wired as in carpool.module.ts (listCap LIST_CAP; one
 * SQL statement per read on the pg pool, map.repository.ts: supportersIn, or access and
 * countsByDepartment at once):
 *   (a) supporters(me, match, '06'): the capped list of one department with the caller's
 *       relations (the department holds far more than LIST_CAP members of each kind),
 *   (b) supporters(me, match, FIXED_DEPT): the same for the fixed-size department (under the cap),
 *   (c) departments(me, match): the counts per department (and the local offer check),
 * each against hand-written SQL doing the same work (the first LIST_CAP presences and searches of
 * active members in the same order, plus the caller and their related members, with the
 * caller's relation per row; the counts from match_department_counts and the local-offer
 * EXISTS) and returning the same rows (checked before timing), alternating the two in pairs
 * after a warm-up (the machine is noisy): median, min and max of each, ratio app/SQL, and the
 * growth of both between the smallest and the largest size next to the growth of the output.
 * At the largest size, prints the time of each repository read, then the EXPLAIN (ANALYZE,
 * BUFFERS) of the statements the app issues for (a) and (c) (captured by wrapping the query
 * method of the app's pg pool, `sqlOf(db)`, and replayed with their parameters: the pool sends
 * unnamed statements, so the server plans them with the values, as here) and of the
 * hand-written ones, with which indexes read presences, ride_searches and
 * match_department_counts, whether the capped scans stop early and whether JIT compiled the
 * plan, then drops the database.
 *
 * Server: BENCH_PG_URL, else TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * BENCH_SIZES (default '1000,10000,100000'), BENCH_PAIRS (default 5), BENCH_WARMUP (warm-up
 * pairs, default 10). BENCH_KEEP=1 keeps the database (with the largest size in it).
 */
import { performance } from 'node:perf_hooks';
import type { Client, Pool, QueryConfig, QueryResult } from 'pg';
import {
  createDb,
  sqlOf,
  type Db,
  migrate,
  systemClock,
  ACTIVE,
  mapRepository,
  type SupporterRow,
} from '@munegu/api/public';
import { carpoolModules } from './lib/modules.js';
import { finishScratch, pg, scratchDatabase } from './lib/pg.js';
import { alternateTimed, stats, timed, type Stats } from './lib/stats.js';
import {
  FRESH_COUNTS,
  fillReference,
  fillRelations as fillSearcherRelations,
  insertAnswers,
  withCountsRebuilt,
} from '@munegu/tools/scale';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
/** Warm-up pairs, not counted: V8 and the server's caches need a dozen calls to settle. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const MATCHES = 18;
const MEASURED_JOURNEE = 9;
const SEASON = '2090-2091';
const DEPT = '06';
/** Members 1..FIXED_DEPT_MEMBERS answer every match from FIXED_DEPT, and nobody else does. */
const FIXED_DEPT = '2A';
const FIXED_DEPT_MEMBERS = 30;
/** Members listed per kind for one department, as the app's default (CARPOOL_LIST_LIMIT). */
const LIST_CAP = 100;
/** WARMUP pairs not counted (at least one), then PAIRS pairs, the order inside a pair alternating. */
const pairs = (baseline: () => Promise<unknown>, subject: () => Promise<unknown>) =>
  alternateTimed(baseline, subject, { pairs: PAIRS, warmup: Math.max(1, WARMUP) });

/**
 * One size: empties the members' tables and fills them again; returns the measured match and
 * caller. TRUNCATE fires no row trigger, so match_department_counts is emptied with the rest
 * (CASCADE would reach it through its match, but not by intent). The answers are inserted with
 * the counting triggers off and the counts rebuilt in one INSERT ... SELECT ... GROUP BY, as the
 * migration's backfill does: one set-based INSERT of hundreds of thousands of answers firing the
 * triggers updates the same few counter rows tens of thousands of times inside one transaction,
 * and each update walks the row's growing chain of versions (minutes at 100k members; the app
 * writes one answer per transaction). checkTriggers then checks the triggers themselves.
 */
async function fill(client: Client, members: number) {
  await client.query('TRUNCATE users, matches, match_department_counts RESTART IDENTITY CASCADE');
  await withCountsRebuilt(client, () => fillAnswers(client, members));
  return fillRelations(client);
}

/** Members, matches, presences and searches. */
async function fillAnswers(client: Client, members: number) {
  await client.query('SELECT setseed(0.4242)');
  await client.query(
    `INSERT INTO matches (kickoff_at, season, journee, home_club_id, away_club_id, updated_at)
     SELECT timestamptz '2090-08-01 19:00Z' + (g - 1) * interval '14 days', $1, g,
            CASE WHEN g % 2 = 1 THEN 1 ELSE 2 END, CASE WHEN g % 2 = 1 THEN 2 ELSE 1 END, now()
     FROM generate_series(1, $2) g`,
    [SEASON, MATCHES],
  );
  // Home department: 45 % '06', 20 % '83', 10 % '13', the rest spread over the other codes;
  // 96 % active. Members 1..FIXED_DEPT_MEMBERS live in FIXED_DEPT, which nobody else picks.
  await client.query(
    `WITH o AS (SELECT array_agg(code ORDER BY code) a FROM departments
                WHERE code NOT IN ('06', '83', '13', $2)),
     s AS (SELECT g, random() r, random() st, random() av, random() nt FROM generate_series(1, $1) g)
     INSERT INTO users (pseudo, pseudo_key, prenom, nom, email, password_hash, birth_date,
                        departement, status, avatar_file, avatar_version, note_covoiturage, updated_at)
     SELECT 'membre' || g, 'membre' || g, 'Bench', 'MEMBRE', 'membre' || g || '@bench.test', 'x',
            date '1990-01-01',
            'FR-' || CASE WHEN g <= $3 THEN $2 WHEN r < 0.45 THEN '06' WHEN r < 0.65 THEN '83'
                          WHEN r < 0.75 THEN '13'
                          ELSE o.a[1 + floor((r - 0.75) / 0.25 * array_length(o.a, 1))::int] END,
            (CASE WHEN g <= $3 OR st < 0.96 THEN 'ACTIVE' WHEN st < 0.98 THEN 'PENDING'
                  WHEN st < 0.99 THEN 'SUSPENDED' ELSE 'DELETED' END)::"UserStatus",
            CASE WHEN av < 0.4 THEN 'a' || g || '.webp' END, CASE WHEN av < 0.4 THEN 1 ELSE 0 END,
            CASE WHEN nt < 0.3 THEN round((3 + nt / 0.3 * 2)::numeric, 2) END, now()
     FROM s, o`,
    [members, FIXED_DEPT, FIXED_DEPT_MEMBERS],
  );
  // Who answers which match: ~30 % of the members (the fixed group always), from home.
  await client.query(`DROP TABLE IF EXISTS bench_answers`);
  await client.query(
    `CREATE TEMP TABLE bench_answers AS
     SELECT u.id user_id, m.id match_id, substr(u.departement, 4) dept,
            CASE WHEN u.id <= $1 THEN (u.id > $1 * 5 / 6)::int::float8 * 0.9 ELSE random() END kind,
            random() tr, random() opt, random() x
     FROM users u CROSS JOIN matches m
     WHERE u.id <= $1 OR random() < 0.30`,
    [FIXED_DEPT_MEMBERS],
  );
  await insertAnswers(client, 'bench_answers');
}

/** Relations between searchers and drivers, and the caller's own; returns the match and caller. */
async function fillRelations(client: Client) {
  // 60 % of the searchers get a relation with a driver of their department (bench/seed).
  await fillSearcherRelations(client);
  const match = (
    await client.query<{ id: number }>(`SELECT id FROM matches WHERE journee = $1`, [
      MEASURED_JOURNEE,
    ])
  ).rows[0]!.id;
  // The caller: an active driver offering seats from '06' for the measured match...
  const me = (
    await client.query<{ user_id: number }>(
      `SELECT p.user_id FROM presences p JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
       WHERE p.match_id = $1 AND p.departement_depart = $2 AND p.covoiturage
       ORDER BY p.user_id OFFSET 3 LIMIT 1`,
      [match, DEPT],
    )
  ).rows[0]!.user_id;
  // ... with a few relations of his own: two proposals, one request to him, one confirmed, one cancelled.
  await client.query(
    `WITH free AS (
       SELECT s.user_id, s.nb_pers, row_number() OVER (ORDER BY s.user_id) n FROM ride_searches s
       JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
       WHERE s.match_id = $1 AND s.departement_depart = $3
         AND NOT EXISTS (SELECT 1 FROM carpool_relations r WHERE r.match_id = $1
                         AND r.passenger_id = s.user_id AND r.status_id IN (1, 2, 3)))
     INSERT INTO carpool_relations (match_id, user1_id, user2_id, status_id, driver_id,
                                    passenger_id, nb_pers, description, departement_depart, updated_at)
     SELECT $1, CASE WHEN n = 3 THEN user_id ELSE $2 END, CASE WHEN n = 3 THEN $2 ELSE user_id END,
            (ARRAY[1, 1, 2, 3, 5])[n], $2, user_id, nb_pers,
            CASE WHEN n = 1 THEN 'Je passe par Nice Nord' END, $3, now()
     FROM free WHERE n <= 5`,
    [match, me, DEPT],
  );
  await client.query('ANALYZE');
  return { match, me };
}

/**
 * match_department_counts against a fresh GROUP BY of the answers (the migration's backfill):
 * throws on any difference; returns the rows compared.
 */
async function checkCounts(client: Client): Promise<number> {
  const { rows } = await client.query<{ kept: number; fresh: number; differ: number }>(
    `WITH kept AS (SELECT match_id, departement, supporters FROM match_department_counts
                   WHERE supporters > 0),
     fresh AS (${FRESH_COUNTS})
     SELECT (SELECT count(*) FROM kept)::int kept, (SELECT count(*) FROM fresh)::int fresh,
            (SELECT count(*) FROM ((TABLE kept EXCEPT TABLE fresh)
                                   UNION ALL (TABLE fresh EXCEPT TABLE kept)) d)::int differ`,
  );
  const { kept, fresh, differ } = rows[0]!;
  if (differ !== 0 || kept !== fresh) {
    throw new Error(
      `match_department_counts: ${kept} rows kept by the triggers, ${fresh} from a fresh ` +
        `GROUP BY, ${differ} differ`,
    );
  }
  return kept;
}

/**
 * The counting triggers at work, in a transaction rolled back (the data set stays as filled):
 * answers moved to another department, searches replaced by presences elsewhere, answers
 * deleted, new answers inserted; then the counts must still equal a fresh GROUP BY.
 */
async function checkTriggers(client: Client, match: number) {
  await client.query('BEGIN');
  try {
    const moved = await client.query(
      `UPDATE presences SET departement_depart = '83'
       WHERE id IN (SELECT id FROM presences WHERE match_id = $1 AND departement_depart = $2
                    ORDER BY id LIMIT 20)`,
      [match, DEPT],
    );
    const replaced = await client.query(
      `WITH gone AS (
         DELETE FROM ride_searches WHERE id IN (
           SELECT id FROM ride_searches WHERE match_id = $1 ORDER BY id LIMIT 10)
         RETURNING user_id, match_id)
       INSERT INTO presences (user_id, match_id, transport_type_id, covoiturage, places_dispo,
                              departement_depart, updated_at)
       SELECT user_id, match_id, 5, false, 0, '13', now() FROM gone`,
      [match],
    );
    const deleted = await client.query(
      `DELETE FROM presences WHERE id IN (
         SELECT id FROM presences WHERE match_id = $1 AND departement_depart = '83'
         ORDER BY id DESC LIMIT 5)`,
      [match],
    );
    const added = await client.query(
      `INSERT INTO ride_searches (user_id, match_id, nb_pers, departement_depart, updated_at)
       SELECT u.id, $1, 1, $2, now() FROM users u
       WHERE NOT EXISTS (SELECT 1 FROM presences p WHERE p.user_id = u.id AND p.match_id = $1)
         AND NOT EXISTS (SELECT 1 FROM ride_searches s WHERE s.user_id = u.id AND s.match_id = $1)
       ORDER BY u.id LIMIT 7`,
      [match, FIXED_DEPT],
    );
    await checkCounts(client);
    return (
      `${moved.rowCount} moved, ${replaced.rowCount} searches turned into presences elsewhere, ` +
      `${deleted.rowCount} deleted, ${added.rowCount} added`
    );
  } finally {
    await client.query('ROLLBACK');
  }
}

const ROW_COLUMNS = `u.id, u.pseudo AS username,
       CASE WHEN u.avatar_file IS NOT NULL
            THEN '/uploads/avatar/' || u.avatar_file || '?v=' || u.avatar_version END AS profile_picture,
       u.note_covoiturage::float8 AS note_covoiturage`;
const RELATION = `LEFT JOIN LATERAL (
         SELECT r.id, r.status_id, r.user1_id = $3 AS initiator, r.nb_pers, r.description
         FROM carpool_relations r
         WHERE r.match_id = $1 AND r.status_id IN (1, 2, 3)
           AND ((r.user1_id = $3 AND r.user2_id = u.id) OR (r.user2_id = $3 AND r.user1_id = u.id))
         ORDER BY r.id DESC LIMIT 1) r ON true`;
/** The list's row for a presence (p) or a search (s), with the caller's relation (r). */
const PRESENCE_COLUMNS = `${ROW_COLUMNS},
       replace(t.code, '_', ' ') AS transport, p.covoiturage,
       CASE WHEN p.covoiturage THEN p.places_dispo END AS places_dispo, NULL::int AS nb_pers,
       a.nom AS antenne, p.departement_depart,
       r.id AS rel_id, r.status_id AS rel_statut, r.initiator AS rel_initiator,
       r.nb_pers AS rel_nb_pers, r.description AS rel_description`;
const SEARCH_COLUMNS = `${ROW_COLUMNS},
       NULL, false, NULL, s.nb_pers, NULL, s.departement_depart,
       r.id, r.status_id, r.initiator, r.nb_pers, r.description`;
/** A searcher already riding with someone (a confirmed relation as passenger). */
const RIDING = `EXISTS (SELECT 1 FROM carpool_relations c
                  WHERE c.match_id = $1 AND c.status_id = 3 AND c.passenger_id = s.user_id)`;
/**
 * The department's list written by hand ($1 match, $2 department, $3 caller, $4 cap): the first
 * $4 presences of active members (offering seats first, most seats first, then by id) and the
 * first $4 searches of active members not riding with anyone (largest groups first, then by id),
 * plus, whatever the cap, the caller's own and those of the members with an active relation to
 * the caller; each row with the caller's latest active relation to its member.
 */
const HAND_SUPPORTERS = `
WITH related AS (
  SELECT $3::int AS user_id
  UNION
  SELECT CASE WHEN user1_id = $3 THEN user2_id ELSE user1_id END FROM carpool_relations
  WHERE match_id = $1 AND status_id IN (1, 2, 3) AND $3 IN (user1_id, user2_id)),
p AS (
  (SELECT p.id, p.user_id, p.transport_type_id, p.antenna_id, p.covoiturage, p.places_dispo,
          p.departement_depart
   FROM presences p JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
   WHERE p.match_id = $1 AND p.departement_depart = $2
   ORDER BY p.covoiturage DESC, p.places_dispo DESC, p.id
   LIMIT $4)
  UNION
  SELECT p.id, p.user_id, p.transport_type_id, p.antenna_id, p.covoiturage, p.places_dispo,
         p.departement_depart
  FROM presences p JOIN related USING (user_id)
  JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
  WHERE p.match_id = $1 AND p.departement_depart = $2),
s AS (
  (SELECT s.id, s.user_id, s.nb_pers, s.departement_depart
   FROM ride_searches s JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
   WHERE s.match_id = $1 AND s.departement_depart = $2 AND NOT ${RIDING}
   ORDER BY s.nb_pers DESC, s.id
   LIMIT $4)
  UNION
  SELECT s.id, s.user_id, s.nb_pers, s.departement_depart
  FROM ride_searches s JOIN related USING (user_id)
  JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
  WHERE s.match_id = $1 AND s.departement_depart = $2 AND NOT ${RIDING})
SELECT ${PRESENCE_COLUMNS}
FROM p
JOIN users u ON u.id = p.user_id
JOIN transport_types t ON t.id = p.transport_type_id
LEFT JOIN antennas a ON a.id = p.antenna_id
${RELATION}
UNION ALL
SELECT ${SEARCH_COLUMNS}
FROM s
JOIN users u ON u.id = s.user_id
${RELATION}`;

/** The repository's row, with the picture's URL and the transport's code as the reply shows them. */
type HandRow = Omit<SupporterRow, 'avatar_file' | 'avatar_version' | 'transport_code'> & {
  profile_picture: string | null;
  transport: string | null;
};
const toSupporter = (r: HandRow) => ({
  id: r.id,
  username: r.username,
  profile_picture: r.profile_picture,
  note_covoiturage: r.note_covoiturage,
  transport: r.transport,
  covoiturage: r.covoiturage,
  places_dispo: r.places_dispo,
  nb_pers: r.nb_pers,
  antenne: r.antenne,
  departement_depart: r.departement_depart,
  relation:
    r.rel_id === null
      ? null
      : {
          id: r.rel_id,
          statut: r.rel_statut,
          initiator: r.rel_initiator,
          nbPers: r.rel_nb_pers,
          description: r.rel_description,
        },
});
const handSupporters = async (client: Client, me: number, match: number, dept: string) =>
  (await client.query<HandRow>(HAND_SUPPORTERS, [match, dept, me, LIST_CAP])).rows.map(toSupporter);

/** Supporters per departure department, as the triggers keep them. */
const HAND_COUNTS = `
SELECT c.departement AS code, d.name AS nom, c.supporters AS n
FROM match_department_counts c
JOIN departments d ON d.code = c.departement
WHERE c.match_id = $1 AND c.supporters > 0
ORDER BY c.departement`;
/** What a department holds for the list ($1 match, $2 department, $3 caller), for the report. */
const DEPT_TOTALS = `
SELECT (SELECT count(*) FROM presences p JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
        WHERE p.match_id = $1 AND p.departement_depart = $2)::int presences,
       (SELECT count(*) FROM ride_searches s JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
        WHERE s.match_id = $1 AND s.departement_depart = $2 AND NOT ${RIDING})::int searches,
       (SELECT count(DISTINCT CASE WHEN user1_id = $3 THEN user2_id ELSE user1_id END)
        FROM carpool_relations
        WHERE match_id = $1 AND status_id IN (1, 2, 3) AND $3 IN (user1_id, user2_id))::int related,
       (SELECT coalesce(sum(supporters), 0) FROM match_department_counts
        WHERE match_id = $1 AND departement = $2)::int counted`;
/** The caller's department and whether someone else offers seats from it. */
const HAND_LOCAL_OFFER = `
SELECT m.dept, EXISTS (
         SELECT 1 FROM presences p JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
         WHERE p.match_id = $1 AND p.departement_depart = m.dept AND p.covoiturage
           AND p.places_dispo > 0 AND p.user_id <> $2) AS local_offer
FROM (SELECT coalesce(
        (SELECT departement_depart FROM presences WHERE user_id = $2 AND match_id = $1),
        (SELECT departement_depart FROM ride_searches WHERE user_id = $2 AND match_id = $1)) dept) m`;
async function handDepartments(client: Client, me: number, match: number) {
  const counts = await client.query<{ code: string; nom: string; n: number }>(HAND_COUNTS, [match]);
  const mine = await client.query<{ dept: string | null; local_offer: boolean }>(HAND_LOCAL_OFFER, [
    match,
    me,
  ]);
  if (!mine.rows[0]!.local_offer) throw new Error('the caller should have a local offer');
  return {
    departements: counts.rows.map((c) => ({
      code: c.code,
      nom: c.nom,
      supporters: c.n < 3 ? '<3' : String(c.n),
    })),
    suggestions: [],
  };
}

/** Order-independent comparison of the app's rows and the hand-written query's. */
function sameRows(app: unknown[], hand: unknown[]): boolean {
  const key = (rows: unknown[]) =>
    rows
      .map((r) => JSON.stringify(r))
      .sort()
      .join('\n');
  return app.length === hand.length && key(app) === key(hand);
}

const fmt = (s: Stats) =>
  `${s.median.toFixed(1).padStart(8)} [${s.min.toFixed(1)}–${s.max.toFixed(1)}]`.padEnd(28);

/** EXPLAIN (ANALYZE, BUFFERS) of one statement with its parameters, printed; returns the plan. */
async function explain(client: Client, title: string, sql: string, params: unknown[]) {
  const plan = (
    await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)
  ).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS): ${title}`);
  console.log(plan);
  return plan;
}

/** The tables the map's reads are meant to reach through an index. */
const TABLES = ['presences', 'ride_searches', 'match_department_counts'] as const;
type Table = (typeof TABLES)[number];

/** One node of an EXPLAIN ANALYZE text plan. */
type PlanNode = { depth: number; head: string; details: string[]; parent: PlanNode | null };
function planNodes(plan: string): PlanNode[] {
  const nodes: PlanNode[] = [];
  for (const line of plan.split('\n')) {
    const arrow = /^(\s*)->\s+(.*)$/.exec(line);
    if (arrow || nodes.length === 0) {
      const depth = arrow ? arrow[1]!.length : -1;
      let parent = nodes.at(-1) ?? null;
      while (parent && parent.depth >= depth) parent = parent.parent;
      nodes.push({ depth, head: arrow ? arrow[2]! : line.trim(), details: [], parent });
    } else {
      nodes.at(-1)!.details.push(line.trim());
    }
  }
  return nodes;
}
const nodeType = (n: PlanNode) => n.head.replace(/\s+\(.*$/, '').replace(/ (using|on) .*$/, '');

/** A scan of one of TABLES: how (index), how many rows it read, and whether a Limit stops it. */
type Scan = { table: Table; how: string; read: number; executed: boolean; capped: string | null };
function scansOf(plan: string): Scan[] {
  const nodes = planNodes(plan);
  const scans: Scan[] = [];
  for (const n of nodes) {
    const m =
      /^(Parallel )?(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan)( Backward)? (?:using (\S+) )?on (\S+)/.exec(
        n.head,
      );
    const table = TABLES.find((t) => t === m?.[5]);
    if (!m || !table) continue;
    let index = m[4];
    if (m[2] === 'Bitmap Heap Scan') {
      index = nodes
        .filter((c) => c.parent === n)
        .map((c) => /Bitmap Index Scan on (\S+)/.exec(c.head)?.[1])
        .find(Boolean);
    }
    const actual = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(n.head);
    const removed = n.details
      .map((d) => Number(/^Rows Removed by (?:Index Recheck|Filter): (\d+)/.exec(d)?.[1] ?? 0))
      .reduce((x, y) => x + y, 0);
    const loops = Number(actual?.[2] ?? 0);
    // The nearest Limit above the scan, and whether a node that consumes all its input first
    // (Sort, Hash, HashAggregate, Materialize) sits in between: then the Limit cuts rows that
    // were all read.
    let capped: string | null = null;
    let blocking: string | null = null;
    for (let up = n.parent; up; up = up.parent) {
      const type = nodeType(up);
      if (type === 'Limit') {
        capped = blocking ? `Limit over a ${blocking}` : 'Limit';
        break;
      }
      if (!blocking && /^(Sort|Hash|HashAggregate|Materialize)$/.test(type)) blocking = type;
    }
    scans.push({
      table,
      how: `${m[1] ?? ''}${m[2]}${m[3] ?? ''}${index ? ` using ${index}` : ''}`,
      read: (Number(actual?.[1] ?? 0) + removed) * loops,
      executed: loops > 0,
      capped,
    });
  }
  return scans;
}

/**
 * For each table of TABLES the statement names: the scans of the plan, the index each uses,
 * the rows each read, and for the scans under a Limit whether they stop early (read fewer rows
 * than the department holds, `totals`) or read everything before a Sort.
 */
function indexConclusion(plan: string, sql: string, totals: Partial<Record<Table, number>>) {
  const scans = scansOf(plan);
  const parts = TABLES.filter((t) => new RegExp(`\\b${t}\\b`).test(sql)).map((t) => {
    const of = scans.filter((x) => x.table === t);
    if (of.length === 0) return `${t}: not read`;
    const described = of.map((x) => {
      if (!x.executed) return `${x.how}: never executed`;
      const total = totals[t];
      let cap = '';
      if (x.capped) {
        const early = total !== undefined && x.read < total;
        cap =
          `, under a ${x.capped}: ` +
          (total === undefined
            ? 'capped'
            : early && x.capped === 'Limit'
              ? `STOPS EARLY (${x.read} of the department's ${total} rows)`
              : `does NOT stop early (reads ${x.read} of the department's ${total} rows` +
                `${x.capped === 'Limit' ? '' : ', then cuts'})`);
      }
      return `${x.how}: ${x.read} rows read${cap}`;
    });
    const seq = of.some((x) => x.how.includes('Seq Scan')) ? ' [SEQ SCAN]' : '';
    return `${t}${seq}: ${described.join('; ')}`;
  });
  // Sequential scans of the other large tables (the small reference tables do not matter).
  const others = [
    ...plan.matchAll(
      /(?:Parallel )?Seq Scan on (users|carpool_relations)\b[^\n]*?rows=(\d+) loops=(\d+)/g,
    ),
  ].map((m) => `Seq Scan on ${m[1]} (${Number(m[2]) * Number(m[3])} rows)`);
  if (others.length) parts.push(`also ${others.join('; ')}`);
  return parts.join('\n      ') || 'reads none of the tables';
}

type JitSettings = { jit: string; above: number; inline: number; optimize: number };
/** The plan's JIT section, if any, next to its top cost and the server's thresholds. */
function jitConclusion(plan: string, settings: JitSettings): string {
  const cost = Number(/cost=[\d.]+\.\.([\d.]+)/.exec(plan.split('\n')[0] ?? '')?.[1] ?? NaN);
  const exec = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  const section = /JIT:\s*\n\s*Functions: (\d+)\s*\n\s*Options: ([^\n]*)\n\s*Timing: ([^\n]*)/.exec(
    plan,
  );
  const costText = `top cost ${cost.toFixed(0)}, jit_above_cost ${settings.above}`;
  if (!section) {
    return `JIT no (${settings.jit === 'on' ? costText : 'jit = off'}; execution ${exec} ms)`;
  }
  const on = (opt: string) => new RegExp(`${opt} true`).test(section[2]!);
  const total = /Total ([\d.]+) ms/.exec(section[3]!)?.[1] ?? '?';
  return (
    `JIT YES: ${section[1]} functions, inlining ${on('Inlining') ? 'on' : 'off'}, ` +
    `optimization ${on('Optimization') ? 'on' : 'off'}, ${total} ms of the ${exec} ms execution ` +
    `(${costText}, inline ${settings.inline}, optimize ${settings.optimize})`
  );
}

/** A short name for a statement of the map repository, from its text. */
function statementName(sql: string): string {
  if (/AS stadium/.test(sql)) return 'repo.access';
  if (/FROM match_department_counts/.test(sql)) return 'repo.countsByDepartment';
  if (/WITH gate/.test(sql)) return 'repo.supportersIn';
  if (/departement_depart <> \$3/.test(sql)) return 'repo.driversOutside';
  return 'statement';
}

type Captured = { query: string; params: unknown[]; duration: number };
/**
 * Runs fn with the pool's query method wrapped: the statements it sends (text, parameters,
 * client-side duration), and the call's wall time. The repositories call `sqlOf(db).query` at
 * each read, so the wrapper on the instance sees them all; it is removed afterwards.
 */
async function capturing(pool: Pool, fn: () => Promise<unknown>) {
  const list: Captured[] = [];
  const original = pool.query.bind(pool) as (
    text: string | QueryConfig,
    params?: unknown[],
  ) => Promise<QueryResult>;
  const wrapped = async (text: string | QueryConfig, params?: unknown[]) => {
    const start = performance.now();
    try {
      return await original(text, params);
    } finally {
      list.push({
        query: typeof text === 'string' ? text : text.text,
        params: params ?? (typeof text === 'string' ? [] : (text.values ?? [])),
        duration: performance.now() - start,
      });
    }
  };
  Object.assign(pool, { query: wrapped });
  try {
    const wall = await timed(fn);
    return { wall, list };
  } finally {
    Reflect.deleteProperty(pool, 'query');
  }
}

async function main() {
  const scratch = await scratchDatabase('munegu_bench_carpool');
  const { name, url } = scratch;
  console.log(
    `Benchmark database ${name}: sizes ${SIZES.join(', ')} members, ${MATCHES} matches, ` +
      `${WARMUP} warm-up pairs then ${PAIRS} measured pairs per operation`,
  );
  const client = new pg.Client({ connectionString: url });
  let db: Db | null = null;
  let modules: Awaited<ReturnType<typeof carpoolModules>> | null = null;
  type Row = {
    size: number;
    op: string;
    /** Rows the operation returns (departments: the departments listed). */
    rows: number;
    /** departments: the supporters counted to produce them. */
    counted?: number;
    baseline: Stats;
    subject: Stats;
  };
  const results: Row[] = [];
  try {
    await migrate(url);
    await client.connect();
    await fillReference(client);
    // Wired as in app.ts (which opens the pool with max 10).
    db = createDb({ connectionString: url, max: 10 });
    modules = await carpoolModules(db, systemClock, { CARPOOL_LIST_LIMIT: String(LIST_CAP) });
    const { map } = modules.carpool;

    for (const size of SIZES) {
      const start = performance.now();
      const { match, me } = await fill(client, size);
      const countRows = await checkCounts(client);
      const triggerWork = await checkTriggers(client, match);
      const counts = (
        await client.query(
          `SELECT (SELECT count(*) FROM users)::int users,
                  (SELECT count(*) FROM presences)::int presences,
                  (SELECT count(*) FROM ride_searches)::int searches,
                  (SELECT count(*) FROM carpool_relations)::int relations,
                  (SELECT count(*) FROM presences WHERE match_id = $1)::int match_presences,
                  (SELECT count(*) FROM presences WHERE match_id = $1 AND departement_depart = $2)::int dept_presences,
                  (SELECT count(*) FROM ride_searches WHERE match_id = $1 AND departement_depart = $2)::int dept_searches,
                  (SELECT count(*) FROM carpool_relations WHERE match_id = $1 AND $3 IN (user1_id, user2_id)
                     AND status_id = ANY($4))::int my_relations`,
          [match, DEPT, me, ACTIVE],
        )
      ).rows[0];
      console.log(
        `\n== ${size} members: fill ${(performance.now() - start).toFixed(0)} ms; match ${match}, caller ${me}`,
      );
      console.log('   ', counts);
      console.log(
        `    match_department_counts: ${countRows} rows, equal to a fresh GROUP BY; the triggers ` +
          `keep it so (checked in a rolled-back transaction: ${triggerWork})`,
      );

      // Same rows from both sides, checked once per size before timing.
      for (const dept of [DEPT, FIXED_DEPT]) {
        const app = (await map.supporters(me, match, dept))[dept] ?? [];
        const hand = await handSupporters(client, me, match, dept);
        if (hand.length === 0 || !sameRows(app, hand)) {
          throw new Error(
            `supporters(${dept}): the app returns ${app.length} rows, the SQL ${hand.length}, not the same`,
          );
        }
        const shown = (await client.query<Record<string, number>>(DEPT_TOTALS, [match, dept, me]))
          .rows[0]!;
        const listed = (searching: boolean) =>
          hand.filter((r) => (r.transport === null) === searching).length;
        console.log(
          `    supporters('${dept}'): app = hand-written, ${hand.length} rows: ` +
            `${listed(false)} of the ${shown.presences} presences and ${listed(true)} of the ` +
            `${shown.searches} searches of active members not riding (cap ${LIST_CAP} per kind; ` +
            `the caller and their ${shown.related} related members always in); ` +
            `match_department_counts says ${shown.counted}`,
        );
      }
      const appDeps = await map.departments(me, match);
      const handDeps = await handDepartments(client, me, match);
      if (JSON.stringify(appDeps) !== JSON.stringify(handDeps)) {
        throw new Error('departments: the app and the SQL differ');
      }

      for (const dept of [DEPT, FIXED_DEPT]) {
        const rows = (await handSupporters(client, me, match, dept)).length;
        const r = await pairs(
          () => handSupporters(client, me, match, dept),
          () => map.supporters(me, match, dept),
        );
        results.push({ size, op: `supporters(me, match, '${dept}')`, rows, ...r });
      }
      const counted = (
        await client.query<{ n: number }>(`SELECT sum(n)::int n FROM (${HAND_COUNTS}) c`, [match])
      ).rows[0]!.n;
      const r = await pairs(
        () => handDepartments(client, me, match),
        () => map.departments(me, match),
      );
      results.push({
        size,
        op: 'departments(me, match)',
        rows: handDeps.departements.length,
        counted,
        ...r,
      });

      if (size === SIZES.at(-1)) {
        // Where the app's time goes, read by read (medians of PAIRS runs after one call).
        const repo = mapRepository(db);
        const steps: Array<[string, () => Promise<unknown>]> = [
          ['repo.access (with the local offer check)', () => repo.access(match, me)],
          [`repo.supportersIn('${DEPT}')`, () => repo.supportersIn(match, DEPT, me, LIST_CAP)],
          [
            `repo.supportersIn('${FIXED_DEPT}')`,
            () => repo.supportersIn(match, FIXED_DEPT, me, LIST_CAP),
          ],
          ['repo.countsByDepartment', () => repo.countsByDepartment(match)],
        ];
        console.log(
          `\nreads of the app at ${size} members (median [min–max] of ${PAIRS} runs, ms):`,
        );
        for (const [label, fn] of steps) {
          await fn();
          const xs: number[] = [];
          for (let i = 0; i < PAIRS; i++) xs.push(await timed(fn));
          console.log(`  ${label.padEnd(44)} ${fmt(stats(xs))}`);
        }

        // The SQL the app issues for the measured calls, from its pg pool (sqlOf(db)).
        const toExplain: Array<{ title: string; sql: string; params: unknown[] }> = [];
        for (const [label, fn] of [
          [`supporters(me, match, '${DEPT}')`, () => map.supporters(me, match, DEPT)],
          ['departments(me, match)', () => map.departments(me, match)],
        ] as const) {
          for (let i = 0; i < 3; i++) await fn();
          const { wall, list } = await capturing(sqlOf(db), fn);
          const sum = list.reduce((a, q) => a + q.duration, 0);
          console.log(
            `\n${label}: the app issued ${list.length} statement(s) on its pool; their client-side ` +
              `durations add up to ${sum.toFixed(1)} ms, the call took ${wall.toFixed(1)} ms`,
          );
          list.forEach((q, i) => {
            const title = `app ${label} [${i + 1}] ${statementName(q.query)}`;
            console.log(
              `  ${q.duration.toFixed(1).padStart(6)} ms ${String(q.params.length).padStart(3)} params  ${title}`,
            );
            toExplain.push({ title, sql: q.query, params: q.params });
          });
        }
        toExplain.push(
          {
            title: `hand-written supporters ('${DEPT}')`,
            sql: HAND_SUPPORTERS,
            params: [match, DEPT, me, LIST_CAP],
          },
          { title: 'hand-written departments [1] counts', sql: HAND_COUNTS, params: [match] },
          {
            title: 'hand-written departments [2] local offer',
            sql: HAND_LOCAL_OFFER,
            params: [match, me],
          },
        );
        const setting = async (n: string) =>
          (await client.query<Record<string, string>>(`SHOW ${n}`)).rows[0]![n]!;
        const jitSettings: JitSettings = {
          jit: await setting('jit'),
          above: Number(await setting('jit_above_cost')),
          inline: Number(await setting('jit_inline_above_cost')),
          optimize: Number(await setting('jit_optimize_above_cost')),
        };
        // Everything a scan of the department could read, whatever the member's status.
        const totals = (
          await client.query<Record<Table, number>>(
            `SELECT (SELECT count(*) FROM presences
                     WHERE match_id = $1 AND departement_depart = $2)::int presences,
                    (SELECT count(*) FROM ride_searches
                     WHERE match_id = $1 AND departement_depart = $2)::int ride_searches,
                    (SELECT count(*) FROM match_department_counts
                     WHERE match_id = $1)::int match_department_counts`,
            [match, DEPT],
          )
        ).rows[0]!;
        const conclusions: string[] = [];
        for (const { title, sql, params } of toExplain) {
          const plan = await explain(client, title, sql, params);
          conclusions.push(
            `${title}:\n      ${indexConclusion(plan, sql, totals)}\n      ${jitConclusion(plan, jitSettings)}`,
          );
        }
        console.log(
          `\nEXPLAIN at ${size} members: indexes, rows read by each scan (the department '${DEPT}' ` +
            `holds ${totals.presences} presences and ${totals.ride_searches} searches; the counts ` +
            `table ${totals.match_department_counts} rows for the match), and JIT ` +
            `(jit = ${jitSettings.jit}, pg_jit_available ${
              (await client.query<{ a: boolean }>('SELECT pg_jit_available() a')).rows[0]!.a
            }):`,
        );
        for (const c of conclusions) console.log(`  ${c}`);
        // How much of the list's time is JIT, if the server compiles its plan at all?
        const jitOn = await pairs(
          () => handSupporters(client, me, match, DEPT),
          async () => {
            await client.query('SET jit = off');
            try {
              await handSupporters(client, me, match, DEPT);
            } finally {
              await client.query('RESET jit');
            }
          },
        );
        console.log(
          `\nhand-written supporters ('${DEPT}') at ${size} members: ${fmt(jitOn.baseline).trim()} ms ` +
            `with the server's JIT setting, ${fmt(jitOn.subject).trim()} ms with SET jit = off`,
        );
      }
    }

    console.log(
      `\nmedians [min–max] in ms, ${PAIRS} alternating pairs after ${WARMUP} warm-up pairs:`,
    );
    console.log(
      `${'members'.padStart(8)}  ${'operation'.padEnd(30)} ${'rows'.padStart(6)}  ${'hand-written SQL'.padEnd(28)} ${'app (map service)'.padEnd(28)} app/SQL`,
    );
    for (const r of results) {
      console.log(
        `${String(r.size).padStart(8)}  ${r.op.padEnd(30)} ${String(r.rows).padStart(6)}  ${fmt(r.baseline)} ${fmt(r.subject)} ${(r.subject.median / r.baseline.median).toFixed(2)}`,
      );
    }

    const smallest = SIZES[0]!;
    const largest = SIZES.at(-1)!;
    console.log(
      `\ngrowth ${largest}/${smallest} members: output rows at each size, median time of the app ` +
        'and of the hand-written SQL; goals:',
    );
    for (const op of [...new Set(results.map((r) => r.op))]) {
      const of = results.filter((r) => r.op === op);
      const lo = of.find((r) => r.size === smallest)!;
      const hi = of.find((r) => r.size === largest)!;
      const growth = hi.subject.median / lo.subject.median;
      const sqlGrowth = hi.baseline.median / lo.baseline.median;
      const worst = Math.max(...of.map((r) => r.subject.median / r.baseline.median));
      const rows = of.map((r) => String(r.rows)).join(' → ');
      const counted =
        lo.counted === undefined
          ? ''
          : ` (counting ${of.map((r) => r.counted).join(' → ')} supporters)`;
      console.log(`  ${op}`);
      console.log(
        `    rows ${rows}${counted}: output ×${(hi.rows / lo.rows).toFixed(2)}` +
          (lo.counted && hi.counted ? `, counted ×${(hi.counted / lo.counted).toFixed(2)}` : ''),
      );
      console.log(`    time: app ×${growth.toFixed(2)}, hand-written SQL ×${sqlGrowth.toFixed(2)}`);
      console.log(
        `    ${growth <= 1.5 ? 'PASS' : 'FAIL'}  app time at ${largest} ≤ 1.5 × at ${smallest} (×${growth.toFixed(2)})`,
      );
      console.log(
        `    ${worst <= 1.5 ? 'PASS' : 'FAIL'}  app ≤ 1.5 × hand-written SQL at every size (worst ×${worst.toFixed(2)})`,
      );
    }
  } finally {
    await finishScratch(
      scratch,
      async () => modules?.close(),
      async () => db?.$disconnect(),
      () => client.end(),
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
