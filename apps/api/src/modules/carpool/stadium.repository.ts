import { CARPOOL_STATUS } from '@munegu/shared';
import type { Db } from '../../db/client.js';

const person = { select: { username: true, avatarFile: true, avatarVersion: true } } as const;
const club = { select: { id: true, name: true, logo: true } } as const;

/** A member's finished matches at the stadium, and their carpool record. */
export function stadiumRepository(db: Db) {
  return {
    /** Public like the profile, so for the same accounts: active ones only. */
    publicUser: (where: { id: number } | { usernameKey: string }) =>
      db.user.findFirst({ where: { ...where, status: 'ACTIVE' }, select: { id: true } }),
    finishedPresences: (userId: number, season: string) =>
      db.presence.findMany({
        where: { userId, match: { season, finishedAt: { not: null } } },
        select: {
          matchId: true,
          transportType: { select: { code: true, label: true } },
          antenna: { select: { name: true } },
        },
      }),
    /** Confirmed carpools of finished matches where the member drove or rode. */
    finishedCarpools: (userId: number, season: string) =>
      db.carpoolRelation.findMany({
        where: {
          statusId: CARPOOL_STATUS.CONFIRME,
          match: { season, finishedAt: { not: null } },
          OR: [{ driverId: userId }, { passengerId: userId }],
        },
        select: { matchId: true, driverId: true },
      }),
    carpoolCrew: (driverId: number, matchIds: number[]) =>
      db.carpoolRelation.findMany({
        where: { driverId, statusId: CARPOOL_STATUS.CONFIRME, matchId: { in: matchIds } },
        orderBy: { id: 'asc' },
        select: { matchId: true, driver: person, passenger: person },
      }),
    matches: (ids: number[]) =>
      db.match.findMany({
        where: { id: { in: ids } },
        orderBy: { kickoffAt: 'desc' },
        select: {
          id: true,
          kickoffAt: true,
          homeClubId: true,
          homeGoals: true,
          awayGoals: true,
          homeClub: club,
          awayClub: club,
        },
      }),
    /**
     * Confirmed carpools of finished matches (every season) and how many of them the member
     * cancelled in the 24 hours before kickoff.
     */
    record: async (userId: number) => {
      const rows = await db.$queryRaw<{ total: number; late: number }[]>`
        SELECT count(*)::int AS total,
          count(*) FILTER (WHERE EXISTS (
            SELECT 1 FROM carpool_status_changes c
            WHERE c.relation_id = r.id AND c.to_status_id = ${CARPOOL_STATUS.ANNULE} AND c.by_user_id = ${userId}
              AND c.created_at >= m.kickoff_at - interval '24 hours'))::int AS late
        FROM carpool_relations r JOIN matches m ON m.id = r.match_id
        WHERE (r.driver_id = ${userId} OR r.passenger_id = ${userId})
          AND m.finished_at IS NOT NULL
          AND EXISTS (SELECT 1 FROM carpool_status_changes c
                      WHERE c.relation_id = r.id AND c.to_status_id = ${CARPOOL_STATUS.CONFIRME})`;
      return rows[0] ?? { total: 0, late: 0 };
    },
  };
}

export type StadiumRepository = ReturnType<typeof stadiumRepository>;
