import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { createQueryClient } from './queryClient';
import { showsFooter } from './layout/RootLayout';

type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply>;

/** Only the network boundary is faked: each /api path answers from `replies`, else 404. */
beforeEach(() => {
  replies = {};
  vi.stubGlobal('fetch', async (input: string) => {
    const path = input.split('?')[0] ?? input;
    const reply = replies[path] ?? { status: 404, body: { message: 'Introuvable' } };
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

function signedIn() {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  localStorage.setItem(
    'access_token',
    `${b64({ alg: 'HS256' })}.${b64({ exp: Date.now() / 1000 + 3600 })}.sig`,
  );
  replies['/api/users/me'] = { status: 200, body: { id: 7, username: 'Louis2' } };
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const heading404 = () => screen.findByRole('heading', { name: 'Page introuvable' });

describe('routes', () => {
  it('shows the 404 page with a link home for an unknown path', async () => {
    renderAt('/nimporte/quoi');
    await heading404();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });

  it('sends signed-out visitors from /parametres to /404', async () => {
    replies['/api/auth/refresh'] = { status: 401, body: { message: 'Non authentifié' } };
    const router = renderAt('/parametres');
    await heading404();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('lets a signed-in member open /parametres', async () => {
    signedIn();
    replies['/api/users/me-personal'] = {
      status: 200,
      body: {
        username: 'Louis2',
        nom: 'GRIMALDI',
        prenom: 'Louis',
        date_naissance: '1990-05-01',
        email: 'l@example.com',
        departement: 'FR-06',
        notif_mail_appli: true,
        notif_mail_promo: false,
      },
    };
    const router = renderAt('/parametres');
    expect(await screen.findByRole('heading', { name: 'Paramètres' })).toBeInTheDocument();
    expect(await screen.findByText('GRIMALDI')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/parametres');
  });

  it('redirects an authenticated user from /login to /', async () => {
    signedIn();
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the login tabs to a visitor, without footer', async () => {
    renderAt('/login');
    expect(await screen.findByRole('tab', { name: 'Connexion' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Inscription' })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it("sends a profile whose pseudo contains 'supprime' to /404", async () => {
    const router = renderAt('/profil/UtilisateurSUPPRIME_42');
    await heading404();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends a profile the server does not know to /404', async () => {
    const router = renderAt('/profil/fantome');
    await heading404();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends an invalid password-reset link to /404', async () => {
    replies['/api/users/check-token'] = { status: 200, body: { valid: false } };
    const router = renderAt('/new-password/abc');
    await heading404();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('shows the footer on ordinary pages', async () => {
    renderAt('/mentions-legales');
    expect(await screen.findByRole('heading', { name: 'Mentions légales' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Contact');
    expect(footer).toHaveTextContent('Mentions légales');
  });
});

describe('navbar', () => {
  it("offers 'Se connecter' to visitors and a burger that closes on Escape", async () => {
    renderAt('/mentions-legales');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/login',
    );
    const burger = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });

  it('shows messages with the unread badge and the profile menu to members', async () => {
    signedIn();
    replies['/api/messages/unread-count'] = { status: 200, body: { count: 3 } };
    renderAt('/mentions-legales');
    expect(await screen.findByRole('link', { name: 'Messages, 3 non lus' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(screen.getByRole('button', { name: /Menu du profil de Louis2/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });

  it('tolerates a failing unread-count endpoint', async () => {
    signedIn();
    replies['/api/messages/unread-count'] = { status: 500, body: { message: 'boom' } };
    renderAt('/mentions-legales');
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });
});

describe('footer visibility', () => {
  it('is hidden on /login and the messaging screens only', () => {
    expect(showsFooter('/login')).toBe(false);
    expect(showsFooter('/messages')).toBe(false);
    expect(showsFooter('/messages/Louis2')).toBe(false);
    expect(showsFooter('/')).toBe(true);
    expect(showsFooter('/contact')).toBe(true);
    expect(showsFooter('/profil/Louis2')).toBe(true);
  });
});
