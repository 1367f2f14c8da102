import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testPersonalData } from '../../../test/fixtures';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

let api: FakeApi;
const personal = testPersonalData();

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 7, username: 'Louis2' });
  api.reply('GET /api/users/me-personal', 200, personal);
  api.reply('GET /api/departements', 200, [
    { code: '06', name: 'Alpes-Maritimes' },
    { code: 'MC', name: 'Monaco' },
    { code: '83', name: 'Var' },
  ]);
});

async function open() {
  renderAt('/parametres');
  await screen.findByText('GRIMALDI', {}, { timeout: 5000 });
}

describe('settings page', () => {
  it('shows the read-only fields, the birth date and the department as code - name', async () => {
    await open();
    expect(screen.getByText('01/05/1990')).toBeVisible();
    expect(screen.getByText('06 - Alpes-Maritimes')).toBeVisible();
    expect(screen.getByText('louis@example.fr')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Modifier : Nom' })).toBeNull();
  });

  it('saves the notification switches, or says it failed', async () => {
    api.reply('PATCH /api/users/me/notifications', 500, { message: 'boom' });
    await open();
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    // Its name, then what it means, as a screen reader says them (not one run-on name).
    expect(screen.getByRole('switch', { name: 'Promos' })).toHaveAccessibleDescription(
      'Concours, offres des partenaires…',
    );
    fireEvent.click(screen.getByRole('switch', { name: /Promos/ }));
    fireEvent.click(save);
    expect(
      await screen.findByText('Erreur lors de la mise à jour des notifications'),
    ).toBeVisible();
    api.handle('PATCH /api/users/me/notifications', (body) => {
      // As the server: the page's data now says what was saved.
      api.reply('GET /api/users/me-personal', 200, { ...personal, ...(body as object) });
      return { status: 200, body: { message: 'ok' } };
    });
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByText('Préférences de notifications mises à jour.')).toBeVisible();
    // « Enregistrer » stays disabled until the next change: the focus goes to its section,
    // not to the page's start.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Notifications par e-mail' })).toHaveFocus(),
    );
    expect(api.callsTo('PATCH /api/users/me/notifications').at(-1)?.body).toEqual({
      notif_mail_appli: true,
      notif_mail_promo: true,
    });
  });

  it('changes the pseudo after checking the rule and, while typing, the availability', async () => {
    api.reply('GET /api/users/check-username', 200, { taken: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier : Pseudo' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Nouveau pseudo'), { target: { value: 'ab' } });
    expect(
      await dialog.findByText('Le pseudo doit contenir au moins 4 caractères alphanumériques ou _'),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    fireEvent.change(dialog.getByLabelText('Nouveau pseudo'), { target: { value: 'Pris_06' } });
    // Said while typing, before any submit: the button stays disabled.
    expect(await dialog.findByText('Ce pseudo est déjà utilisé.')).toBeVisible();
    expect(api.callsTo('GET /api/users/check-username').at(-1)?.path).toContain('username=Pris_06');
    expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(api.callsTo('PATCH /api/users/me/parametres')).toHaveLength(0);

    api.reply('GET /api/users/check-username', 200, { taken: false });
    api.reply('PATCH /api/users/me/parametres', 200, {
      message: 'Mise à jour réussie !',
      user: { username: 'Libre_06' },
    });
    fireEvent.change(dialog.getByLabelText('Nouveau pseudo'), { target: { value: 'Libre_06' } });
    expect(await dialog.findByText('Pseudo disponible')).toBeVisible();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Mise à jour réussie !')).toBeVisible();
    expect(api.callsTo('PATCH /api/users/me/parametres')[0]?.body).toEqual({
      username: 'Libre_06',
    });
  });

  it('changes the e-mail after the password and a confirmation, then signs out', async () => {
    // The server ends every session of the member with the change: any request after it
    // answers 401, and so does a refresh.
    api.handle('PATCH /api/users/me/email', () => {
      const ended = { message: 'Session expirée.', code: 'UNAUTHENTICATED' };
      api.reply('GET /api/users/me-personal', 401, ended);
      api.reply('GET /api/users/me', 401, ended);
      api.reply('POST /api/auth/refresh', 401, ended);
      api.reply('POST /api/auth/logout', 401, ended);
      return { status: 200, body: { message: 'ok' } };
    });
    const router = renderAt('/parametres');
    await screen.findByText('GRIMALDI');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier : Email' }));
    const dialogElement = await screen.findByRole('dialog');
    // The current address is what the dialog is about: read with its title.
    expect(dialogElement).toHaveAccessibleDescription('Adresse actuelle : louis@example.fr');
    const dialog = within(dialogElement);
    fireEvent.change(dialog.getByLabelText('Nouvelle adresse e-mail'), {
      target: { value: 'pas-une-adresse' },
    });
    fireEvent.change(dialog.getByLabelText('Mot de passe actuel'), { target: { value: 'abc' } });
    expect(await dialog.findByText('Adresse email invalide')).toBeVisible();
    expect(
      await dialog.findByText('Veuillez saisir votre mot de passe pour confirmer'),
    ).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Nouvelle adresse e-mail'), {
      target: { value: 'nouveau@example.fr' },
    });
    fireEvent.change(dialog.getByLabelText('Mot de passe actuel'), {
      target: { value: 'Secret12!' },
    });
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(api.callsTo('PATCH /api/users/me/email')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(screen.getByText('Un email de confirmation vous a été envoyé.')).toBeVisible(),
    );
    expect(api.callsTo('PATCH /api/users/me/email')[0]?.body).toEqual({
      email: 'nouveau@example.fr',
      password: 'Secret12!',
    });
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
    // Signed out on the home page, not sent to /404 by the settings guard.
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // Nothing asked of the ended session: no reload of the page's data, no logout call.
    expect(api.callsTo('GET /api/users/me-personal')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(0);
  });

  it('changes the department, sent without FR-', async () => {
    api.reply('PATCH /api/users/me/parametres', 400, { message: 'Département invalide.' });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier : Département' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('option', { name: '83 - Var' });
    fireEvent.change(dialog.getByLabelText('Département'), { target: { value: '83' } });
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog.findByText('Département invalide.')).toBeVisible();
    expect(api.callsTo('PATCH /api/users/me/parametres')[0]?.body).toEqual({ departement: '83' });
  });

  it('offers Monaco beside the 06 and sends MC', async () => {
    api.reply('PATCH /api/users/me/parametres', 200, {
      message: 'Mise à jour réussie !',
      user: { departement: 'MC' },
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier : Département' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('option', { name: 'MC - Monaco' });
    expect(dialog.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choisir…',
      '06 - Alpes-Maritimes',
      'MC - Monaco',
      '83 - Var',
    ]);
    fireEvent.change(dialog.getByLabelText('Département'), { target: { value: 'MC' } });
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/users/me/parametres')[0]?.body).toEqual({
        departement: 'MC',
      }),
    );
  });

  it('changes the password with the rules, the confirmation and the show/hide toggles', async () => {
    api.reply('PATCH /api/users/me/password', 400, { message: 'Mot de passe incorrect.' });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Changer mon mot de passe' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/déconnecte tes sessions sur les autres appareils/)).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Mot de passe actuel'), {
      target: { value: 'Ancien12!' },
    });
    fireEvent.change(dialog.getByLabelText('Nouveau mot de passe'), {
      target: { value: 'faible' },
    });
    fireEvent.change(dialog.getByLabelText('Confirmer le nouveau mot de passe'), {
      target: { value: 'autre' },
    });
    expect(
      await dialog.findByText(
        'Doit contenir : 8 caractères min, majuscule, minuscule, chiffre, et un caractère spécial : ! @ # $ % & ? .',
      ),
    ).toBeVisible();
    expect(dialog.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    const field = dialog.getByLabelText('Nouveau mot de passe');
    expect(field).toHaveAttribute('type', 'password');
    fireEvent.click(dialog.getByRole('button', { name: 'Afficher : Nouveau mot de passe' }));
    expect(field).toHaveAttribute('type', 'text');

    fireEvent.change(field, { target: { value: 'Nouveau12!' } });
    fireEvent.change(dialog.getByLabelText('Confirmer le nouveau mot de passe'), {
      target: { value: 'Nouveau12!' },
    });
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog.findByText('Mot de passe incorrect.')).toBeVisible();
    // Correcting the current password takes the refusal away; the same one twice is refused.
    fireEvent.change(dialog.getByLabelText('Mot de passe actuel'), {
      target: { value: 'Nouveau12!' },
    });
    await waitFor(() => expect(dialog.queryByText('Mot de passe incorrect.')).toBeNull());
    expect(
      await dialog.findByText('Ton nouveau mot de passe doit être différent de l’actuel.'),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    fireEvent.change(dialog.getByLabelText('Mot de passe actuel'), {
      target: { value: 'Ancien12!' },
    });
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    api.reply('PATCH /api/users/me/password', 'network');
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog.findByText('Erreur réseau')).toBeVisible();
    api.reply('PATCH /api/users/me/password', 200, { message: 'ok' });
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Mot de passe mis à jour')).toBeVisible();
    expect(api.callsTo('PATCH /api/users/me/password').at(-1)?.body).toEqual({
      oldPassword: 'Ancien12!',
      newPassword: 'Nouveau12!',
    });
  });

  it('asks for deletion after holding Space for 900 ms, then a confirmation', async () => {
    api.reply('PATCH /api/users/me/request-delete', 200, { message: 'ok' });
    await open();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const hold = screen.getByRole('button', { name: 'Maintenir pour supprimer mon compte' });
      const fill = within(hold).getByTestId('hold-fill');
      // Released too early: nothing happens and the bar empties.
      fireEvent.keyDown(hold, { key: ' ' });
      act(() => vi.advanceTimersByTime(450));
      expect(fill.style.transform).toBe('scaleX(0.5)');
      fireEvent.keyUp(hold, { key: ' ' });
      expect(fill.style.transform).toBe('scaleX(0)');
      act(() => vi.advanceTimersByTime(900));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      // Held long enough.
      fireEvent.keyDown(hold, { key: ' ' });
      act(() => vi.advanceTimersByTime(930));
    } finally {
      vi.useRealTimers();
    }
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(api.callsTo('PATCH /api/users/me/request-delete')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText('Un lien de confirmation vous a été envoyé par mail.'),
    ).toBeVisible();
  });

  it('says the deletion request failed', async () => {
    api.reply('PATCH /api/users/me/request-delete', 500, {});
    await open();
    const hold = screen.getByRole('button', { name: 'Maintenir pour supprimer mon compte' });
    fireEvent.pointerDown(hold);
    const confirm = within(await screen.findByRole('alertdialog', {}, { timeout: 2000 }));
    fireEvent.click(confirm.getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Erreur lors de la suppression du compte')).toBeVisible();
  });

  it('downloads the personal data as a JSON file', async () => {
    api.reply('GET /api/users/me/export', 200, { profil: { username: 'Louis2' } });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('munegu-mes-donnees.json');
    expect(
      JSON.parse(
        await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(created[0]!);
        }),
      ),
    ).toEqual({ profil: { username: 'Louis2' } });
  });
});
