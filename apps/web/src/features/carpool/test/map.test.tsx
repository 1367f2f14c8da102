import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARPOOL_TEXTS, LIMITS, type Supporter } from '@munegu/shared';
import {
  testCarpoolDriver,
  testCarpoolPassenger,
  testClub,
  testConfirmedCarpool,
  testMatch,
  testMatchInfo,
  testSearcher,
  testSupporter,
  testSupporterRelation,
  testTransportInfo,
} from '../../../test/fixtures';
import { fakeApi, renderWithProviders, signIn, type FakeApi } from '../../../test/harness';
import { MuneguMapDialog } from '..';

const me = vi.hoisted(() => ({ id: 7, username: 'lea' }));
vi.mock('../../../lib/auth', () => ({ useAuth: () => ({ user: me, isAuthenticated: true }) }));

const match = testMatch({
  id: 42,
  club_dom: testClub(1, 'AS Monaco', { nomStade: 'Stade Louis-II', ville: 'Monaco' }),
});
const searching = testMatchInfo({ has_relation: true });
const driving = testTransportInfo({ places_dispo: 2, has_relation: true });
const driver = (id: number, username: string, o: Partial<Supporter> = {}) =>
  testSupporter(id, { username, ...o });
const seeker = (id: number, username: string, o: Partial<Supporter> = {}) =>
  testSearcher(id, { username, ...o });
const pending = (initiator: boolean, statut: number, o = {}) =>
  testSupporterRelation(initiator, statut, { id: 50 + statut, nbPers: 2, ...o });

/** The map file is static (not /api): three departments are enough. */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 613 585">
  <path id="06" aria-label="Alpes-Maritimes" d="M1 1h10v10z"/>
  <path id="13" aria-label="Bouches-du-Rhône" d="M20 20h10v10z"/>
  <path id="83" aria-label="Var" d="M40 40h10v10z"/></svg>`;

const SUPPORTERS = 'GET /api/users/supporters-par-departement-detail';
/** The body of the n-th proposal or request the popup sent, for a member of the 06. */
const sentRelation = (n = 0) => api.callsTo('POST /api/user-to-user-match')[n]?.body;
const relationTo = (user2_id: number, statut_id: number, description: string | null) => ({
  user2_id,
  statut_id,
  nbPers: 2,
  departement_depart: '06',
  match_id: 42,
  description,
});
let api: FakeApi;
let lists: Record<string, Supporter[]>;
beforeEach(() => {
  api = fakeApi();
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    input === '/cartes_france/france-departements.svg'
      ? Promise.resolve(new Response(SVG, { headers: { 'Content-Type': 'image/svg+xml' } }))
      : fake(input, init),
  );
  signIn(api, me);
  api.reply('GET /api/users/infos-utilisateur', 200, searching);
  api.reply('GET /api/user-to-user-match/mon-covoiturage-confirme', 200, null);
  api.reply('GET /api/departements', 200, [
    { code: '06', name: 'Alpes-Maritimes' },
    { code: '83', name: 'Var' },
  ]);
  api.reply('GET /api/users/departements-disponibles', 200, {
    departements: [
      { code: '06', nom: 'Alpes-Maritimes', supporters: '12' },
      { code: '13', nom: 'Bouches-du-Rhône', supporters: '<3' },
    ],
    suggestions: [],
  });
  lists = {
    '06': [
      seeker(7, 'lea', { nb_pers: 2 }),
      driver(1, 'ana', { places_dispo: 3, note_covoiturage: 4.5 }),
      driver(2, 'bob', { places_dispo: 1 }),
      driver(3, 'cid', { relation: pending(true, 2) }),
      driver(4, 'dan', { relation: pending(false, 1, { description: 'Départ 17h' }) }),
    ],
    '13': [driver(9, 'zoe')],
  };
  api.handle(SUPPORTERS, (_body, url) => {
    const dept = new URL(url, 'http://x').searchParams.get('departement') ?? '06';
    return { status: 200, body: { [dept]: lists[dept] ?? [] } };
  });
});

/** Lea (2 people) is ana's confirmed passenger for the match. */
const replyConfirmedCarpool = () =>
  api.reply(
    'GET /api/user-to-user-match/mon-covoiturage-confirme',
    200,
    testConfirmedCarpool({
      relationId: 11,
      vehicule: testCarpoolDriver(1, 'ana'),
      passagers: [testCarpoolPassenger(7, 'lea', 11, { nbPers: 2 })],
    }),
  );

const open = () =>
  renderWithProviders(<MuneguMapDialog match={match} open onOpenChange={() => {}} />);
const row = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!;

describe('MuneguMapDialog', () => {
  it('stays closed without a presence, a search or a carpool', async () => {
    api.reply('GET /api/users/infos-utilisateur', 200, null);
    open();
    expect(await screen.findByText(CARPOOL_TEXTS.mapClosed)).toBeVisible();
    expect(api.callsTo(SUPPORTERS)).toHaveLength(0);
  });

  it('shows the departments and their counts as given, the member’s own first', async () => {
    api.reply('GET /api/users/departements-disponibles', 200, {
      departements: [
        { code: '06', nom: 'Alpes-Maritimes', supporters: '12' },
        { code: '13', nom: 'Bouches-du-Rhône', supporters: '<3' },
      ],
      suggestions: [driver(6, 'gus', { departement_depart: '83', detour_km: 12 })],
    });
    open();
    const map = await screen.findByRole('group', { name: 'Carte des départements' });
    expect(
      within(map).getByRole('button', { name: 'Bouches-du-Rhône (moins de 3 supporters)' }),
    ).toBeVisible();
    const own = within(map).getByRole('button', { name: 'Alpes-Maritimes (12 supporters)' });
    expect(own).toHaveAttribute('aria-pressed', 'true');
    expect(within(map).queryByRole('button', { name: /Var/ })).toBeNull(); // no supporters
    expect(screen.getByLabelText('Département')).toHaveValue('06');
    expect(
      screen.getByRole('option', { name: '13 - Bouches-du-Rhône (moins de 3 supporters)' }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Avec transport/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(await row('ana')).getByText('4,5/5')).toBeVisible();
    // ana drives from 06: no suggestion from elsewhere.
    expect(screen.queryByText("Conducteurs proches d'autres départements")).toBeNull();
    // 5 of the department's 12 are listed: the list says so (a '<3' count never does).
    expect(
      screen.getByText('5 des 12 supporters de ce département sont listés ici.'),
    ).toBeVisible();
  });

  it('offers Demander, Places insuffis., En attente and Répondre per case', async () => {
    open();
    expect(within(await row('ana')).getByRole('button', { name: 'Demander' })).toBeEnabled();
    const few = within(await row('bob')).getByRole('button', { name: 'Places insuffis.' });
    expect(few).toHaveAttribute('aria-disabled', 'true');
    expect(few).toHaveAttribute('title', 'Pas assez de places pour cette demande');
    expect(within(await row('cid')).getByRole('button', { name: 'En attente' })).toBeDisabled();
    expect(within(await row('dan')).getByRole('button', { name: 'Répondre' })).toBeEnabled();
    // Pending to me first, after my own entry.
    const names = within(screen.getByRole('tabpanel'))
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual(['dan', 'ana', 'bob', 'cid']);
  });

  it('reads the list again while open, so a driver who stopped driving leaves it', async () => {
    // Installed before the map opens: its reading timer is set when the list first arrives.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open();
      expect(await row('bob')).toBeTruthy();
      lists['06'] = lists['06']!.filter((s) => s.username !== 'bob');
      await act(async () => void vi.advanceTimersByTime(LIMITS.munegumapRefreshMs));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'bob' })).toBeNull());
      expect(screen.getByRole('link', { name: 'ana' })).toBeVisible();
      expect(api.callsTo(SUPPORTERS)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the list of a department picked on the map or in the selector', async () => {
    open();
    await row('ana');
    fireEvent.click(
      screen.getByRole('button', { name: 'Bouches-du-Rhône (moins de 3 supporters)' }),
    );
    expect(await row('zoe')).toBeTruthy();
    expect(api.callsTo(`${SUPPORTERS}?match_id=42&departement=13`)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Département'), { target: { value: '06' } });
    expect(await row('ana')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: /Bouches-du-Rhône/ }), { key: 'Enter' });
    expect(await row('zoe')).toBeTruthy();
  });

  it('draws Monaco as a point beside the 06, named, counted and clickable like a department', async () => {
    api.reply('GET /api/users/departements-disponibles', 200, {
      departements: [
        { code: '06', nom: 'Alpes-Maritimes', supporters: '12' },
        { code: 'MC', nom: 'Monaco', supporters: '<3' },
      ],
      suggestions: [],
    });
    lists.MC = [driver(11, 'rai', { departement_depart: 'MC' })];
    open();
    const map = await screen.findByRole('group', { name: 'Carte des départements' });
    const monaco = within(map).getByRole('button', { name: 'Monaco (moins de 3 supporters)' });
    expect(monaco.tagName.toLowerCase()).toBe('circle');
    expect(monaco).toHaveAttribute('aria-pressed', 'false');
    expect(
      screen.getByRole('option', { name: 'MC - Monaco (moins de 3 supporters)' }),
    ).toBeTruthy();
    fireEvent.click(monaco);
    expect(await row('rai')).toBeTruthy();
    expect(api.callsTo(`${SUPPORTERS}?match_id=42&departement=MC`)).toHaveLength(1);
    expect(
      within(map).getByRole('button', { name: 'Monaco (moins de 3 supporters)' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The whole map is in view: its view box holds Corsica (up to x = 612) and Monaco.
    const [x, y, w, h] = map.getAttribute('viewBox')!.split(' ').map(Number);
    expect(x! <= 0 && y! <= 0 && x! + w! >= 613 && y! + h! >= 585).toBe(true);
  });

  it('keeps Monaco on the map, unnamed and inert, while nobody leaves from it', async () => {
    open();
    const map = await screen.findByRole('group', { name: 'Carte des départements' });
    expect(within(map).queryByRole('button', { name: /Monaco/ })).toBeNull();
    expect(map.querySelector('circle[data-code="MC"]')).not.toBeNull();
  });

  it('sends a request with my group and department, then says it is waiting', async () => {
    api.reply('POST /api/user-to-user-match', 201, { message: 'ok', relation: {} });
    open();
    fireEvent.click(within(await row('ana')).getByRole('button', { name: 'Demander' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demande de covoiturage' });
    const text = within(dialog).getByLabelText('Description (facultative)');
    fireEvent.change(text, { target: { value: '<script>x</script>' } });
    expect(within(dialog).getByText(CARPOOL_TEXTS.descriptionForbidden)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    fireEvent.change(text, { target: { value: 'Deux places svp' } });
    expect(within(dialog).getByText('15/150')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(CARPOOL_TEXTS.sent('demande', 'ana'))).toBeVisible();
    expect(sentRelation()).toEqual(relationTo(1, 2, 'Deux places svp'));
  });

  it("shows the server's refusal of a request and keeps the description typed", async () => {
    api.reply('POST /api/user-to-user-match', 409, { message: CARPOOL_TEXTS.relationExists });
    open();
    fireEvent.click(within(await row('ana')).getByRole('button', { name: 'Demander' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demande de covoiturage' });
    const text = within(dialog).getByLabelText('Description (facultative)');
    fireEvent.change(text, { target: { value: 'On part de Nice à 17h' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CARPOOL_TEXTS.relationExists,
    );
    // Still the form, with the text as typed: it can be sent again or changed.
    expect(text).toHaveValue('On part de Nice à 17h');
    expect(text).toHaveAccessibleDescription(expect.stringContaining(CARPOOL_TEXTS.relationExists));
    api.reply('POST /api/user-to-user-match', 201, { message: 'ok', relation: {} });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(CARPOOL_TEXTS.sent('demande', 'ana'))).toBeVisible();
    expect(sentRelation(1)).toMatchObject({
      description: 'On part de Nice à 17h',
    });
  });

  it('answers a proposal from the Proposition popup: accept, then refuse', async () => {
    api.reply('POST /api/user-to-user-match/confirm-covoiturage', 200, { message: 'ok' });
    api.reply('POST /api/user-to-user-match/refus-covoiturage', 200, { message: 'ok' });
    open();
    fireEvent.click(within(await row('dan')).getByRole('button', { name: 'Répondre' }));
    const popup = await screen.findByRole('dialog', { name: 'Proposition de covoiturage' });
    expect(within(popup).getByText('+1 personne')).toBeVisible();
    expect(within(popup).getByText('Départ 17h')).toBeVisible();
    expect(within(popup).getByText('Stade Louis-II, Monaco')).toBeVisible();
    expect(within(popup).getByText('Alpes-Maritimes')).toBeVisible();
    expect(
      within(popup).getByText('dan te propose 2 places dans son véhicule pour ce match.'),
    ).toBeVisible();
    fireEvent.click(within(popup).getByRole('button', { name: "J'accepte" }));
    expect(await screen.findByText(CARPOOL_TEXTS.confirmed)).toBeVisible();
    const body = { user1_id: 4, user2_id: 7, match_id: 42 };
    expect(api.callsTo('POST /api/user-to-user-match/confirm-covoiturage')[0]?.body).toEqual(body);

    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    fireEvent.click(within(await row('dan')).getByRole('button', { name: 'Répondre' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Je refuse' }));
    expect(await screen.findByText(CARPOOL_TEXTS.refused)).toBeVisible();
    expect(api.callsTo('POST /api/user-to-user-match/refus-covoiturage')[0]?.body).toEqual(body);
  });

  it('says there are too few seats and offers only to refuse when the group does not fit', async () => {
    lists['06'] = [
      seeker(7, 'lea', { nb_pers: 2 }),
      driver(4, 'dan', { places_dispo: 1, relation: pending(false, 1) }),
    ];
    open();
    fireEvent.click(within(await row('dan')).getByRole('button', { name: 'Répondre' }));
    const popup = within(await screen.findByRole('dialog', { name: 'Proposition de covoiturage' }));
    expect(popup.getByText('1 place disponible')).toBeVisible();
    const accept = popup.getByRole('button', { name: "J'accepte" });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription('Pas assez de places pour cette demande');
    expect(popup.getByRole('button', { name: 'Je refuse' })).toBeEnabled();
  });

  it('suggests drivers of other departments when none drives from mine', async () => {
    lists['06'] = [seeker(7, 'lea'), seeker(5, 'eva')];
    api.reply('GET /api/users/departements-disponibles', 200, {
      departements: [{ code: '06', nom: 'Alpes-Maritimes', supporters: '<3' }],
      suggestions: [driver(6, 'gus', { departement_depart: '83', detour_km: 12 })],
    });
    open();
    expect(await screen.findByText("Conducteurs proches d'autres départements")).toBeVisible();
    const gus = await row('gus');
    expect(within(gus).getByText('Var · +12 km de détour')).toBeVisible();
    expect(within(gus).getByRole('button', { name: 'Demander' })).toBeEnabled();
  });

  it('shows a driver the searchers first and lets them propose seats that fit', async () => {
    api.reply('GET /api/users/infos-utilisateur', 200, driving);
    api.reply('POST /api/user-to-user-match', 201, { message: 'ok', relation: {} });
    lists['06'] = [
      driver(7, 'lea'),
      seeker(5, 'eva', { nb_pers: 2 }),
      seeker(8, 'hal', { nb_pers: 3 }),
    ];
    open();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.replace(/\s*\d+$/, ''))).toEqual([
      'En recherche',
      'Avec transport',
      'En covoiturage',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(
      within(await row('hal')).getByRole('button', { name: 'Places insuffis.' }),
    ).toBeVisible();
    fireEvent.click(within(await row('eva')).getByRole('button', { name: 'Proposer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(CARPOOL_TEXTS.sent('proposition', 'eva'))).toBeVisible();
    expect(sentRelation()).toEqual(relationTo(5, 1, null));
  });

  it('leaves the confirmed tab for the first list with someone once the carpool is gone', async () => {
    replyConfirmedCarpool();
    const client = open();
    fireEvent.click(await screen.findByRole('tab', { name: /En covoiturage/ }));
    // Cancelled meanwhile: the carpool is no longer there when the match is read again.
    api.reply('GET /api/user-to-user-match/mon-covoiturage-confirme', 200, null);
    await act(() => client.invalidateQueries());
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Avec transport/ })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(screen.queryByText('Aucun covoiturage confirmé.')).toBeNull();
  });

  it("opens on the member's confirmed carpool, driver then passengers", async () => {
    replyConfirmedCarpool();
    open();
    const tab = await screen.findByRole('tab', { name: /En covoiturage/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['ana', 'lea']);
    expect(within(panel).getByText('Conducteur')).toBeVisible();
    expect(within(panel).getByText('2 personnes')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'ana' })).toHaveAttribute('href', '/profil/ana');
  });
});
