import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { silencedMessage } from '@munegu/shared';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi, type Reply } from '../../../test/harness';
import { UNSAVED } from '../../../components/ui/Dialog';

/** The editors' contests on /actualites, through the real routes; only the network is fake. */
let api: FakeApi;
const VISUAL = '/uploads/contests/7d1c2d1e-1111-4c0e-9a53-5f3f0f1d2a77.webp';
const contest = {
  id: 3,
  titre: 'Gagne le maillot domicile dédicacé !',
  dateFin: '2099-12-11T18:00:00.000Z',
  image: VISUAL,
  lienInsta: 'https://www.instagram.com/asmonaco/',
  lienX: null,
};
/** 'YYYY-MM-DDTHH:mm', local time, `days` from now. */
const localInput = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const file = () => new File(['x'], 'maillot.png', { type: 'image/png' });

beforeEach(() => {
  api = fakeApi();
  api.reply('GET /api/actualite', 200, []);
  api.reply('GET /api/concours', 200, [contest]);
  api.reply('GET /api/categorie-actualite', 200, [{ id: 3, libelle: 'AUTRE' }]);
  api.reply('GET /api/messages/unread-count', 200, { count: 0 });
});

const editor = () =>
  signIn(api, { id: 4, username: 'redac', role: { libelle: 'REDACTEUR' } } as never);

async function openNewContest() {
  renderAt('/actualites');
  fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un concours' }));
  return screen.findByRole('dialog', { name: 'ÉDITION CONCOURS' });
}

/** A new contest's form filled in: its image uploaded, a title, an end, an X link. */
async function fillNewContest(form: HTMLElement) {
  fireEvent.change(within(form).getByLabelText('Image'), { target: { files: [file()] } });
  await waitFor(() => expect(api.callsTo('POST /api/concours/image')).toHaveLength(1));
  fireEvent.change(within(form).getByLabelText('Titre'), { target: { value: 'Le maillot' } });
  fireEvent.change(within(form).getByLabelText('Fin du concours (heure de Paris)'), {
    target: { value: '2099-07-14T20:00' },
  });
  fireEvent.change(within(form).getByLabelText('Lien X (facultatif)'), {
    target: { value: 'https://x.com/AS_Monaco/status/5' },
  });
}

/** The edit form of `contest`, opened from its card. */
async function openContest() {
  renderAt('/actualites');
  const card = await screen.findByRole('article', { name: contest.titre });
  fireEvent.click(await within(card).findByRole('button', { name: 'Éditer' }));
  return { card, form: await screen.findByRole('dialog', { name: 'ÉDITION CONCOURS' }) };
}

describe('contests on /actualites', () => {
  it('lists the running contests for everyone, with the edit menu for editors only', async () => {
    signIn(api, { id: 5, username: 'membre', role: { libelle: 'UTILISATEUR' } } as never);
    renderAt('/actualites');
    const section = await screen.findByRole('region', { name: 'Concours en cours' });
    const card = within(section).getByRole('article', { name: contest.titre });
    // The « ! » stays on the title's last line: the space typed before it does not break.
    expect(within(card).getByRole('heading').textContent).toBe(
      'Gagne le maillot domicile dédicacé\u00a0!',
    );
    expect(within(card).getByRole('link', { name: 'Participer sur Instagram' })).toHaveAttribute(
      'href',
      contest.lienInsta,
    );
    expect(within(card).queryByRole('button', { name: 'Éditer' })).toBeNull();
  });

  it('shows the editors their menu inside each contest card', async () => {
    editor();
    renderAt('/actualites');
    const card = await screen.findByRole('article', { name: contest.titre });
    expect(await within(card).findByRole('button', { name: 'Éditer' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Supprimer' })).toBeVisible();
  });
});

describe('contest editors', () => {
  it('creates a contest and says so', async () => {
    editor();
    api.reply('POST /api/concours/image', 200, { image: VISUAL });
    api.reply('POST /api/concours', 201, { message: 'Concours créé avec succès !', id: 8 });
    const form = await openNewContest();
    const save = within(form).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    await fillNewContest(form);
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/concours')).toHaveLength(1));
    expect(api.callsTo('POST /api/concours')[0]?.body).toEqual({
      titre: 'Le maillot',
      image: VISUAL,
      dateFin: '2099-07-14T18:00:00.000Z', // typed in Paris time (summer: UTC+2)
      lienInsta: '',
      lienX: 'https://x.com/AS_Monaco/status/5',
    });
    expect(await screen.findByText('Concours créé avec succès !')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells a silenced editor why before they type, and does not send the contest', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const silence = { until, reason: 'Publications hors charte' };
    signIn(api, { id: 4, username: 'redac', role: { libelle: 'REDACTEUR' }, silence } as never);
    api.reply('POST /api/concours/image', 200, { image: VISUAL });
    const form = await openNewContest();
    expect(
      within(form).getByText(silencedMessage(new Date(until), 'Publications hors charte')),
    ).toBeVisible();
    await fillNewContest(form);
    const save = within(form).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    fireEvent.click(save);
    expect(api.callsTo('POST /api/concours')).toHaveLength(0);
  });

  it('asks before Escape drops a typed title, not before closing an untouched form', async () => {
    editor();
    let form = await openNewContest();
    fireEvent.keyDown(within(form).getByLabelText('Titre'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un concours' }));
    form = await screen.findByRole('dialog', { name: 'ÉDITION CONCOURS' });
    fireEvent.change(within(form).getByLabelText('Titre'), { target: { value: 'Le maillot' } });
    fireEvent.keyDown(within(form).getByLabelText('Titre'), { key: 'Escape' });
    expect(await screen.findByRole('alertdialog', { name: UNSAVED.title })).toBeVisible();
  });

  it('refuses an end date in the past before asking the server', async () => {
    editor();
    const form = await openNewContest();
    fireEvent.change(within(form).getByLabelText('Titre'), { target: { value: 'Le maillot' } });
    fireEvent.change(within(form).getByLabelText('Fin du concours (heure de Paris)'), {
      target: { value: localInput(-1) },
    });
    expect(within(form).getByText('La date de fin doit être dans le futur.')).toBeVisible();
    expect(within(form).getByLabelText('Fin du concours (heure de Paris)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(form).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  });

  it('says which link is wrong', async () => {
    editor();
    const form = await openNewContest();
    fireEvent.change(within(form).getByLabelText('Lien Instagram (facultatif)'), {
      target: { value: 'https://evil.example/p/1' },
    });
    fireEvent.change(within(form).getByLabelText('Lien X (facultatif)'), {
      target: { value: 'https://x.com/AS_Monaco/status/5' },
    });
    expect(within(form).getByText('Lien Instagram invalide.')).toBeVisible();
    expect(within(form).queryByText('Lien X invalide.')).toBeNull();
  });

  it('clears an image refusal once a good image is uploaded', async () => {
    editor();
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { message: 'Format de fichier non autorisé.', code: 'VALIDATION' },
    };
    api.handle('POST /api/concours/image', () => answer);
    const form = await openNewContest();
    const input = within(form).getByLabelText('Image');
    fireEvent.change(input, { target: { files: [file()] } });
    expect(await within(form).findByText('Format de fichier non autorisé.')).toBeVisible();
    answer = { status: 200, body: { image: VISUAL } };
    fireEvent.change(input, { target: { files: [file()] } });
    await waitFor(() => expect(form.querySelector('img')).toHaveAttribute('src', VISUAL));
    expect(within(form).queryByText('Format de fichier non autorisé.')).toBeNull();
  });

  it('empties the picker after a failed upload, saying why: too large, or no network', async () => {
    editor();
    let answer: Reply = 'network';
    api.handle('POST /api/concours/image', () => answer);
    const form = await openNewContest();
    const input = within(form).getByLabelText<HTMLInputElement>('Image');
    // Emptied, the input takes the same file again (a browser fires no change otherwise).
    const emptied = vi.spyOn(input, 'value', 'set');
    const failures: [Reply, string][] = [
      [{ status: 413 }, 'Fichier trop volumineux : 8 Mo maximum.'], // a proxy's page, no message
      ['network', 'Erreur réseau'],
    ];
    for (const [failure, message] of failures) {
      answer = failure;
      emptied.mockClear();
      fireEvent.change(input, { target: { files: [file()] } });
      expect(await within(form).findByText(message)).toBeVisible();
      await waitFor(() => expect(emptied).toHaveBeenLastCalledWith(''));
      expect(within(form).getByText('Aucun fichier choisi')).toBeVisible();
    }
    expect(within(form).queryByText('Image invalide.')).toBeNull();
  });

  it('updates and deletes a contest, each with its toast', async () => {
    editor();
    api.reply('PUT /api/concours/3', 200, { message: 'Concours mis à jour avec succès !', id: 3 });
    api.reply('DELETE /api/concours/3', 200, { message: 'Concours supprimé avec succès !' });
    const { card, form } = await openContest();
    fireEvent.change(within(form).getByLabelText('Titre'), {
      target: { value: 'Gagne le maillot !' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Concours mis à jour avec succès !')).toBeVisible();
    expect(api.callsTo('PUT /api/concours/3')[0]?.body).toMatchObject({
      titre: 'Gagne le maillot !',
      dateFin: contest.dateFin,
    });

    fireEvent.click(within(card).getByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Es-tu sûr de vouloir supprimer ce concours ?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Concours supprimé avec succès !')).toBeVisible();
  });

  it('shows and takes the end in Paris time, as the cards do, whatever the device’s zone', async () => {
    // Neither Paris's zone nor the machine's: a device in New York.
    vi.stubEnv('TZ', 'America/New_York');
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    editor();
    api.reply('PUT /api/concours/3', 200, { message: 'Concours mis à jour avec succès !', id: 3 });
    const { form } = await openContest();
    const end = within(form).getByLabelText('Fin du concours (heure de Paris)');
    expect(end).toHaveValue('2099-12-11T19:00'); // 18:00 UTC, Paris in winter: UTC+1
    fireEvent.change(end, { target: { value: '2099-07-14T20:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('PUT /api/concours/3')).toHaveLength(1));
    expect(api.callsTo('PUT /api/concours/3')[0]?.body).toMatchObject({
      dateFin: '2099-07-14T18:00:00.000Z',
    });
  });

  it('shows the server’s refusal under the field it names', async () => {
    editor();
    api.reply('PUT /api/concours/3', 400, {
      message: 'La date de fin doit être dans le futur.',
      code: 'VALIDATION',
      errors: [{ path: 'dateFin', message: 'La date de fin doit être dans le futur.' }],
    });
    const { form } = await openContest();
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('La date de fin doit être dans le futur.')).toBeVisible();
    expect(within(form).getByLabelText('Fin du concours (heure de Paris)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
