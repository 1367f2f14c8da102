import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

/** The editors' side of /actualites, through the real routes; only the network is fake. */
let api: FakeApi;
const POST = 'https://x.com/AS_Monaco/status/42';
const IMAGE = '/uploads/news/0b6c1f6e-3c4b-4c0e-9a53-5f3f0f1d2a77.webp';
const item = {
  id: 9,
  titre: 'Convocation',
  contenu: 'Le groupe pour dimanche',
  lien: null,
  image: IMAGE,
  imageObjectPosY: 10,
  date: '2026-11-22T10:00:00.000Z',
  formattedDate: 'dimanche 22 novembre 2026',
  categorie: { id: 2, libelle: 'MATCH' },
  redacteur: { username: 'redac' },
};

beforeEach(() => {
  api = fakeApi();
  api.reply('GET /api/actualite', 200, [item]);
  api.reply('GET /api/concours', 200, []);
  api.reply('GET /api/categorie-actualite', 200, [
    { id: 1, libelle: 'TOUT' },
    { id: 2, libelle: 'MATCH' },
    { id: 3, libelle: 'AUTRE' },
  ]);
  api.reply('GET /api/messages/unread-count', 200, { count: 0 });
});

const editor = () =>
  signIn(api, { id: 4, username: 'redac', role: { libelle: 'REDACTEUR' } } as never);

describe('news editors', () => {
  it('shows no editing to members', async () => {
    signIn(api, { id: 5, username: 'membre', role: { libelle: 'UTILISATEUR' } } as never);
    renderAt('/actualites');
    expect(await screen.findByText('Convocation')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ajouter un article' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Éditer' })).toBeNull();
  });

  it('publishes from a post link: fetch, ÉDITION ACTU prefilled, Publier', async () => {
    editor();
    api.reply(`GET /api/actualite/exists?url=${encodeURIComponent(POST)}`, 200, { exists: false });
    api.reply('POST /api/actualite/proxy-tweet', 200, {
      text: 'Victoire   2-0\n\n\n\nBravo',
      image: IMAGE,
      message: 'Tweet récupéré avec succès !',
    });
    api.reply('POST /api/actualite', 201, { message: 'Actualité publiée avec succès !', id: 10 });
    renderAt('/actualites');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un article' }));
    fireEvent.change(screen.getByLabelText('Lien du post'), { target: { value: POST } });
    fireEvent.click(screen.getByRole('button', { name: 'Récupérer le post' }));

    const form = await screen.findByRole('dialog', { name: 'ÉDITION ACTU' });
    expect(within(form).getByLabelText('Contenu')).toHaveValue('Victoire 2-0\n\nBravo');
    expect(within(form).getByLabelText('Catégorie')).toHaveValue('3'); // AUTRE by default
    const publish = within(form).getByRole('button', { name: 'Publier' });
    expect(publish).toBeDisabled(); // no title yet
    fireEvent.change(within(form).getByLabelText('Titre'), { target: { value: 'Victoire' } });
    fireEvent.click(publish);
    await waitFor(() => expect(api.callsTo('POST /api/actualite')).toHaveLength(1));
    expect(api.callsTo('POST /api/actualite')[0]?.body).toEqual({
      titre: 'Victoire',
      contenu: 'Victoire 2-0\n\nBravo',
      image: IMAGE,
      lien: POST,
      categorieId: 3,
      imageObjectPosY: 10,
    });
    expect(await screen.findByText('Actualité publiée avec succès !')).toBeVisible();
  });

  it('says a post is already published without fetching it', async () => {
    editor();
    api.reply(`GET /api/actualite/exists?url=${encodeURIComponent(POST)}`, 200, { exists: true });
    renderAt('/actualites');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un article' }));
    fireEvent.change(screen.getByLabelText('Lien du post'), { target: { value: POST } });
    fireEvent.click(screen.getByRole('button', { name: 'Récupérer le post' }));
    expect(await screen.findByText('Ce tweet a déjà été publié sur le site.')).toBeVisible();
    expect(api.callsTo('POST /api/actualite/proxy-tweet')).toHaveLength(0);
  });

  it('edits and deletes after the spec question', async () => {
    editor();
    api.reply('PUT /api/actualite/9', 200, {
      message: 'Actualité mise à jour avec succès !',
      id: 9,
    });
    api.reply('DELETE /api/actualite/9', 200, { message: 'Actualité supprimée avec succès !' });
    renderAt('/actualites');
    fireEvent.click(await screen.findByRole('button', { name: 'Éditer' }));
    const form = await screen.findByRole('dialog', { name: 'ÉDITION ACTU' });
    fireEvent.change(within(form).getByLabelText('Titre'), {
      target: { value: 'Convocation J12' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(api.callsTo('PUT /api/actualite/9')).toHaveLength(1));
    expect(api.callsTo('PUT /api/actualite/9')[0]?.body).toMatchObject({
      titre: 'Convocation J12',
      categorieId: 2,
    });
    expect(await screen.findByText('Actualité mise à jour avec succès !')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText('Es-tu sûr de vouloir supprimer cette actualité ?'),
    ).toBeVisible();
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await waitFor(() => expect(api.callsTo('DELETE /api/actualite/9')).toHaveLength(1));
    expect(await screen.findByText('Actualité supprimée avec succès !')).toBeVisible();
  });
});

describe('contest editors', () => {
  it('creates a contest: visual uploaded, title and end date, optional links', async () => {
    editor();
    const visual = '/uploads/contests/7d1c2d1e-1111-4c0e-9a53-5f3f0f1d2a77.webp';
    api.reply('POST /api/concours/image', 200, { image: visual });
    api.reply('POST /api/concours', 201, { message: 'Concours enregistré avec succès !', id: 3 });
    renderAt('/actualites');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un concours' }));
    const form = await screen.findByRole('dialog', { name: 'ÉDITION CONCOURS' });
    const save = within(form).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    fireEvent.change(within(form).getByLabelText('Image'), {
      target: { files: [new File(['x'], 'maillot.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(api.callsTo('POST /api/concours/image')).toHaveLength(1));
    fireEvent.change(within(form).getByLabelText('Titre'), { target: { value: 'Le maillot' } });
    fireEvent.change(within(form).getByLabelText('Fin du concours'), {
      target: { value: '2026-12-24T18:00' },
    });
    fireEvent.change(within(form).getByLabelText('Lien X (facultatif)'), {
      target: { value: 'https://x.com/AS_Monaco/status/5' },
    });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/concours')).toHaveLength(1));
    expect(api.callsTo('POST /api/concours')[0]?.body).toEqual({
      titre: 'Le maillot',
      image: visual,
      dateFin: new Date('2026-12-24T18:00').toISOString(),
      lienInsta: '',
      lienX: 'https://x.com/AS_Monaco/status/5',
    });
    expect(await screen.findByText('Concours enregistré avec succès !')).toBeVisible();
  });
});
