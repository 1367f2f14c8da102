import type { Db } from '../../db/client.js';

const memberUser = {
  id: true,
  username: true,
  usernameKey: true,
  avatarFile: true,
  avatarVersion: true,
  predictionPoints: true,
  predictionRank: true,
} as const;

/**
 * A league's members as its ranking and counts show them: a deleted account leaves the game
 * (the general ranking drops it too), though its membership row stays with its anonymised user.
 */
const present = { user: { status: { not: 'DELETED' as const } } };

export function miniLeaguesRepository(db: Db) {
  return {
    codeTaken: async (code: string) =>
      (await db.miniLeague.count({ where: { inviteCode: code } })) > 0,
    membershipCount: (userId: number) => db.miniLeagueMember.count({ where: { userId } }),
    /** The league and its creator's membership in one transaction. */
    create: (ownerId: number, name: string, inviteCode: string) =>
      db.$transaction(async (tx) => {
        const league = await tx.miniLeague.create({ data: { ownerId, name, inviteCode } });
        await tx.miniLeagueMember.create({ data: { leagueId: league.id, userId: ownerId } });
        return league;
      }),
    byCode: (inviteCode: string) => db.miniLeague.findUnique({ where: { inviteCode } }),
    isMember: async (leagueId: number, userId: number) =>
      (await db.miniLeagueMember.count({ where: { leagueId, userId } })) > 0,
    join: (leagueId: number, userId: number) =>
      db.miniLeagueMember.create({ data: { leagueId, userId } }),
    leave: (leagueId: number, userId: number) =>
      db.miniLeagueMember.deleteMany({ where: { leagueId, userId } }),
    memberCount: (leagueId: number) =>
      db.miniLeagueMember.count({ where: { leagueId, ...present } }),
    /** Deletes the league if it is still there (a concurrent last leave may have done it). */
    deleteLeague: (leagueId: number) => db.miniLeague.deleteMany({ where: { id: leagueId } }),
    mine: (userId: number) =>
      db.miniLeague.findMany({
        where: { members: { some: { userId } } },
        include: { _count: { select: { members: { where: present } } } },
        orderBy: { createdAt: 'asc' },
      }),
    withMembers: (leagueId: number) =>
      db.miniLeague.findUnique({
        where: { id: leagueId },
        include: { members: { where: present, include: { user: { select: memberUser } } } },
      }),
  };
}

export type MiniLeaguesRepository = ReturnType<typeof miniLeaguesRepository>;
