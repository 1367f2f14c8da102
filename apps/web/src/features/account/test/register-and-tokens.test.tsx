import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_TEXTS } from '@munegu/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, type FakeApi } from '../../../test/harness';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.reply('POST /api/auth/refresh', 401, { message: 'Session expirée' });
  api.reply('GET /api/departements', 200, [
    { code: '06', name: 'Alpes-Maritimes' },
    { code: '83', name: 'Var' },
  ]);
  api.reply('GET /api/antennes', 200, [
    { id: 1, nom: 'Ultras', categorie: 'Groupes' },
    { id: 2, nom: 'Nice', categorie: 'Antennes' },
    { id: 3, nom: 'Paris', categorie: 'Antennes' },
  ]);
  api.reply('GET /api/users/check-username', 200, { taken: false });
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillRegistration() {
  renderAt('/login');
  fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Inscription' }));
  await screen.findByLabelText('Prénom');
  type('Prénom', 'jean-pierre');
  type('Nom', 'Dupont');
  type('Pseudo', 'JeanP_06');
  type(/^Adresse e-mail/, 'jp@example.fr');
  type(/^Mot de passe/, 'Secret12!');
  type('Date de naissance (JJ/MM/AAAA)', '01/05/1990');
  await screen.findByRole('option', { name: /Alpes-Maritimes/ });
  fireEvent.change(screen.getByLabelText('Département'), { target: { value: '06' } });
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Nice' }));
}

describe('registration', () => {
  it('checks the pseudo while typing and says when it is taken', async () => {
    api.handle('GET /api/users/check-username', () => ({ status: 200, body: { taken: true } }));
    renderAt('/login');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Inscription' }));
    await screen.findByLabelText('Pseudo');
    type('Pseudo', 'Louis2');
    expect(await screen.findByText('Ce pseudo est déjà utilisé.')).toBeVisible();
    expect(api.callsTo('GET /api/users/check-username').at(-1)?.path).toContain('username=Louis2');
    // Leaving the field checks its rules again: the pseudo is still taken, and still said so.
    const field = screen.getByLabelText('Pseudo');
    fireEvent.blur(field);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Ce pseudo est déjà utilisé.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the age rule when the birth date is left, before any submit', async () => {
    renderAt('/login');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Inscription' }));
    const birth = await screen.findByLabelText('Date de naissance (JJ/MM/AAAA)');
    const now = new Date();
    const recent = `01/01/${now.getFullYear() - 3}`;
    fireEvent.change(birth, { target: { value: recent } });
    fireEvent.blur(birth);
    expect(await screen.findByText(AUTH_TEXTS.tooYoung)).toBeVisible();
    expect(birth).toHaveAttribute('aria-invalid', 'true');
    // Corrected, the message goes at once.
    fireEvent.change(birth, { target: { value: '01/05/1990' } });
    await waitFor(() => expect(screen.queryByText(AUTH_TEXTS.tooYoung)).toBeNull());
    expect(api.callsTo('POST /api/users')).toHaveLength(0);
  });

  it('allows two antennas at most', async () => {
    await fillRegistration();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Paris' }));
    expect(screen.getByRole('checkbox', { name: 'Ultras' })).toBeDisabled();
  });

  it('sends the cleaned body and shows the success popup', async () => {
    api.reply('POST /api/users', 201, { message: 'ok' });
    await fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(
      await screen.findByText(
        "Création réussie ! Si l'adresse e-mail est valide, un lien de confirmation vous a été envoyé.",
      ),
    ).toBeVisible();
    expect(api.callsTo('POST /api/users')[0]?.body).toEqual({
      prenom: 'Jean-Pierre',
      nom: 'DUPONT',
      username: 'JeanP_06',
      email: 'jp@example.fr',
      password: 'Secret12!',
      date_naissance: '01/05/1990',
      departement: '06',
      antennes: [2],
      notif_mail_appli: true,
      notif_mail_promo: false,
    });
  });

  it('shows the server list inline and in the popup, keeping what was typed', async () => {
    api.reply('POST /api/users', 400, {
      message: 'Données invalides',
      errors: [
        { path: 'email', message: 'Cette adresse e-mail est déjà utilisée.' },
        { path: 'username', message: 'Ce pseudo est déjà utilisé.' },
      ],
    });
    await fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(
      await screen.findByText(
        'Problème survenu lors de votre inscription. Erreur : Cette adresse e-mail est déjà utilisée. Ce pseudo est déjà utilisé.',
        { normalizer: (t) => t.replace(/\s+/g, ' ') },
      ),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    // The same list stays beside the form, one reason per line.
    const inline = screen
      .getAllByRole('alert')
      .find((el) => el.textContent?.startsWith('Cette adresse'));
    expect(inline?.textContent).toBe(
      'Cette adresse e-mail est déjà utilisée.\nCe pseudo est déjà utilisé.',
    );
    expect(screen.getByLabelText('Pseudo')).toHaveValue('JeanP_06');
  });

  it("says 'Erreur réseau' when the server cannot be reached", async () => {
    api.reply('POST /api/users', 'network');
    await fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(
      await screen.findByText('Problème survenu lors de votre inscription. Erreur : Erreur réseau'),
    ).toBeVisible();
  });
});

describe('token pages', () => {
  it('confirms the e-mail and links to the login page', async () => {
    api.reply('GET /api/users/confirm-email/abc', 200, { message: 'Adresse mail confirmée !' });
    renderAt('/email-confirmed/abc');
    expect(await screen.findByRole('heading', { name: 'Adresse mail confirmée !' })).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('sends an unknown e-mail link to /404', async () => {
    const router = renderAt('/email-confirmed/nope');
    await screen.findByRole('heading', { name: 'Page introuvable' });
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends an invalid new-password link to /404', async () => {
    api.reply('GET /api/users/check-token', 200, { valid: false });
    const router = renderAt('/new-password/old');
    await screen.findByRole('heading', { name: 'Page introuvable' });
    expect(router.state.location.pathname).toBe('/404');
    expect(api.callsTo('GET /api/users/check-token')[0]?.path).toContain('type=reset');
  });

  it.each([
    ['new-password', 503, 'Nouveau mot de passe'],
    ['stop-notif', 429, 'Désabonnement'],
    ['new-password', 'network', 'Nouveau mot de passe'],
  ] as const)(
    '%s: a link that could not be checked (%s) offers a retry, not « Page introuvable »',
    async (page, failure, heading) => {
      api.reply('GET /api/users/check-token', failure, { message: 'Réessaie plus tard.' });
      const router = renderAt(`/${page}/tok`);
      expect(
        await screen.findByRole('heading', { name: 'Une erreur est survenue.' }),
      ).toBeVisible();
      expect(screen.getByText('Erreur réseau ou serveur. Veuillez réessayer.')).toBeVisible();
      expect(router.state.location.pathname).toBe(`/${page}/tok`);
      api.reply('GET /api/users/check-token', 200, { valid: true, stopType: 'promo' });
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
      expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
    },
  );

  it('checks the new password, then shows the success view', async () => {
    api.reply('GET /api/users/check-token', 200, { valid: true });
    api.reply('POST /api/users/reset-password', 200, { message: 'ok' });
    renderAt('/new-password/tok');
    await screen.findByLabelText('Nouveau mot de passe');
    type('Nouveau mot de passe', 'court');
    type('Confirmer le mot de passe', 'autre');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le mot de passe doit contenir au moins 8 caractères.'),
    ).toBeVisible();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
    type('Nouveau mot de passe', 'Nouveau12!');
    type('Confirmer le mot de passe', 'Nouveau12!');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByRole('heading', { name: 'Mot de passe modifié avec succès !' }),
    ).toBeVisible();
    expect(api.callsTo('POST /api/users/reset-password')[0]?.body).toEqual({
      token: 'tok',
      newPassword: 'Nouveau12!',
    });
  });

  it('says the link expired when the reset is refused for it', async () => {
    api.reply('GET /api/users/check-token', 200, { valid: true });
    api.reply('POST /api/users/reset-password', 404, { message: 'Lien invalide ou expiré.' });
    renderAt('/new-password/tok');
    await screen.findByLabelText('Nouveau mot de passe');
    type('Nouveau mot de passe', 'Nouveau12!');
    type('Confirmer le mot de passe', 'Nouveau12!');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Lien invalide ou expiré.')).toBeVisible();
  });

  it('stop-notif: cancelling changes nothing and returns home after 1.2 s', async () => {
    api.reply('GET /api/users/check-token', 200, { valid: true, stopType: 'promo' });
    api.reply('POST /api/users/stop-notif', 200, {
      type: 'promo',
      message: "Aucune modification n'a été effectuée.",
    });
    const router = renderAt('/stop-notif/tok');
    expect(await screen.findByText(/promotionnels/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(
      await screen.findByRole('heading', { name: "Aucune modification n'a été effectuée." }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2500 });
  });

  it('stop-notif: confirming shows the server message', async () => {
    api.reply('GET /api/users/check-token', 200, { valid: true, stopType: 'application' });
    api.reply('POST /api/users/stop-notif', 200, {
      type: 'application',
      message: "Tu ne recevras plus les e-mails de l'application (rappels de pronostics…).",
    });
    renderAt('/stop-notif/tok');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(
      await screen.findByText(/Tu ne recevras plus les e-mails de l'application/),
    ).toBeVisible();
    expect(api.callsTo('POST /api/users/stop-notif')[0]?.body).toEqual({
      token: 'tok',
      confirm: true,
    });
  });

  it('deletion link: deletes nothing until the member clicks, then signs out locally', async () => {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    localStorage.setItem(
      'access_token',
      `${b64({ alg: 'HS256' })}.${b64({ exp: Date.now() / 1000 + 3600 })}.sig`,
    );
    api.reply('GET /api/users/me', 200, { id: 4, username: 'Partant' });
    // The API answers only when the test says so, to see the page while the request runs.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    api.handle('GET /api/users/confirm-delete/tok', async () => {
      await held;
      return { status: 200, body: { valid: true } };
    });
    api.reply('GET /api/users/check-token?token=tok&type=delete', 200, { valid: true });
    renderAt('/deletion-confirmed/tok');
    expect(
      await screen.findByRole('heading', { name: 'Supprimer ton compte\u00a0?' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Ton compte sera supprimé et tes données personnelles anonymisées. Cette action est définitive.',
      ),
    ).toBeVisible();
    const button = screen.getByRole('button', { name: 'Supprimer mon compte' });
    // Opening the link (as a mail scanner would, scripts included) calls nothing.
    await new Promise((r) => setTimeout(r, 200));
    expect(api.callsTo('GET /api/users/confirm-delete/tok')).toHaveLength(0);
    expect(localStorage.getItem('access_token')).not.toBeNull();

    fireEvent.click(button);
    const busy = await screen.findByRole('button', { name: 'Suppression...' });
    expect(busy).toBeDisabled();
    fireEvent.click(busy); // a second click while it runs sends nothing more
    expect(api.callsTo('GET /api/users/confirm-delete/tok')).toHaveLength(1);
    answer();

    expect(await screen.findByRole('heading', { name: 'Compte supprimé' })).toBeVisible();
    expect(
      screen.getByText(
        'Ton compte a bien été supprimé et tes données personnelles ont été anonymisées. Merci d’avoir fait partie de la communauté !',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
    expect(api.callsTo('GET /api/users/confirm-delete/tok')).toHaveLength(1);
    // The link was checked once, before the form showed, and not again after the deletion.
    expect(api.callsTo('GET /api/users/check-token?token=tok&type=delete')).toHaveLength(1);
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('deletion link: an unknown link goes to the 404 page without showing the form', async () => {
    api.reply('GET /api/users/check-token?token=old&type=delete', 200, { valid: false });
    api.reply('GET /api/users/confirm-delete/old', 404, { message: 'Lien invalide ou expiré.' });
    const router = renderAt('/deletion-confirmed/old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(screen.queryByRole('heading', { name: 'Supprimer ton compte\u00a0?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer mon compte' })).toBeNull();
    // Checked without being used: the deletion itself was never asked for.
    expect(api.callsTo('GET /api/users/check-token?token=old&type=delete')).toHaveLength(1);
    expect(api.callsTo('GET /api/users/confirm-delete/old')).toHaveLength(0);
  });

  it('deletion link: a double click deletes once and says so, not « Page introuvable »', async () => {
    api.reply('GET /api/users/check-token?token=tok&type=delete', 200, { valid: true });
    api.reply('GET /api/users/confirm-delete/tok', 200, { valid: true });
    const router = renderAt('/deletion-confirmed/tok');
    const button = await screen.findByRole('button', { name: 'Supprimer mon compte' });
    // Both clicks before any render: the second one's request would find the link used.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Compte supprimé' })).toBeVisible();
    expect(api.callsTo('GET /api/users/confirm-delete/tok')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/deletion-confirmed/tok');
  });

  it('deletion link: a link used meanwhile still leads to the 404 page after the click', async () => {
    api.reply('GET /api/users/check-token?token=old&type=delete', 200, { valid: true });
    api.reply('GET /api/users/confirm-delete/old', 404, { message: 'Lien invalide ou expiré.' });
    const router = renderAt('/deletion-confirmed/old');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(api.callsTo('GET /api/users/confirm-delete/old')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Compte supprimé' })).toBeNull();
  });

  it('deletion link: a network failure after the click says so and offers a retry', async () => {
    api.reply('GET /api/users/check-token?token=tok&type=delete', 200, { valid: true });
    api.reply('GET /api/users/confirm-delete/tok', 'network');
    renderAt('/deletion-confirmed/tok');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    expect(await screen.findByRole('heading', { name: 'Une erreur est survenue.' })).toBeVisible();
    expect(screen.getByText('Erreur réseau ou serveur. Veuillez réessayer.')).toBeVisible();
    api.reply('GET /api/users/confirm-delete/tok', 200, { valid: true });
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Compte supprimé' })).toBeVisible();
    expect(api.callsTo('GET /api/users/confirm-delete/tok')).toHaveLength(2);
  });
});
