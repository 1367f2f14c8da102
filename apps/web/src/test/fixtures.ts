import type {
  Club,
  ConfirmedCarpool,
  Match,
  MatchInfo,
  PersonalData,
  SiteInfo,
  Supporter,
} from '@munegu/shared';

/**
 * The API's objects as the web tests fake them, written once. Each builder gives a plain, valid
 * object; a test passes at the call site every value it depends on (names, ids, places…).
 */

/** A club at Stade Louis-II, Monaco (department 06), without crest or stadium image. */
export function testClub(id: number, nom: string, overrides: Partial<Club> = {}): Club {
  return {
    id,
    nom,
    logo: '',
    stade: null,
    nomStade: 'Stade Louis-II',
    ville: 'Monaco',
    departement_club: '06',
    ...overrides,
  };
}

/** Match 42, AS Monaco - OGC Nice, round 15 on 1 December 2026 at 20:00 UTC, open to predictions. */
export function testMatch(overrides: Partial<Match> = {}): Match {
  return {
    id: 42,
    date: '2031-12-01T20:00:00.000Z',
    heure: '20:00',
    journee: 15,
    hashtag: null,
    ordre: 1,
    is_finish: false,
    edit_pronostic: true,
    buts_dom: null,
    buts_ext: null,
    club_dom: testClub(1, 'AS Monaco'),
    club_ext: testClub(2, 'OGC Nice'),
    ...overrides,
  };
}

/** GET /users/infos-utilisateur: a member searching seats for 2 from 06, no relation yet. */
export function testMatchInfo(overrides: Partial<MatchInfo> = {}): MatchInfo {
  return {
    type: 'recherche',
    transport: null,
    nb_pers: 2,
    places_dispo: null,
    covoiturage: false,
    antenne: null,
    departement_depart: '06',
    has_relation: false,
    has_confirmed: false,
    note_submitted: false,
    ...overrides,
  };
}

/** The same answer from a member coming by car and offering 3 seats. */
export function testTransportInfo(overrides: Partial<MatchInfo> = {}): MatchInfo {
  return testMatchInfo({
    type: 'transport',
    transport: 'VOITURE',
    nb_pers: null,
    places_dispo: 3,
    covoiturage: true,
    ...overrides,
  });
}

/** A supporter of a department list (`u<id>`): a driver from 06 offering 3 seats, unrated. */
export function testSupporter(id: number, overrides: Partial<Supporter> = {}): Supporter {
  return {
    id,
    username: `u${id}`,
    profile_picture: null,
    transport: 'VOITURE',
    covoiturage: true,
    places_dispo: 3,
    nb_pers: null,
    antenne: null,
    note_covoiturage: null,
    departement_depart: '06',
    relation: null,
    ...overrides,
  };
}

/** A supporter of a department list searching a seat for 1. */
export function testSearcher(id: number, overrides: Partial<Supporter> = {}): Supporter {
  return testSupporter(id, {
    transport: null,
    covoiturage: false,
    places_dispo: null,
    nb_pers: 1,
    ...overrides,
  });
}

type SupporterRelation = NonNullable<Supporter['relation']>;

/** The caller's pending relation with a supporter (`initiator`: the caller started it). */
export function testSupporterRelation(
  initiator: boolean,
  statut: number,
  overrides: Partial<SupporterRelation> = {},
): SupporterRelation {
  return { id: 1, statut, initiator, nbPers: 1, description: null, ...overrides };
}

type CarpoolDriver = ConfirmedCarpool['vehicule'];
type CarpoolPassenger = ConfirmedCarpool['passagers'][number];
const carpoolMember = (id: number, username: string) => ({
  id,
  username,
  profile_picture: null,
  note_covoiturage: null,
});

/** The driver of a confirmed carpool: unrated, 2 seats left, leaving from 06. */
export function testCarpoolDriver(
  id: number,
  username: string,
  overrides: Partial<CarpoolDriver> = {},
): CarpoolDriver {
  const seats = { places_dispo: 2, departement_depart_conducteur: '06' };
  return { ...carpoolMember(id, username), ...seats, ...overrides };
}

/** A passenger of a confirmed carpool on their relation `relationId`: alone, unrated, from 06. */
export function testCarpoolPassenger(
  id: number,
  username: string,
  relationId: number,
  overrides: Partial<CarpoolPassenger> = {},
): CarpoolPassenger {
  const group = { nbPers: 1, departement_depart: '06', relationId };
  return { ...carpoolMember(id, username), ...group, ...overrides };
}

/** The caller's confirmed carpool for match 42 (relation 900), as a passenger of Bob_06 (5). */
export function testConfirmedCarpool(overrides: Partial<ConfirmedCarpool> = {}): ConfirmedCarpool {
  return {
    relationId: 900,
    matchId: 42,
    vehicule: testCarpoolDriver(5, 'Bob_06'),
    passagers: [],
    isModifiable: true,
    isFinished: false,
    isDriver: false,
    groupe_id: null,
    ...overrides,
  };
}

/** GET /site: nothing filled in (every value null but the club's live feed), or `o`. */
export function testSiteInfo(o: Partial<SiteInfo> = {}): SiteInfo {
  return {
    association: {
      name: null,
      address: null,
      registration: null,
      publication_director: null,
      contact_email: null,
    },
    hosting: { name: null, address: null, url: null },
    social: { x: null, instagram: null, facebook: null },
    club_live_url: 'https://x.com/AS_Monaco',
    ticket_office_url: null,
    ...o,
  };
}

/** Louis2's own data (GET /users/me-personal), as the settings page reads it. */
export function testPersonalData(o: Partial<PersonalData> = {}): PersonalData {
  return {
    username: 'Louis2',
    nom: 'GRIMALDI',
    prenom: 'Louis',
    date_naissance: '1990-05-01',
    email: 'louis@example.fr',
    departement: 'FR-06',
    departement_nom: 'Alpes-Maritimes',
    notif_mail_appli: true,
    notif_mail_promo: false,
    ...o,
  };
}
