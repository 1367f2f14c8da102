import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/queryClient';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';
import { carpoolKeys } from '../../carpool';
import { newsKeys } from '../../news';
import { reportKeys } from '../../reports';

/** The administrators' screens through the real routes; only the network is fake. */
let api: FakeApi;

const titles = [
  { id: 1, libelle: 'Capo', couleur: '#E2001A', importance: 5, holders: 1 },
  { id: 2, libelle: 'Fondateur', couleur: '#000000', importance: 9, holders: 0 },
];
const bob = {
  id: 42,
  pseudo: 'Bob_06',
  email: 'bob@example.com',
  role: 'UTILISATEUR',
  status: 'ACTIVE',
  poste: null,
  titres: [{ id: 1, libelle: 'Capo', couleur: '#E2001A', importance: 5 }],
  created_at: '2025-03-01T10:00:00.000Z',
};

function as(role: string) {
  signIn(api, { id: 1, username: 'Chef', role: { libelle: role } } as never);
}

beforeEach(() => {
  api = fakeApi();
  api.reply('GET /api/administration/titres', 200, titles);
});

describe('members (ADMIN)', () => {
  beforeEach(() => {
    as('ADMIN');
    api.reply('GET /api/administration/membres', 200, [
      { id: 42, pseudo: 'Bob_06', email: 'bob@example.com', role: 'UTILISATEUR', status: 'ACTIVE' },
    ]);
    api.reply('GET /api/administration/membres/42', 200, bob);
  });

  it('finds a member, changes the role after confirmation, and shows a refusal', async () => {
    renderAt('/admin/membres');
    expect(await screen.findByRole('link', { name: 'Référentiels' })).toBeVisible();
    const search = await screen.findByLabelText('Pseudo ou e-mail');
    fireEvent.change(search, { target: { value: 'b' } });
    expect(screen.getByText('Saisis au moins 2 caractères.')).toBeVisible();
    fireEvent.change(search, { target: { value: 'bo' } });
    fireEvent.click(await screen.findByRole('button', { name: /Bob_06/ }));
    expect(api.callsTo('GET /api/administration/membres?q=bo')).toHaveLength(1);

    expect(await screen.findByRole('heading', { name: 'Bob_06' })).toBeVisible();
    api.reply('PUT /api/administration/membres/42/role', 200, { ...bob, role: 'MODERATEUR' });
    fireEvent.change(screen.getByLabelText('Rôle'), { target: { value: 'MODERATEUR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Changer le rôle' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Bob_06 passera de Membre à Modérateur');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    // A toast: sonner may stack it behind earlier ones, so present is what counts.
    expect(await screen.findByText('Rôle modifié.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/administration/membres/42/role')[0]?.body).toEqual({
      role: 'MODERATEUR',
    });

    api.reply('PUT /api/administration/membres/42/role', 409, {
      code: 'CONFLICT',
      message: 'Impossible : il doit toujours rester au moins un administrateur actif.',
    });
    fireEvent.change(screen.getByLabelText('Rôle'), { target: { value: 'UTILISATEUR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Changer le rôle' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmer' }),
    );
    expect(
      await screen.findByText(
        'Impossible : il doit toujours rester au moins un administrateur actif.',
      ),
    ).toBeVisible();
  });

  it('grants and removes titles and saves the poste', async () => {
    renderAt('/admin/membres');
    fireEvent.change(await screen.findByLabelText('Pseudo ou e-mail'), {
      target: { value: 'bob' },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Bob_06/ }));
    await screen.findByRole('heading', { name: 'Bob_06' });

    api.reply('POST /api/administration/membres/42/titres', 200, {
      ...bob,
      titres: [{ id: 2, libelle: 'Fondateur', couleur: '#000000', importance: 9 }, bob.titres[0]],
    });
    const grant = screen.getByLabelText('Titre à attribuer');
    // Only the titles the member does not hold are offered.
    await within(grant).findByRole('option', { name: 'Fondateur' });
    expect(within(grant).queryByRole('option', { name: 'Capo' })).toBeNull();
    fireEvent.change(grant, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Attribuer' }));
    expect(await screen.findByRole('button', { name: 'Retirer le titre Fondateur' })).toBeVisible();
    expect(api.callsTo('POST /api/administration/membres/42/titres')[0]?.body).toEqual({
      title_id: 2,
    });

    api.reply('DELETE /api/administration/membres/42/titres/1', 200, {
      ...bob,
      titres: [{ id: 2, libelle: 'Fondateur', couleur: '#000000', importance: 9 }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le titre Capo' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Retirer le titre Capo' })).toBeNull(),
    );

    api.reply('PUT /api/administration/membres/42/poste', 400, {
      code: 'VALIDATION',
      message: 'Données invalides.',
      errors: [
        { path: 'poste', message: 'Le poste doit contenir au plus 60 caractères, sans balise.' },
      ],
    });
    fireEvent.change(screen.getByLabelText('Poste (60 caractères au plus)'), {
      target: { value: '<b>Chef</b>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le poste' }));
    expect(
      await screen.findByText('Le poste doit contenir au plus 60 caractères, sans balise.'),
    ).toBeVisible();
  });
});

describe('ADMIN-only screens', () => {
  it('are hidden from moderators and send them to /404', async () => {
    as('MODERATEUR');
    const router = renderAt('/admin/matchs');
    expect(await screen.findByRole('link', { name: 'Matchs' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Membres' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Référentiels' })).toBeNull();
    await router.navigate('/admin/referentiels');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(api.callsTo('GET /api/administration/titres')).toHaveLength(0);
  });
});

describe('reasons editor', () => {
  const reason = (id: number, label: string, position: number, extra = {}) => ({
    id,
    kind: 'ANNULATION',
    section: '',
    label,
    position,
    autre: label === 'Autre',
    uses: 0,
    ...extra,
  });

  beforeEach(() => {
    as('ADMIN');
    api.reply('GET /api/administration/motifs', 200, [
      reason(10, 'Imprévu', 10, { uses: 3 }),
      reason(11, 'Voiture en panne', 20),
      reason(12, 'Autre', 1000),
      reason(20, 'Spam', 10, { kind: 'SIGNALEMENT', section: 'message' }),
    ]);
  });

  it('keeps « Autre » last and untouchable, adds, reorders and reports refusals', async () => {
    renderAt('/admin/referentiels');
    const section = await screen.findByRole('region', { name: 'Motifs' });
    await within(section).findByText('Imprévu');
    const items = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.at(-1)).toMatch(/^Autre/);
    expect(within(section).queryByRole('button', { name: 'Renommer Autre' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Supprimer Autre' })).toBeNull();
    expect(within(section).queryByText('Spam')).toBeNull();
    // A used reason cannot be deleted.
    expect(within(section).getByRole('button', { name: 'Supprimer Imprévu' })).toBeDisabled();

    api.handle('PUT /api/administration/motifs/ordre', () => {
      api.reply('GET /api/administration/motifs', 200, [
        reason(11, 'Voiture en panne', 10),
        reason(10, 'Imprévu', 20, { uses: 3 }),
        reason(12, 'Autre', 1000),
        reason(20, 'Spam', 10, { kind: 'SIGNALEMENT', section: 'message' }),
      ]);
      return { status: 200, body: [] };
    });
    const down = within(section).getByRole('button', { name: 'Descendre Imprévu' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() =>
      expect(api.callsTo('PUT /api/administration/motifs/ordre')[0]?.body).toEqual({
        kind: 'ANNULATION',
        section: '',
        ids: [11, 10],
      }),
    );
    // Last now, it cannot go down again: the focus stays on its row, on the arrow it may use.
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Monter Imprévu' })).toHaveFocus(),
    );

    // Renaming in place: what is typed goes to the field, Escape gives the button back.
    const rename = within(section).getByRole('button', { name: 'Renommer Voiture en panne' });
    fireEvent.click(rename);
    const field = within(section).getByDisplayValue('Voiture en panne');
    expect(field).toHaveFocus();
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() =>
      expect(
        within(section).getByRole('button', { name: 'Renommer Voiture en panne' }),
      ).toHaveFocus(),
    );

    api.reply('POST /api/administration/motifs', 409, {
      code: 'CONFLICT',
      message: 'Ce motif existe déjà dans cette liste.',
    });
    fireEvent.change(within(section).getByLabelText('Liste'), {
      target: { value: 'SIGNALEMENT:message' },
    });
    expect(await within(section).findByText('Spam')).toBeVisible();
    fireEvent.change(within(section).getAllByLabelText('Motif')[0]!, {
      target: { value: 'Spam' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Ce motif existe déjà dans cette liste.')).toBeVisible();
    expect(api.callsTo('POST /api/administration/motifs')[0]?.body).toEqual({
      kind: 'SIGNALEMENT',
      section: 'message',
      label: 'Spam',
    });
  });
});

describe('transport modes editor', () => {
  const mode = (id: number, libelle: string, extra = {}) => ({
    id,
    libelle,
    protected: id <= 6,
    uses: 0,
    ...extra,
  });

  beforeEach(() => {
    as('ADMIN');
    api.reply('GET /api/administration/transports', 200, [
      mode(1, 'voiture', { uses: 12 }),
      mode(6, 'en recherche'),
      mode(7, 'Trottinette', { uses: 2 }),
      mode(8, 'Vélo'),
    ]);
  });

  it('adds, renames and deletes modes; the spec’s ones and used ones stay', async () => {
    renderAt('/admin/referentiels');
    const section = await screen.findByRole('region', { name: 'Modes de transport' });
    await within(section).findByText('Trottinette');
    // The spec's modes are fixed; a mode members chose cannot be deleted.
    expect(within(section).queryByRole('button', { name: 'Renommer voiture' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Supprimer voiture' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Supprimer Trottinette' })).toBeDisabled();
    expect(within(section).getByText(/ajouté · 2 présences/)).toBeVisible();

    api.reply('POST /api/administration/transports', 201, mode(9, 'Navette'));
    fireEvent.change(within(section).getByLabelText('Mode de transport'), {
      target: { value: 'Navette' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Mode de transport enregistré.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/administration/transports')[0]?.body).toEqual({
      libelle: 'Navette',
    });

    api.reply('PUT /api/administration/transports/8', 409, {
      code: 'CONFLICT',
      message: 'Un mode de transport porte déjà ce nom.',
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Renommer Vélo' }));
    const [, rename] = within(section).getAllByLabelText('Mode de transport');
    fireEvent.change(rename!, { target: { value: 'Trottinette' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Un mode de transport porte déjà ce nom.')).toBeVisible();
    expect(api.callsTo('PUT /api/administration/transports/8')[0]?.body).toEqual({
      libelle: 'Trottinette',
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Annuler' }));

    api.reply('DELETE /api/administration/transports/8', 200, {
      message: 'Suppression effectuée.',
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Supprimer Vélo' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/administration/transports/8')).toHaveLength(1),
    );
  });
});

describe('the public lists an edit changes', () => {
  /** A query client already holding the members' lists, as after a visit to their forms. */
  function clientWith(keys: QueryKey[]) {
    const client = createQueryClient();
    for (const key of keys) client.setQueryData(key, []);
    const stale = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
    return { client, stale };
  }

  async function confirmDelete(section: ReturnType<typeof within>, name: string) {
    fireEvent.click(await section.findByRole('button', { name: `Supprimer ${name}` }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Suppression effectuée.')).toBeInTheDocument();
  }

  beforeEach(() => as('ADMIN'));

  it('asks the report and carpool forms for their reasons again after a reason changes', async () => {
    const reportReasons = reportKeys.reasonsOf('message');
    const cancelReasons = carpoolKeys.reasons('annulation');
    const { client, stale } = clientWith([reportReasons, cancelReasons]);
    api.reply('GET /api/administration/motifs', 200, [
      {
        id: 11,
        kind: 'ANNULATION',
        section: '',
        label: 'Panne',
        position: 10,
        autre: false,
        uses: 0,
      },
      {
        id: 12,
        kind: 'ANNULATION',
        section: '',
        label: 'Autre',
        position: 1000,
        autre: true,
        uses: 0,
      },
    ]);
    api.reply('DELETE /api/administration/motifs/11', 200, { message: 'Suppression effectuée.' });
    renderAt('/admin/referentiels', client);
    await confirmDelete(within(await screen.findByRole('region', { name: 'Motifs' })), 'Panne');
    await waitFor(() => expect(stale(reportReasons)).toBe(true));
    expect(stale(cancelReasons)).toBe(true);
  });

  it('asks the news page for its categories again after a category changes', async () => {
    const { client, stale } = clientWith([newsKeys.categories()]);
    api.reply('GET /api/administration/categories-actualite', 200, [
      { id: 1, libelle: 'TOUT', protected: true, uses: 0 },
      { id: 5, libelle: 'Déplacements', protected: false, uses: 0 },
    ]);
    api.reply('POST /api/administration/categories-actualite', 201, {
      id: 6,
      libelle: 'Tifos',
      protected: false,
      uses: 0,
    });
    api.reply('DELETE /api/administration/categories-actualite/5', 200, {
      message: 'Suppression effectuée.',
    });
    renderAt('/admin/referentiels', client);
    const section = within(await screen.findByRole('region', { name: 'Catégories d’actualités' }));
    await section.findByText('Déplacements');
    fireEvent.change(section.getByLabelText('Catégorie'), { target: { value: 'Tifos' } });
    fireEvent.click(section.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Catégorie enregistrée.')).toBeInTheDocument();
    await waitFor(() => expect(stale(newsKeys.categories())).toBe(true));

    client.setQueryData(newsKeys.categories(), []);
    await confirmDelete(section, 'Déplacements');
    await waitFor(() => expect(stale(newsKeys.categories())).toBe(true));
  });
});
