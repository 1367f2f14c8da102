import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSocketFactory } from '../lib/socket';
import { accessToken, fakeApi, renderAt, signIn, type FakeApi } from '../test/harness';
import { fakeSocket } from '../features/messages/test/fakeSocket';

/**
 * The token lives in localStorage, shared by every tab of the browser: what another tab does to
 * it reaches this one as a 'storage' event (a tab never hears its own writes).
 */
function anotherTabWrites(token: string | null) {
  const oldValue = localStorage.getItem('access_token');
  if (token) localStorage.setItem('access_token', token);
  else localStorage.removeItem('access_token');
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'access_token',
        oldValue,
        newValue: token,
        storageArea: localStorage,
      }),
    );
  });
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  setSocketFactory(() => fakeSocket().socket);
  api.reply('GET /api/messages/unread-count', 200, { count: 3 });
  api.reply('GET /api/user-notification/me', 200, []);
  api.reply('GET /api/messages/conversations', 200, []);
});
afterEach(() => setSocketFactory(null));

describe('a session changed in another tab of the browser', () => {
  it('signs this tab out when the member signs out in another', async () => {
    signIn(api, { id: 3, username: 'Lea_06' });
    const router = renderAt('/contact');
    expect(await screen.findByRole('link', { name: 'Messages, 3 non lus' })).toBeVisible();

    anotherTabWrites(null);
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /non lus/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('takes a member page home rather than to « Page introuvable »', async () => {
    signIn(api, { id: 3, username: 'Lea_06' });
    api.reply('GET /api/users/settings', 200, { notifications: [] });
    const router = renderAt('/parametres');
    expect(await screen.findByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();

    anotherTabWrites(null);
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Page introuvable' })).toBeNull();
  });

  it('shows the member who signs in in another tab', async () => {
    renderAt('/contact');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();

    api.reply('GET /api/users/me', 200, { id: 8, username: 'Marc06' });
    anotherTabWrites(accessToken(3600, 'marc'));
    expect(await screen.findByRole('button', { name: /Menu du profil de Marc06/ })).toBeVisible();
  });

  it('stays signed in when another tab only renews the token', async () => {
    signIn(api, { id: 3, username: 'Lea_06' });
    renderAt('/contact');
    expect(await screen.findByRole('button', { name: /Menu du profil/ })).toBeVisible();
    const meCalls = api.callsTo('GET /api/users/me').length;

    anotherTabWrites(accessToken(3600, 'renewed'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
    expect(api.callsTo('GET /api/users/me')).toHaveLength(meCalls);
  });
});
