import type { Db } from '../../db/client.js';

const userSelect = {
  id: true,
  pseudo: true,
  avatarFile: true,
  avatarVersion: true,
  noteCovoiturage: true,
} as const;

/**
 * Reads of the MuneguMap: who goes to a match from which department. Only active members
 * are listed; both lists use the (match_id, departement_depart) indexes.
 */
export function mapRepository(db: Db) {
  return {
    /** Has the member anything for this match (presence, search or relation)? */
    hasAnything: async (userId: number, matchId: number) => {
      const [p, s, r] = await Promise.all([
        db.presence.count({ where: { userId, matchId } }),
        db.rideSearch.count({ where: { userId, matchId } }),
        db.carpoolRelation.count({
          where: {
            matchId,
            statusId: { in: [1, 2, 3] },
            OR: [{ user1Id: userId }, { user2Id: userId }],
          },
        }),
      ]);
      return p + s + r > 0;
    },
    /** Supporters per departure department (presences and searches of active members). */
    countsByDepartment: (matchId: number) =>
      db.$queryRaw<{ code: string; nom: string; n: number }[]>`
        SELECT x.d AS code, d.name AS nom, count(*)::int AS n
        FROM (
          SELECT p.departement_depart AS d FROM presences p
            JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
            WHERE p.match_id = ${matchId}
          UNION ALL
          SELECT s.departement_depart FROM ride_searches s
            JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
            WHERE s.match_id = ${matchId}
        ) x JOIN departments d ON d.code = x.d
        GROUP BY x.d, d.name ORDER BY x.d`,
    presencesIn: (matchId: number, departementDepart: string) =>
      db.presence.findMany({
        where: { matchId, departementDepart, user: { status: 'ACTIVE' } },
        select: {
          covoiturage: true,
          placesDispo: true,
          departementDepart: true,
          transportType: { select: { code: true } },
          antenna: { select: { nom: true } },
          user: { select: userSelect },
        },
      }),
    searchesIn: (matchId: number, departementDepart: string) =>
      db.rideSearch.findMany({
        where: { matchId, departementDepart, user: { status: 'ACTIVE' } },
        select: { nbPers: true, departementDepart: true, user: { select: userSelect } },
      }),
    /** Drivers with free seats elsewhere, for the detour suggestions. */
    driversOutside: (matchId: number, departementDepart: string, exceptUserId: number) =>
      db.presence.findMany({
        where: {
          matchId,
          covoiturage: true,
          placesDispo: { gt: 0 },
          departementDepart: { not: departementDepart },
          userId: { not: exceptUserId },
          user: { status: 'ACTIVE' },
        },
        select: {
          covoiturage: true,
          placesDispo: true,
          departementDepart: true,
          transportType: { select: { code: true } },
          antenna: { select: { nom: true } },
          user: { select: userSelect },
        },
      }),
  };
}

export type MapRepository = ReturnType<typeof mapRepository>;
