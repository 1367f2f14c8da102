import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast';
import { setSocketFactory } from '../../../lib/socket';
import { testClub, testMatch } from '../../../test/fixtures';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';
import { fakeSocket, type FakeSocket } from '../../messages/test/fakeSocket';

/** The navbar bell: wording, badge, popups per status, removal, live updates. */
let api: FakeApi;
let io: FakeSocket;
const ME = { id: 7, username: 'Louis2' };
const BOB = { id: 5, username: 'Bob_06', profile_picture: null };

const notif = (id: number, statut: number | null, over: object = {}) => ({
  id,
  type_notification: 'COVOIT',
  notification_covoiturage_id: 900, // the relation's id
  statut: statut === null ? null : { id: statut },
  match_id: 42,
  sender: BOB,
  date: new Date().toISOString(),
  read: false,
  kickoff: null,
  ...over,
});
const relation = (statut: number) => ({
  id: 900,
  matchId: 42,
  user1: { id: BOB.id, username: BOB.username },
  user2: { id: ME.id, username: ME.username },
  driverId: ME.id,
  passengerId: BOB.id,
  statut: { id: statut },
  nbPers: 2,
  description: 'Je pars de Nice',
  departement_depart: '06',
});
const detail = (id: number, statut: number, over: object = {}) => ({
  id,
  date: new Date().toISOString(),
  statut: { id: statut },
  triggeredBy: { ...BOB, note_covoiturage: 4.5 },
  userToUserMatch: relation(statut),
  vehicule: { places_dispo: 3 },
  motif: null,
  currentStatut: statut,
  ...over,
});
const MATCH = testMatch({
  id: 42,
  club_dom: testClub(1, 'AS Monaco', { nomStade: 'Stade Louis-II', ville: 'Monaco' }),
});

beforeEach(() => {
  api = fakeApi();
  io = fakeSocket();
  setSocketFactory(() => io.socket);
  signIn(api, ME);
  api.reply('GET /api/messages/unread-count', 200, { count: 0 });
  api.reply('GET /api/matchs/next', 200, [MATCH]);
  api.reply('GET /api/departements', 200, [{ code: '06', name: 'Alpes-Maritimes' }]);
});
afterEach(() => {
  setSocketFactory(null);
  vi.useRealTimers();
});

const bell = (name: RegExp | string = /^Notifications/) => screen.findByRole('button', { name });
async function openBell(name?: string) {
  fireEvent.keyDown(await bell(name), { key: 'Enter' });
  return within(await screen.findByRole('menu'));
}

describe('notification bell', () => {
  it('says the status wording, counts the unread ones and shows the kickoff change', async () => {
    api.reply('GET /api/user-notification/me', 200, [
      notif(1, 1),
      notif(2, 3, { read: true }),
      notif(3, null, {
        type_notification: 'HORAIRE',
        notification_covoiturage_id: null,
        sender: null,
        kickoff: '2030-11-22T19:00:00.000Z',
      }),
    ]);
    renderAt('/contact');
    // The bell's read starts a task after it appears: open it once it counts them.
    const menu = await openBell('Notifications, 2 non lues');
    expect(menu.getByText('vous a proposé un covoiturage. 👋', { exact: false })).toBeVisible();
    expect(menu.getByText('a accepté le covoiturage ! 🎉', { exact: false })).toBeVisible();
    expect(
      await menu.findByText(
        "AS Monaco - OGC Nice : le coup d'envoi a changé, nouvel horaire 22/11/2030 à 20:00",
        { exact: false },
      ),
    ).toBeVisible();
  });

  it("names the match of each notification, and a deleted member 'Un ancien membre'", async () => {
    const nantes = { id: 42, domicile: 'AS Monaco', exterieur: 'FC Nantes' };
    api.reply('GET /api/user-notification/me', 200, [
      notif(1, 4, {
        sender: { id: 49, username: 'Un ancien membre', profile_picture: null },
        match: { ...nantes, date: '2026-11-29T19:45:00.000Z' },
      }),
      // An older answer that still carries the anonymised pseudo reads the same.
      notif(2, 5, {
        sender: { id: 50, username: 'Supprime_50', profile_picture: null },
        match: null,
      }),
    ]);
    renderAt('/contact');
    const menu = await openBell('Notifications, 2 non lues');
    const [first, second] = menu.getAllByRole('menuitem', { name: /covoiturage/ });
    expect(first).toHaveTextContent(
      'Un ancien membre a refusé le covoiturage. ❌pour le match AS Monaco – FC Nantes du 29/11',
    );
    expect(within(first!).getByText('pour le match AS Monaco – FC Nantes du 29/11')).toBeVisible();
    expect(second).toHaveTextContent('Un ancien membre a annulé le covoiturage. ❌');
    expect(menu.queryByText(/Supprime_/)).toBeNull();
  });

  it("shows 'Aucune notification' when empty", async () => {
    api.reply('GET /api/user-notification/me', 200, []);
    renderAt('/contact');
    const menu = await openBell('Notifications');
    expect(menu.getByText('Aucune notification')).toBeVisible();
  });

  it('fades a deleted notification out for 300 ms, then deletes it', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 3), notif(2, 5)]);
    api.reply('POST /api/user-notification/delete', 200, { message: 'ok' });
    renderAt('/contact');
    const menu = await openBell('Notifications, 2 non lues');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(menu.getAllByRole('menuitem', { name: 'Supprimer la notification' })[0]!);
    act(() => void vi.advanceTimersByTime(299));
    expect(menu.getByText(/a accepté le covoiturage/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/user-notification/delete')).toHaveLength(0);
    expect(await bell('Notifications, 1 non lue')).toBeVisible();
    api.reply('GET /api/user-notification/me', 200, [notif(2, 5)]);
    await act(async () => void vi.advanceTimersByTime(1));
    await waitFor(() =>
      expect(api.callsTo('POST /api/user-notification/delete')[0]?.body).toEqual({ notifId: 1 }),
    );
    await waitFor(() => expect(menu.queryByText(/a accepté le covoiturage/)).toBeNull());
    expect(menu.getByText(/a annulé le covoiturage/)).toBeVisible();
  });

  it("brings it back with 'Échec de la suppression' when the server refuses", async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 3)]);
    api.reply('POST /api/user-notification/delete', 500, { message: 'boom' });
    renderAt('/contact');
    // The bell's read starts a task after it appears: open it once it counts the notification.
    const menu = await openBell('Notifications, 1 non lue');
    fireEvent.click(menu.getByRole('menuitem', { name: 'Supprimer la notification' }));
    expect(await screen.findByText('Échec de la suppression')).toBeInTheDocument();
    expect(await bell('Notifications, 1 non lue')).toBeVisible();
    expect(menu.getByText(/a accepté le covoiturage/)).toBeVisible();
  });

  it('updates the badge from a live event, without a poll, and after a reconnect', async () => {
    api.reply('GET /api/user-notification/me', 200, []);
    renderAt('/contact');
    expect(await bell('Notifications')).toBeVisible();
    // The bell's own read, started a task after it appeared.
    await waitFor(() =>
      expect(api.callsTo('GET /api/user-notification/me').length).toBeGreaterThan(0),
    );
    const before = api.callsTo('GET /api/user-notification/me').length;
    api.reply('GET /api/user-notification/me', 200, [notif(1, 2)]);
    await waitFor(() => expect(io.listeners('notification')).toBeGreaterThan(0));
    act(() => io.push('notification', { id: 1, type: 'COVOIT', matchId: 42 }));
    expect(await bell('Notifications, 1 non lue')).toBeVisible();
    expect(api.callsTo('GET /api/user-notification/me')).toHaveLength(before + 1);
    api.reply('GET /api/user-notification/me', 200, [notif(1, 2), notif(2, 1)]);
    act(() => io.push('connect'));
    act(() => io.push('connect')); // a reconnection
    await waitFor(() =>
      expect(api.callsTo('GET /api/user-notification/me').length).toBeGreaterThan(before + 1),
    );
    expect(await bell('Notifications, 2 non lues')).toBeVisible();
  });

  it('catches up when the member comes back to the tab: what another tab read or settled goes', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 1), notif(2, 2)]);
    renderAt('/contact');
    expect(await bell('Notifications, 2 non lues')).toBeVisible();
    // Answered on the phone meanwhile: the proposal is settled, the request read.
    api.reply('GET /api/user-notification/me', 200, [notif(2, 2, { read: true })]);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await bell('Notifications')).toBeVisible();
    focusManager.setFocused(undefined);
  });

  it('drops a notification another tab already removed once its popup says so', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 1)]);
    api.reply('GET /api/notification-covoiturage/1', 404, {
      message: 'Notification introuvable.',
      code: 'NOT_FOUND',
    });
    renderAt('/contact');
    const menu = await openBell('Notifications, 1 non lue');
    api.reply('GET /api/user-notification/me', 200, []);
    fireEvent.click(await menu.findByText(/vous a proposé un covoiturage/));
    expect(await screen.findByText('Notification introuvable.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(await bell('Notifications')).toBeVisible();
  });
});

describe('opening a notification', () => {
  const open = async (text: RegExp) => {
    const router = renderAt('/contact');
    const menu = await openBell();
    // The bell's read starts a task after it appears: its items may come after the menu opens.
    fireEvent.click(await menu.findByText(text));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ matchId: 42 });
    return router;
  };

  it('opens the accept/refuse popup for a proposal; answered, it leaves the list without a 404', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 2)]);
    api.reply('GET /api/notification-covoiturage/1', 200, detail(1, 2));
    api.reply('POST /api/user-to-user-match/confirm-covoiturage', 200, { message: 'ok' });
    const failed = vi.spyOn(toast, 'error');
    await open(/vous a demandé un covoiturage/);
    const popup = within(await screen.findByRole('dialog', { name: 'Demande de covoiturage' }));
    expect(popup.getByText('Stade Louis-II, Monaco')).toBeVisible();
    expect(popup.getByText('Je pars de Nice')).toBeVisible();
    // Answering settles the notification on the server: the list no longer has it.
    api.reply('GET /api/user-notification/me', 200, []);
    fireEvent.click(popup.getByRole('button', { name: "J'accepte" }));
    expect(
      await screen.findByText(
        'Covoiturage confirmé avec succès ! Bravo et merci à vous ! Bonne route 🤝',
      ),
    ).toBeVisible();
    expect(api.callsTo('POST /api/user-to-user-match/confirm-covoiturage')[0]?.body).toEqual({
      user1_id: BOB.id,
      user2_id: ME.id,
      match_id: 42,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    const menu = await openBell();
    await waitFor(() => expect(menu.queryByText(/vous a demandé un covoiturage/)).toBeNull());
    // Nothing asked of the server about a notification it has already settled: no detail read
    // again and no deletion, which both answered 404 (two errors in the browser's console).
    expect(api.callsTo('GET /api/notification-covoiturage/1')).toHaveLength(1);
    expect(api.callsTo('POST /api/user-notification/delete')).toHaveLength(0);
    expect(failed).not.toHaveBeenCalled();
    failed.mockRestore();
  });

  it('shows the car’s group thread in the messages once the carpool is accepted', async () => {
    const car = {
      id: 3,
      kind: 'covoiturage',
      match: { id: 42, domicile: 'AS Monaco', exterieur: 'FC Nantes', date: MATCH.date },
      members: [
        { id: ME.id, username: ME.username, avatar: null, driver: true },
        { id: BOB.id, username: BOB.username, avatar: null, driver: false },
      ],
      unread: 0,
      lastMessageAt: null,
    };
    api.reply('GET /api/messages/conversations', 200, []);
    api.reply('GET /api/messages/groupes', 200, []);
    api.reply('GET /api/user-notification/me', 200, [notif(1, 2)]);
    api.reply('GET /api/notification-covoiturage/1', 200, detail(1, 2));
    api.reply('POST /api/user-to-user-match/confirm-covoiturage', 200, { message: 'ok' });
    // The messages were read before the carpool existed: no group yet.
    const router = renderAt('/messages');
    await waitFor(() => expect(api.callsTo('GET /api/messages/groupes')).toHaveLength(1));
    await act(() => router.navigate('/contact'));
    const menu = await openBell();
    fireEvent.click(await menu.findByText(/vous a demandé un covoiturage/));
    const popup = within(await screen.findByRole('dialog', { name: 'Demande de covoiturage' }));
    // Accepting opens the car's group on the server; the other member learns it live.
    api.reply('GET /api/messages/groupes', 200, [car]);
    fireEvent.click(popup.getByRole('button', { name: "J'accepte" }));
    await screen.findByText(
      'Covoiturage confirmé avec succès ! Bravo et merci à vous ! Bonne route 🤝',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    await act(() => router.navigate('/messages'));
    expect(
      await screen.findByRole('link', { name: /Covoiturage · AS Monaco – FC Nantes/ }),
    ).toHaveAttribute('href', '/messages/groupes/3');
  });

  it('says a proposal is no longer pending', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 1)]);
    api.reply('GET /api/notification-covoiturage/1', 200, detail(1, 1, { currentStatut: 3 }));
    await open(/vous a proposé un covoiturage/);
    const popup = within(await screen.findByRole('dialog', { name: 'Proposition de covoiturage' }));
    expect(popup.getByText("Cette proposition n'est plus en attente.")).toBeVisible();
    expect(screen.queryByRole('button', { name: "J'accepte" })).toBeNull();
  });

  it('says a request is no longer pending', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 2)]);
    api.reply('GET /api/notification-covoiturage/1', 200, detail(1, 2, { currentStatut: 5 }));
    await open(/vous a demandé un covoiturage/);
    const popup = within(await screen.findByRole('dialog', { name: 'Demande de covoiturage' }));
    expect(popup.getByText("Cette demande n'est plus en attente.")).toBeVisible();
  });

  it('says an accepted carpool read after it ended is no longer confirmed', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 3)]);
    api.reply('GET /api/notification-covoiturage/1', 200, detail(1, 3, { currentStatut: 6 }));
    await open(/a accepté le covoiturage/);
    const popup = within(await screen.findByRole('dialog', { name: 'Covoiturage confirmé' }));
    expect(popup.getByText(/Bob_06 a accepté le covoiturage/)).toBeVisible();
    expect(popup.getByText(/n'est plus confirmé depuis/)).toBeVisible();
  });

  it('confirms an accepted carpool with who accepted, then lets it leave the list', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 3), notif(2, 2)]);
    api.reply('GET /api/notification-covoiturage/1', 200, detail(1, 3));
    api.reply('POST /api/user-notification/delete', 200, { message: 'ok' });
    await open(/a accepté le covoiturage/);
    const popup = within(await screen.findByRole('dialog', { name: 'Covoiturage confirmé' }));
    expect(popup.getByText('Bob_06 a accepté le covoiturage ! 🎉')).toBeVisible();
    // Read: nothing is left to do with it once closed, it leaves the list (acted on).
    expect(api.callsTo('POST /api/user-notification/delete')).toHaveLength(0);
    fireEvent.click(popup.getByRole('button', { name: 'Fermer' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/user-notification/delete')[0]?.body).toEqual({ notifId: 1 }),
    );
    const menu = await openBell();
    await waitFor(() => expect(menu.queryByText(/a accepté le covoiturage/)).toBeNull());
    // The request still waiting for an answer stays.
    expect(menu.getByText(/vous a demandé un covoiturage/)).toBeVisible();
  });

  it('shows the reason of a cancellation, or that there is none', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 5), notif(2, 6)]);
    api.reply('GET /api/notification-covoiturage/1', 200, detail(1, 5, { motif: 'Panne' }));
    api.reply('GET /api/notification-covoiturage/2', 200, detail(2, 6));
    api.reply('POST /api/user-notification/delete', 200, { message: 'ok' });
    await open(/a annulé le covoiturage/);
    const cancelled = await screen.findByRole('dialog', { name: 'Covoiturage annulé' });
    expect(within(cancelled).getByText(/Motif : Panne/)).toBeVisible();
    fireEvent.click(within(cancelled).getByRole('button', { name: 'Fermer' }));
    const menu = await openBell();
    fireEvent.click(menu.getByText(/vous a exclu du covoiturage/));
    const excluded = await screen.findByRole('dialog', { name: 'Exclusion du covoiturage' });
    expect(within(excluded).getByText(/Motif : Aucun motif trouvé\./)).toBeVisible();
  });

  it('opens nothing for a refusal, but selects the match; read, it leaves the list', async () => {
    api.reply('GET /api/user-notification/me', 200, [notif(1, 4)]);
    api.reply('POST /api/user-notification/delete', 200, { message: 'ok' });
    await open(/a refusé le covoiturage/);
    expect(api.callsTo('GET /api/notification-covoiturage/1')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('POST /api/user-notification/delete')[0]?.body).toEqual({ notifId: 1 }),
    );
  });
});

describe('coach trip notifications (issue 30)', () => {
  const NICE = { id: 42, domicile: 'OGC Nice', exterieur: 'AS Monaco' };
  const trip = (id: number, evenement: string, over: object = {}) =>
    notif(id, null, {
      type_notification: 'DEPLACEMENT',
      notification_covoiturage_id: null,
      sender: null,
      match: { ...NICE, date: '2030-11-29T19:45:00.000Z' },
      deplacement: {
        id: 12,
        antenne: 'Nice',
        evenement,
        depart_heure: '2030-11-29T05:30:00.000Z',
        depart_lieu: 'Stade Louis-II',
        retour_heure: null,
        groupe_id: 9,
      },
      ...over,
    });

  it('says what happened to the trip, named by its match, without a member’s avatar', async () => {
    api.reply('GET /api/user-notification/me', 200, [
      trip(1, 'PLACE_LIBEREE'),
      trip(2, 'ANNULATION'),
      trip(3, 'RAPPEL'),
      trip(4, 'ANNONCE', { read: true }),
    ]);
    renderAt('/contact');
    const menu = await openBell('Notifications, 3 non lues');
    const items = menu.getAllByRole('menuitem', { name: /car de Nice/i });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        "Une place s'est libérée : tu es inscrit dans le car de Nice !pour le match OGC Nice – AS Monaco du 29/11",
      ),
      expect.stringContaining('Le car de Nice est annulé.'),
      // 05:30 UTC is 06:30 in Paris.
      expect.stringContaining('Rappel : départ du car de Nice demain à 06:30, Stade Louis-II.'),
      expect.stringContaining('Nouvelle annonce pour le car de Nice.'),
    ]);
    expect(menu.queryByText('Un membre', { exact: false })).toBeNull();
  });

  it('says a moved kickoff with the coach’s departure, or that its times are to be changed', async () => {
    const moved = (id: number, kickoff: string) =>
      trip(id, 'HORAIRE', { match: { ...NICE, date: kickoff } });
    api.reply('GET /api/user-notification/me', 200, [
      // 21:45 in Paris: the coach leaving at 06:30 still fits.
      moved(1, '2030-11-29T20:45:00.000Z'),
      // 06:00 in Paris: before the coach leaves.
      moved(2, '2030-11-29T05:00:00.000Z'),
    ]);
    renderAt('/contact');
    const menu = await openBell('Notifications, 2 non lues');
    const items = menu.getAllByRole('menuitem', { name: /car de Nice/i });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        "Nouvel horaire du match : coup d'envoi le 29/11/2030 à 21:45. Départ du car de Nice le 29/11/2030 à 06:30, Stade Louis-II.",
      ),
      expect.stringContaining(
        "Nouvel horaire du match : coup d'envoi le 29/11/2030 à 06:00. Les horaires du car de Nice sont à revoir : les organisateurs vont les changer.",
      ),
    ]);
  });

  it('says a coach’s new departure, with its return when given', async () => {
    api.reply('GET /api/user-notification/me', 200, [
      trip(1, 'DEPART_MODIFIE', {
        deplacement: {
          id: 12,
          antenne: 'Nice',
          evenement: 'DEPART_MODIFIE',
          depart_heure: '2030-11-29T06:15:00.000Z',
          depart_lieu: 'Gare de Menton',
          retour_heure: '2030-11-30T00:30:00.000Z',
          groupe_id: 9,
        },
      }),
    ]);
    renderAt('/contact');
    const menu = await openBell('Notifications, 1 non lue');
    expect(menu.getByRole('menuitem', { name: /car de Nice/i })).toHaveTextContent(
      'Nouveau départ pour le car de Nice : le 29/11/2030 à 07:15, Gare de Menton. Retour prévu le 30/11/2030 à 01:30.',
    );
  });

  it('opens the match’s block for a freed seat, and the trip’s thread for an announcement', async () => {
    api.reply('POST /api/user-notification/delete', 200, { message: 'ok' });
    api.reply('GET /api/user-notification/me', 200, [trip(1, 'PLACE_LIBEREE')]);
    const router = renderAt('/contact');
    let menu = await openBell();
    fireEvent.click(await menu.findByText(/Une place s'est libérée/));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ matchId: 42 });
    // Read once opened: it leaves the list, no popup.
    await waitFor(() =>
      expect(api.callsTo('POST /api/user-notification/delete')[0]?.body).toEqual({ notifId: 1 }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    api.reply('GET /api/user-notification/me', 200, [trip(2, 'ANNONCE')]);
    await act(() => router.navigate('/contact'));
    act(() => io.push('notification', { id: 2, type: 'DEPLACEMENT', matchId: 42 }));
    menu = await openBell('Notifications, 1 non lue');
    fireEvent.click(await menu.findByText(/Nouvelle annonce/));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/groupes/9'));
  });
});
