import type { CarpoolRelation } from '@munegu/shared';

interface RelationLike {
  id: number;
  matchId: number;
  user1: { id: number; pseudo: string };
  user2: { id: number; pseudo: string };
  driverId: number;
  passengerId: number;
  statusId: number;
  nbPers: number;
  description: string | null;
  departementDepart: string;
}

/** Spec section 3, User-to-user match. */
export function toRelation(row: RelationLike): CarpoolRelation {
  return {
    id: row.id,
    matchId: row.matchId,
    user1: { id: row.user1.id, username: row.user1.pseudo },
    user2: { id: row.user2.id, username: row.user2.pseudo },
    driverId: row.driverId,
    passengerId: row.passengerId,
    statut: { id: row.statusId },
    nbPers: row.nbPers,
    description: row.description,
    departement_depart: row.departementDepart,
  };
}
