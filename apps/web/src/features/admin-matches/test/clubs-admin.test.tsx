import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

let api: FakeApi;
const lens = {
  id: 2,
  nom: 'RC Lens',
  logo: '/clubs/2.svg',
  nomStade: 'Bollaert',
  ville: 'Lens',
  departement_club: '62',
};

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 1, username: 'Chef', role: { libelle: 'ADMIN' } } as never);
  api.reply('GET /api/admin/clubs', 200, [lens]);
  api.reply('PUT /api/admin/clubs/2', 200, lens);
  // jsdom has no object URLs: the form's preview of a chosen crest needs one.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:crest', revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('operators’ clubs', () => {
  it('drops a crest it refuses, so that what the form shows is what it saves', async () => {
    renderAt('/admin/clubs');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier RC Lens' }));
    const form = await screen.findByRole('dialog', { name: 'Modifier RC Lens' });
    const input = within(form).getByLabelText(/Écusson/);

    fireEvent.change(input, {
      target: { files: [new File(['png'], 'lens.png', { type: 'image/png' })] },
    });
    expect(within(form).getByAltText('Aperçu de l’écusson')).toBeVisible();
    expect(within(form).getByText('lens.png')).toBeVisible();

    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(within(form).getByRole('alert')).toHaveTextContent('Format de fichier non autorisé.');
    expect(input).toHaveAccessibleDescription(/Format de fichier non autorisé/);
    expect(within(form).queryByAltText('Aperçu de l’écusson')).toBeNull();
    expect(within(form).getByText('Aucun fichier choisi')).toBeVisible();

    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/clubs/2')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/clubs/2/logo')).toHaveLength(0);
  });
});
