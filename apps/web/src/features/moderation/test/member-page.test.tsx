import { MODERATION_TEXTS } from '@munegu/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

/** A member's moderation page through the real routes; only the network is fake. */
let api: FakeApi;

const bob = {
  id: 105,
  pseudo: 'Bob_06',
  avatar: null,
  role: 'UTILISATEUR',
  status: 'SUSPENDED',
  suspendedUntil: '2031-05-11T10:00:00.000Z',
  silencedUntil: null,
  email: 'bob@example.fr',
  createdAt: '2030-01-02T10:00:00.000Z',
  suspensionReason: 'Insultes <répétées>.',
  silenceReason: null,
  heldAbove: { suspension: false, silence: false },
};

const reportAbout = {
  id: 5,
  createdAt: '2031-05-04T08:00:00.000Z',
  status: 'OPEN',
  section: 'message',
  reason: 'Insultes',
  customReason: null,
  reported: { ...bob },
  reporter: { id: 7, pseudo: 'Temoin_06' },
  context: { type: 'message', id: 9, match: null, messageText: 'Bande de nuls' },
  handledBy: null,
  handledAt: null,
};

const page = (extra: object = {}) => ({
  member: bob,
  reportsVisible: true,
  canSanction: true,
  openReports: 1,
  reportsAbout: [reportAbout],
  reportsAboutTotal: 1,
  reportsBy: [
    {
      ...reportAbout,
      id: 8,
      status: 'DISMISSED',
      reported: { ...bob, id: 300, pseudo: 'Cible_1', status: 'ACTIVE', suspendedUntil: null },
      reporter: { id: 105, pseudo: 'Bob_06' },
      reason: 'Spam ou arnaque',
    },
  ],
  reportsByTotal: 1,
  sanctions: [
    {
      id: 12,
      kind: 'suspend',
      at: '2031-05-04T08:30:00.000Z',
      by: { id: 1, pseudo: 'Modo', role: 'MODERATEUR' },
      reason: 'Insultes <répétées>.',
      days: 7,
      until: '2031-05-11T10:00:00.000Z',
      lifted: null,
      reportId: null,
    },
    {
      id: 11,
      kind: 'warn',
      at: '2031-04-01T08:30:00.000Z',
      by: { id: 2, pseudo: 'Admin_1', role: 'ADMIN' },
      reason: 'Premier avertissement.',
      days: null,
      until: null,
      lifted: null,
      reportId: 3,
    },
  ],
  carpool: {
    ratingAverage: 3.5,
    ratingCount: 4,
    confirmed: 6,
    cancelled: 2,
    cancelledAfterConfirmation: 1,
    excluded: 0,
  },
  ...extra,
});

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 1, username: 'Modo', role: { libelle: 'MODERATEUR' } } as never);
  api.reply('GET /api/moderation/reports/count', 200, { open: 1 });
  api.reply('GET /api/moderation/users/105', 200, page());
});

describe('a member’s moderation page', () => {
  it('shows the sanction in force, past sanctions with who, why and when, and carpools', async () => {
    renderAt('/admin/moderation/membres/105');
    expect(await screen.findByRole('heading', { name: 'Bob_06', level: 2 })).toBeVisible();
    expect(screen.getByText('bob@example.fr')).toBeVisible();
    const inForce = within(screen.getByRole('list', { name: 'Sanctions en cours' }));
    expect(inForce.getByText('Suspendu jusqu’au 11/05/2031 à 12:00')).toBeVisible();
    expect(inForce.getByText('« Insultes <répétées>. »')).toBeVisible();

    const history = within(
      screen.getByRole('heading', { name: 'Historique des sanctions' }).closest('section')!,
    );
    expect(history.getByText('Suspension de 7 jours, jusqu’au 11/05/2031')).toBeVisible();
    expect(history.getByText('par Modo (Modérateur) le 04/05/2031 à 10:30')).toBeVisible();
    expect(history.getByText('Avertissement')).toBeVisible();
    expect(
      history.getByText(
        'par Admin_1 (Administrateur) le 01/04/2031 à 10:30, suite à un signalement',
      ),
    ).toBeVisible();
    expect(history.getByText('« Premier avertissement. »')).toBeVisible();

    expect(screen.getByText('3,5/5 (4 notes)')).toBeVisible();
    expect(screen.getByText('2, dont 1 après confirmation')).toBeVisible();

    expect(
      screen.getByRole('heading', { name: 'Signalements le visant (1, dont 1 ouvert)' }),
    ).toBeVisible();
    expect(screen.getByText('Bande de nuls')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cible_1' })).toHaveAttribute(
      'href',
      '/admin/moderation/membres/300',
    );
    expect(screen.getByText(/classé$/)).toBeVisible();
  });

  it('offers only what makes sense: a suspended member is banned or un-suspended', async () => {
    api.reply('POST /api/moderation/users/105/lift', 200, { message: 'Suspension levée.' });
    renderAt('/admin/moderation/membres/105');
    const actions = within(await screen.findByRole('group', { name: 'Sanctions' }));
    expect(actions.getByRole('button', { name: 'Bannir' })).toBeVisible();
    expect(actions.queryByRole('button', { name: 'Suspendre' })).toBeNull();
    fireEvent.click(actions.getByRole('button', { name: 'Lever la suspension' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Lever la suspension' }));
    expect(await screen.findByText('Suspension levée.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/moderation/users/105/lift')).toHaveLength(1);
  });

  it('offers nothing to lift or change of a suspension a higher rank imposed, and says why', async () => {
    api.reply(
      'GET /api/moderation/users/105',
      200,
      page({ member: { ...bob, heldAbove: { suspension: true, silence: false } } }),
    );
    renderAt('/admin/moderation/membres/105');
    expect(await screen.findByText(MODERATION_TEXTS.higherSanction)).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Sanctions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bannir' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Lever/ })).toBeNull();
  });

  it('links to the public profile only while it is shown: a suspended member’s answers 404', async () => {
    renderAt('/admin/moderation/membres/105');
    await screen.findByRole('group', { name: 'Sanctions' });
    expect(screen.queryByRole('link', { name: 'Voir le profil public' })).toBeNull();
  });

  it('suspends an active member without a report', async () => {
    api.reply('GET /api/moderation/users/105', 200, {
      ...page(),
      member: { ...bob, status: 'ACTIVE', suspendedUntil: null, suspensionReason: null },
    });
    api.handle('POST /api/moderation/users/105/suspend', () => {
      api.reply('GET /api/moderation/users/105', 200, page());
      return {
        status: 200,
        body: { message: 'Membre suspendu.', suspendedUntil: '2031-05-11T10:00:00.000Z' },
      };
    });
    renderAt('/admin/moderation/membres/105');
    expect(await screen.findByText('Aucune sanction en cours.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voir le profil public' })).toHaveAttribute(
      'href',
      '/profil/Bob_06',
    );
    const suspend = within(screen.getByRole('group', { name: 'Sanctions' })).getByRole('button', {
      name: 'Suspendre',
    });
    suspend.focus();
    fireEvent.click(suspend);
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspendre Bob_06' }));
    fireEvent.change(dialog.getByLabelText('Durée (jours)'), { target: { value: '3' } });
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: 'Propos haineux.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Suspendre' }));
    expect(await screen.findByText('Membre suspendu.')).toBeInTheDocument();
    // « Suspendre » is gone with the suspension: the focus goes to what is now in force.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Sanctions en cours' })).toHaveFocus(),
    );
    expect(api.callsTo('POST /api/moderation/users/105/suspend')[0]!.body).toEqual({
      reason: 'Propos haineux.',
      days: 3,
    });
  });

  it.each([
    ['Avertir', 'warn', 'Avertir Bob_06', 'Envoyer l’avertissement', null],
    ['Réduire au silence', 'silence', 'Réduire Bob_06 au silence', 'Réduire au silence', 5],
  ])('%s an active member without a report', async (button, kind, title, submit, days) => {
    api.reply('GET /api/moderation/users/105', 200, {
      ...page(),
      member: { ...bob, status: 'ACTIVE', suspendedUntil: null, suspensionReason: null },
    });
    api.reply(`POST /api/moderation/users/105/${kind}`, 200, { message: 'C’est fait.' });
    renderAt('/admin/moderation/membres/105');
    const actions = within(await screen.findByRole('group', { name: 'Sanctions' }));
    fireEvent.click(actions.getByRole('button', { name: button }));
    const dialog = within(await screen.findByRole('dialog', { name: title }));
    if (days) fireEvent.change(dialog.getByLabelText('Durée (jours)'), { target: { value: '5' } });
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: 'Messages insistants.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: submit }));
    expect(await screen.findByText('C’est fait.')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/moderation/users/105/${kind}`)[0]!.body).toEqual({
      reason: 'Messages insistants.',
      ...(days ? { days } : {}),
    });
  });

  it.each([
    ['banned', { suspendedUntil: null }, 'Lever le bannissement', ['Bannir', 'Suspendre']],
    [
      'silenced',
      { status: 'ACTIVE', suspendedUntil: null, silencedUntil: '2031-06-01T10:00:00.000Z' },
      'Lever le silence',
      ['Réduire au silence'],
    ],
  ])('offers a %s member the right lift only', async (_state, state, lift, absent) => {
    api.reply('GET /api/moderation/users/105', 200, { ...page(), member: { ...bob, ...state } });
    renderAt('/admin/moderation/membres/105');
    const actions = within(await screen.findByRole('group', { name: 'Sanctions' }));
    expect(actions.getByRole('button', { name: lift })).toBeVisible();
    for (const name of absent) expect(actions.queryByRole('button', { name })).toBeNull();
    fireEvent.click(actions.getByRole('button', { name: lift }));
    expect(await screen.findByRole('dialog', { name: `${lift} de Bob_06` })).toBeVisible();
  });

  it('keeps a peer’s reports for admins and offers no sanction', async () => {
    api.reply('GET /api/moderation/users/105', 200, {
      ...page(),
      member: { ...bob, role: 'MODERATEUR', status: 'ACTIVE', suspendedUntil: null },
      reportsVisible: false,
      canSanction: false,
      reportsAbout: [],
      reportsAboutTotal: 0,
      openReports: 0,
    });
    renderAt('/admin/moderation/membres/105');
    expect(
      await screen.findByText(
        'Les signalements visant un membre de l’équipe sont réservés aux administrateurs.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Sanctions' })).toBeNull();
    expect(
      screen.getByText(
        'Tu ne peux pas sanctionner ce membre : seul un rang supérieur au sien le peut.',
      ),
    ).toBeVisible();
  });

  it('puts the focus on the reports’ title once the handled report has lost its buttons', async () => {
    api.handle('POST /api/moderation/reports/5/dismiss', () => {
      api.reply('GET /api/moderation/users/105', 200, {
        ...page(),
        openReports: 0,
        reportsAbout: [
          { ...reportAbout, status: 'DISMISSED', handledBy: { id: 1, pseudo: 'Modo' } },
        ],
      });
      return { status: 200, body: { message: 'Signalement classé.' } };
    });
    renderAt('/admin/moderation/membres/105');
    const about = within(
      (await screen.findByRole('heading', { name: /^Signalements le visant/ })).closest('section')!,
    );
    fireEvent.click(about.getByRole('button', { name: 'Classer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Classer le signalement' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Classer' }));
    expect(await about.findByText(/^Classé par Modo/)).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Signalements le visant (1, dont 0 ouvert)' }),
      ).toHaveFocus(),
    );
  });

  it('says so when the member does not exist', async () => {
    api.reply('GET /api/moderation/users/999', 404, { message: 'Membre introuvable.' });
    renderAt('/admin/moderation/membres/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Membre introuvable.');
    expect(screen.getByRole('link', { name: '← File de modération' })).toHaveAttribute(
      'href',
      '/admin/moderation',
    );
  });
});
