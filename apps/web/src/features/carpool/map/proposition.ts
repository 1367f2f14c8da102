import { CARPOOL_STATUS, type CarpoolNotification, type Supporter } from '@munegu/shared';
import { plainCode, plural, type Viewer } from './supporters';

/**
 * What the Proposition popup shows and answers (spec section 2), built from either source:
 * a row of the MuneguMap or a carpool notification of the bell (statuses 1 and 2).
 */
export type Proposition = {
  /** 1: the other member proposes a seat; 2: they ask for one. */
  status: number;
  /** The other member, who started the relation. */
  from: {
    id: number;
    username: string;
    profile_picture: string | null;
    note_covoiturage: number | null;
  };
  /** Seats concerned (the passenger's group). */
  nbPers: number;
  description: string | null;
  /** The passenger's departure department (code without 'FR-'). */
  departement_depart: string;
  /** The driver's free seats, when known. */
  placesDispo: number | null;
  /** The answer's body: user1 started the relation, user2 answers it. */
  user1Id: number;
  user2Id: number;
};

export function propositionFromNotification(n: CarpoolNotification): Proposition {
  const relation = n.userToUserMatch;
  return {
    status: relation.statut.id,
    from: n.triggeredBy ?? {
      id: relation.user1.id,
      username: relation.user1.username,
      profile_picture: null,
      note_covoiturage: null,
    },
    nbPers: relation.nbPers,
    description: relation.description,
    departement_depart: plainCode(relation.departement_depart),
    placesDispo: n.vehicule.places_dispo,
    user1Id: relation.user1.id,
    user2Id: relation.user2.id,
  };
}

/** A row whose relation is addressed to the member ('Répondre'); null otherwise. */
export function propositionFromSupporter(s: Supporter, viewer: Viewer): Proposition | null {
  if (!s.relation || s.relation.initiator || viewer.id === null) return null;
  const proposal = s.relation.statut === CARPOOL_STATUS.PROPOSE;
  return {
    status: s.relation.statut,
    from: s,
    nbPers: s.relation.nbPers,
    description: s.relation.description,
    // A proposal is made to the member (the passenger); a request comes from the passenger.
    departement_depart: proposal ? (viewer.department ?? '') : plainCode(s.departement_depart),
    placesDispo: proposal ? s.places_dispo : viewer.freePlaces,
    user1Id: s.id,
    user2Id: viewer.id,
  };
}

/** The popup's sentence, with place/places (spec section 2). */
export function propositionSentence(p: Proposition): string {
  const seats = plural(p.nbPers, 'place');
  return p.status === CARPOOL_STATUS.PROPOSE
    ? `${p.from.username} te propose ${seats} dans son véhicule pour ce match.`
    : `${p.from.username} te demande ${seats} dans ton véhicule pour ce match.`;
}
