import { describe, expect, it } from 'vitest';
import type { CarpoolNotification, Supporter } from '@munegu/shared';
import {
  testCarpoolDriver,
  testCarpoolPassenger,
  testConfirmedCarpool,
  testMatchInfo,
  testSearcher as searcher,
  testSupporter as supporter,
  testSupporterRelation,
  testTransportInfo,
} from '../../../test/fixtures';
import { parseFranceMap } from './franceMap';
import { propositionFromNotification, propositionSentence } from './proposition';
import {
  defaultTab,
  orderTabs,
  rowAction,
  sortSupporters,
  supporterLists,
  transportLabel,
  viewerOf,
} from './supporters';

const relation = (initiator: boolean, statut = 2) => testSupporterRelation(initiator, statut);
const ids = (list: Supporter[]) => list.map((s) => s.id);

describe('orderTabs / defaultTab', () => {
  it('puts the confirmed carpool first when there is one, last otherwise', () => {
    expect(orderTabs(false, true)).toEqual(['confirmed', 'transport', 'searching']);
    expect(orderTabs(true, true)).toEqual(['confirmed', 'searching', 'transport']);
  });
  it('shows a searcher the drivers first and a member with transport the searchers first', () => {
    expect(orderTabs(false, false)).toEqual(['transport', 'searching', 'confirmed']);
    expect(orderTabs(true, false)).toEqual(['searching', 'transport', 'confirmed']);
  });
  it('opens the first tab with content, else the first tab', () => {
    const order = orderTabs(false, false);
    expect(defaultTab(order, { confirmed: 0, transport: 0, searching: 2 })).toBe('searching');
    expect(defaultTab(order, { confirmed: 0, transport: 0, searching: 0 })).toBe('transport');
  });
});

describe('sortSupporters', () => {
  const ctx = { meId: 7, groupSize: 2 };
  it('with transport: own entry, pending to me, offering drivers, rating, enough places, places', () => {
    const list = [
      supporter(1, { covoiturage: false, note_covoiturage: 5 }), // not offering
      supporter(2, { note_covoiturage: null, places_dispo: 4 }),
      supporter(3, { note_covoiturage: 4, places_dispo: 1 }), // too few for my group
      supporter(4, { note_covoiturage: 4, places_dispo: 2 }),
      supporter(5, { note_covoiturage: 4, places_dispo: 3 }),
      supporter(6, { note_covoiturage: 4.5 }),
      supporter(8, { transport: 'BUS', covoiturage: false, relation: relation(false, 1) }),
      supporter(9, { relation: relation(true) }), // mine, waiting: no priority
      supporter(7, { transport: 'TRAIN', covoiturage: false }),
    ];
    expect(ids(sortSupporters(list, 'transport', ctx))).toEqual([7, 8, 6, 5, 4, 3, 2, 9, 1]);
  });
  it('searching: own entry, pending to me, rating (null last), then larger groups', () => {
    const list = [
      searcher(1, { note_covoiturage: null, nb_pers: 4 }),
      searcher(2, { note_covoiturage: 3, nb_pers: 1 }),
      searcher(3, { note_covoiturage: 3, nb_pers: 3 }),
      searcher(4, { note_covoiturage: 5 }),
      searcher(5, { relation: relation(false, 2) }),
      searcher(7),
    ];
    expect(ids(sortSupporters(list, 'searching', ctx))).toEqual([7, 5, 4, 3, 2, 1]);
  });
});

describe('rowAction', () => {
  const seeker = viewerOf(testMatchInfo({ nb_pers: 2 }), 7);
  const driver = viewerOf(testTransportInfo({ places_dispo: 2 }), 7);
  it('lets a searcher request from offering drivers with enough places', () => {
    expect(rowAction(supporter(1, { places_dispo: 2 }), seeker)).toEqual({
      kind: 'request',
      enoughPlaces: true,
    });
    expect(rowAction(supporter(1, { places_dispo: 1 }), seeker)).toEqual({
      kind: 'request',
      enoughPlaces: false,
    });
    expect(rowAction(supporter(1, { covoiturage: false }), seeker).kind).toBe('none');
    expect(rowAction(searcher(1), seeker).kind).toBe('none');
    expect(rowAction(supporter(1), { ...seeker, hasConfirmed: true }).kind).toBe('none');
  });
  it('lets an offering driver propose to searchers whose group fits', () => {
    expect(rowAction(searcher(1, { nb_pers: 2 }), driver)).toEqual({
      kind: 'propose',
      enoughPlaces: true,
    });
    expect(rowAction(searcher(1, { nb_pers: 3 }), driver)).toEqual({
      kind: 'propose',
      enoughPlaces: false,
    });
    expect(rowAction(supporter(1), driver).kind).toBe('none');
  });
  it('shows pending relations as En attente (mine) or Répondre (to me), nothing on myself', () => {
    expect(rowAction(supporter(1, { relation: relation(true) }), seeker).kind).toBe('pending');
    expect(rowAction(searcher(1, { relation: relation(false, 2) }), driver).kind).toBe('answer');
    expect(rowAction(supporter(1, { relation: relation(false, 3) }), seeker).kind).toBe('none');
    expect(rowAction(supporter(7), seeker).kind).toBe('none');
  });
});

describe('labels and sources', () => {
  it('names the transport, with the antenna for a bus', () => {
    expect(transportLabel({ transport: 'BUS', antenne: 'Ultras 2000' })).toBe(
      'En bus - Ultras 2000',
    );
    expect(transportLabel({ transport: 'BUS', antenne: null })).toBe('En bus - public');
    expect(transportLabel({ transport: null, antenne: null })).toBe('En recherche');
    expect(transportLabel({ transport: 'A PIED', antenne: null })).toBe('À pied');
    // A mode an administrator added comes by its libellé, shown as is.
    expect(transportLabel({ transport: 'Trottinette', antenne: null })).toBe('Trottinette');
  });

  it('reads the departments of the SVG without keeping anything else', () => {
    const paths = parseFranceMap(
      '<svg xmlns="http://www.w3.org/2000/svg"><path id="06" aria-label="Alpes-Maritimes" d="M0 0z" onclick="x()"/><path d="M1 1z"/><path id="2a" d="M2 2z"/></svg>',
    );
    expect(paths).toEqual([
      { code: '06', label: 'Alpes-Maritimes', d: 'M0 0z' },
      { code: '2A', label: '2a', d: 'M2 2z' },
    ]);
    expect(parseFranceMap('<svg')).toEqual([]);
  });

  it('builds the Proposition popup from a carpool notification', () => {
    const n = {
      id: 3,
      date: '2026-11-30T10:00:00.000Z',
      statut: { id: 1 },
      triggeredBy: { id: 5, username: 'max', profile_picture: null, note_covoiturage: 4 },
      userToUserMatch: {
        id: 11,
        matchId: 42,
        user1: { id: 5, username: 'max' },
        user2: { id: 7, username: 'lea' },
        driverId: 5,
        passengerId: 7,
        statut: { id: 1 },
        nbPers: 2,
        description: 'Départ 17h',
        departement_depart: 'FR-06',
      },
      vehicule: { places_dispo: 3 },
      motif: null,
      currentStatut: 1,
    } satisfies CarpoolNotification;
    const p = propositionFromNotification(n);
    expect(p).toMatchObject({ status: 1, nbPers: 2, departement_depart: '06', placesDispo: 3 });
    expect([p.user1Id, p.user2Id]).toEqual([5, 7]);
    expect(propositionSentence(p)).toBe('max te propose 2 places dans son véhicule pour ce match.');
  });
});

describe('supporterLists: the tab counts and the partial-list note read the same rows', () => {
  const ctx = { meId: 7, groupSize: 1 };
  // Department 06: ana drives me (7) and eva; bob drives alone; hal and ivy search.
  const rows = [
    supporter(1, { username: 'ana', places_dispo: 0 }),
    supporter(2, { username: 'bob' }),
    searcher(8, { username: 'hal' }),
    searcher(9, { username: 'ivy' }),
  ];
  const carpool = testConfirmedCarpool({
    vehicule: testCarpoolDriver(1, 'ana', { departement_depart_conducteur: '06' }),
    passagers: [
      testCarpoolPassenger(7, 'lea', 11, { departement_depart: '06' }),
      testCarpoolPassenger(5, 'eva', 12, { departement_depart: '83' }),
    ],
  });

  it('lists a carpool member once, in the carpool tab, and counts what each tab shows', () => {
    const lists = supporterLists(rows, carpool, [], '06', ctx);
    expect(ids(lists.withTransport)).toEqual([2]);
    expect(ids(lists.searching)).toEqual([8, 9]);
    expect(lists.counts).toEqual({ confirmed: 3, transport: 1, searching: 2 });
    // bob, hal, ivy + ana and me from 06 (eva leaves from 83): 5 of the department shown.
    expect(lists.listed).toBe(5);
  });

  it('without a carpool, the department rows are all the lists show', () => {
    const gus = supporter(6, { username: 'gus', departement_depart: '83' });
    const lists = supporterLists(rows, null, [gus], '06', ctx);
    expect(lists.counts).toEqual({ confirmed: 0, transport: 3, searching: 2 });
    expect(lists.listed).toBe(4);
  });
});
