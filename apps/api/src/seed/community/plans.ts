import type { Match } from '../../generated/prisma/client.js';

/**
 * The vocabulary the match plans (match-plans.ts) are written in: who goes to a match and
 * how, who looks for a seat, and how each carpool relation unfolded. Plans name members by
 * key and antennas by name; the seed resolves them to ids.
 */

/** Transport types (reference data). */
const TRANSPORT = { voiture: 1, bus: 2, train: 3, avion: 4, pied: 5 } as const;

export interface PresencePlan {
  who: string;
  dep: string;
  transport: (typeof TRANSPORT)[keyof typeof TRANSPORT];
  /** Seats offered by a car driver who carpools (0 = no carpooling). */
  seats: number;
  antenna: string | null;
}
export interface SearchPlan {
  who: string;
  dep: string;
  nbPers: number;
}

const presence = (
  who: string,
  dep: string,
  transport: PresencePlan['transport'],
  seats = 0,
  antenna: string | null = null,
): PresencePlan => ({ who, dep, transport, seats, antenna });

export const car = (who: string, dep: string, seats = 0) =>
  presence(who, dep, TRANSPORT.voiture, seats);
/** A bus: the antenna's own bus, or the public bus without one. */
export const bus = (who: string, dep: string, antenna: string | null = null) =>
  presence(who, dep, TRANSPORT.bus, 0, antenna);
export const train = (who: string, dep: string) => presence(who, dep, TRANSPORT.train);
export const avion = (who: string, dep: string) => presence(who, dep, TRANSPORT.avion);
export const pied = (who: string, dep: string) => presence(who, dep, TRANSPORT.pied);
export const search = (who: string, dep: string, nbPers = 1): SearchPlan => ({
  who,
  dep,
  nbPers,
});

/** Relation statuses (reference data): 1 proposed, 2 requested, 3 confirmed, 4 refused, 5 cancelled, 6 excluded. */
export const PROPOSE = 1;
export const DEMANDE = 2;
export const CONFIRME = 3;
export const REFUSE = 4;
export const ANNULE = 5;
export const EXCLU = 6;

export interface RelationPlan {
  driver: string;
  passenger: string;
  /** PROPOSE: the driver offered a seat (driver = user1); DEMANDE: the passenger asked. */
  opened: typeof PROPOSE | typeof DEMANDE;
  /**
   * What followed: CONFIRME or REFUSE by the addressee, ANNULE by the passenger, EXCLU by the
   * driver, the last one being the relation's status.
   */
  then?: ReadonlyArray<typeof CONFIRME | typeof REFUSE | typeof ANNULE | typeof EXCLU>;
  /** Label of the ANNULATION or EXCLUSION reason (reference data) of ANNULE or EXCLU. */
  reason?: string;
  /** Hours before the reference instant (now, or the kickoff of a played match). */
  hoursAgo: number;
  description?: string;
  /** Notes once the match is over: by the driver for the passenger, and the other way. */
  notes?: { driver?: number; passenger?: number };
}

export interface MatchPlan {
  presences: readonly PresencePlan[];
  searches: readonly SearchPlan[];
  relations?: readonly RelationPlan[];
}

/**
 * Plan times count back from now for an upcoming match, from the kickoff for a played one,
 * so a played match's story stays before its kickoff whatever day the seed runs.
 */
export const referenceInstant = (match: Match, now: Date) =>
  match.finishedAt !== null ? match.kickoffAt : now;
