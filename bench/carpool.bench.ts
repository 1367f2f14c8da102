/**
 * MuneguMap carpool list benchmark (`pnpm bench:carpool` from the repository root; never part
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
 * the members, so it shows whether the cost follows the table or the output.
 *
 * Measures, through the app's map service wired as in carpool.module.ts (one SQL statement per
 * read in map.repository.ts: access, then supportersIn, or countsByDepartment and hasLocalOffer):
 *   (a) supporters(me, match, '06'): the list of one department with the caller's relations,
 *   (b) supporters(me, match, FIXED_DEPT): the same for the fixed-size department,
 *   (c) departments(me, match): the counts per department (and the local offer check),
 * each against hand-written SQL returning the same rows (checked before timing), alternating
 * the two in pairs after a warm-up (the machine is noisy): median, min and max of each, ratio
 * app/SQL, and the growth of both between the smallest and the largest size next to the growth
 * of the output. At the largest size, prints the time of each repository read, then the
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the app issues for (a) and (c) (captured from
 * Prisma's query log and replayed with their parameters: the pg adapter sends unnamed
 * statements, so the server plans them with the values, as here) and of the hand-written ones,
 * with which indexes read presences and ride_searches and whether JIT compiled the plan, then
 * drops the database.
 *
 * Server: BENCH_PG_URL, else TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * BENCH_SIZES (default '1000,10000,100000'), BENCH_PAIRS (default 5), BENCH_WARMUP (warm-up
 * pairs, default 10). BENCH_KEEP=1 keeps the database (with the largest size in it).
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { PrismaPg } from '@prisma/adapter-pg';
import type PgModule from 'pg';
import type { Client } from 'pg';
import { createDb, type Db } from '../apps/api/src/db/client.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { PrismaClient } from '../apps/api/src/generated/prisma/client.js';
import { ACTIVE, carpoolRepository } from '../apps/api/src/modules/carpool/carpool.repository.js';
import { DEFAULT_DETOUR_RULE } from '../apps/api/src/modules/carpool/geo/detour.js';
import { mapRepository } from '../apps/api/src/modules/carpool/map.repository.js';
import { mapService } from '../apps/api/src/modules/carpool/map.service.js';
import { DEPARTMENTS } from '../apps/api/src/seed/departments.js';
import { ANTENNAS, CARPOOL_STATUSES, TRANSPORT_TYPES } from '../apps/api/src/seed/reference.js';

// 'pg' is a dependency of the API package, not of the repository root.
const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
const pg = require('pg') as typeof PgModule;

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
/** Warm-up pairs, not counted: Prisma's query compiler and V8 need a dozen calls to settle. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const MATCHES = 18;
const MEASURED_JOURNEE = 9;
const SEASON = '2090-2091';
const DEPT = '06';
/** Members 1..FIXED_DEPT_MEMBERS answer every match from FIXED_DEPT, and nobody else does. */
const FIXED_DEPT = '2A';
const FIXED_DEPT_MEMBERS = 30;
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

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

type Stats = { median: number; min: number; max: number };
const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return {
    median: s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2,
    min: s[0]!,
    max: s.at(-1)!,
  };
};
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
/** WARMUP pairs not counted, then PAIRS pairs, the order inside a pair alternating. */
async function pairs(baseline: () => Promise<unknown>, subject: () => Promise<unknown>) {
  for (let i = 0; i < Math.max(1, WARMUP); i++) {
    await baseline();
    await subject();
  }
  const b: number[] = [];
  const s: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    if (i % 2 === 0) {
      b.push(await timed(baseline));
      s.push(await timed(subject));
    } else {
      s.push(await timed(subject));
      b.push(await timed(baseline));
    }
  }
  return { baseline: stats(b), subject: stats(s) };
}

/** Reference rows, kept across sizes (TRUNCATE ... CASCADE never reaches them). */
async function reference(client: Client) {
  await client.query(
    `INSERT INTO clubs (id, nom, slug, nom_stade, ville, departement, logo)
     VALUES (1, 'AS Monaco', 'monaco', 'Stade Louis-II', 'Monaco', '06', '/clubs/monaco.svg'),
            (2, 'Adversaire', 'adversaire', 'Stade', 'Ville', '75', '/clubs/adv.svg')`,
  );
  await client.query(
    `INSERT INTO departments (code, name) SELECT * FROM unnest($1::text[], $2::text[])`,
    [DEPARTMENTS.map(([c]) => c), DEPARTMENTS.map(([, n]) => n)],
  );
  await client.query(
    `INSERT INTO transport_types (id, code, libelle)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[])`,
    [
      TRANSPORT_TYPES.map((t) => t.id),
      TRANSPORT_TYPES.map((t) => t.code),
      TRANSPORT_TYPES.map((t) => t.libelle),
    ],
  );
  await client.query(
    `INSERT INTO carpool_statuses (id, libelle) SELECT * FROM unnest($1::int[], $2::text[])`,
    [CARPOOL_STATUSES.map((s) => s.id), CARPOOL_STATUSES.map((s) => s.libelle)],
  );
  await client.query(
    `INSERT INTO antennas (nom, categorie) SELECT * FROM unnest($1::text[], $2::text[])`,
    [ANTENNAS.map((a) => a.nom), ANTENNAS.map((a) => a.categorie)],
  );
}

/** One size: empties the members' tables and fills them again; returns the measured match and caller. */
async function fill(client: Client, members: number) {
  await client.query('TRUNCATE users, matches RESTART IDENTITY CASCADE');
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
  await client.query(
    `INSERT INTO presences (user_id, match_id, transport_type_id, antenna_id, covoiturage,
                            places_dispo, departement_depart, updated_at)
     SELECT user_id, match_id, t,
            CASE WHEN t = 2 AND opt < 0.5 THEN 1 + floor(x * 8)::int END,
            t = 1 AND opt < 0.5,
            CASE WHEN t = 1 AND opt < 0.5 THEN 1 + floor(x * 4)::int ELSE 0 END,
            dept, now()
     FROM (SELECT *, CASE WHEN tr < 0.40 THEN 1 WHEN tr < 0.70 THEN 2 WHEN tr < 0.85 THEN 3
                          ELSE 5 END t
           FROM bench_answers WHERE kind < 0.85) a`,
  );
  await client.query(
    `INSERT INTO ride_searches (user_id, match_id, nb_pers, departement_depart, updated_at)
     SELECT user_id, match_id, 1 + floor(x * 3)::int, dept, now()
     FROM bench_answers WHERE kind >= 0.85`,
  );
  // 60 % of the searchers get a relation with a driver of their department: 30 % proposed by
  // the driver (1), 30 % requested by the searcher (2), 30 % confirmed (3), 10 % cancelled (5).
  await client.query(
    `WITH d AS (SELECT user_id, match_id, departement_depart dept,
                       row_number() OVER (PARTITION BY match_id, departement_depart ORDER BY user_id) - 1 k,
                       count(*) OVER (PARTITION BY match_id, departement_depart) nd
                FROM presences WHERE covoiturage),
     s AS (SELECT user_id, match_id, departement_depart dept, nb_pers, random() r, random() st,
                  row_number() OVER (PARTITION BY match_id, departement_depart ORDER BY user_id) - 1 k
           FROM ride_searches),
     dc AS (SELECT DISTINCT match_id, dept, nd FROM d),
     pairs AS (SELECT s.*, d.user_id driver,
                      CASE WHEN s.st < 0.3 THEN 1 WHEN s.st < 0.6 THEN 2 WHEN s.st < 0.9 THEN 3 ELSE 5 END status
               FROM s JOIN dc ON dc.match_id = s.match_id AND dc.dept = s.dept
               JOIN d ON d.match_id = s.match_id AND d.dept = s.dept AND d.k = s.k % dc.nd
               WHERE s.r < 0.6)
     INSERT INTO carpool_relations (match_id, user1_id, user2_id, status_id, driver_id,
                                    passenger_id, nb_pers, description, departement_depart, updated_at)
     SELECT match_id,
            CASE WHEN status = 2 OR (status <> 1 AND st >= 0.75) THEN user_id ELSE driver END,
            CASE WHEN status = 2 OR (status <> 1 AND st >= 0.75) THEN driver ELSE user_id END,
            status, driver, user_id, nb_pers,
            CASE WHEN r < 0.2 THEN 'Départ devant la gare' END, dept, now()
     FROM pairs`,
  );
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
/**
 * The department's list written by hand: presences and searches of active members (searchers
 * already riding with someone left out) with the caller's latest active relation to each.
 */
const HAND_SUPPORTERS = `
SELECT ${ROW_COLUMNS},
       replace(t.code, '_', ' ') AS transport, p.covoiturage,
       CASE WHEN p.covoiturage THEN p.places_dispo END AS places_dispo, NULL::int AS nb_pers,
       a.nom AS antenne, p.departement_depart,
       r.id AS rel_id, r.status_id AS rel_statut, r.initiator AS rel_initiator,
       r.nb_pers AS rel_nb_pers, r.description AS rel_description
FROM presences p
JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
JOIN transport_types t ON t.id = p.transport_type_id
LEFT JOIN antennas a ON a.id = p.antenna_id
${RELATION}
WHERE p.match_id = $1 AND p.departement_depart = $2
UNION ALL
SELECT ${ROW_COLUMNS},
       NULL, false, NULL, s.nb_pers, NULL, s.departement_depart,
       r.id, r.status_id, r.initiator, r.nb_pers, r.description
FROM ride_searches s
JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
${RELATION}
WHERE s.match_id = $1 AND s.departement_depart = $2
  AND NOT EXISTS (SELECT 1 FROM carpool_relations c
                  WHERE c.match_id = $1 AND c.status_id = 3 AND c.passenger_id = s.user_id)`;

type HandRow = {
  id: number;
  username: string;
  profile_picture: string | null;
  note_covoiturage: number | null;
  transport: string | null;
  covoiturage: boolean;
  places_dispo: number | null;
  nb_pers: number | null;
  antenne: string | null;
  departement_depart: string;
  rel_id: number | null;
  rel_statut: number | null;
  rel_initiator: boolean | null;
  rel_nb_pers: number | null;
  rel_description: string | null;
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
  (await client.query<HandRow>(HAND_SUPPORTERS, [match, dept, me])).rows.map(toSupporter);

const HAND_COUNTS = `
SELECT x.d AS code, d.name AS nom, count(*)::int AS n
FROM (SELECT p.departement_depart AS d FROM presences p
        JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE' WHERE p.match_id = $1
      UNION ALL
      SELECT s.departement_depart FROM ride_searches s
        JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE' WHERE s.match_id = $1) x
JOIN departments d ON d.code = x.d
GROUP BY x.d, d.name ORDER BY x.d`;
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

/** The tables whose (match_id, departement_depart) index the map's reads are meant to use. */
const DEPT_TABLES = ['presences', 'ride_searches'] as const;
const deptIndex = (table: string) => `${table}_match_id_departement_depart_idx`;

/** How a plan reads a table: its scan nodes, with the index used ('Seq Scan' when none). */
function accessPaths(plan: string, table: string): string[] {
  const paths = new Set<string>();
  for (const line of plan.split('\n')) {
    const scan =
      /(Parallel )?(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan)( Backward)? (?:using (\S+) )?on (\S+)/.exec(
        line,
      );
    if (scan && scan[5] === table && scan[2] !== 'Bitmap Heap Scan') {
      paths.add(`${scan[1] ?? ''}${scan[2]}${scan[4] ? ` using ${scan[4]}` : ''}`);
    }
    const bitmap = /Bitmap Index Scan on (\S+)/.exec(line);
    if (bitmap?.[1]?.startsWith(`${table}_`)) paths.add(`Bitmap Index Scan on ${bitmap[1]}`);
  }
  return [...paths];
}

/** The tables read with departement_depart in the statement, and through which index. */
function indexConclusion(plan: string, sql: string): string {
  const parts = DEPT_TABLES.filter((t) => new RegExp(`\\b${t}\\b`).test(sql)).map((t) => {
    const paths = accessPaths(plan, t);
    const used = paths.some((p) => p.includes(deptIndex(t)));
    if (!used && paths.length && paths.every((p) => p.includes(`${t}_user_id_match_id_key`))) {
      return `${t}: only the caller's row, by ${t}_user_id_match_id_key (no department filter)`;
    }
    return `${t} ${used ? 'USES' : 'does NOT use'} ${deptIndex(t)} (${paths.join('; ') || 'not read'})`;
  });
  return parts.join('; ') || 'reads neither presences nor ride_searches';
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
  if (/GROUP BY x\.d/.test(sql)) return 'repo.countsByDepartment';
  if (/SELECT EXISTS/.test(sql)) return 'repo.hasLocalOffer';
  if (/UNION ALL/.test(sql) && /LATERAL/.test(sql)) return 'repo.supportersIn';
  if (/p\.departement_depart <>/.test(sql)) return 'repo.driversOutside';
  return 'statement';
}

async function main() {
  console.log(
    `Benchmark database ${name}: sizes ${SIZES.join(', ')} members, ${MATCHES} matches, ` +
      `${WARMUP} warm-up pairs then ${PAIRS} measured pairs per operation`,
  );
  await admin(`CREATE DATABASE "${name}"`);
  const client = new pg.Client({ connectionString: url });
  let db: Db | null = null;
  let logDb: PrismaClient<'query'> | null = null;
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
    await reference(client);
    // Wired as in carpool.module.ts (app.ts opens the pool with max 10).
    db = createDb({ connectionString: url, max: 10 });
    const map = mapService({
      repo: mapRepository(db),
      carpool: carpoolRepository(db),
      detourRule: DEFAULT_DETOUR_RULE,
    });

    for (const size of SIZES) {
      const start = performance.now();
      const { match, me } = await fill(client, size);
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

      // Same rows from both sides, checked once per size before timing.
      for (const dept of [DEPT, FIXED_DEPT]) {
        const app = (await map.supporters(me, match, dept))[dept] ?? [];
        const hand = await handSupporters(client, me, match, dept);
        if (hand.length === 0 || !sameRows(app, hand)) {
          throw new Error(
            `supporters(${dept}): the app returns ${app.length} rows, the SQL ${hand.length}, not the same`,
          );
        }
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
          [`repo.supportersIn('${DEPT}')`, () => repo.supportersIn(match, DEPT, me)],
          [`repo.supportersIn('${FIXED_DEPT}')`, () => repo.supportersIn(match, FIXED_DEPT, me)],
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

        // The SQL the app issues for the measured calls, from Prisma's query log.
        logDb = new PrismaClient({
          adapter: new PrismaPg({ connectionString: url, max: 2 }),
          log: [{ emit: 'event', level: 'query' }],
        });
        type Captured = { query: string; params: unknown[]; duration: number };
        const captured: Captured[] = [];
        logDb.$on('query', (e) =>
          captured.push({
            query: e.query,
            params: JSON.parse(e.params) as unknown[],
            duration: e.duration,
          }),
        );
        const logged = logDb as unknown as Db;
        const logMap = mapService({
          repo: mapRepository(logged),
          carpool: carpoolRepository(logged),
          detourRule: DEFAULT_DETOUR_RULE,
        });
        const toExplain: Array<{ title: string; sql: string; params: unknown[] }> = [];
        for (const [label, fn] of [
          [`supporters(me, match, '${DEPT}')`, () => logMap.supporters(me, match, DEPT)],
          ['departments(me, match)', () => logMap.departments(me, match)],
        ] as const) {
          for (let i = 0; i < 3; i++) await fn();
          captured.splice(0);
          const wall = await timed(fn);
          const list = captured.splice(0);
          const sum = list.reduce((a, q) => a + q.duration, 0);
          console.log(
            `\n${label}: Prisma issued ${list.length} statement(s); their logged durations add up ` +
              `to ${sum.toFixed(0)} ms, the call took ${wall.toFixed(0)} ms`,
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
            params: [match, DEPT, me],
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
        const conclusions: string[] = [];
        for (const { title, sql, params } of toExplain) {
          const plan = await explain(client, title, sql, params);
          conclusions.push(
            `${title}:\n      ${indexConclusion(plan, sql)}\n      ${jitConclusion(plan, jitSettings)}`,
          );
        }
        console.log(
          `\nEXPLAIN at ${size} members: the (match_id, departement_depart) indexes, and JIT ` +
            `(jit = ${jitSettings.jit}, pg_jit_available ${
              (await client.query<{ a: boolean }>('SELECT pg_jit_available() a')).rows[0]!.a
            }):`,
        );
        for (const c of conclusions) console.log(`  ${c}`);
        // The list's estimated cost passes jit_above_cost: how much of the time is JIT?
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
    await logDb?.$disconnect();
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
