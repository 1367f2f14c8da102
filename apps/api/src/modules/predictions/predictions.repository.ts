import type { Db } from '../../db/client.js';
import type { Prisma } from '../../generated/prisma/client.js';

const rowSelect = {
  id: true,
  pseudo: true,
  avatarFile: true,
  avatarVersion: true,
  ptsProno: true,
  classementProno: true,
} as const;
export type RankedUserRow = Prisma.UserGetPayload<{ select: typeof rowSelect }>;

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
    upsert: (userId: number, matchId: number, scoreDom: number, scoreExt: number) =>
      db.prediction.upsert({
        where: { userId_matchId: { userId, matchId } },
        create: { userId, matchId, scoreDom, scoreExt },
        update: { scoreDom, scoreExt },
      }),

    /** A member by id or by pseudo (any case); deleted accounts are not shown. */
    publicUser: (key: { id: number } | { pseudoKey: string }) =>
      db.user.findFirst({ where: { ...key, status: { not: 'DELETED' } }, select: rowSelect }),

    /** Scored predictions of a member on finished matches of a season, newest first. */
    pronosOf: (userId: number, season: string) =>
      db.prediction.findMany({
        where: { userId, points: { not: null }, match: { season, finishedAt: { not: null } } },
        include: { match: { include: { homeClub: true, awayClub: true } } },
        orderBy: { match: { kickoffAt: 'desc' } },
      }),

    rankedCount: () => db.user.count({ where: { classementProno: { not: null } } }),

    /** Leaderboard page, read from the cached columns through their index. */
    async leaderboard(opts: { limit: number; offset: number; q?: string }) {
      const where: Prisma.UserWhereInput = {
        classementProno: { not: null },
        ...(opts.q ? { pseudoKey: { contains: opts.q.toLowerCase() } } : {}),
      };
      const [rows, matching] = await Promise.all([
        db.user.findMany({
          where,
          select: rowSelect,
          orderBy: [{ classementProno: 'asc' }, { pseudoKey: 'asc' }],
          take: opts.limit,
          skip: opts.offset,
        }),
        db.user.count({ where }),
      ]);
      return { rows, matching };
    },
    rankedUser: (id: number) =>
      db.user.findFirst({ where: { id, classementProno: { not: null } }, select: rowSelect }),

    /** Latest snapshot round of a season strictly before `journee`, or null. */
    async previousSnapshotRound(season: string, journee: number): Promise<number | null> {
      const row = await db.rankingSnapshot.findFirst({
        where: { season, journee: { lt: journee } },
        orderBy: { journee: 'desc' },
        select: { journee: true },
      });
      return row?.journee ?? null;
    },
    snapshotCount: (season: string, journee: number) =>
      db.rankingSnapshot.count({ where: { season, journee } }),
    snapshotPage: (season: string, journee: number, limit: number, offset: number) =>
      db.rankingSnapshot.findMany({
        where: { season, journee },
        orderBy: [{ rank: 'asc' }, { user: { pseudoKey: 'asc' } }],
        take: limit,
        skip: offset,
        include: { user: { select: rowSelect } },
      }),
    snapshotRanks: (season: string, journee: number, userIds: number[]) =>
      db.rankingSnapshot.findMany({
        where: { season, journee, userId: { in: userIds } },
        select: { userId: true, rank: true },
      }),
  };
}

export type PredictionsRepository = ReturnType<typeof predictionsRepository>;
