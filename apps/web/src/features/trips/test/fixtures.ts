import type { Trip } from '@munegu/shared';

/** The demo antenna's coach for match 42: 3 of 50 seats left, leaving 05/12 06:00 Paris time. */
export function testTrip(o: Partial<Trip> = {}): Trip {
  return {
    id: 11,
    antenne: { id: 3, nom: 'Ultras 2000' },
    match_id: 42,
    depart_lieu: 'Parking du Louis-II',
    depart_heure: '2030-12-05T05:00:00.000Z',
    retour_heure: '2030-12-06T01:30:00.000Z',
    places_total: 50,
    places_restantes: 3,
    nb_attente: 0,
    places_attente: 0,
    prix: 25,
    statut: 'OUVERT',
    clos: false,
    date_limite: null,
    notes: 'Maillots rouge et blanc.\n<b>Pas de verre</b>',
    inscription: null,
    gerable: false,
    groupe_id: null,
    ...o,
  };
}

/** The coach full, the member waiting at `position` (the last of the list). */
export const waitingTrip = (position: number, o: Partial<Trip> = {}) =>
  testTrip({
    statut: 'COMPLET',
    places_restantes: 0,
    nb_attente: position,
    places_attente: position,
    inscription: { statut: 'ATTENTE', nb_places: 1, position_attente: position },
    ...o,
  });
