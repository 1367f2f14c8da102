/**
 * A member-scale seed for benchmarks and for trying the app at scale (`pnpm bench seed`).
 *
 * fillScale(client, { members }) fills an empty, migrated database with set-based inserts
 * (generate_series, one statement per table, seeded random()) shaped like the real data:
 *
 * - members: 45 % from '06', 20 % '83', 10 % '13', the rest spread over the other departments;
 *   96 % active. Each member has an activity a = r³ (r uniform): a few very active members,
 *   many quiet ones (a Zipf-like tail), and every answer below is drawn from it.
 * - matches: one season of SEASON_ROUNDS rounds (a season has as many matches whatever the
 *   member count), the first FINISHED_ROUNDS scored.
 * - predictions: a member predicts a round with probability 0.1 + 0.9·a (≈ 32 % on average);
 *   the finished rounds scored, their statistics, the round snapshots and the cached season
 *   totals and ranks computed as the app's scoring does (ranking.repository.ts).
 * - presences and ride searches: a member answers a match with probability 0.02 + 0.5·a, from
 *   their home department; 85 % presences (car, bus, train, on foot; half of the cars offer
 *   seats), 15 % ride searches; carpool relations between searchers and drivers of the same
 *   department. match_department_counts is rebuilt as its migration's backfill does (see fill()).
 * - conversations: about 1.5 per member, started by active members (weighted by a) with anyone;
 *   lengths 1/r^0.7 capped at 400 (most have 1–3 messages, a few hundreds); the last messages of
 *   a third of them unread. Plus LONG_THREAD: one conversation of LONG_THREAD_MESSAGES messages
 *   between members 1 and 2 (at every size, so its page is compared across sizes), its last
 *   LONG_THREAD_UNREAD unread by member 1, who has no other conversation (their unread badge
 *   counts exactly those).
 *
 * Sizes of each table are returned (rowCounts) so a benchmark quotes them.
 */
import type { Client } from 'pg';
import { DEPARTMENTS, ANTENNAS, CARPOOL_STATUSES, TRANSPORT_TYPES } from '@munegu/api/public';

export const SEASON = '2090-2091';
export const SEASON_ROUNDS = 34;
export const FINISHED_ROUNDS = 17;
/** Members 1 and 2 write the long thread; member 1 reads it. */
export const LONG_THREAD_READER = 1;
export const LONG_THREAD_WRITER = 2;
export const LONG_THREAD_MESSAGES = 10_000;
export const LONG_THREAD_UNREAD = 25;
/** After the finished rounds, before the next kickoff: the seed's season is the current one. */
export const SEED_NOW = new Date('2090-12-15T12:00:00Z');

export type ScaleOptions = { members: number; seed?: number };
export type ScaleSeed = {
  members: number;
  /** The long thread's conversation id. */
  longThread: number;
  /** The first round not finished yet (the next score entry). */
  nextMatch: { id: number; journee: number };
};

/** Reference rows the members' rows point at (clubs, departments, transports, statuses, antennas). */
export async function fillReference(client: Client): Promise<void> {
  await client.query(
    `INSERT INTO clubs (id, nom, slug, nom_stade, ville, departement, logo)
     VALUES (1, 'AS Monaco', 'monaco', 'Stade Louis-II', 'Monaco', '06', '/clubs/monaco.svg'),
            (2, 'Adversaire', 'adversaire', 'Stade', 'Ville', '75', '/clubs/adv.svg')
     ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO departments (code, name) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT DO NOTHING`,
    [DEPARTMENTS.map(([c]) => c), DEPARTMENTS.map(([, n]) => n)],
  );
  await client.query(
    `INSERT INTO transport_types (id, code, libelle)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [
      TRANSPORT_TYPES.map((t) => t.id),
      TRANSPORT_TYPES.map((t) => t.code),
      TRANSPORT_TYPES.map((t) => t.label),
    ],
  );
  await client.query(
    `INSERT INTO carpool_statuses (id, libelle) SELECT * FROM unnest($1::int[], $2::text[])
     ON CONFLICT DO NOTHING`,
    [CARPOOL_STATUSES.map((s) => s.id), CARPOOL_STATUSES.map((s) => s.label)],
  );
  await client.query(
    `INSERT INTO antennas (nom, categorie)
     SELECT n, c FROM unnest($1::text[], $2::text[]) AS a(n, c)
     WHERE NOT EXISTS (SELECT 1 FROM antennas WHERE nom = a.n)`,
    [ANTENNAS.map((a) => a.name), ANTENNAS.map((a) => a.category)],
  );
}

/** The triggers that keep match_department_counts (migration ..._match_department_counts). */
export const COUNT_TRIGGERS = [
  ['presences', 'presences_match_department'],
  ['ride_searches', 'ride_searches_match_department'],
] as const;
/** The migration's backfill: every presence and search counts once for its match and department. */
export const FRESH_COUNTS = `
SELECT match_id, departement_depart AS departement, count(*)::int AS supporters
FROM (SELECT match_id, departement_depart FROM presences
      UNION ALL SELECT match_id, departement_depart FROM ride_searches) a
GROUP BY match_id, departement_depart`;

/**
 * Runs `fill` with the counting triggers off, then rebuilds match_department_counts in one
 * INSERT ... SELECT ... GROUP BY, as the migration's backfill does: one set-based INSERT of
 * hundreds of thousands of answers firing the triggers updates the same few counter rows tens
 * of thousands of times inside one transaction, each update walking the row's growing chain of
 * versions (minutes at 100 000 members; the app writes one answer per transaction).
 */
export async function withCountsRebuilt(client: Client, fill: () => Promise<void>) {
  for (const [table, trigger] of COUNT_TRIGGERS) {
    await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  }
  try {
    await fill();
  } finally {
    for (const [table, trigger] of COUNT_TRIGGERS) {
      await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
    }
  }
  await client.query('DELETE FROM match_department_counts');
  await client.query(
    `INSERT INTO match_department_counts (match_id, departement, supporters) ${FRESH_COUNTS}`,
  );
}

/**
 * Carpool relations: 60 % of the searchers get one with a driver of their department: 30 %
 * proposed by the driver (1), 30 % requested by the searcher (2), 30 % confirmed (3), 10 %
 * cancelled (5).
 */
export async function fillRelations(client: Client): Promise<void> {
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
}

/** Points of a finished match's predictions: the game's rule (scoring.ts) as a CASE. */
const POINTS = `CASE
  WHEN p.score_dom = m.home_goals AND p.score_ext = m.away_goals THEN 5
  WHEN sign(p.score_dom - p.score_ext) <> sign(m.home_goals - m.away_goals) THEN 0
  WHEN p.score_dom - p.score_ext = m.home_goals - m.away_goals THEN 3
  ELSE 1 END`;

async function fillMembers(client: Client, members: number) {
  await client.query(
    `WITH o AS (SELECT array_agg(code ORDER BY code) a FROM departments
                WHERE code NOT IN ('06', '83', '13')),
     s AS (SELECT g, random() r, random() st, random() av, random() nt FROM generate_series(1, $1) g)
     INSERT INTO users (pseudo, pseudo_key, prenom, nom, email, password_hash, birth_date,
                        departement, status, avatar_file, avatar_version, note_covoiturage,
                        last_activity_at, updated_at)
     SELECT 'membre' || g, 'membre' || g, 'Bench', 'MEMBRE', 'membre' || g || '@bench.test', 'x',
            date '1990-01-01',
            'FR-' || CASE WHEN g <= 2 OR r < 0.45 THEN '06' WHEN r < 0.65 THEN '83'
                          WHEN r < 0.75 THEN '13'
                          ELSE o.a[1 + floor((r - 0.75) / 0.25 * array_length(o.a, 1))::int] END,
            (CASE WHEN g <= 2 OR st < 0.96 THEN 'ACTIVE' WHEN st < 0.98 THEN 'PENDING'
                  WHEN st < 0.99 THEN 'SUSPENDED' ELSE 'DELETED' END)::"UserStatus",
            CASE WHEN av < 0.4 THEN 'a' || g || '.webp' END, CASE WHEN av < 0.4 THEN 1 ELSE 0 END,
            CASE WHEN nt < 0.3 THEN round((3 + nt / 0.3 * 2)::numeric, 2) END, now(), now()
     FROM s, o`,
    [members],
  );
  // The activity of each member, kept for the answers below (dropped with the session).
  await client.query('DROP TABLE IF EXISTS seed_activity');
  await client.query(
    `CREATE TEMP TABLE seed_activity AS
     SELECT id user_id, substr(departement, 4) dept, status, power(random(), 3) a FROM users`,
  );
  await client.query('ANALYZE seed_activity');
}

async function fillMatches(client: Client) {
  await client.query(
    `INSERT INTO matches (kickoff_at, season, journee, home_club_id, away_club_id,
                          home_goals, away_goals, finished_at, updated_at)
     SELECT k, $1, g, CASE WHEN g % 2 = 1 THEN 1 ELSE 2 END, CASE WHEN g % 2 = 1 THEN 2 ELSE 1 END,
            CASE WHEN g <= $3 THEN g % 4 END, CASE WHEN g <= $3 THEN g % 3 END,
            CASE WHEN g <= $3 THEN k + interval '2 hours' END, now()
     FROM generate_series(1, $2) g,
          LATERAL (SELECT timestamptz '2090-08-10 19:00Z' + (g - 1) * interval '7 days' k) t`,
    [SEASON, SEASON_ROUNDS, FINISHED_ROUNDS],
  );
}

// A draw per (member, match) pair is made in a subquery's target list: a random() in the WHERE
// of a CROSS JOIN that names only the members' columns is pushed down to the members' scan,
// drawing once per member (all of their matches or none).

/** Predictions, their points, the matches' statistics, snapshots, totals and ranks. */
async function fillPredictions(client: Client) {
  await client.query(
    `INSERT INTO predictions (user_id, match_id, score_dom, score_ext, updated_at)
     SELECT user_id, match_id, floor(power(random(), 2) * 5)::int,
            floor(power(random(), 2) * 4)::int, now()
     FROM (SELECT s.user_id, s.a, s.status, m.id match_id, random() r
           FROM seed_activity s CROSS JOIN matches m) x
     WHERE status <> 'DELETED' AND r < 0.1 + 0.9 * a`,
  );
  await client.query(
    `UPDATE predictions p SET points = ${POINTS}
     FROM matches m WHERE m.id = p.match_id AND m.finished_at IS NOT NULL`,
  );
  await client.query(
    `UPDATE matches m SET stats_exact = s.e, stats_result_diff = s.d, stats_result = s.r,
                          stats_wrong = s.w
     FROM (SELECT match_id, count(*) FILTER (WHERE points = 5) e, count(*) FILTER (WHERE points = 3) d,
                  count(*) FILTER (WHERE points = 1) r, count(*) FILTER (WHERE points = 0) w
           FROM predictions WHERE points IS NOT NULL GROUP BY match_id) s
     WHERE m.id = s.match_id`,
  );
  // Round by round, each adding its scored predictions to the previous round's totals, as
  // ranking.repository.ts rebuildSnapshots does.
  for (let j = 1; j <= FINISHED_ROUNDS; j++) {
    await client.query(
      `INSERT INTO ranking_snapshots (season, journee, user_id, points, rank)
       SELECT $1, $2, t.user_id, t.pts, RANK() OVER (ORDER BY t.pts DESC)
       FROM (SELECT x.user_id, SUM(x.pts)::int pts FROM (
               SELECT user_id, points pts FROM ranking_snapshots WHERE season = $1 AND journee = $2 - 1
               UNION ALL
               SELECT p.user_id, p.points FROM matches m JOIN predictions p ON p.match_id = m.id
               WHERE m.season = $1 AND m.journee = $2 AND p.points IS NOT NULL) x
             GROUP BY x.user_id) t
       JOIN users u ON u.id = t.user_id AND u.status <> 'DELETED'`,
      [SEASON, j],
    );
  }
  await client.query(
    `UPDATE users u SET pts_prono = s.points, classement_prono = s.rank
     FROM ranking_snapshots s WHERE s.user_id = u.id AND s.season = $1 AND s.journee = $2`,
    [SEASON, FINISHED_ROUNDS],
  );
}

/**
 * Presences (85 %) and ride searches (15 %) from a table of answers with columns user_id,
 * match_id, dept and the random draws kind, tr (transport), opt (carpool offer) and x (seats).
 */
export async function insertAnswers(client: Client, answers: string) {
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
           FROM ${answers} WHERE kind < 0.85) a`,
  );
  await client.query(
    `INSERT INTO ride_searches (user_id, match_id, nb_pers, departement_depart, updated_at)
     SELECT user_id, match_id, 1 + floor(x * 3)::int, dept, now()
     FROM ${answers} WHERE kind >= 0.85`,
  );
}

/** Presences and ride searches of every match, from the members' home departments. */
async function fillAnswers(client: Client) {
  await client.query('DROP TABLE IF EXISTS seed_answers');
  await client.query(
    `CREATE TEMP TABLE seed_answers AS
     SELECT user_id, match_id, dept, random() kind, random() tr, random() opt, random() x
     FROM (SELECT s.user_id, s.dept, s.a, s.status, m.id match_id, random() r
           FROM seed_activity s CROSS JOIN matches m) d
     WHERE status <> 'DELETED' AND r < 0.02 + 0.5 * a`,
  );
  await insertAnswers(client, 'seed_answers');
  await client.query('DROP TABLE seed_answers');
}

/** Conversations and messages; returns the long thread's id. */
async function fillMessages(client: Client, members: number): Promise<number> {
  const long = await client.query<{ id: number }>(
    `INSERT INTO conversations (user1_id, user2_id, pair_key, accepted, created_at)
     VALUES ($1, $2, $3, true, timestamptz '2090-01-01 10:00Z') RETURNING id`,
    [LONG_THREAD_READER, LONG_THREAD_WRITER, `${LONG_THREAD_READER}:${LONG_THREAD_WRITER}`],
  );
  const longThread = long.rows[0]!.id;
  // Starters weighted by activity (the cumulative share of activity picks them), partners
  // uniform; members 1 and 2 only talk to each other. A repeated pair is skipped.
  await client.query('DROP TABLE IF EXISTS seed_starters');
  await client.query(
    `CREATE TEMP TABLE seed_starters AS
     SELECT user_id, sum(a) OVER (ORDER BY user_id) / sum(a) OVER () c
     FROM seed_activity WHERE status = 'ACTIVE' AND user_id > 2`,
  );
  await client.query('CREATE INDEX ON seed_starters (c)');
  await client.query('ANALYZE seed_starters');
  await client.query(
    `INSERT INTO conversations (user1_id, user2_id, pair_key, accepted, blocked_by_user_id, created_at)
     SELECT u1, u2, least(u1, u2) || ':' || greatest(u1, u2), acc < 0.9,
            CASE WHEN acc > 0.99 THEN u2 END,
            timestamptz '2090-01-01' + random() * interval '340 days'
     FROM (SELECT (SELECT user_id FROM seed_starters WHERE c >= pick ORDER BY c LIMIT 1) u1,
                  3 + floor(partner * ($1 - 2))::int u2, acc
           FROM (SELECT random() pick, random() partner, random() acc
                 FROM generate_series(1, ($1 * 3) / 2)) r) p
     WHERE u1 IS NOT NULL AND u1 <> u2
     ON CONFLICT (pair_key) DO NOTHING`,
    [members],
  );
  await client.query('DROP TABLE seed_starters');
  // Lengths 1/r^0.7 (capped at 400): most conversations short, a few long; the last `unread`
  // messages of a third of them not read yet. Senders alternate, starting with user1; a
  // request not accepted holds user1's single message.
  await client.query(
    `WITH c AS (
       SELECT id, user1_id, user2_id, created_at,
              CASE WHEN accepted THEN least(400, floor(1 / power(random(), 0.7)))::int ELSE 1 END len,
              CASE WHEN random() < 0.33 THEN 1 + floor(random() * 4)::int ELSE 0 END unread,
              1 + random() * 120 step
       FROM conversations WHERE id <> $1)
     INSERT INTO messages (conversation_id, sender_id, receiver_id, content, created_at, read_at)
     SELECT c.id, CASE WHEN i % 2 = 1 THEN user1_id ELSE user2_id END,
            CASE WHEN i % 2 = 1 THEN user2_id ELSE user1_id END,
            'Message ' || i || ' : on se retrouve devant le stade avant le match ?',
            c.created_at + i * c.step * interval '1 minute',
            CASE WHEN i <= len - unread THEN c.created_at + (i * c.step + 5) * interval '1 minute' END
     FROM c, generate_series(1, c.len) i`,
    [longThread],
  );
  // Member 2 writes two messages out of three; member 1 has read all but the last
  // LONG_THREAD_UNREAD of them.
  await client.query(
    `INSERT INTO messages (conversation_id, sender_id, receiver_id, content, created_at, read_at)
     SELECT $1::int, CASE WHEN i % 3 = 0 THEN $2::int ELSE $3::int END,
            CASE WHEN i % 3 = 0 THEN $3::int ELSE $2::int END,
            'Message ' || i || ' du long fil : qui prend la voiture samedi ?',
            timestamptz '2090-01-01 10:00Z' + i * interval '47 minutes',
            timestamptz '2090-01-01 10:05Z' + i * interval '47 minutes'
     FROM generate_series(1, $4) i`,
    [longThread, LONG_THREAD_READER, LONG_THREAD_WRITER, LONG_THREAD_MESSAGES],
  );
  await client.query(
    `UPDATE messages SET read_at = NULL WHERE id IN (
       SELECT id FROM messages WHERE conversation_id = $1 AND receiver_id = $2
       ORDER BY created_at DESC, id DESC LIMIT $3)`,
    [longThread, LONG_THREAD_READER, LONG_THREAD_UNREAD],
  );
  // The conversations' list order and read cursors follow their messages.
  await client.query(
    `UPDATE conversations c SET last_message_at = s.last,
            user1_read_at = s.r1, user2_read_at = s.r2
     FROM (SELECT m.conversation_id, max(m.created_at) last,
                  max(m.read_at) FILTER (WHERE m.receiver_id = c.user1_id) r1,
                  max(m.read_at) FILTER (WHERE m.receiver_id = c.user2_id) r2
           FROM messages m JOIN conversations c ON c.id = m.conversation_id
           GROUP BY m.conversation_id) s
     WHERE c.id = s.conversation_id`,
  );
  return longThread;
}

/**
 * Fills an empty, migrated database (reference rows included) for `members` members; `seed`
 * makes the random draws repeatable (default 0.42).
 */
export async function fillScale(client: Client, { members, seed = 0.42 }: ScaleOptions) {
  if (!Number.isInteger(members) || members < 10) throw new Error('members: at least 10');
  await fillReference(client);
  await client.query('SELECT setseed($1)', [seed]);
  if ((await client.query('SELECT 1 FROM users LIMIT 1')).rowCount) {
    throw new Error('fillScale: the database already has members (it needs an empty one)');
  }
  await fillMembers(client, members);
  const ids = await client.query<{ lo: number; hi: number }>(
    'SELECT min(id) lo, max(id) hi FROM users',
  );
  // The members are numbered 1..members (the partners of conversations are drawn by id).
  if (ids.rows[0]!.lo !== 1 || ids.rows[0]!.hi !== members) {
    throw new Error(
      'fillScale: the users id sequence must start at 1 (a freshly migrated database)',
    );
  }
  await fillMatches(client);
  await fillPredictions(client);
  await withCountsRebuilt(client, () => fillAnswers(client));
  await fillRelations(client);
  const longThread = await fillMessages(client, members);
  await client.query('DROP TABLE seed_activity');
  await client.query('ANALYZE');
  const next = await client.query<{ id: number; journee: number }>(
    `SELECT id, journee FROM matches WHERE finished_at IS NULL ORDER BY journee LIMIT 1`,
  );
  return { members, longThread, nextMatch: next.rows[0]! } satisfies ScaleSeed;
}

export const COUNTED_TABLES = [
  'users',
  'matches',
  'predictions',
  'ranking_snapshots',
  'presences',
  'ride_searches',
  'carpool_relations',
  'conversations',
  'messages',
] as const;

/** Rows per table, plus the unread messages and the longest thread. */
export async function rowCounts(client: Client): Promise<Record<string, number>> {
  const parts = COUNTED_TABLES.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`);
  const { rows } = await client.query<Record<string, number>>(
    `SELECT ${parts.join(', ')},
            (SELECT count(*) FROM messages WHERE read_at IS NULL)::int AS unread_messages,
            (SELECT max(n) FROM (SELECT count(*) n FROM messages GROUP BY conversation_id) x)::int
              AS longest_thread`,
  );
  return rows[0]!;
}
