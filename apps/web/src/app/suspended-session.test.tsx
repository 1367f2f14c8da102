import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSocketFactory } from '../lib/socket';
import { clearSuspension } from '../lib/suspension';
import { fakeApi, renderAt, signIn, type FakeApi } from '../test/harness';
import { fakeSocket, type FakeSocket } from '../features/messages/test/fakeSocket';

/**
 * Issue 29: a member suspended or banned while signed in used to land on '/404 Page
 * introuvable'. The refresh that fails says why (401 SUSPENDED_ACCOUNT); the app shows it.
 */
let api: FakeApi;
let io: FakeSocket;
const REASON = 'Insultes répétées envers un autre supporter.';
const suspended = (until: string | null) => ({
  message: until
    ? `Ton compte est suspendu jusqu’au 14 juillet 2031 à 10:30 : ${REASON}`
    : `Ton compte est banni : ${REASON}`,
  code: 'SUSPENDED_ACCOUNT',
  suspension: { until, reason: REASON },
});

beforeEach(() => {
  api = fakeApi();
  io = fakeSocket();
  setSocketFactory(() => io.socket);
  api.reply('GET /api/messages/unread-count', 200, { count: 0 });
  api.reply('GET /api/user-notification/me', 200, []);
  api.reply('GET /api/messages/conversations', 200, []);
});
afterEach(() => {
  setSocketFactory(null);
  clearSuspension();
});

describe('a session ended by a suspension', () => {
  it('shows the reason, the end and the contact link on reload of a private page, not /404', async () => {
    signIn(api, { id: 3, username: 'Lea_06' });
    api.reply('GET /api/users/me', 401, { message: 'Tu dois être connecté(e).' });
    api.reply('POST /api/auth/refresh', 401, suspended('2031-07-14T08:30:00.000Z'));
    const router = renderAt('/parametres');
    const page = await screen.findByRole('region', { name: 'Ton compte est suspendu' });
    expect(within(page).getByText('Jusqu’au 14 juillet 2031 à 10:30')).toBeVisible();
    expect(within(page).getByText(REASON)).toBeVisible();
    expect(within(page).getByRole('link', { name: 'Écrire à l’association' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(router.state.location.pathname).toBe('/compte-suspendu');
    expect(screen.queryByText('Page introuvable')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('takes an open page there when the server cuts the session, and lets the member leave', async () => {
    signIn(api, { id: 3, username: 'Lea_06' });
    const router = renderAt('/messages');
    expect(await screen.findByRole('button', { name: /Menu du profil/ })).toBeVisible();
    api.reply('POST /api/auth/refresh', 401, suspended(null));
    act(() => io.push('disconnect', 'io server disconnect'));
    const page = await screen.findByRole('region', { name: 'Ton compte est banni' });
    expect(within(page).getByText(REASON)).toBeVisible();
    expect(within(page).queryByText(/Jusqu’au/)).toBeNull();
    expect(router.state.location.pathname).toBe('/compte-suspendu');

    fireEvent.click(within(page).getByRole('link', { name: 'Écrire à l’association' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Contact/i })).toBeVisible();
    expect(router.state.location.pathname).toBe('/contact');
    // Seen and left: the notice is over, the member goes where they like.
    await act(() => router.navigate('/login'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('is not shown to a visitor who types the address', async () => {
    api.reply('POST /api/auth/refresh', 401, { message: 'Session expirée' });
    const router = renderAt('/compte-suspendu');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('region', { name: /Ton compte est/ })).toBeNull();
  });
});
