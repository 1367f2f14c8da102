import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupMessage, Registrant } from '@munegu/shared';
import { renderAt, type FakeApi } from '../../../../test/harness';
import { SERVER_RETRY_MS } from '../checkinQueue';
import { organizedTrip, registrant, organiserApi } from './fixtures';

/**
 * The boarding list of trip 7: ticks sent as PATCHes, queued while the network is cut and
 * replayed in order when it is back, the check-in mode, and the CSV through the API client.
 */
let api: FakeApi;
let online = true;

const list = (): Registrant[] => [
  registrant({
    user_id: 21,
    username: 'Eloise_06',
    prenom: 'Éloïse',
    nom: 'Durand',
    telephone: '06 12 34 56 78',
    nb_places: 2,
  }),
  registrant({ user_id: 22, username: 'Marc06', prenom: 'Marc', nom: 'Rossi', paye: true }),
  registrant({ user_id: 23, username: 'Tom', prenom: 'Tom', nom: 'Bianchi' }),
  registrant({
    user_id: 24,
    username: 'Zoe',
    prenom: 'Zoé',
    nom: 'Martin',
    statut: 'ATTENTE',
    position_attente: 1,
  }),
];

/** The server's side: PATCH sets the fields it is given on the registrant it names. */
function serve(rows: Registrant[], threadId: number | null = null) {
  api.reply('GET /api/deplacements/7/inscrits', 200, {
    deplacement: organizedTrip({ nb_attente: 1, places_attente: 2, groupe_id: threadId }),
    inscrits: rows,
  });
  for (const r of rows)
    api.handle(`PATCH /api/deplacements/7/inscrits/${r.user_id}`, (body) => {
      if (!online) return 'network';
      Object.assign(r, body);
      return { status: 200, body: r };
    });
}

function setOnline(value: boolean) {
  online = value;
  act(() => void window.dispatchEvent(new Event(value ? 'online' : 'offline')));
}

beforeEach(() => {
  online = true;
  api = organiserApi();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  // React Query's online state is the page's, not the test's: leave it online.
  setOnline(true);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** jsdom's Blob has no arrayBuffer(): read it as a page would. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

const row = (name: string) => screen.getByRole('listitem', { name });

/** The boarding list loaded, then Tom ticked 'Payé' with the network cut: one tick queued. */
async function tickTomOffline() {
  serve(list());
  renderAt('/mes-deplacements/7');
  await screen.findByRole('heading', { name: 'Confirmés (3)' });
  setOnline(false);
  fireEvent.click(screen.getByRole('button', { name: 'Payé : Tom' }));
  await screen.findByText('1 pointage en attente de synchronisation');
}

describe('the boarding list', () => {
  it('lists confirmed then waiting, with names, phone and seats, and ticks with a PATCH', async () => {
    serve(list());
    renderAt('/mes-deplacements/7');
    const confirmed = within(
      (await screen.findByRole('heading', { name: 'Confirmés (3)' })).closest('section')!,
    );
    expect(confirmed.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Eloise_06',
      'Marc06',
      'Tom',
    ]);
    expect(row('Eloise_06')).toHaveTextContent('Éloïse Durand');
    expect(row('Eloise_06')).toHaveTextContent('2 places');
    expect(within(row('Eloise_06')).getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute(
      'href',
      'tel:0612345678',
    );
    expect(row('Zoe')).toHaveTextContent('1. Zoé Martin');
    // Someone waiting may have paid, but boards only once moved up: no 'Présent' for them.
    expect(within(row('Zoe')).getByRole('button', { name: 'Payé : Zoe' })).toBeVisible();
    expect(within(row('Zoe')).queryByRole('button', { name: 'Présent : Zoe' })).toBeNull();
    // The head counts seats, then the waiting list in registrations and their seats.
    expect(screen.getByText(/places confirmées/, { selector: 'p' })).toHaveTextContent(
      'Inscriptions ouvertes · 48 / 50 places confirmées · 1 inscription en attente (2 places)',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Payé : Eloise_06' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/deplacements/7/inscrits/21').map((c) => c.body)).toEqual([
        { paye: true },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Payé : Eloise_06' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Présent : Marc06' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/deplacements/7/inscrits/22').map((c) => c.body)).toEqual([
        { present: true },
      ]),
    );
    expect(screen.queryByText('en attente de synchronisation')).toBeNull();
  });

  it('queues ticks made offline, shows them pending, and replays them in order when back online', async () => {
    serve(list());
    renderAt('/mes-deplacements/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Mode embarquement' }));
    expect(screen.getByText('Présents : 0 / 4 places')).toBeVisible();

    setOnline(false);
    expect(
      screen.getByText('Hors ligne : les pointages seront envoyés au retour du réseau'),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Présent : Tom' }));
    fireEvent.click(screen.getByRole('button', { name: 'Présent : Eloise_06' }));
    fireEvent.click(screen.getByRole('button', { name: 'Présent : Tom' }));
    await waitFor(() =>
      expect(screen.getByText('3 pointages en attente de synchronisation')).toBeVisible(),
    );
    expect(within(row('Tom')).getByText('en attente de synchronisation')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Présent : Tom' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Présent : Eloise_06' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('Présents : 2 / 4 places')).toBeVisible();

    const before = api.calls.filter((c) => c.method === 'PATCH').length;
    setOnline(true);
    await waitFor(() => expect(screen.queryByText(/en attente de synchronisation/)).toBeNull());
    const replayed = api.calls.filter((c) => c.method === 'PATCH').slice(before);
    // The attempts made while offline failed at the network; the replay sends all three, in order.
    expect(replayed.map((c) => [c.path, c.body])).toEqual([
      ['/api/deplacements/7/inscrits/23', { present: true }],
      ['/api/deplacements/7/inscrits/21', { present: true }],
      ['/api/deplacements/7/inscrits/23', { present: false }],
    ]);
    expect(screen.getByRole('button', { name: 'Présent : Eloise_06' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(localStorage.getItem('munegu-pointages')).toBeNull();
  });

  it('keeps a tick the server could not take (a deploy) and sends it again shortly', async () => {
    serve(list());
    renderAt('/mes-deplacements/7');
    await screen.findByRole('heading', { name: 'Confirmés (3)' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [502, 503];
    api.handle('PATCH /api/deplacements/7/inscrits/23', (body) => {
      const status = answers.shift();
      if (status) return { status, body: '<html>Bad Gateway</html>' };
      return { status: 200, body: { ...list()[2], ...(body as object) } };
    });
    fireEvent.click(screen.getByRole('button', { name: 'Payé : Tom' }));
    expect(await screen.findByText('1 pointage en attente de synchronisation')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(SERVER_RETRY_MS));
    expect(screen.getByText('1 pointage en attente de synchronisation')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(SERVER_RETRY_MS));
    await waitFor(() => expect(screen.queryByText(/en attente de synchronisation/)).toBeNull());
    expect(api.callsTo('PATCH /api/deplacements/7/inscrits/23').map((c) => c.body)).toEqual([
      { paye: true },
      { paye: true },
      { paye: true },
    ]);
    expect(screen.getByRole('button', { name: 'Payé : Tom' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('keeps the last list and the queue on the device: a later load replays what was left', async () => {
    await tickTomOffline();
    cleanup();

    // Another load with the network still cut: the stored list, the tick still pending.
    api.reply('GET /api/deplacements/7/inscrits', 'network');
    renderAt('/mes-deplacements/7');
    expect(await screen.findByRole('heading', { name: 'Confirmés (3)' })).toBeVisible();
    expect(within(row('Tom')).getByText('en attente de synchronisation')).toBeVisible();
    cleanup();

    // The next load with a network sends it.
    setOnline(true);
    serve(list());
    const before = api.callsTo('PATCH /api/deplacements/7/inscrits/23').length;
    renderAt('/mes-deplacements/7');
    await waitFor(() =>
      expect(
        api
          .callsTo('PATCH /api/deplacements/7/inscrits/23')
          .slice(before)
          .map((c) => c.body),
      ).toEqual([{ paye: true }]),
    );
    await waitFor(() => expect(screen.queryByText(/en attente de synchronisation/)).toBeNull());
  });

  it('shows nothing of the list kept on the device once the API refuses it, and forgets it', async () => {
    for (const status of [403, 404]) {
      localStorage.setItem(
        'munegu-inscrits-7',
        JSON.stringify({ deplacement: organizedTrip(), inscrits: list() }),
      );
      api.reply('GET /api/deplacements/7/inscrits', status, { message: 'Accès refusé.' });
      const router = renderAt('/mes-deplacements/7');
      await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
      expect(screen.queryByText(/Éloïse/)).toBeNull();
      expect(screen.queryByText('06 12 34 56 78')).toBeNull();
      expect(localStorage.getItem('munegu-inscrits-7')).toBeNull();
      cleanup();
    }
  });

  it('forgets every list and pending tick of the device at logout', async () => {
    await tickTomOffline();
    localStorage.setItem('munegu-inscrits-12', '{}');
    setOnline(true);
    // The network is back for the logout, but the tick is still queued when it starts.
    api.handle('PATCH /api/deplacements/7/inscrits/23', () => 'network');
    api.reply('POST /api/auth/logout', 200, { message: 'ok' });
    fireEvent.keyDown(screen.getByRole('button', { name: /Menu du profil/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(localStorage.getItem('munegu-inscrits-7')).toBeNull();
    expect(localStorage.getItem('munegu-inscrits-12')).toBeNull();
    expect(localStorage.getItem('munegu-pointages')).toBeNull();
  });

  it('finds a member by name in check-in mode, accents or not', async () => {
    serve(list());
    renderAt('/mes-deplacements/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Mode embarquement' }));
    fireEvent.change(screen.getByLabelText('Rechercher un nom'), { target: { value: 'eloise' } });
    const checkin = screen.getByRole('region', { name: 'Mode embarquement' });
    expect(
      within(checkin)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Eloise_06']);
    fireEvent.change(screen.getByLabelText('Rechercher un nom'), { target: { value: 'zoé' } });
    expect(screen.getByText('Aucun inscrit ne correspond.')).toBeVisible();
  });

  it('downloads the CSV through the API client, with the token, as a file', async () => {
    serve(list());
    const csv = '\uFEFFpseudo;prenom;nom\r\nEloise_06;Éloïse;Durand\r\n';
    api.handle('GET /api/deplacements/7/inscrits.csv', () => ({ status: 200, body: csv }));
    const fetchSpy = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', fetchSpy);
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:inscrits';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt('/mes-deplacements/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls.find(([u]) => String(u).endsWith('.csv'))!;
    expect(url).toBe('/api/deplacements/7/inscrits.csv');
    expect((init?.headers as Record<string, string>).Authorization).toBe(
      `Bearer ${localStorage.getItem('access_token')}`,
    );
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('inscrits-car-7.csv');
    expect(anchor.href).toBe('blob:inscrits');
    const bytes = await bytesOf(saved!);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Eloise_06;Éloïse;Durand');
  });

  it('prints a list of names, seats, paid and a box per row', async () => {
    serve(list());
    renderAt('/mes-deplacements/7');
    const printed = await screen.findByTestId('printable-list');
    expect(printed).toHaveTextContent('Car de Nice');
    expect(printed).toHaveTextContent('OGC Nice – AS Monaco');
    const rows = within(printed).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NomPlacesPayéPrésent',
      'Éloïse Durand (Eloise_06)2—',
      'Marc Rossi (Marc06)1Oui',
      'Tom Bianchi (Tom)1—',
      'NomPlacesPayéPrésent',
      'Zoé Martin (Zoe)1—',
    ]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalled();
  });
});

describe('an announcement to the coach', () => {
  const sent = (content: string): GroupMessage => ({
    id: 90,
    groupId: 3,
    senderId: 1,
    senderName: 'Chef_06',
    content,
    createdAt: new Date().toISOString(),
    fromMe: true,
    annonce: true,
  });

  it('is sent to the registrants, said so, and the field emptied', async () => {
    serve(list());
    api.handle('POST /api/deplacements/7/annonces', (body) => ({
      status: 201,
      body: sent((body as { content: string }).content),
    }));
    renderAt('/mes-deplacements/7');
    const field = await screen.findByRole('textbox', { name: 'Annonce aux inscrits' });
    expect(field).toHaveAccessibleDescription(
      'Publiée dans le fil du car et envoyée à chaque inscrit ayant sa place (pas à la liste d’attente).',
    );
    // Nothing but spaces is refused before any request.
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’annonce' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Une annonce fait entre 1 et 1 000 caractères.',
    );
    expect(api.callsTo('POST /api/deplacements/7/annonces')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '  Départ décalé à 6h30, parking P2.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’annonce' }));
    expect(await screen.findByText('Annonce envoyée aux inscrits.')).toBeVisible();
    expect(api.callsTo('POST /api/deplacements/7/annonces')[0]?.body).toEqual({
      content: 'Départ décalé à 6h30, parking P2.',
    });
    expect(field).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leads to the coach’s thread from its hint when the organiser is in it', async () => {
    serve(list(), 3);
    renderAt('/mes-deplacements/7');
    await screen.findByRole('textbox', { name: 'Annonce aux inscrits' });
    expect(screen.getByRole('link', { name: 'fil du car' })).toHaveAttribute(
      'href',
      '/messages/groupes/3',
    );
  });

  it('keeps the text and shows the server’s reason when it is refused', async () => {
    serve(list());
    api.reply('POST /api/deplacements/7/annonces', 403, {
      message: 'Tu n’organises pas ce déplacement.',
    });
    renderAt('/mes-deplacements/7');
    const field = await screen.findByRole('textbox', { name: 'Annonce aux inscrits' });
    fireEvent.change(field, { target: { value: 'Rendez-vous au péage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’annonce' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tu n’organises pas ce déplacement.',
    );
    expect(field).toHaveValue('Rendez-vous au péage');
  });
});
