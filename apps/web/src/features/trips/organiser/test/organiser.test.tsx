import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRIP_TEXTS, type Trip } from '@munegu/shared';
import { createQueryClient } from '../../../../app/queryClient';
import { AuthProvider } from '../../../../lib/auth';
import { setSocketFactory } from '../../../../lib/socket';
import { renderAt, renderWithProviders, signIn, type FakeApi } from '../../../../test/harness';
import { testClub, testMatch } from '../../../../test/fixtures';
import { fakeSocket } from '../../../messages/test/fakeSocket';
import { MatchTrips } from '../../components/MatchTrips';
import { organizedTrip, organiserApi } from './fixtures';

/** The organisers' space through the real routes; only the network is fake. */
let api: FakeApi;

beforeEach(() => {
  api = organiserApi();
  api.reply('GET /api/moderation/reports/count', 200, { count: 0 });
});

const me = (over: object) => signIn(api, { id: 1, username: 'Chef_06', ...over } as never);

async function openMenu() {
  fireEvent.keyDown(await screen.findByRole('button', { name: /Menu du profil/ }), {
    key: 'Enter',
  });
  await screen.findByRole('menuitem', { name: 'Paramètres' });
}

describe('the profile menu', () => {
  it('offers Mes déplacements to an antenna’s organiser, and leads there', async () => {
    me({ antennes_organisees: [{ id: 3, nom: 'Nice' }] });
    api.reply('GET /api/deplacements/organisation', 200, { antennes: [], deplacements: [] });
    const router = renderAt('/contact');
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mes déplacements' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mes-deplacements'));
    expect(await screen.findByRole('heading', { name: 'Mes déplacements' })).toBeVisible();
  });

  it('offers it to a moderator who organises nothing', async () => {
    me({ role: { libelle: 'MODERATEUR' }, antennes_organisees: [] });
    renderAt('/contact');
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Mes déplacements' })).toBeVisible();
  });

  it('hides it from a member who organises nothing', async () => {
    me({ role: { libelle: 'UTILISATEUR' }, antennes_organisees: [] });
    renderAt('/contact');
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Mes déplacements' })).toBeNull();
  });
});

describe('/mes-deplacements', () => {
  beforeEach(() => me({ antennes_organisees: [{ id: 3, nom: 'Nice' }] }));

  it('sends a member the API refuses to the usual refusal', async () => {
    api.reply('GET /api/deplacements/organisation', 403, { message: 'Accès refusé.' });
    const router = renderAt('/mes-deplacements');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('tells the organiser to change a coach’s times once a moved kickoff no longer fits them', async () => {
    api.reply('GET /api/deplacements/organisation', 200, {
      antennes: [{ id: 3, nom: 'Nice' }],
      deplacements: [
        // Leaves at 06:00 in Paris; the kickoff moved to 05:30 in Paris.
        organizedTrip({
          id: 7,
          match: { ...organizedTrip().match, date: '2026-12-05T04:30:00.000Z' },
        }),
        organizedTrip({ id: 8, antenne: { id: 3, nom: 'Nice' }, depart_lieu: 'Gare' }),
        organizedTrip({
          id: 9,
          statut: 'ANNULE',
          match: { ...organizedTrip().match, date: '2026-12-05T04:30:00.000Z' },
        }),
      ],
    });
    renderAt('/mes-deplacements');
    const rows = await screen.findAllByRole('listitem', { name: 'Car de Nice' });
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('status')).toHaveTextContent(
      "Le coup d'envoi est maintenant le 05/12/2026 à 05:30 : le car part après ou rentre avant. Change ses horaires, puis préviens les inscrits par une annonce.",
    );
    // Its times fit; a cancelled coach has nothing to change.
    expect(within(rows[1]!).queryByRole('status')).toBeNull();
    expect(within(rows[2]!).queryByRole('status')).toBeNull();
  });

  it('no longer offers to cancel a coach that has left', async () => {
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const match = { ...organizedTrip().match, date: hours(3) };
    api.reply('GET /api/deplacements/organisation', 200, {
      antennes: [{ id: 3, nom: 'Nice' }],
      deplacements: [
        organizedTrip({ id: 7, depart_heure: hours(-1), statut: 'CLOS', match }),
        organizedTrip({ id: 8, depart_heure: hours(1), depart_lieu: 'Gare', match }),
      ],
    });
    renderAt('/mes-deplacements');
    const [left, waiting] = await screen.findAllByRole('listitem', { name: 'Car de Nice' });
    expect(within(left!).getByRole('link', { name: 'Liste des inscrits' })).toBeVisible();
    expect(within(left!).queryByRole('button', { name: 'Annuler le déplacement' })).toBeNull();
    expect(within(waiting!).getByRole('button', { name: 'Annuler le déplacement' })).toBeVisible();
  });

  it('groups the trips by match, the soonest match first, with seats and waiting list', async () => {
    const lens = {
      id: 12,
      domicile: 'RC Lens',
      exterieur: 'AS Monaco',
      date: '2027-01-10T19:00:00.000Z',
    };
    api.reply('GET /api/deplacements/organisation', 200, {
      antennes: [
        { id: 3, nom: 'Nice' },
        { id: 4, nom: 'Menton' },
      ],
      deplacements: [
        organizedTrip({
          id: 9,
          match_id: 12,
          match: lens,
          antenne: { id: 3, nom: 'Nice' },
          nb_attente: 0,
          places_attente: 0,
          prix: 12.5,
        }),
        organizedTrip({ id: 7, groupe_id: 21 }),
        organizedTrip({
          id: 8,
          antenne: { id: 4, nom: 'Menton' },
          statut: 'COMPLET',
          places_total: 30,
          places_confirmees: 30,
          places_restantes: 0,
          nb_attente: 4,
          places_attente: 9,
        }),
      ],
    });
    renderAt('/mes-deplacements');
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      expect.stringContaining('OGC Nice – AS Monaco'),
      expect.stringContaining('RC Lens – AS Monaco'),
    ]);
    const first = within(headings[0]!.closest('section')!);
    expect(first.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Car de Nice',
      'Car de Menton',
    ]);
    const menton = first.getByRole('listitem', { name: 'Car de Menton' });
    // The waiting list counts registrations and says their seats, as the member's card does.
    expect(menton).toHaveTextContent(
      '30 / 30 places confirmées · 4 inscriptions en attente (9 places) · 25 €',
    );
    expect(first.getByRole('listitem', { name: 'Car de Nice' })).toHaveTextContent(
      '48 / 50 places confirmées · 1 inscription en attente (1 place) · 25 €',
    );
    // Nobody waiting: no waiting list to speak of; the fare as the card writes it.
    const lensTrip = within(headings[1]!.closest('section')!).getByRole('listitem');
    expect(lensTrip).toHaveTextContent('48 / 50 places confirmées · 12,50 €');
    expect(lensTrip).not.toHaveTextContent('en attente');
    expect(menton).toHaveTextContent('Complet : liste d’attente');
    expect(within(menton).getByRole('link', { name: 'Liste des inscrits' })).toHaveAttribute(
      'href',
      '/mes-deplacements/8',
    );
    // The thread's link where the organiser is in it (the server says so), and only there.
    const nice = first.getByRole('listitem', { name: 'Car de Nice' });
    expect(within(nice).getByRole('link', { name: 'Fil du car' })).toHaveAttribute(
      'href',
      '/messages/groupes/21',
    );
    expect(within(menton).queryByRole('link', { name: 'Fil du car' })).toBeNull();
  });
});

describe('the match’s coach cards after an organiser’s write', () => {
  beforeEach(() => {
    me({ antennes_organisees: [{ id: 3, nom: 'Nice' }] });
    const io = fakeSocket();
    setSocketFactory(() => io.socket);
  });
  afterEach(() => setSocketFactory(null));

  /** The server's trip 7 of match 11, as the member's card reads it. */
  let card: Trip;
  const cards = (client: ReturnType<typeof createQueryClient>) =>
    renderWithProviders(
      <AuthProvider>
        <MatchTrips matchId={11} />
      </AuthProvider>,
      { client },
    );

  it('shows a cancelled coach as cancelled, not as it was before', async () => {
    const trip = organizedTrip();
    card = { ...trip, statut: 'OUVERT' };
    api.handle('GET /api/deplacements', () => ({ status: 200, body: [card] }));
    api.reply('GET /api/deplacements/organisation', 200, {
      antennes: [{ id: 3, nom: 'Nice' }],
      deplacements: [trip],
    });
    api.handle('DELETE /api/deplacements/7', () => {
      card = { ...card, statut: 'ANNULE' };
      return { status: 200, body: { message: TRIP_TEXTS.cancelled } };
    });
    const client = createQueryClient();
    // The home page's match block was read a moment ago…
    cards(client);
    expect(await screen.findByText(TRIP_TEXTS.statusLabels.OUVERT)).toBeVisible();
    cleanup();

    // …then the organiser cancels the coach…
    renderAt('/mes-deplacements', client);
    const row = await screen.findByRole('listitem', { name: 'Car de Nice' });
    fireEvent.click(within(row).getByRole('button', { name: 'Annuler le déplacement' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le déplacement' }));
    expect(await screen.findByText(TRIP_TEXTS.cancelled)).toBeVisible();
    cleanup();

    // …and the match block says so.
    cards(client);
    expect(await screen.findByText(TRIP_TEXTS.statusLabels.ANNULE)).toBeVisible();
  });

  it('shows a changed coach with its new departure place', async () => {
    api.reply('GET /api/matchs/next', 200, [
      testMatch({ id: 11, club_dom: testClub(2, 'OGC Nice'), club_ext: testClub(1, 'AS Monaco') }),
    ]);
    const trip = organizedTrip({ notes: 'Prévoir une écharpe' });
    card = { ...trip };
    api.handle('GET /api/deplacements', () => ({ status: 200, body: [card] }));
    api.reply('GET /api/deplacements/organisation', 200, {
      antennes: [{ id: 3, nom: 'Nice' }],
      deplacements: [trip],
    });
    api.handle('PUT /api/deplacements/7', (body) => {
      card = { ...card, depart_lieu: (body as { depart_lieu: string }).depart_lieu };
      return { status: 200, body: card };
    });
    const client = createQueryClient();
    cards(client);
    expect(await screen.findByText(/Parking du stade Louis-II/)).toBeVisible();
    cleanup();

    renderAt('/mes-deplacements', client);
    const row = await screen.findByRole('listitem', { name: 'Car de Nice' });
    fireEvent.click(within(row).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    // The form waits for the matches it offers.
    await within(dialog).findByLabelText('Match');
    fireEvent.change(within(dialog).getByLabelText('Lieu de départ'), {
      target: { value: 'Gare de Nice-Ville' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(TRIP_TEXTS.updated)).toBeVisible();
    cleanup();

    cards(client);
    expect(await screen.findByText(/Gare de Nice-Ville/)).toBeVisible();
  });
});
