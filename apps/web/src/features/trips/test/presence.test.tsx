import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CARPOOL_TEXTS, TRIP_TEXTS, type Trip } from '@munegu/shared';
import { AuthProvider } from '../../../lib/auth';
import { testMatch } from '../../../test/fixtures';
import { fakeApi, renderWithProviders, signIn, type FakeApi } from '../../../test/harness';
import { PresenceDialog } from '../../carpool';
import { testTrip, waitingTrip } from './fixtures';

/** The presence form's bus step (issue 30): an antenna's coach replaces its bus. */
const me = {
  id: 7,
  username: 'lea',
  departement: '06',
  antennes: [
    { id: 3, nom: 'Ultras 2000', categorie: 'Antenne', lien: null },
    { id: 5, nom: 'Club Menton', categorie: 'Antenne', lien: null },
  ],
};
const LIST = 'GET /api/deplacements?match_id=42';
const REGISTER = 'POST /api/deplacements/11/inscriptions';
const result = (o: object) => ({
  statut: 'CONFIRME',
  nb_places: 1,
  position_attente: null,
  deplacement_id: 11,
  places_restantes: 2,
  message: 'ok',
  ...o,
});

let api: FakeApi;
let trips: Trip[];
beforeEach(() => {
  api = fakeApi();
  signIn(api, me);
  trips = [testTrip()];
  api.handle(LIST, () => ({ status: 200, body: trips }));
  api.reply('GET /api/users/infos-utilisateur', 200, null);
  api.reply('GET /api/departements', 200, [{ code: '06', name: 'Alpes-Maritimes' }]);
  api.reply('GET /api/transport', 200, [
    { id: 1, libelle: 'voiture' },
    { id: 2, libelle: 'bus' },
  ]);
  api.reply('POST /api/user-transport', 200, { message: 'ok' });
});

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const CHOICE = 'Car de Ultras 2000 — départ 05/12 à 06:00, Parking du Louis-II';
/** The coach's choice on the bus step: its departure, then its seats as its card says them. */
const choice = (seats = '3 places restantes') => `${CHOICE} · ${seats}`;

async function toBusStep() {
  renderWithProviders(
    <AuthProvider>
      <PresenceDialog match={testMatch({ id: 42 })} onClose={() => {}} />
    </AuthProvider>,
  );
  const select = (await screen.findByLabelText('D’où pars-tu ?')) as HTMLSelectElement;
  await waitFor(() => expect(select.value).toBe('06'));
  click('Suivant');
  fireEvent.click(await screen.findByRole('button', { name: 'En bus' }));
  await screen.findByText('Quel bus prends-tu ?');
}

describe('presence form: the bus of an antenna with a coach', () => {
  it('offers the coach with its departure; choosing it registers with the seats picked', async () => {
    api.reply(REGISTER, 201, result({ nb_places: 2 }));
    await toBusStep();
    // The other antenna has no coach: its bus as before; the public bus stays.
    expect(screen.getByRole('button', { name: 'Bus Club Menton' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Bus public' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Bus Ultras 2000' })).toBeNull();
    click(choice());
    click('2 places');
    click('Valider');
    await waitFor(() => expect(api.callsTo(REGISTER)).toHaveLength(1));
    expect(api.callsTo(REGISTER)[0]?.body).toEqual({ nb_places: 2, telephone: null });
    // Registering is the answer: no presence declared beside it.
    expect(api.callsTo('POST /api/user-transport')).toHaveLength(0);
    expect(await screen.findByText(TRIP_TEXTS.registered('Ultras 2000'))).toBeVisible();
  });

  it('a full coach says so before the tap, and the button joins its waiting list', async () => {
    trips = [
      testTrip({ statut: 'COMPLET', places_restantes: 0, nb_attente: 2, places_attente: 5 }),
    ];
    api.reply(
      REGISTER,
      201,
      result({ statut: 'ATTENTE', position_attente: 3, places_restantes: 0 }),
    );
    await toBusStep();
    click(choice('Complet · 2 inscriptions en attente (5 places)'));
    expect(screen.getByText(TRIP_TEXTS.willWait)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
    click(TRIP_TEXTS.joinWaitingList);
    // The tap registers on the coach (its waiting list), it declares no presence.
    expect(await screen.findByText(TRIP_TEXTS.waiting(3))).toBeVisible();
    expect(api.callsTo(REGISTER)[0]?.body).toEqual({ nb_places: 1, telephone: null });
    expect(api.callsTo('POST /api/user-transport')).toHaveLength(0);
  });

  it('seats left behind a waiting list are not offered: the newcomer waits too', async () => {
    trips = [testTrip({ places_restantes: 2, nb_attente: 1, places_attente: 3 })];
    await toBusStep();
    click(choice('Complet · 1 inscription en attente (3 places)'));
    expect(screen.getByText(TRIP_TEXTS.willWait)).toBeVisible();
    expect(screen.getByRole('button', { name: TRIP_TEXTS.joinWaitingList })).toBeVisible();
  });

  it('a group larger than the seats left is told it will wait, a smaller one is not', async () => {
    await toBusStep();
    click(choice());
    expect(screen.queryByText(TRIP_TEXTS.willWaitForSeats(3))).toBeNull();
    click('4 places');
    expect(screen.getByText(TRIP_TEXTS.willWaitForSeats(3))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
    click('3 places');
    expect(screen.queryByText(TRIP_TEXTS.willWaitForSeats(3))).toBeNull();
    expect(screen.getByRole('button', { name: 'Valider' })).toBeVisible();
  });

  it('asks for a phone for the organisers, as the coach card does; a refused one stays', async () => {
    api.reply(REGISTER, 400, {
      message: TRIP_TEXTS.phoneInvalid,
      errors: [{ path: 'telephone', message: TRIP_TEXTS.phoneInvalid }],
    });
    await toBusStep();
    click(choice());
    const phone = screen.getByLabelText(TRIP_TEXTS.phoneLabel);
    fireEvent.change(phone, { target: { value: '06 12' } });
    click('Valider');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(TRIP_TEXTS.phoneInvalid));
    // The step stays, with what was chosen and typed: nothing to do again.
    expect(phone).toHaveValue('06 12');
    expect(screen.getByText(`${CHOICE} : combien de places ?`)).toBeVisible();

    api.reply(REGISTER, 201, result({}));
    fireEvent.change(phone, { target: { value: ' 06 12 34 56 78 ' } });
    click('Valider');
    expect(await screen.findByText(TRIP_TEXTS.registered('Ultras 2000'))).toBeVisible();
    expect(api.callsTo(REGISTER)[1]?.body).toEqual({ nb_places: 1, telephone: '06 12 34 56 78' });
  });

  it('a refusal shows the server’s message in the result panel', async () => {
    api.reply(REGISTER, 409, { message: TRIP_TEXTS.deadlinePassed });
    await toBusStep();
    click(choice());
    click('Valider');
    expect(await screen.findByRole('alert')).toHaveTextContent(TRIP_TEXTS.deadlinePassed);
    expect(screen.queryByText(CARPOOL_TEXTS.presenceSaved)).toBeNull();
  });

  it('a member already registered sees the registration instead of the choice', async () => {
    trips = [waitingTrip(2)];
    await toBusStep();
    expect(screen.getByRole('status')).toHaveTextContent(
      `${CHOICE} : Liste d’attente : position 2`,
    );
    expect(screen.queryByRole('button', { name: (n) => n.startsWith(CHOICE) })).toBeNull();
  });

  it('a closed or cancelled coach leaves the antenna’s bus as it was', async () => {
    trips = [testTrip({ statut: 'CLOS' })];
    await toBusStep();
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
    click('Bus Ultras 2000');
    await waitFor(() => expect(api.callsTo('POST /api/user-transport')).toHaveLength(1));
    expect(api.callsTo(REGISTER)).toHaveLength(0);
    expect(within(document.body).queryByText(/Car de/)).toBeNull();
  });
});
