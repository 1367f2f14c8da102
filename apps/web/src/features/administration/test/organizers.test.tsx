import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

/** An antenna's organisers (issue 30), edited from the antennas list of 'Référentiels'. */
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 1, username: 'Chef', role: { libelle: 'ADMIN' } } as never);
  api.reply('GET /api/administration/antennes', 200, [
    { id: 3, nom: 'Nice', categorie: 'Groupe', uses: 12 },
  ]);
  api.reply('GET /api/administration/antennes/3/organisateurs', 200, {
    antenne_id: 3,
    organisateurs: [
      { id: 41, username: 'Ancien_06' },
      { id: 42, username: 'Bob_06' },
    ],
  });
  api.reply('GET /api/administration/membres', 200, [
    { id: 42, pseudo: 'Bob_06', email: 'bob@example.com', role: 'UTILISATEUR', status: 'ACTIVE' },
    { id: 43, pseudo: 'Bobby', email: 'bobby@example.com', role: 'UTILISATEUR', status: 'ACTIVE' },
  ]);
});

describe('Organisateurs of an antenna (ADMIN)', () => {
  it('adds by pseudo, removes, and saves the whole list', async () => {
    api.reply('PUT /api/administration/antennes/3/organisateurs', 200, {
      antenne_id: 3,
      organisateurs: [
        { id: 42, username: 'Bob_06' },
        { id: 43, username: 'Bobby' },
      ],
    });
    renderAt('/admin/referentiels');
    fireEvent.click(await screen.findByRole('button', { name: 'Organisateurs de Nice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Organisateurs · Nice' });
    const current = await within(dialog).findByRole('list', { name: 'Organisateurs' });
    expect(
      within(current)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ancien_06Retirer', 'Bob_06Retirer']);

    fireEvent.change(within(dialog).getByLabelText('Ajouter par pseudo'), {
      target: { value: 'bob' },
    });
    const found = await within(dialog).findByRole('list', { name: 'Membres trouvés' });
    // Bob_06 organises already: only Bobby is offered.
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(found).getByRole('button', { name: 'Ajouter Bobby' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer Ancien_06' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(api.callsTo('PUT /api/administration/antennes/3/organisateurs')[0]?.body).toEqual({
        userIds: [42, 43],
      }),
    );
    expect(await screen.findByText('Organisateurs enregistrés.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal and stays open', async () => {
    api.reply('PUT /api/administration/antennes/3/organisateurs', 400, {
      message: 'Membre introuvable.',
      code: 'VALIDATION',
    });
    renderAt('/admin/referentiels');
    fireEvent.click(await screen.findByRole('button', { name: 'Organisateurs de Nice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Organisateurs · Nice' });
    await within(dialog).findByRole('list', { name: 'Organisateurs' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Membre introuvable.')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
