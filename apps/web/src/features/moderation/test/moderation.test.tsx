import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

/** The moderators' screens through the real routes; only the network is fake. */
let api: FakeApi;

const BANNED = {
  id: 200,
  pseudo: 'Banni_1',
  avatar: null,
  suspended: true,
  suspendedUntil: null,
  silencedUntil: null,
  canLift: true,
};

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 1, username: 'Modo', role: { libelle: 'MODERATEUR' } } as never);
  api.reply('GET /api/moderation/users/suspended', 200, [
    BANNED,
    {
      id: 201,
      pseudo: 'Court_2',
      avatar: null,
      suspended: true,
      suspendedUntil: '2031-06-01T10:00:00.000Z',
      silencedUntil: null,
      canLift: true,
    },
    {
      id: 202,
      pseudo: 'Muet_3',
      avatar: null,
      suspended: false,
      suspendedUntil: null,
      silencedUntil: '2031-06-03T10:00:00.000Z',
      canLift: true,
    },
    {
      id: 203,
      pseudo: 'Admin_Sanction',
      avatar: null,
      suspended: true,
      suspendedUntil: '2031-06-02T10:00:00.000Z',
      silencedUntil: null,
      canLift: false,
    },
  ]);
});

describe('suspended members and the journal', () => {
  it('links each member to their file, and offers no lift of what a higher rank imposed', async () => {
    renderAt('/admin/moderation');
    const held = within((await screen.findByText('Admin_Sanction')).closest('li')!);
    expect(held.getByRole('link', { name: 'Admin_Sanction' })).toHaveAttribute(
      'href',
      '/admin/moderation/membres/203',
    );
    expect(held.queryByRole('button')).toBeNull();
    expect(held.getByText('Levée réservée à un rang supérieur')).toBeVisible();
    const own = within(screen.getByText('Court_2').closest('li')!);
    expect(own.getByRole('button', { name: 'Lever la suspension' })).toBeVisible();
  });

  it('lifts a suspension', async () => {
    renderAt('/admin/moderation');
    expect(await screen.findByText('Suspendu jusqu’au 01/06/2031')).toBeVisible();
    api.handle('POST /api/moderation/users/201/lift', () => {
      // The lifted member leaves the list.
      api.reply('GET /api/moderation/users/suspended', 200, [BANNED]);
      return { status: 200, body: { message: 'Suspension levée.' } };
    });
    const row = within((await screen.findByText('Court_2')).closest('li')!);
    const lift = row.getByRole('button', { name: 'Lever la suspension' });
    lift.focus();
    fireEvent.click(lift);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Lever la suspension de Court_2' }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Lever la suspension' }));
    expect(await screen.findByText('Suspension levée.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/moderation/users/201/lift')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Court_2')).toBeNull());
    // Its row is gone with the button: the focus stays in the list rather than the page's top.
    expect(screen.getByRole('list', { name: 'Membres sanctionnés' })).toHaveFocus();
  });

  it.each([
    ['Banni_1', 200, 'Lever le bannissement', 'Bannissement levé.'],
    ['Muet_3', 202, 'Lever le silence', 'Silence levé.'],
  ])('offers %s the lift of what is in force', async (pseudo, id, label, done) => {
    api.reply(`POST /api/moderation/users/${id}/lift`, 200, { message: done });
    renderAt('/admin/moderation');
    const row = within((await screen.findByText(pseudo)).closest('li')!);
    expect(row.queryByRole('button', { name: 'Lever la suspension' })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: label }));
    const dialog = within(await screen.findByRole('dialog', { name: `${label} de ${pseudo}` }));
    fireEvent.click(dialog.getByRole('button', { name: label }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/moderation/users/${id}/lift`)).toHaveLength(1);
  });

  it('shows a banned member as banned and a silenced one with the end of the silence', async () => {
    renderAt('/admin/moderation');
    const banned = within((await screen.findByText('Banni_1')).closest('li')!);
    expect(banned.getByText('Banni')).toBeVisible();
    const silenced = within((await screen.findByText('Muet_3')).closest('li')!);
    expect(silenced.getByText('Silence jusqu’au 03/06/2031')).toBeVisible();
  });
});

const ALICE_ID = 1;
const KARIM_ID = 45;
/** A journal entry as GET /moderation/audit sends it. */
const entry = (id: number, extra: object) => ({
  id,
  createdAt: '2031-05-04T08:00:00.000Z',
  actor: { id: ALICE_ID, pseudo: 'Alice', role: 'ADMIN', deleted: false },
  targetType: 'user',
  targetId: String(KARIM_ID),
  targetLabel: 'karim13',
  targetUser: { id: KARIM_ID, pseudo: 'karim_13' },
  change: null,
  data: {},
  ...extra,
});
const page = (items: object[], total = items.length) => ({ items, total, page: 1, pageSize: 50 });

describe('the journal', () => {
  it('reads one French sentence per action, with its time, members linked', async () => {
    api.reply(
      'GET /api/moderation/audit',
      200,
      page([
        entry(1, {
          action: 'user.role',
          change: { from: 'UTILISATEUR', to: 'MODERATEUR' },
          data: { from: 'UTILISATEUR', to: 'MODERATEUR' },
        }),
        entry(2, {
          action: 'moderation.user.suspend',
          actor: { id: 2, pseudo: 'Modo', role: 'MODERATEUR', deleted: false },
          data: { reason: 'Spam <b>massif</b>.', days: 7, until: '2031-05-11T08:00:00.000Z' },
        }),
        entry(3, {
          action: 'match.score',
          actor: null,
          targetType: 'match',
          targetId: '12',
          targetLabel: 'AS Monaco – RC Lens (12/09/2031)',
          targetUser: null,
          change: { from: null, to: { buts_dom: 2, buts_ext: 1 } },
        }),
      ]),
    );
    renderAt('/admin/journal');
    const list = await screen.findByRole('list', { name: 'Actions du journal' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('p')!.textContent)).toEqual([
      'Alice (Administrateur) a changé le rôle de karim13 : Membre → Modérateur',
      'Modo (Modérateur) a suspendu karim13 jusqu’au 11/05/2031 : Spam <b>massif</b>.',
      'Le système a saisi le score de AS Monaco – RC Lens (12/09/2031) : — → 2-1',
    ]);
    expect(within(rows[0]!).getByText('04/05/2031 10:00')).toBeVisible();
    // Members link to their member file, which opens whatever their status; the reason stays
    // text.
    expect(within(rows[0]!).getByRole('link', { name: 'karim13' })).toHaveAttribute(
      'href',
      `/admin/moderation/membres/${KARIM_ID}`,
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Alice' })).toHaveAttribute(
      'href',
      `/admin/moderation/membres/${ALICE_ID}`,
    );
    expect(rows[1]!.querySelector('b')).toBeNull();
    expect(within(rows[2]!).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('3 actions')).toBeVisible();
  });

  it('filters by action, actor, member and dates, and pages', async () => {
    api.handle('GET /api/moderation/audit', (_, url) => ({
      status: 200,
      body: {
        ...page([entry(1, { action: 'user.role' })], 120),
        page: Number(new URL(url, 'http://x').searchParams.get('page')),
      },
    }));
    renderAt('/admin/journal');
    await screen.findByText('120 actions');
    const last = () => decodeURIComponent(api.callsTo('GET /api/moderation/audit').at(-1)!.path);

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user.role' } });
    await waitFor(() => expect(last()).toBe('/api/moderation/audit?page=1&action=user.role'));
    fireEvent.change(screen.getByLabelText('Auteur (pseudo)'), { target: { value: ' Alice ' } });
    fireEvent.change(screen.getByLabelText('Membre concerné (pseudo)'), {
      target: { value: 'karim13' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() =>
      expect(last()).toBe(
        '/api/moderation/audit?page=1&action=user.role&actor=Alice&member=karim13',
      ),
    );
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2031-05-01' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2031-05-31' } });
    await waitFor(() => expect(last()).toMatch(/&from=2031-05-01&to=2031-05-31$/));
    // The filters stay in the page's address ('Précédent' comes back to page 1 with them).
    fireEvent.click(await screen.findByRole('button', { name: 'Suivant' }));
    await waitFor(() =>
      expect(last()).toMatch(/^\/api\/moderation\/audit\?page=2&action=user\.role&/),
    );
    expect(await screen.findByText('Page 2 / 3')).toBeVisible();
    // Cleared: back to the unfiltered first page (served from the cache, already loaded).
    fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByText('Page 1 / 3')).toBeVisible();
    expect(screen.getByLabelText('Action')).toHaveValue('');
    expect(screen.getByLabelText('Auteur (pseudo)')).toHaveValue('');
    expect(screen.getByLabelText('Du')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Effacer les filtres' })).toBeNull();
  });

  it('folds the filters behind a button on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    api.reply('GET /api/moderation/audit', 200, page([entry(1, { action: 'user.role' })]));
    renderAt('/admin/journal?membre=karim13&du=2031-05-01');
    await screen.findByRole('list', { name: 'Actions du journal' });
    const toggle = screen.getByRole('button', { name: 'Filtres (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Membre concerné (pseudo)')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByLabelText('Membre concerné (pseudo)')).toHaveValue('karim13');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    vi.unstubAllGlobals();
  });

  it('says under the field that a pseudo names nobody', async () => {
    api.reply('GET /api/moderation/audit', 200, page([]));
    api.reply('GET /api/moderation/audit?page=1&member=Personne', 400, {
      message: 'Aucun membre ne porte le pseudo « Personne ».',
      code: 'VALIDATION',
      errors: [{ path: 'member', message: 'Aucun membre ne porte le pseudo « Personne ».' }],
    });
    renderAt('/admin/journal');
    expect(await screen.findByText('Aucune action enregistrée.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Membre concerné (pseudo)'), {
      target: { value: 'Personne' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect(await screen.findByText('Aucun membre ne porte le pseudo « Personne ».')).toBeVisible();
    expect(screen.getByLabelText('Membre concerné (pseudo)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
