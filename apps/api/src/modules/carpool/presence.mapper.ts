// A member's answer for a match (presence or ride search) as the wire names it: the spec's
// French and snake_case fields.
import { TRANSPORT_CODES, type MatchInfo, type TransportCode } from '@munegu/shared';
import type { CarpoolRepository } from './carpool.repository.js';

type PresenceRow = NonNullable<Awaited<ReturnType<CarpoolRepository['presence']>>>;
type SearchRow = NonNullable<Awaited<ReturnType<CarpoolRepository['search']>>>;
/** What the match block adds to either kind of answer. */
type InfoFlags = Pick<MatchInfo, 'has_relation' | 'has_confirmed' | 'note_submitted'>;

/**
 * A transport mode as the wire names it: the seed's codes ('A_PIED') as the spec writes them
 * ('A PIED'), null for RECHERCHE (a search, not a transport), and the libellé of a mode an
 * administrator added (its code, MODE_<id>, means nothing to the screens).
 */
export function transportCode(mode: { code: string; label: string }): string | null {
  const spec = mode.code.replace('_', ' ');
  if (spec === 'RECHERCHE') return null;
  return (TRANSPORT_CODES as readonly string[]).includes(spec)
    ? (spec as TransportCode)
    : mode.label;
}

export const toPresence = (row: PresenceRow) => ({
  id: row.id,
  transport_id: row.transportTypeId,
  antenne_id: row.antennaId,
  match_id: row.matchId,
  covoiturage: row.offersCarpool,
  places_dispo: row.freeSeats,
  departement_depart: row.departureDepartment,
  actif: row.active,
});

export const toSearch = (row: SearchRow) => ({
  id: row.id,
  nb_pers: row.groupSize,
  departement_depart: row.departureDepartment,
  match_id: row.matchId,
  actif: row.active,
});

export function presenceInfo(presence: PresenceRow, flags: InfoFlags): MatchInfo {
  return {
    type: 'transport',
    transport: transportCode(presence.transportType),
    nb_pers: null,
    places_dispo: presence.freeSeats,
    covoiturage: presence.offersCarpool,
    antenne: presence.antenna && { id: presence.antenna.id, nom: presence.antenna.name },
    departement_depart: presence.departureDepartment,
    ...flags,
  };
}

export function searchInfo(search: SearchRow, flags: InfoFlags): MatchInfo {
  return {
    type: 'recherche',
    transport: null,
    nb_pers: search.groupSize,
    places_dispo: null,
    covoiturage: false,
    antenne: null,
    departement_depart: search.departureDepartment,
    ...flags,
  };
}
