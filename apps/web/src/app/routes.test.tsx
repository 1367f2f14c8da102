import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { fakeApi, renderAt, signIn, type FakeApi } from '../test/harness';
import { showsFooter } from './layout/RootLayout';
import { createQueryClient } from './queryClient';
import { LOADER_WAIT_MS } from '../lib/boot';
import { createRoutes } from './routes';

/** Only the network boundary is faked (the shared harness): unknown /api paths answer 404. */
let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

const signedIn = () => signIn(api, { id: 7, username: 'Louis2' });

const heading404 = () => screen.findByRole('heading', { name: 'Page introuvable' });

describe('routes', () => {
  it('names each page in the browser tab', async () => {
    renderAt('/contact');
    await waitFor(() => expect(document.title).toBe('Contact – Munegu'));
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    renderAt('/nimporte/quoi');
    await heading404();
    // The title follows the page's commit (an effect): a loaded machine can show the gap.
    await waitFor(() => expect(document.title).toBe('Page introuvable – Munegu'));
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });

  it('sends signed-out visitors from /parametres to /404', async () => {
    api.reply('POST /api/auth/refresh', 401, { message: 'Non authentifié' });
    const router = renderAt('/parametres');
    await heading404();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('lets a signed-in member open /parametres', async () => {
    signedIn();
    api.reply('GET /api/users/me-personal', 200, {
      username: 'Louis2',
      nom: 'GRIMALDI',
      prenom: 'Louis',
      date_naissance: '1990-05-01',
      email: 'l@example.com',
      departement: 'FR-06',
      notif_mail_appli: true,
      notif_mail_promo: false,
    });
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
    api.reply('GET /api/users/check-token', 200, { valid: false });
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

  it('gives the focus to the new page’s title after a navigation, not on the first page', async () => {
    renderAt('/mentions-legales');
    const nav = await screen.findByRole('navigation', { name: /principale/i });
    expect(document.activeElement).toBe(document.body);
    const link = within(nav).getByRole('link', { name: 'Contact' });
    link.focus();
    fireEvent.click(link);
    const title = await screen.findByRole('heading', { level: 1, name: /contact/i });
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('leaves the focus where it was when the first load redirects, before any user action', async () => {
    // An expired e-mailed link, or a signed-out member's bookmark: the app sends them on before
    // they did anything, and the page they land on must not look focused (a ring on its h1).
    api.reply('POST /api/auth/refresh', 401, { message: 'Non authentifié' });
    const router = renderAt('/parametres');
    const title = await heading404();
    expect(router.state.location.pathname).toBe('/404');
    // A moment later, nothing has taken it either.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(title).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
    // The member's first click leads to a page that takes the focus, as usual.
    fireEvent.click(screen.getByRole('link', { name: 'Retour à l’accueil' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('shows messages with the unread badge and the profile menu to members', async () => {
    signedIn();
    api.reply('GET /api/messages/unread-count', 200, { count: 3 });
    renderAt('/mentions-legales');
    expect(await screen.findByRole('link', { name: 'Messages, 3 non lus' })).toHaveAttribute(
      'href',
      '/messages',
    );
    // The bell and the profile menu follow, one task each (MemberActions).
    expect(
      await screen.findByRole('button', { name: /Menu du profil de Louis2/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });

  it('tolerates a failing unread-count endpoint', async () => {
    signedIn();
    api.reply('GET /api/messages/unread-count', 500, { message: 'boom' });
    renderAt('/mentions-legales');
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });
});

describe('first-visit prefetch', () => {
  it('asks for the home and news data from the route loaders, and the page uses that answer', async () => {
    api.reply('GET /api/matchs/next', 200, []);
    api.reply('GET /api/actualite', 200, [
      {
        id: 9,
        titre: 'Déplacement à Paris',
        contenu: 'Le bus part à 8 h',
        lien: null,
        image: null,
        imageObjectPosY: 10,
        date: '2026-11-22T10:00:00.000Z',
        formattedDate: 'dimanche 22 novembre 2026',
        categorie: null,
        redacteur: { username: 'redac' },
      },
    ]);
    const client = createQueryClient();
    const children = createRoutes(client)[0]?.children ?? [];
    const load = (route: (typeof children)[number] | undefined) =>
      (route?.loader as (() => unknown) | undefined)?.();
    // Before any page code has run: the loaders alone start the requests.
    load(children.find((route) => route.index));
    load(children.find((route) => route.path === 'actualites'));
    await waitFor(() => expect(api.callsTo('GET /api/matchs/next')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /api/actualite')).toHaveLength(1));

    renderAt('/actualites', client);
    expect(await screen.findByRole('heading', { name: 'Déplacement à Paris' })).toBeVisible();
    // The page read the prefetched answer (same query) instead of asking again.
    expect(api.callsTo('GET /api/actualite')).toHaveLength(1);
  });
});

describe('footer visibility', () => {
  it('is hidden on /login and the messaging screens only', () => {
    expect(showsFooter('/login')).toBe(false);
    expect(showsFooter('/messages')).toBe(false);
    expect(showsFooter('/messages/Louis2')).toBe(false);
    expect(showsFooter('/messages/groupes/3')).toBe(false);
    expect(showsFooter('/messages/compte-supprime/12')).toBe(false);
    expect(showsFooter('/')).toBe(true);
    expect(showsFooter('/contact')).toBe(true);
    expect(showsFooter('/profil/Louis2')).toBe(true);
  });
});

describe('route loaders', () => {
  const loaderOf = (path: string, queryClient = createQueryClient()) => {
    const route = createRoutes(queryClient)[0]!.children!.find((r: RouteObject) => r.path === path);
    return route!.loader as () => Promise<unknown>;
  };
  const tracked = (promise: Promise<unknown>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('wait for the page’s reads, so the page renders once, with its content', async () => {
    let answer: () => void = () => {};
    api.handle(
      'GET /api/users/classement-pronos',
      () => new Promise((resolve) => (answer = () => resolve({ status: 200, body: [] }))),
    );
    api.reply('GET /api/matchs/anciens', 200, []);
    api.reply('GET /api/mini-leagues', 200, []);
    signedIn();
    const queryClient = createQueryClient();
    const loading = tracked(loaderOf('jeu_prono', queryClient)());
    await waitFor(() => expect(api.callsTo('GET /api/mini-leagues')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(loading.done).toBe(false);
    answer();
    await waitFor(() => expect(loading.done).toBe(true));
    // The ranking's first page, as 'Voir plus' goes on from it.
    expect(queryClient.getQueryData(['predictions', 'leaderboard', ''])).toEqual({
      pages: [[]],
      pageParams: [0],
    });
  });

  it('do not ask a visitor’s browser for a member’s reads', async () => {
    api.reply('GET /api/matchs/anciens', 200, []);
    await loaderOf('jeu_prono')();
    expect(api.callsTo('GET /api/mini-leagues')).toHaveLength(0);
  });

  it(`give up waiting after ${LOADER_WAIT_MS} ms: a slow API does not keep the page blank`, async () => {
    vi.useFakeTimers();
    try {
      api.handle('GET /api/actualite', () => new Promise(() => {}));
      const loading = tracked(loaderOf('actualites')());
      await vi.advanceTimersByTimeAsync(LOADER_WAIT_MS - 10);
      expect(loading.done).toBe(false);
      await vi.advanceTimersByTimeAsync(20);
      expect(loading.done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
