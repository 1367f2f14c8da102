import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, submitLogin, type FakeApi } from '../../../test/harness';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.reply('POST /api/auth/refresh', 401, { message: 'Session expirée' });
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openLogin() {
  renderAt('/login');
  await screen.findByRole('tab', { name: 'Connexion' });
  return screen.getByRole('button', { name: 'Se connecter' });
}

/** Fills the login form with valid-looking credentials and sends it; gives its button. */
async function logInWith(email: string, password: string) {
  await openLogin();
  return submitLogin(email, password);
}

describe('login form', () => {
  it('keeps submit disabled while the fields break the rules, with the spec texts', async () => {
    const submit = await openLogin();
    expect(submit).toBeDisabled();
    type('Adresse e-mail', 'jean<dupont@example.fr');
    type('Mot de passe', 'secret');
    expect(
      await screen.findByText('Caractères spéciaux interdits. Seuls autorisés : @ . _ -'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    type('Adresse e-mail', 'jean@example');
    expect(await screen.findByText("L'email doit contenir un @ et un .domaine")).toBeVisible();
    type('Adresse e-mail', 'jean@example.fr');
    type('Mot de passe', 'abc€');
    expect(
      await screen.findByText(
        'Caractères spéciaux interdits détectés. Seuls autorisés : ! @ # $ % & ? .',
      ),
    ).toBeVisible();
    type('Mot de passe', 'Secret1!');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('says the credentials are wrong on a 401', async () => {
    api.reply('POST /api/auth/login', 401, { message: 'Email ou mot de passe incorrect.' });
    await logInWith('jean@example.fr', 'Mauvais1!');
    expect(await screen.findByText('Email ou mot de passe incorrect.')).toBeVisible();
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'jean@example.fr',
      password: 'Mauvais1!',
    });
    // It was about what was sent: retyping takes it away.
    type('Mot de passe', 'Mauvais1!x');
    await waitFor(() => expect(screen.queryByText('Email ou mot de passe incorrect.')).toBeNull());
  });

  it.each([
    [503, 'Service momentanément indisponible, réessaie dans quelques instants.'],
    [500, 'Une erreur est survenue.'],
  ])('does not blame the credentials when the server fails (%i)', async (status, message) => {
    api.reply('POST /api/auth/login', status, { message });
    await logInWith('jean@example.fr', 'Secret12!');
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByText('Email ou mot de passe incorrect.')).toBeNull();
  });

  it('counts down from the server ttl on a 429, then unlocks the button', async () => {
    api.reply('POST /api/auth/login', 429, { message: 'Trop de tentatives', ttl: 2 });
    const submit = await logInWith('jean@example.fr', 'Mauvais1!');
    expect(await screen.findByText('Trop de tentatives : 2s')).toBeVisible();
    expect(submit).toBeDisabled();
    expect(await screen.findByText('Trop de tentatives : 1s')).toBeVisible();
    await waitFor(() => expect(submit).toBeEnabled(), { timeout: 3000 });
    expect(screen.queryByText(/Trop de tentatives/)).toBeNull();
  });

  it('tells a suspended member until when and why, with a way to write to the association', async () => {
    const message = 'Ton compte est suspendu jusqu’au 14 juillet 2031 à 10:30 : Spam répété.';
    api.reply('POST /api/auth/login', 401, {
      message,
      code: 'SUSPENDED_ACCOUNT',
      suspension: { until: '2031-07-14T08:30:00.000Z', reason: 'Spam répété.' },
    });
    await logInWith('jean@example.fr', 'Secret12!');
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText(message)).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Écrire à l’association' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.queryByText('Email ou mot de passe incorrect.')).toBeNull();
  });

  it('offers to resend the confirmation mail to an inactive account', async () => {
    api.reply('POST /api/auth/login', 403, { message: 'INACTIVE_ACCOUNT' });
    api.reply('POST /api/auth/resend-confirmation', 200, { message: 'ok' });
    await logInWith('jean@example.fr', 'Secret12!');
    expect(
      await screen.findByText(
        "Vous n'avez pas activé votre compte depuis le mail reçu à l'inscription.",
      ),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le mail de confirmation' }));
    expect(
      await screen.findByText(
        "Mail de confirmation renvoyé ! Plusieurs minutes d'attente peuvent être nécessaires.",
      ),
    ).toBeVisible();
    expect(api.callsTo('POST /api/auth/resend-confirmation')[0]?.body).toEqual({
      email: 'jean@example.fr',
    });

    api.reply('POST /api/auth/resend-confirmation', 429, { message: 'Trop', ttl: 60 });
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le mail de confirmation' }));
    expect(await screen.findByText("Erreur lors de l'envoi du mail.")).toBeVisible();
  });

  it('stores the token, shows the member in the navbar and goes home', async () => {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    const token = `${b64({ alg: 'HS256' })}.${b64({ exp: Date.now() / 1000 + 900 })}.sig`;
    api.reply('POST /api/auth/login', 200, { access_token: token });
    api.reply('GET /api/users/me', 200, { id: 3, username: 'Louis2' });
    await logInWith('louis@example.fr', 'Secret12!');
    expect(
      await screen.findByRole('button', { name: 'Menu du profil de Louis2' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(
      within(screen.getByRole('banner')).queryByRole('link', { name: 'Se connecter' }),
    ).toBeNull();
  });
});

describe('forgot-password form', () => {
  async function openForgot() {
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
    type('Adresse e-mail', 'jean@example.fr');
    type('Date de naissance (JJ/MM/AAAA)', '01/05/1990');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
  }

  it('answers the same whether or not the account exists', async () => {
    api.reply('POST /api/users/request-password-reset', 200, { message: 'ok' });
    await openForgot();
    expect(await screen.findByText('Si un compte existe, un mail a été envoyé.')).toBeVisible();
    expect(api.callsTo('POST /api/users/request-password-reset')[0]?.body).toEqual({
      email: 'jean@example.fr',
      birthDate: '1990-05-01',
    });
  });

  it('tells a server failure from a network failure', async () => {
    api.reply('POST /api/users/request-password-reset', 500, { message: 'boom' });
    await openForgot();
    expect(await screen.findByText("Erreur lors de l'envoi de la demande.")).toBeVisible();
    api.reply('POST /api/users/request-password-reset', 'network');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(
      await screen.findByText('Erreur réseau : impossible de contacter le serveur.'),
    ).toBeVisible();
  });

  it('refuses an impossible birth date and goes back with Retour', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
    type('Adresse e-mail', 'jean@example.fr');
    type('Date de naissance (JJ/MM/AAAA)', '31/02/1990');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Date invalide')).toBeVisible();
    expect(api.callsTo('POST /api/users/request-password-reset')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeVisible();
  });

  it('keeps the focus on the form the member went to, then on the link they came from', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
    // The form replaces the one the focus was in: the focus goes to its first field, not to
    // the page's start.
    await waitFor(() => expect(screen.getByLabelText('Adresse e-mail')).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mot de passe oublié ?' })).toHaveFocus(),
    );
    // Only that return moves it: going from tab to tab leaves it where the member put it.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Inscription' }));
    await screen.findByLabelText('Pseudo');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Connexion' }));
    expect(await screen.findByRole('button', { name: 'Mot de passe oublié ?' })).not.toHaveFocus();
  });
});
