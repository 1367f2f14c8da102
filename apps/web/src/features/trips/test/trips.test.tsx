import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, TRIP_TEXTS, type Trip } from '@munegu/shared';
import { AuthProvider } from '../../../lib/auth';
import { setSocketFactory } from '../../../lib/socket';
import { fakeApi, renderWithProviders, signIn, type FakeApi } from '../../../test/harness';
import { fakeSocket, type FakeSocket } from '../../messages/test/fakeSocket';
import { groupKeys } from '../../messages';
import { MatchTrips } from '../components/MatchTrips';
import { testTrip, waitingTrip } from './fixtures';

const ME = { id: 7, username: 'lea' };
const LIST = 'GET /api/deplacements?match_id=42';
const REGISTER = 'POST /api/deplacements/11/inscriptions';
const UNREGISTER = 'DELETE /api/deplacements/11/inscriptions/me';

let api: FakeApi;
let io: FakeSocket;
/** What the fake GET answers; tests change it to what the server holds after a write. */
let trips: Trip[];
beforeEach(() => {
  api = fakeApi();
  io = fakeSocket();
  setSocketFactory(() => io.socket);
  signIn(api, ME);
  trips = [testTrip()];
  api.handle(LIST, () => ({ status: 200, body: trips }));
});
afterEach(() => setSocketFactory(null));

function mount() {
  return renderWithProviders(
    <AuthProvider>
      <MatchTrips matchId={42} />
    </AuthProvider>,
  );
}
const card = (name = 'Car de Ultras 2000') => screen.getByRole('article', { name });
const click = (name: string | RegExp, scope: HTMLElement = document.body) =>
  fireEvent.click(within(scope).getByRole('button', { name }));

describe('coach cards on the match block', () => {
  it('show departure (Paris time), seats left, fare, status and notes as text', async () => {
    trips = [
      testTrip(),
      testTrip({
        id: 12,
        antenne: { id: 4, nom: 'Club Nice' },
        places_restantes: 0,
        nb_attente: 3,
        places_attente: 5,
        prix: 12.5,
        statut: 'COMPLET',
        notes: null,
        retour_heure: null,
      }),
    ];
    mount();
    const first = await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    expect(within(first).getByText('Départ le 05/12 à 06:00, Parking du Louis-II')).toBeVisible();
    expect(within(first).getByText(/3 places restantes/)).toBeVisible();
    expect(within(first).getByText(/25 €/)).toBeVisible();
    expect(within(first).getByText(TRIP_TEXTS.statusLabels.OUVERT)).toBeVisible();
    // The notes wait behind 'Détails'; markup in them stays text.
    const notes = within(first).getByText(/Pas de verre/);
    expect(notes).not.toBeVisible();
    fireEvent.click(within(first).getByText('Détails'));
    expect(notes).toBeVisible();
    expect(notes.textContent).toBe('Maillots rouge et blanc.\n<b>Pas de verre</b>');
    expect(notes.querySelector('b')).toBeNull();
    expect(within(first).getByText('Retour prévu le 06/12 à 02:30')).toBeTruthy();

    const full = card('Car de Club Nice');
    expect(within(full).getByText('Complet').parentElement).toHaveTextContent(
      'Complet · 3 inscriptions en attente (5 places) · 12,50 €',
    );
    expect(within(full).getByText(TRIP_TEXTS.statusLabels.COMPLET)).toBeVisible();
    expect(within(full).queryByText('Détails')).toBeNull();
    // A full coach still takes registrations, on its waiting list, and its button says so.
    expect(
      within(full).getByRole('button', { name: 'Rejoindre la liste d’attente' }),
    ).toBeVisible();
    expect(within(full).queryByRole('button', { name: 'Je m’inscris' })).toBeNull();
  });

  it('a full coach with seats kept for its waiting list does not offer them to a newcomer', async () => {
    // 3 seats are free, but the head of the list waits for 4: a newcomer would queue too.
    trips = [
      testTrip({ statut: 'COMPLET', places_restantes: 3, nb_attente: 3, places_attente: 7 }),
    ];
    mount();
    const full = await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    expect(within(full).getByText('Complet').parentElement).toHaveTextContent(
      'Complet · 3 inscriptions en attente (7 places) · 25 €',
    );
    expect(within(full).queryByText(/restante/)).toBeNull();
    expect(within(full).queryByText(/personne/)).toBeNull();
    expect(within(full).queryByRole('button', { name: 'Je m’inscris' })).toBeNull();
    click('Rejoindre la liste d’attente', full);
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    expect(within(dialog).getByText(TRIP_TEXTS.willWait)).toBeVisible();
    expect(
      within(dialog).getByRole('button', { name: 'Rejoindre la liste d’attente' }),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Confirmer' })).toBeNull();
  });

  it('an open coach says when the seats chosen would go to the waiting list', async () => {
    mount();
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    click('Je m’inscris', card());
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    expect(within(dialog).getByRole('button', { name: 'Confirmer' })).toBeVisible();
    expect(within(dialog).queryByText(/liste d’attente/)).toBeNull();
    click('4 places', dialog);
    expect(within(dialog).getByText(TRIP_TEXTS.willWaitForSeats(3))).toBeVisible();
    expect(
      within(dialog).getByRole('button', { name: 'Rejoindre la liste d’attente' }),
    ).toBeVisible();
    click('3 places', dialog);
    expect(within(dialog).getByRole('button', { name: 'Confirmer' })).toBeVisible();
  });

  it('shows nothing at all for a match without a coach, or when the read fails', async () => {
    trips = [];
    mount();
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Cars des antennes' })).toBeNull();
    expect(document.body.textContent).toBe('');
  });

  it('closed and cancelled coaches show their status and offer no registration', async () => {
    trips = [
      testTrip({ statut: 'CLOS' }),
      testTrip({ id: 12, statut: 'ANNULE', antenne: { id: 4, nom: 'Nice' } }),
    ];
    mount();
    expect(await screen.findByText(TRIP_TEXTS.statusLabels.CLOS)).toBeVisible();
    expect(screen.getByText(TRIP_TEXTS.statusLabels.ANNULE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Je m’inscris' })).toBeNull();
    // Seats nobody can take any more are not offered: « 3 places restantes » beside « Inscriptions
    // closes » read as an open door.
    expect(screen.queryByText(TRIP_TEXTS.seatsLeft(3))).toBeNull();
  });

  it('registers in two taps: Je m’inscris, then Confirmer (1 seat by default) → Inscrit ✓', async () => {
    api.handle(REGISTER, () => {
      trips = [
        testTrip({
          places_restantes: 2,
          inscription: { statut: 'CONFIRME', nb_places: 1, position_attente: null },
        }),
      ];
      return {
        status: 201,
        body: {
          statut: 'CONFIRME',
          nb_places: 1,
          position_attente: null,
          deplacement_id: 11,
          places_restantes: 2,
          message: TRIP_TEXTS.registered('Ultras 2000'),
        },
      };
    });
    mount();
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    click('Je m’inscris', card());
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    expect(within(dialog).getByRole('button', { name: '1 place' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    click('Confirmer', dialog);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.callsTo(REGISTER)[0]?.body).toEqual({ nb_places: 1, telephone: null });
    expect(await within(card()).findByText('Inscrit ✓')).toBeVisible();
    expect(within(card()).getByText(/2 places restantes/)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Car de Ultras 2000' })).toBeNull();
    expect(await screen.findByText(TRIP_TEXTS.registered('Ultras 2000'))).toBeVisible();
    expect(within(card()).getByRole('button', { name: 'Me désinscrire' })).toBeVisible();
  });

  it('with seats and a phone, a full coach answers the waiting position', async () => {
    api.handle(REGISTER, () => {
      trips = [
        waitingTrip(4, { inscription: { statut: 'ATTENTE', nb_places: 3, position_attente: 4 } }),
      ];
      return {
        status: 201,
        body: {
          statut: 'ATTENTE',
          nb_places: 3,
          position_attente: 4,
          deplacement_id: 11,
          places_restantes: 0,
          message: TRIP_TEXTS.waiting(4),
        },
      };
    });
    mount();
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    click('Je m’inscris', card());
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    click('3 places', dialog);
    fireEvent.change(within(dialog).getByLabelText(/Téléphone/), {
      target: { value: ' 06 12 34 56 78 ' },
    });
    click('Confirmer', dialog);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await within(card()).findByText('Liste d’attente : position 4')).toBeVisible();
    expect(api.callsTo(REGISTER)[0]?.body).toEqual({ nb_places: 3, telephone: '06 12 34 56 78' });
    expect(await screen.findByText(TRIP_TEXTS.waiting(4))).toBeVisible();
  });

  it('a refusal (409) shows the server’s French message in the dialog, which stays open', async () => {
    api.reply(REGISTER, 409, { message: TRIP_TEXTS.alreadyInCar });
    mount();
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    click('Je m’inscris', card());
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    click('Confirmer', dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TRIP_TEXTS.alreadyInCar);
    expect(screen.queryByText('Inscrit ✓')).toBeNull();
  });

  it('a coach cancelled meanwhile: the refusal shows and the card reads the coach again', async () => {
    mount();
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    click('Je m’inscris', card());
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2)); // the dialog's own read
    // The organiser cancels it while the dialog is open; this member is not registered, so no
    // socket event tells the page.
    trips = [testTrip({ statut: 'ANNULE' })];
    api.reply(REGISTER, 409, { message: TRIP_TEXTS.tripCancelled });
    click('Confirmer', dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TRIP_TEXTS.tripCancelled);
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(3));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card()).getByText(TRIP_TEXTS.statusLabels.ANNULE)).toBeVisible();
    expect(within(card()).queryByRole('button', { name: 'Je m’inscris' })).toBeNull();
  });

  it('a refused phone shows beside the field', async () => {
    api.reply(REGISTER, 400, {
      message: TRIP_TEXTS.phoneInvalid,
      errors: [{ path: 'telephone', message: TRIP_TEXTS.phoneInvalid }],
    });
    mount();
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    click('Je m’inscris', card());
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    fireEvent.change(within(dialog).getByLabelText(/Téléphone/), { target: { value: 'abc' } });
    click('Confirmer', dialog);
    const phone = within(dialog).getByLabelText(/Téléphone/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(TRIP_TEXTS.phoneInvalid)).toBeVisible();
  });

  it('unregisters after a confirmation, and the link to the coach’s thread goes with the seat', async () => {
    trips = [
      testTrip({
        inscription: { statut: 'CONFIRME', nb_places: 2, position_attente: null },
        groupe_id: 5,
      }),
    ];
    api.handle(UNREGISTER, () => {
      trips = [testTrip({ places_restantes: 5 })];
      return { status: 200, body: { message: TRIP_TEXTS.unregistered } };
    });
    mount();
    expect(await screen.findByText('Inscrit ✓ (2 places)')).toBeVisible();
    expect(within(card()).getByRole('link', { name: TRIP_TEXTS.thread })).toHaveAttribute(
      'href',
      '/messages/groupes/5',
    );
    click('Me désinscrire', card());
    const confirm = screen.getByRole('alertdialog', { name: 'Me désinscrire' });
    expect(api.callsTo(UNREGISTER)).toHaveLength(0);
    click('Oui, me désinscrire', confirm);
    await waitFor(() => expect(api.callsTo(UNREGISTER)).toHaveLength(1));
    expect(await within(card()).findByText(/5 places restantes/)).toBeVisible();
    expect(within(card()).queryByText(/Inscrit/)).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Je m’inscris' })).toBeVisible();
    expect(within(card()).queryByRole('link', { name: TRIP_TEXTS.thread })).toBeNull();
    expect(await screen.findByText(TRIP_TEXTS.unregistered)).toBeVisible();
  });

  it('has the messages read the member’s group threads again after registering and withdrawing', async () => {
    // A confirmed seat opens the coach's thread, withdrawing closes it: the messages page, whose
    // list was read before, must read it again or « Fil du car » finds « Groupe introuvable. ».
    const registered = testTrip({
      inscription: { statut: 'CONFIRME', nb_places: 1, position_attente: null },
      groupe_id: 5,
    });
    api.handle(REGISTER, () => {
      trips = [registered];
      const body = { statut: 'CONFIRME', nb_places: 1, position_attente: null, message: 'ok' };
      return { status: 201, body: { ...body, deplacement_id: 11, places_restantes: 2 } };
    });
    api.handle(UNREGISTER, () => {
      trips = [testTrip()];
      return { status: 200, body: { message: TRIP_TEXTS.unregistered } };
    });
    const client = mount();
    const groupsReadAgain = () => client.getQueryState(groupKeys.list())?.isInvalidated;
    client.setQueryData(groupKeys.list(), []);
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    click('Je m’inscris', card());
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    click('Confirmer', dialog);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await within(card()).findByRole('link', { name: TRIP_TEXTS.thread })).toBeVisible();
    expect(groupsReadAgain()).toBe(true);

    client.setQueryData(groupKeys.list(), []);
    click('Me désinscrire', card());
    click('Oui, me désinscrire', screen.getByRole('alertdialog', { name: 'Me désinscrire' }));
    await waitFor(() => expect(within(card()).queryByRole('link')).toBeNull());
    expect(groupsReadAgain()).toBe(true);
  });

  it('keeps the waiting position live: a tripChanged event for the match reads the list again', async () => {
    trips = [waitingTrip(3)];
    mount();
    expect(await screen.findByText('Liste d’attente : position 3')).toBeVisible();
    await waitFor(() => expect(io.listeners('tripChanged')).toBe(1));
    const before = api.callsTo(LIST).length;
    // Another match's coach: nothing to read.
    act(() => io.push('tripChanged', { tripId: 99, matchId: 43 }));
    trips = [waitingTrip(2)];
    act(() => io.push('tripChanged', { tripId: 11, matchId: 42 }));
    expect(await screen.findByText('Liste d’attente : position 2')).toBeVisible();
    expect(api.callsTo(LIST)).toHaveLength(before + 1);
    // Promoted: the card says so.
    trips = [
      testTrip({
        places_restantes: 0,
        inscription: { statut: 'CONFIRME', nb_places: 1, position_attente: null },
      }),
    ];
    act(() => io.push('tripChanged', { tripId: 11, matchId: 42 }));
    expect(await screen.findByText('Inscrit ✓')).toBeVisible();
  });

  it('reads the seats again as the dialog opens, so it promises what the server will decide', async () => {
    mount();
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    // Meanwhile other members took the last 3 seats; this page was not told.
    trips = [
      testTrip({ statut: 'COMPLET', places_restantes: 0, nb_attente: 1, places_attente: 1 }),
    ];
    click('Je m’inscris', card());
    const dialog = screen.getByRole('dialog', { name: 'Car de Ultras 2000' });
    expect(await within(dialog).findByText(TRIP_TEXTS.willWait)).toBeVisible();
    expect(
      within(dialog).getByRole('button', { name: 'Rejoindre la liste d’attente' }),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Confirmer' })).toBeNull();
  });

  it('reads the seats again while a coach takes registrations, and not once none does', async () => {
    // Installed before the cards mount: the reading timer is set when the list first arrives.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mount();
      expect(await screen.findByText(/3 places restantes/)).toBeVisible();
      trips = [testTrip({ places_restantes: 1 })];
      await act(async () => void vi.advanceTimersByTime(LIMITS.tripsRefreshMs));
      expect(await screen.findByText(/1 place restante\b/)).toBeVisible();
      // Closed: nothing more to promise, nothing more to read.
      trips = [testTrip({ statut: 'CLOS' })];
      await act(async () => void vi.advanceTimersByTime(LIMITS.tripsRefreshMs));
      expect(await screen.findByText(TRIP_TEXTS.statusLabels.CLOS)).toBeVisible();
      const reads = api.callsTo(LIST).length;
      await act(async () => void vi.advanceTimersByTime(3 * LIMITS.tripsRefreshMs));
      expect(api.callsTo(LIST)).toHaveLength(reads);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the trips again when the window regains focus', async () => {
    mount();
    await screen.findByRole('article', { name: 'Car de Ultras 2000' });
    const before = api.callsTo(LIST).length;
    trips = [testTrip({ places_restantes: 1 })];
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText(/1 place restante\b/)).toBeVisible();
    expect(api.callsTo(LIST).length).toBeGreaterThan(before);
  });
});
