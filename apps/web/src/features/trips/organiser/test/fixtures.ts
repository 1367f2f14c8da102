import { fakeApi, signIn, type FakeApi } from '../../../../test/harness';
import type { OrganizedTrip, Registrant } from '@munegu/shared';
import { testTrip } from '../../test/fixtures';

/** A trip of the organisers' space, as GET /deplacements/organisation sends it. */
export function organizedTrip(over: Partial<OrganizedTrip> = {}): OrganizedTrip {
  return {
    ...testTrip({
      id: 7,
      antenne: { id: 3, nom: 'Nice' },
      match_id: 11,
      depart_lieu: 'Parking du stade Louis-II',
      depart_heure: '2026-12-05T05:00:00.000Z',
      retour_heure: null,
      places_restantes: 2,
      nb_attente: 1,
      places_attente: 1,
      notes: null,
      gerable: true,
      groupe_id: null,
    }),
    match: {
      id: 11,
      domicile: 'OGC Nice',
      exterieur: 'AS Monaco',
      date: '2026-12-05T19:00:00.000Z',
    },
    places_confirmees: 48,
    ...over,
  };
}

export function registrant(over: Partial<Registrant> & { user_id: number }): Registrant {
  return {
    username: `m${over.user_id}`,
    prenom: 'Prénom',
    nom: 'Nom',
    telephone: null,
    nb_places: 1,
    statut: 'CONFIRME',
    position_attente: null,
    paye: false,
    present: false,
    inscrit_le: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

/**
 * The fake network of an organiser's page: the shell's reads answered, the organiser of Nice
 * signed in. Each file sets its own replies on the returned API.
 */
export function organiserApi(): FakeApi {
  const api = fakeApi();
  api.reply('GET /api/messages/unread-count', 200, { count: 0 });
  api.reply('GET /api/user-notification/me', 200, []);
  signIn(api, {
    id: 1,
    username: 'Chef_06',
    antennes_organisees: [{ id: 3, nom: 'Nice' }],
  } as never);
  return api;
}
