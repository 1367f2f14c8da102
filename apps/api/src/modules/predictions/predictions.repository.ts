import { sqlOf, type Db } from '../../db/client.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { likeLiteral } from '../../db/like.js';

const rowSelect = {
  id: true,
  username: true,
  avatarFile: true,
  avatarVersion: true,
  predictionPoints: true,
  predictionRank: true,
} as const;
export type RankedUserRow = Prisma.UserGetPayload<{ select: typeof rowSelect }>;
/** rowSelect as SQL columns, named as Prisma names them. */
const ROW_COLUMNS = `id, pseudo AS username, avatar_file AS "avatarFile",
  avatar_version AS "avatarVersion", pts_prono AS "predictionPoints",
  classement_prono AS "predictionRank"`;
const RANKED = 'WHERE classement_prono IS NOT NULL';
/** The trigger-kept count of ranked members (0 if the row were ever missing). */
export const RANKED_COUNT =
  'SELECT COALESCE((SELECT count FROM ranked_members WHERE id), 0)::int AS n';

export function predictionsRepository(db: Db) {
  return {
    matchById: (id: number) => db.match.findUnique({ where: { id } }),
    /** The ordre-1 match: nearest not finished (live included). */
    nextMatch: () =>
      db.match.findFirst({
        where: { finishedAt: null },
        orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
      }),
    /** The latest match already kicked off (live or finished). */
    lastKickedOff: (now: Date) =>
      db.match.findFirst({
        where: { kickoffAt: { lte: now } },
        orderBy: [{ kickoffAt: 'desc' }, { id: 'desc' }],
      }),
    find: (userId: number, matchId: number) =>
      db.prediction.findUnique({ where: { userId_matchId: { userId, matchId } } }),
    /**
     * Creates or replaces a prediction only while its match is open (not finished, kickoff
     * after `now`, the app's clock), checked in the same statement as the write: the match
     * the service read open may have kicked off or been scored since. The match row is
     * share-locked, so a score being entered is waited for and then seen. False when the
     * match was closed and nothing was written.
     */
    upsert: async (
      userId: number,
      matchId: number,
      homeScore: number,
      awayScore: number,
      now: Date,
    ): Promise<boolean> =>
      (await db.$executeRaw`
        INSERT INTO predictions (user_id, match_id, score_dom, score_ext, created_at, updated_at)
        SELECT ${userId}, m.id, ${homeScore}, ${awayScore}, ${now}, ${now}
        FROM matches m
        WHERE m.id = ${matchId} AND m.finished_at IS NULL AND m.kickoff_at > ${now}
        FOR SHARE
        ON CONFLICT (user_id, match_id) DO UPDATE
          SET score_dom = EXCLUDED.score_dom, score_ext = EXCLUDED.score_ext,
              updated_at = EXCLUDED.updated_at`) > 0,

    /**
     * A member by id or by pseudo (any case), for the accounts that have a profile: active
     * ones (not deleted, suspended, banned or never confirmed).
     */
    publicUser: (key: { id: number } | { usernameKey: string }) =>
      db.user.findFirst({ where: { ...key, status: 'ACTIVE' }, select: rowSelect }),

    /** Scored predictions of a member on finished matches of a season, newest first. */
    pronosOf: (userId: number, season: string) =>
      db.prediction.findMany({
        where: { userId, points: { not: null }, match: { season, finishedAt: { not: null } } },
        include: { match: { include: { homeClub: true, awayClub: true } } },
        orderBy: { match: { kickoffAt: 'desc' } },
      }),

    // The leaderboard's three reads are hot (every visit of the game page) and trivial for
    // PostgreSQL, so they are plain SQL on the pool: through the ORM each cost about a
    // millisecond more than the statement itself (bench/data.bench.ts measures both).
    /**
     * The number of ranked members, kept by triggers in ranked_members (see schema.prisma):
     * counting them here read every ranked row on each visit, 17 × slower at 100 000 members
     * than at 10 000.
     */
    rankedCount: async () => (await sqlOf(db).query<{ n: number }>(RANKED_COUNT)).rows[0]!.n,

    /**
     * Leaderboard page, read from the cached columns through their index; `q` filters on the
     * lower-cased pseudo containing it literally (LIKE wildcards in it are escaped), and only
     * then are the matching members counted (without `q` they are all the ranked members,
     * which the service counts once: a count reads every ranked row).
     */
    async leaderboard(opts: {
      limit: number;
      offset: number;
      q?: string;
    }): Promise<{ rows: RankedUserRow[]; matching: number | null }> {
      const pattern = opts.q ? `%${likeLiteral(opts.q.toLowerCase())}%` : null;
      const where = `${RANKED} AND ($1::text IS NULL OR pseudo_key LIKE $1 ESCAPE '\\')`;
      const pool = sqlOf(db);
      const [rows, matching] = await Promise.all([
        pool.query<RankedUserRow>(
          `SELECT ${ROW_COLUMNS} FROM users ${where}
           ORDER BY classement_prono, pseudo_key LIMIT $2 OFFSET $3`,
          [pattern, opts.limit, opts.offset],
        ),
        pattern === null
          ? null
          : pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM users ${where}`, [pattern]),
      ]);
      return { rows: rows.rows, matching: matching ? matching.rows[0]!.n : null };
    },
    rankedUser: async (id: number): Promise<RankedUserRow | null> =>
      (
        await sqlOf(db).query<RankedUserRow>(
          `SELECT ${ROW_COLUMNS} FROM users ${RANKED} AND id = $1`,
          [id],
        )
      ).rows[0] ?? null,

    /** Latest snapshot round of a season strictly before `journee`, or null. */
    async previousSnapshotRound(season: string, matchday: number): Promise<number | null> {
      const row = await db.rankingSnapshot.findFirst({
        where: { season, matchday: { lt: matchday } },
        orderBy: { matchday: 'desc' },
        select: { matchday: true },
      });
      return row?.matchday ?? null;
    },
    snapshotCount: (season: string, matchday: number) =>
      db.rankingSnapshot.count({ where: { season, matchday } }),
    snapshotPage: (season: string, matchday: number, limit: number, offset: number) =>
      db.rankingSnapshot.findMany({
        where: { season, matchday },
        orderBy: [{ rank: 'asc' }, { user: { usernameKey: 'asc' } }],
        take: limit,
        skip: offset,
        include: { user: { select: rowSelect } },
      }),
    snapshotRanks: (season: string, matchday: number, userIds: number[]) =>
      db.rankingSnapshot.findMany({
        where: { season, matchday, userId: { in: userIds } },
        select: { userId: true, rank: true },
      }),
  };
}

export type PredictionsRepository = ReturnType<typeof predictionsRepository>;
