import type { CarpoolRelation } from '@munegu/shared';

interface RelationLike {
  id: number;
  matchId: number;
  user1: { id: number; username: string };
  user2: { id: number; username: string };
  driverId: number;
  passengerId: number;
  statusId: number;
  groupSize: number;
  description: string | null;
  departureDepartment: string;
}

/** Spec section 3, User-to-user match. */
export function toRelation(row: RelationLike): CarpoolRelation {
  return {
    id: row.id,
    matchId: row.matchId,
    user1: { id: row.user1.id, username: row.user1.username },
    user2: { id: row.user2.id, username: row.user2.username },
    driverId: row.driverId,
    passengerId: row.passengerId,
    statut: { id: row.statusId },
    nbPers: row.groupSize,
    description: row.description,
    departement_depart: row.departureDepartment,
  };
}
