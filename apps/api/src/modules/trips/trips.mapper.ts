import type {
  OrganizedTrip,
  OwnRegistration,
  Registrant,
  Trip,
  TripInput,
  TripStatusWire,
} from '@munegu/shared';
import type { OwnRow, RegistrantRow, TripCounts, TripData, TripRow } from './trips.repository.js';

/**
 * The wire status: ANNULE as stored; CLOS when closed by hand, or once the deadline or the
 * departure has passed; COMPLET when no seat is left or anyone waits (a newcomer would wait);
 * else OUVERT.
 */
export function tripStatus(trip: TripRow, counts: TripCounts, now: Date): TripStatusWire {
  if (trip.status === 'ANNULE') return 'ANNULE';
  if (trip.status === 'CLOS' || !registrationsOpen(trip, now)) return 'CLOS';
  if (counts.waiting > 0 || counts.confirmedSeats >= trip.seats) return 'COMPLET';
  return 'OUVERT';
}

/** Registrations are taken until the deadline (or the departure when there is none). */
export const registrationsOpen = (trip: Pick<TripRow, 'deadline' | 'departureAt'>, now: Date) =>
  (trip.deadline === null || trip.deadline > now) && trip.departureAt > now;

export const toOwnRegistration = (row: OwnRow): OwnRegistration => ({
  statut: row.status,
  nb_places: row.seatCount,
  position_attente: row.status === 'ATTENTE' ? row.position : null,
});

/** What a trip's view needs beyond its row, read for a whole list at once (TripsService.facts). */
export interface TripFacts {
  counts: TripCounts;
  now: Date;
  /** The caller's registration, or null. */
  own: OwnRegistration | null;
  /** The trip's thread when the caller is a current member of it, else null. */
  threadId: number | null;
}

export function toTrip(trip: TripRow, facts: TripFacts, manageable: boolean): Trip {
  const { counts, now } = facts;
  return {
    id: trip.id,
    antenne: { id: trip.antenna.id, nom: trip.antenna.name },
    match_id: trip.matchId,
    depart_lieu: trip.departurePlace,
    depart_heure: trip.departureAt.toISOString(),
    retour_heure: trip.returnAt?.toISOString() ?? null,
    places_total: trip.seats,
    places_restantes: Math.max(0, trip.seats - counts.confirmedSeats),
    nb_attente: counts.waiting,
    places_attente: counts.waitingSeats,
    prix: trip.fareCents === null ? null : trip.fareCents / 100,
    statut: tripStatus(trip, counts, now),
    clos: trip.status === 'CLOS',
    date_limite: trip.deadline?.toISOString() ?? null,
    notes: trip.notes,
    inscription: facts.own,
    gerable: manageable,
    groupe_id: facts.threadId,
  };
}

export function toOrganizedTrip(trip: TripRow, facts: TripFacts): OrganizedTrip {
  return {
    ...toTrip(trip, facts, true),
    match: {
      id: trip.match.id,
      domicile: trip.match.homeClub.name,
      exterieur: trip.match.awayClub.name,
      date: trip.match.kickoffAt.toISOString(),
    },
    places_confirmees: facts.counts.confirmedSeats,
  };
}

/** The body's fields in the code's names; the fare in cents. */
export const fromTripInput = (input: TripInput): TripData => ({
  departurePlace: input.depart_lieu,
  departureAt: new Date(input.depart_heure),
  returnAt: input.retour_heure ? new Date(input.retour_heure) : null,
  seats: input.places_total,
  fareCents: input.prix === null || input.prix === undefined ? null : Math.round(input.prix * 100),
  deadline: input.date_limite ? new Date(input.date_limite) : null,
  notes: input.notes?.trim() || null,
  ...(input.clos === undefined ? {} : { status: input.clos ? 'CLOS' : 'OUVERT' }),
});

/** The audit row's view of a trip: the wire's names, as other audit rows keep them. */
export const auditedTrip = (t: Omit<TripData, 'status'> & { status?: string }) => ({
  depart_lieu: t.departurePlace,
  depart_heure: t.departureAt,
  retour_heure: t.returnAt,
  places_total: t.seats,
  prix: t.fareCents === null ? null : t.fareCents / 100,
  date_limite: t.deadline,
  notes: t.notes,
  ...(t.status === undefined ? {} : { clos: t.status === 'CLOS' }),
});

/** `position`: the waiting rank, for a waiting registration. */
export function toRegistrant(row: RegistrantRow, position: number | null): Registrant {
  return {
    user_id: row.userId,
    username: row.user.username,
    prenom: row.user.firstName,
    nom: row.user.lastName,
    telephone: row.phone,
    nb_places: row.seatCount,
    statut: row.status,
    position_attente: row.status === 'ATTENTE' ? position : null,
    paye: row.paid,
    present: row.present,
    inscrit_le: row.createdAt.toISOString(),
  };
}

/** The boarding list in its order, waiting ones numbered 1…n. */
export function toRegistrants(rows: RegistrantRow[]): Registrant[] {
  let rank = 0;
  return rows.map((row) => toRegistrant(row, row.status === 'ATTENTE' ? ++rank : null));
}
