import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

/** The workspace's queue, search and navigation through the real routes; only the network is fake. */
let api: FakeApi;

const member = (id: number, pseudo: string, extra: object = {}) => ({
  id,
  pseudo,
  avatar: null,
  role: 'UTILISATEUR',
  status: 'ACTIVE',
  suspendedUntil: null,
  silencedUntil: null,
  heldAbove: { suspension: false, silence: false },
  ...extra,
});

const report = (id: number, reported: ReturnType<typeof member>, extra: object = {}) => ({
  id,
  createdAt: '2031-05-04T08:00:00.000Z',
  status: 'OPEN',
  section: 'message',
  reason: 'Insultes',
  customReason: 'Il insulte <b>tout</b> le monde.',
  reported,
  reporter: { id: 7, pseudo: 'Temoin_06' },
  context: { type: 'message', id: 9, match: null, messageText: '<script>x</script>' },
  handledBy: null,
  handledAt: null,
  ...extra,
});

const EMPTY_QUEUE = { items: [], total: 0, open: 0, page: 1, pageSize: 20 };

const bob = member(105, 'Bob_06');
const modo = member(106, 'AutreModo', { role: 'MODERATEUR', status: 'SUSPENDED' });

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 1, username: 'Modo', role: { libelle: 'MODERATEUR' } } as never);
  api.reply('GET /api/moderation/queue', 200, {
    items: [
      {
        member: bob,
        openCount: 2,
        reasons: [{ label: 'Insultes', count: 2 }],
        latestAt: '2031-05-05T08:00:00.000Z',
        reports: [
          report(5, bob),
          report(4, bob, {
            reporter: { id: 8, pseudo: 'Autre_06' },
            createdAt: '2031-05-05T08:00:00.000Z',
            context: { type: 'group_message', id: 12, match: null, messageText: 'Dans la voiture' },
          }),
        ],
      },
      {
        member: modo,
        openCount: 1,
        reasons: [{ label: 'Comportement', count: 1 }],
        latestAt: '2031-05-04T08:00:00.000Z',
        reports: [
          report(6, modo, {
            reason: 'Comportement',
            section: 'covoiturage',
            context: {
              type: 'carpool_relation',
              id: 3,
              match: { kickoffAt: '2031-05-10T19:00:00.000Z', opponent: 'OGC Nice' },
              messageText: null,
            },
          }),
        ],
      },
    ],
    total: 2,
    open: 3,
    page: 1,
    pageSize: 20,
  });
  api.reply('GET /api/moderation/reports/count', 200, { open: 3 });
  api.reply('GET /api/moderation/users/suspended', 200, []);
});

const group = async (pseudo: string) =>
  within(await screen.findByRole('article', { name: `Signalements visant ${pseudo}` }));

/** The dialog that `button` opens on Bob's report #5. */
async function sanctionDialog(button: string, title: string) {
  renderAt('/admin/moderation');
  const card = (await group('Bob_06')).getAllByRole('article', {
    name: 'Signalement de Bob_06',
  })[0]!;
  fireEvent.click(within(card).getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: title }));
}

describe('the operators’ space', () => {
  it('opens on the moderation queue, its tab first with the open-report count', async () => {
    const router = renderAt('/admin');
    await group('Bob_06');
    expect(router.state.location.pathname).toBe('/admin/moderation');
    const tabs = within(screen.getByRole('navigation', { name: /espace opérateurs/ }));
    const first = tabs.getAllByRole('link')[0];
    expect(first).toHaveAttribute('href', '/admin/moderation');
    expect(first).toHaveAccessibleName('Modération, 3 signalements à traiter');
    expect(screen.getByRole('heading', { name: 'Signalements à traiter (3)' })).toBeVisible();
  });
});

describe('the queue, one card per reported member', () => {
  it('names where a reported message was written and quotes it as text', async () => {
    renderAt('/admin/moderation');
    const cards = (await group('Bob_06')).getAllByRole('article', {
      name: 'Signalement de Bob_06',
    });
    const [privateCard, groupCard] = cards.map((c) => within(c));
    expect(privateCard!.getByText('Message privé')).toBeVisible();
    expect(privateCard!.getByText('<script>x</script>')).toBeVisible();
    expect(groupCard!.getByText('Message de groupe')).toBeVisible();
    expect(groupCard!.getByText('Dans la voiture')).toBeVisible();
  });

  it('groups the reports, counts them, names the reasons and links the member page', async () => {
    renderAt('/admin/moderation');
    const bobs = await group('Bob_06');
    expect(bobs.getByText('2 signalements ouverts')).toBeVisible();
    expect(bobs.getByRole('list', { name: 'Motifs' })).toHaveTextContent('Insultes × 2');
    expect(bobs.getAllByRole('article', { name: 'Signalement de Bob_06' })).toHaveLength(2);
    expect(bobs.getByRole('link', { name: 'Temoin_06' }).parentElement).toHaveTextContent(
      'Par Temoin_06 le 04/05/2031 à 10:00',
    );
    expect(bobs.getByRole('link', { name: 'Fiche du membre' })).toHaveAttribute(
      'href',
      '/admin/moderation/membres/105',
    );
    // Members' words stay text.
    expect(bobs.getAllByText('Il insulte <b>tout</b> le monde.')[0]).toBeVisible();
    expect(bobs.getAllByText('<script>x</script>')[0]).toBeVisible();

    const modos = await group('AutreModo');
    expect(modos.getByText('Banni')).toBeVisible();
    expect(modos.getByText('Modérateur')).toBeVisible();
    expect(modos.getByText(/match contre OGC Nice, le 10\/05\/2031 à 21:00/)).toBeVisible();
    // A moderator only files a report about another moderator away.
    expect(modos.getByRole('button', { name: 'Classer' })).toBeVisible();
    expect(modos.queryByRole('button', { name: 'Bannir' })).toBeNull();
  });

  it('suspends from a report after checking the days and the reason, then says so', async () => {
    api.reply('POST /api/moderation/reports/5/suspend', 200, {
      message: 'Membre suspendu.',
      suspendedUntil: '2031-05-11T10:00:00.000Z',
    });
    const dialog = await sanctionDialog('Suspendre', 'Suspendre Bob_06');
    fireEvent.change(dialog.getByLabelText('Durée (jours)'), { target: { value: '400' } });
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: 'abc' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Suspendre' }));
    expect(
      await dialog.findByText('La durée doit être comprise entre 1 et 365 jours.'),
    ).toBeVisible();
    expect(dialog.getByText('La raison doit contenir entre 5 et 500 caractères.')).toBeVisible();
    expect(api.callsTo('POST /api/moderation/reports/5/suspend')).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText('Durée (jours)'), { target: { value: '7' } });
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: '  Insultes répétées.  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Suspendre' }));
    expect(await screen.findByText('Membre suspendu.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/moderation/reports/5/suspend')[0]!.body).toEqual({
      reason: 'Insultes répétées.',
      days: 7,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The queue and the count are asked again.
    await waitFor(() => expect(api.callsTo('GET /api/moderation/queue').length).toBeGreaterThan(1));
    expect(api.callsTo('GET /api/moderation/reports/count').length).toBeGreaterThan(1);
  });

  it('keeps the dialog open with the server’s message when refused', async () => {
    api.reply('POST /api/moderation/reports/5/ban', 409, {
      message: 'Ce signalement a déjà été traité.',
      code: 'CONFLICT',
    });
    const dialog = await sanctionDialog('Bannir', 'Bannir Bob_06');
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: 'Spam massif.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Bannir' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Ce signalement a déjà été traité.');
  });

  it.each([
    ['Classer', 'dismiss', 'Classer le signalement', 'Note (facultative)', '', 'Classer'],
    [
      'Avertir',
      'warn',
      'Avertir Bob_06',
      'Raison (envoyée au membre par e-mail)',
      'Merci de rester courtois.',
      'Envoyer l’avertissement',
    ],
  ])(
    '%s sends the reason and shows the result',
    async (button, action, title, label, reason, submit) => {
      api.reply(`POST /api/moderation/reports/5/${action}`, 200, { message: 'C’est fait.' });
      const dialog = await sanctionDialog(button, title);
      fireEvent.change(dialog.getByLabelText(label), { target: { value: reason } });
      fireEvent.click(dialog.getByRole('button', { name: submit }));
      expect(await screen.findByText('C’est fait.')).toBeInTheDocument();
      expect(api.callsTo(`POST /api/moderation/reports/5/${action}`)[0]!.body).toEqual({ reason });
    },
  );

  it('puts the focus on the queue’s title once the handled report has left it', async () => {
    api.handle('POST /api/moderation/reports/5/dismiss', () => {
      api.reply('GET /api/moderation/queue', 200, EMPTY_QUEUE);
      return { status: 200, body: { message: 'Signalement classé.' } };
    });
    const dialog = await sanctionDialog('Classer', 'Classer le signalement');
    fireEvent.click(dialog.getByRole('button', { name: 'Classer' }));
    expect(await screen.findByText('Aucun signalement en attente.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Signalements à traiter (0)' })).toHaveFocus(),
    );
  });

  it('goes back to the last page when the one shown has emptied', async () => {
    // 21 reported members, 20 a page; handling the only one on page 2 leaves 20.
    const groupOf = (i: number) => {
      const m = member(200 + i, `Membre_${i}`);
      return {
        member: m,
        openCount: 1,
        reasons: [],
        latestAt: m.id,
        reports: [report(300 + i, m)],
      };
    };
    let reported = Array.from({ length: 21 }, (_, i) => groupOf(i + 1));
    api.handle('GET /api/moderation/queue', (_body, url) => {
      const page = Number(new URLSearchParams(url.split('?')[1]).get('page') ?? 1);
      const items = reported.slice((page - 1) * 20, page * 20);
      const total = reported.length;
      return { status: 200, body: { items, total, open: total, page, pageSize: 20 } };
    });
    api.handle('POST /api/moderation/reports/321/dismiss', () => {
      reported = reported.slice(0, 20);
      return { status: 200, body: { message: 'Signalement classé.' } };
    });
    renderAt('/admin/moderation');
    await group('Membre_1');
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    fireEvent.click((await group('Membre_21')).getByRole('button', { name: 'Classer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Classer le signalement' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Classer' }));

    expect(await group('Membre_1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Signalements à traiter (20)' })).toBeVisible();
    expect(screen.queryByText('Aucun signalement en attente.')).toBeNull();
    expect(screen.getAllByRole('article', { name: /^Signalements visant/ })).toHaveLength(20);
  });

  it('offers no suspension or ban of a member a higher rank suspended', async () => {
    const held = member(107, 'Suspendu_Admin', {
      status: 'SUSPENDED',
      suspendedUntil: '2031-06-01T10:00:00.000Z',
      heldAbove: { suspension: true, silence: false },
    });
    api.reply('GET /api/moderation/queue', 200, {
      ...EMPTY_QUEUE,
      items: [
        {
          member: held,
          openCount: 1,
          reasons: [{ label: 'Insultes', count: 1 }],
          latestAt: '2031-05-05T08:00:00.000Z',
          reports: [report(9, held)],
        },
      ],
      total: 1,
      open: 1,
    });
    renderAt('/admin/moderation');
    const card = within((await screen.findAllByRole('article'))[0]!);
    expect(card.getByRole('button', { name: 'Classer' })).toBeVisible();
    expect(card.getByRole('button', { name: 'Avertir' })).toBeVisible();
    expect(card.queryByRole('button', { name: 'Suspendre' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Bannir' })).toBeNull();
  });

  it('says when nothing is waiting', async () => {
    api.reply('GET /api/moderation/queue', 200, EMPTY_QUEUE);
    api.reply('GET /api/moderation/reports/count', 200, { open: 0 });
    renderAt('/admin/moderation');
    expect(await screen.findByText('Aucun signalement en attente.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Modération' })).toBeVisible();
  });
});

describe('the member search', () => {
  it('asks from 2 characters and leads to the member page', async () => {
    api.reply('GET /api/moderation/users', 200, [
      {
        ...member(105, 'Bob_06', { silencedUntil: '2031-06-01T10:00:00.000Z' }),
        email: 'bob@example.fr',
        openReports: 2,
        sanctions: { warn: 1, silence: 1, suspend: 0, ban: 0 },
      },
    ]);
    renderAt('/admin/moderation');
    const box = await screen.findByLabelText('Début du pseudo ou de l’adresse e-mail');
    fireEvent.change(box, { target: { value: 'b' } });
    expect(await screen.findByText('Saisis au moins 2 caractères.')).toBeVisible();
    expect(api.callsTo('GET /api/moderation/users')).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'Bo' } });
    const results = within(await screen.findByRole('list', { name: 'Membres trouvés' }));
    expect(api.callsTo('GET /api/moderation/users?q=Bo')).toHaveLength(1);
    const link = results.getByRole('link');
    expect(link).toHaveAttribute('href', '/admin/moderation/membres/105');
    expect(link).toHaveTextContent('bob@example.fr');
    expect(link).toHaveTextContent('2 signalements ouverts · 1 avertissement, 1 silence');
    expect(link).toHaveTextContent('Réduit au silence jusqu’au 01/06/2031');
  });

  it('says when nobody matches', async () => {
    api.reply('GET /api/moderation/users', 200, []);
    renderAt('/admin/moderation');
    fireEvent.change(await screen.findByLabelText('Début du pseudo ou de l’adresse e-mail'), {
      target: { value: 'zz' },
    });
    expect(await screen.findByText('Aucun membre trouvé.')).toBeVisible();
  });
});

describe('the navigation badge', () => {
  it('shows the open-report count on the profile menu and its operators’ entry', async () => {
    renderAt('/');
    const trigger = await screen.findByRole('button', {
      name: 'Menu du profil de Modo, 3 signalements à traiter',
    });
    expect(trigger).toHaveTextContent('3');
  });

  it('is not asked for a plain member', async () => {
    api = fakeApi();
    signIn(api, { id: 2, username: 'Membre', role: { libelle: 'UTILISATEUR' } } as never);
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Menu du profil de Membre' })).toBeVisible();
    expect(api.callsTo('GET /api/moderation/reports/count')).toHaveLength(0);
  });
});
