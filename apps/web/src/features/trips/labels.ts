import {
  plural,
  TRIP_TEXTS,
  type OwnRegistration,
  type RegistrationResult,
  type Trip,
  type TripStatusWire,
} from '@munegu/shared';
import { formatDayMonth, formatTime } from '../../lib/dates';

/*
 * What a trip's card and the presence form say about a trip, in one place. No Intl (lib/dates
 * and the fare below): the cards may render on the landing page, where a formatter's first use
 * starts ICU on a phone's main thread (docs/PERFORMANCE.md, "No Intl at boot").
 */

/** Registrations are taken while seats remain and, once full, on the waiting list. */
const ACCEPTING: readonly TripStatusWire[] = ['OUVERT', 'COMPLET'];
export const acceptsRegistrations = (trip: Pick<Trip, 'statut'>) => ACCEPTING.includes(trip.statut);

/** '25 €', '12,50 €' (French decimal comma, the euro kept with its number); null: no fare. */
export function fareLabel(prix: number | null): string | null {
  if (prix === null) return null;
  const amount = Number.isInteger(prix) ? String(prix) : prix.toFixed(2).replace('.', ',');
  return `${amount}\u00a0€`;
}

/**
 * Whether a registration of `seats` would wait, as the API decides it: nobody jumps the queue
 * (a seat left while others wait is theirs first), and a group that does not fit waits.
 */
export const waitsIfRegistering = (
  trip: Pick<Trip, 'places_restantes' | 'nb_attente'>,
  seats: number,
) => trip.nb_attente > 0 || seats > trip.places_restantes;

/**
 * '12 places restantes', '1 place restante', or 'Complet' once a newcomer would wait: the
 * seats still free behind a waiting list are kept for it, not offered.
 */
export function seatsLeftLabel(trip: Pick<Trip, 'places_restantes' | 'nb_attente'>): string {
  return waitsIfRegistering(trip, 1)
    ? TRIP_TEXTS.full
    : TRIP_TEXTS.seatsLeft(trip.places_restantes);
}

/**
 * What registering `seats` would do, said before the tap: the coach is full (a newcomer waits),
 * or the group does not fit the seats left; null when the seats are confirmed.
 */
export function waitingHint(
  trip: Pick<Trip, 'places_restantes' | 'nb_attente'>,
  seats: number,
): string | null {
  if (waitsIfRegistering(trip, 1)) return TRIP_TEXTS.willWait;
  return waitsIfRegistering(trip, seats)
    ? TRIP_TEXTS.willWaitForSeats(trip.places_restantes)
    : null;
}

/** '3 inscriptions en attente (7 places)'; null when nobody waits. */
export function waitingLabel(trip: Pick<Trip, 'nb_attente' | 'places_attente'>): string | null {
  return trip.nb_attente > 0 ? TRIP_TEXTS.waitingList(trip.nb_attente, trip.places_attente) : null;
}

/** '05/12 à 06:00' in Paris time (the trips leave from France). */
export function departureTime(iso: string): string {
  return `${formatDayMonth(iso)} à ${formatTime(iso)}`;
}

/** The presence form's choice: 'Car de Nice — départ 05/12 à 06:00, Place Masséna'. */
export function tripChoiceLabel(trip: Pick<Trip, 'antenne' | 'depart_heure' | 'depart_lieu'>) {
  return `${TRIP_TEXTS.cardTitle(trip.antenne.nom)} — départ ${departureTime(trip.depart_heure)}, ${trip.depart_lieu}`;
}

/** The member's own registration: 'Inscrit ✓' (with the seats when more than one) or the position. */
export function registrationLabel(registration: OwnRegistration): string {
  if (registration.statut === 'ATTENTE')
    return registration.position_attente === null
      ? 'Liste d’attente'
      : `Liste d’attente : position ${registration.position_attente}`;
  return registration.nb_places > 1
    ? `Inscrit ✓ (${plural(registration.nb_places, 'place')})`
    : 'Inscrit ✓';
}

/** What a registration's answer tells the member: confirmed, or their waiting position. */
export function registrationMessage(trip: Pick<Trip, 'antenne'>, result: RegistrationResult) {
  return result.statut === 'ATTENTE' && result.position_attente !== null
    ? TRIP_TEXTS.waiting(result.position_attente)
    : TRIP_TEXTS.registered(trip.antenne.nom);
}
