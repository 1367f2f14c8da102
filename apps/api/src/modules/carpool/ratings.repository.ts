import { CARPOOL_STATUS } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

/** Carpool ratings and the average each member shows as N/5. */
export function ratingsRepository(db: Db) {
  return {
    /** The caller rated someone of a carpool of this match. */
    hasRated: async (raterId: number, matchId: number) =>
      (await db.carpoolRating.count({ where: { raterId, relation: { matchId } } })) > 0,
    relationsForRating: (ids: number[]) =>
      db.carpoolRelation.findMany({
        where: { id: { in: ids } },
        select: { id: true, matchId: true, driverId: true, passengerId: true, statusId: true },
      }),
    confirmedOfDriver: (driverId: number, matchId: number) =>
      db.carpoolRelation.findMany({
        where: { driverId, matchId, statusId: CARPOOL_STATUS.CONFIRME },
        select: { id: true, passengerId: true },
      }),
    matchFinished: async (matchId: number) =>
      (await db.match.findUnique({ where: { id: matchId }, select: { finishedAt: true } }))
        ?.finishedAt != null,
    insert: async (
      tx: Tx,
      rows: { relationId: number; raterId: number; ratedId: number; stars: number }[],
    ) => tx.carpoolRating.createMany({ data: rows }),
    /** note_covoiturage = the real average of every rating received. */
    refreshAverages: (tx: Tx, userIds: number[]) =>
      tx.$executeRaw`
        UPDATE users u SET note_covoiturage = (
          SELECT round(avg(r.note), 2) FROM carpool_ratings r WHERE r.rated_id = u.id)
        WHERE u.id = ANY(${userIds})`,
  };
}

export type RatingsRepository = ReturnType<typeof ratingsRepository>;
