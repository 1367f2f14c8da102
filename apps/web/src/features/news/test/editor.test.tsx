import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { silencedMessage } from '@munegu/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi, type Reply } from '../../../test/harness';
import { UNSAVED } from '../../../components/ui/Dialog';

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
  redacteur: { id: 4, username: 'redac' },
};
/** Another editor's item: a REDACTEUR may not change it, a moderator may. */
const othersItem = {
  ...item,
  id: 11,
  titre: 'Déplacement à Paris : les inscriptions sont ouvertes',
  redacteur: { id: 77, username: 'autre_redac' },
};

beforeEach(() => {
  api = fakeApi();
  api.reply('GET /api/actualite', 200, [item, othersItem]);
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
const moderator = () =>
  signIn(api, { id: 5, username: 'modo', role: { libelle: 'MODERATEUR' } } as never);
const manage = (title: string) => screen.queryByRole('group', { name: `Gérer « ${title} »` });

describe('news list', () => {
  it.each([
    ['/actualites', 'ACTUALITÉS'],
    ['/', 'Actualités'],
  ])('on %s, says the news could not be read instead of « none »', async (path, section) => {
    api.reply('GET /api/actualite', 503);
    renderAt(path);
    const news = await screen.findByRole('region', { name: section });
    expect(await within(news).findByText('Une erreur est survenue.')).toBeVisible();
    expect(within(news).queryByText('Aucune actualité pour cette catégorie.')).toBeNull();
  });
});

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

  it('publishes a post with its own link, never with an answer that came after Annuler or another link', async () => {
    editor();
    const later = 'https://x.com/AS_Monaco/status/43';
    const dropped = 'https://x.com/AS_Monaco/status/44';
    api.reply('GET /api/actualite/exists', 200, { exists: false });
    // The proxy answers each link when the test says so.
    const held = new Map<string, (reply: Reply) => void>();
    api.handle(
      'POST /api/actualite/proxy-tweet',
      (body) => new Promise<Reply>((answer) => held.set((body as { url: string }).url, answer)),
    );
    api.reply('POST /api/actualite', 201, { message: 'Actualité publiée avec succès !', id: 10 });
    const ask = async (url: string) => {
      fireEvent.change(screen.getByLabelText('Lien du post'), { target: { value: url } });
      fireEvent.click(screen.getByRole('button', { name: 'Récupérer le post' }));
      await waitFor(() => expect(held.has(url)).toBe(true));
    };
    const answer = async (url: string) => {
      held.get(url)!({
        status: 200,
        body: { text: `Texte de ${url}`, image: IMAGE, message: 'Tweet récupéré avec succès !' },
      });
      await new Promise((r) => setTimeout(r, 100));
    };
    const editForm = () => screen.queryByRole('dialog', { name: 'ÉDITION ACTU' });
    renderAt('/actualites');

    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un article' }));
    await ask(dropped);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await answer(dropped);
    expect(editForm()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un article' }));
    await ask(POST);
    fireEvent.change(screen.getByLabelText('Lien du post'), { target: { value: later } });
    await answer(POST);
    expect(editForm()).toBeNull();

    await ask(later);
    await answer(later);
    const form = await screen.findByRole('dialog', { name: 'ÉDITION ACTU' });
    expect(within(form).getByLabelText('Contenu')).toHaveValue(`Texte de ${later}`);
    fireEvent.change(within(form).getByLabelText('Titre'), { target: { value: 'Victoire' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(api.callsTo('POST /api/actualite')).toHaveLength(1));
    expect(api.callsTo('POST /api/actualite')[0]?.body).toMatchObject({
      contenu: `Texte de ${later}`,
      lien: later,
    });
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

  it('offers Éditer / Supprimer on an editor’s own items only, on all to moderators', async () => {
    editor();
    renderAt('/actualites');
    expect(await screen.findAllByRole('button', { name: 'Éditer' })).toHaveLength(1);
    expect(manage('Convocation')).not.toBeNull();
    expect(screen.getByText(othersItem.titre)).toBeVisible();
    expect(manage(othersItem.titre)).toBeNull();
  });

  it('lets a moderator manage every item', async () => {
    moderator();
    renderAt('/actualites');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Éditer' })).toHaveLength(2));
    expect(manage(othersItem.titre)).not.toBeNull();
  });

  it('says what is wrong with a title, counts its length and never cuts it', async () => {
    moderator();
    renderAt('/actualites');
    const actions = await waitFor(() => {
      const found = manage(othersItem.titre);
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.click(within(actions).getByRole('button', { name: 'Éditer' }));
    const form = await screen.findByRole('dialog', { name: 'ÉDITION ACTU' });
    const title = within(form).getByLabelText('Titre');
    const publish = within(form).getByRole('button', { name: 'Publier' });
    // The demo's own title: 'inscriptions' contains "script", and is fine.
    expect(title).toHaveValue(othersItem.titre);
    expect(publish).toBeEnabled();
    expect(within(form).getByText('52 / 200 caractères')).toBeVisible();

    fireEvent.change(title, { target: { value: 'Le script du match' } });
    expect(within(form).getByText('Le titre ne peut pas contenir « script ».')).toBeVisible();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(publish).toBeDisabled();

    fireEvent.change(title, { target: { value: 'La description du match' } });
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(publish).toBeEnabled();

    const long = 'x'.repeat(230);
    fireEvent.change(title, { target: { value: long } });
    expect(title).toHaveValue(long); // kept whole, not cut at 200
    expect(within(form).getByText('230 / 200 caractères')).toBeVisible();
    expect(within(form).getByText('Le titre ne peut pas dépasser 200 caractères.')).toBeVisible();
    expect(publish).toBeDisabled();

    const content = within(form).getByLabelText('Contenu');
    fireEvent.change(title, { target: { value: 'Titre' } });
    fireEvent.change(content, { target: { value: 'y'.repeat(5001) } });
    expect(content).toHaveValue('y'.repeat(5001));
    // getByText compares the page's text with its spaces normalised: '5 000' is written with a
    // narrow no-break space (U+202F) on the page, a plain space here.
    expect(within(form).getByText('5 001 / 5 000 caractères')).toBeVisible();
    expect(
      within(form).getByText('Le contenu ne peut pas dépasser 5 000 caractères.'),
    ).toBeVisible();
    expect(publish).toBeDisabled();
  });

  it('closes the question and says why when a deletion is refused', async () => {
    editor();
    api.reply('DELETE /api/actualite/9', 403, {
      message: "Vous n'êtes pas autorisé à effectuer cette action.",
      code: 'FORBIDDEN',
    });
    renderAt('/actualites');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(
      await screen.findByText("Vous n'êtes pas autorisé à effectuer cette action."),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
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
    // The title takes the focus, not the image's framing slider above it.
    await waitFor(() => expect(within(form).getByLabelText('Titre')).toHaveFocus());
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

  it('tells a silenced editor why before they type, and does not send; deleting stays open', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const silence = { until, reason: 'Publications hors charte' };
    signIn(api, { id: 4, username: 'redac', role: { libelle: 'REDACTEUR' }, silence } as never);
    api.reply('DELETE /api/actualite/9', 200, { message: 'Actualité supprimée avec succès !' });
    renderAt('/actualites');
    fireEvent.click(await screen.findByRole('button', { name: 'Éditer' }));
    const form = await screen.findByRole('dialog', { name: 'ÉDITION ACTU' });
    expect(
      within(form).getByText(silencedMessage(new Date(until), 'Publications hors charte')),
    ).toBeVisible();
    fireEvent.change(within(form).getByLabelText('Titre'), {
      target: { value: 'Convocation J12' },
    });
    expect(within(form).getByRole('button', { name: 'Publier' })).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Publier' }));
    expect(api.callsTo('PUT /api/actualite/9')).toHaveLength(0);
    fireEvent.keyDown(within(form).getByLabelText('Titre'), { key: 'Escape' });
    const question = await screen.findByRole('alertdialog', { name: UNSAVED.title });
    fireEvent.click(within(question).getByRole('button', { name: UNSAVED.discard }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(within(manage('Convocation')!).getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await waitFor(() => expect(api.callsTo('DELETE /api/actualite/9')).toHaveLength(1));
  });

  it('asks before Escape drops a changed item, and closes at once when nothing changed', async () => {
    editor();
    renderAt('/actualites');
    fireEvent.click(await screen.findByRole('button', { name: 'Éditer' }));
    let form = await screen.findByRole('dialog', { name: 'ÉDITION ACTU' });
    fireEvent.keyDown(within(form).getByLabelText('Titre'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Éditer' }));
    form = await screen.findByRole('dialog', { name: 'ÉDITION ACTU' });
    const title = within(form).getByLabelText('Titre');
    fireEvent.change(title, { target: { value: 'Convocation J12, version longue' } });
    fireEvent.keyDown(title, { key: 'Escape' });
    const question = await screen.findByRole('alertdialog', { name: UNSAVED.title });
    fireEvent.click(within(question).getByRole('button', { name: UNSAVED.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(form).getByLabelText('Titre')).toHaveValue('Convocation J12, version longue');
    expect(api.callsTo('PUT /api/actualite/9')).toHaveLength(0);
  });

  it('gives the focus to the page’s title once the deleted card is gone', async () => {
    editor();
    let list = [item, othersItem];
    api.handle('GET /api/actualite', () => ({ status: 200, body: list }));
    api.handle('DELETE /api/actualite/9', () => {
      list = [othersItem];
      return { status: 200, body: { message: 'Actualité supprimée avec succès !' } };
    });
    renderAt('/actualites');
    const remove = within(
      await screen.findByRole('group', { name: 'Gérer « Convocation »' }),
    ).getByRole('button', { name: 'Supprimer' });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Actualité supprimée avec succès !')).toBeVisible();
    await waitFor(() => expect(manage('Convocation')).toBeNull());
    // Its « Supprimer » is gone with it: the focus goes to the page, not the document's start.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'ACTUALITÉS' })).toHaveFocus(),
    );
  });

  it('drops an item another editor deleted meanwhile, with the dialog that edited it', async () => {
    editor();
    let list = [item, othersItem];
    api.handle('GET /api/actualite', () => ({ status: 200, body: list }));
    api.handle('PUT /api/actualite/9', () => {
      list = [othersItem]; // deleted in another tab before this save
      return { status: 404, body: { message: 'Actualité introuvable.', code: 'NOT_FOUND' } };
    });
    renderAt('/actualites');
    fireEvent.click(await screen.findByRole('button', { name: 'Éditer' }));
    const form = await screen.findByRole('dialog', { name: 'ÉDITION ACTU' });
    fireEvent.click(within(form).getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Actualité introuvable.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Convocation')).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'ÉDITION ACTU' })).toBeNull();
    expect(screen.getByText(othersItem.titre)).toBeVisible();
  });
});
