import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@munegu/shared';
import { setSocketFactory } from '../lib/socket';
import { accessToken, fakeApi, renderAt, signIn, submitLogin, type FakeApi } from '../test/harness';
import { fakeSocket, type FakeSocket } from '../features/messages/test/fakeSocket';

let api: FakeApi;
let io: FakeSocket;
beforeEach(() => {
  api = fakeApi();
  io = fakeSocket();
  setSocketFactory(() => io.socket);
  signIn(api, { id: 3, username: 'Lea_06' });
  api.reply('GET /api/messages/unread-count', 200, { count: 0 });
  api.reply('GET /api/user-notification/me', 200, []);
  api.reply('GET /api/messages/conversations', 200, []);
});
afterEach(() => setSocketFactory(null));

describe('a login ended by the server', () => {
  it('signs the open page out when the session is gone (suspension, logout elsewhere)', async () => {
    renderAt('/contact');
    expect(await screen.findByRole('button', { name: /Menu du profil/ })).toBeVisible();
    api.reply('POST /api/auth/refresh', 401, { message: 'Ton compte est banni.' });
    act(() => io.push('disconnect', 'io server disconnect'));
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('does not mistake its own logout for a login ended elsewhere', async () => {
    renderAt('/contact');
    fireEvent.keyDown(await screen.findByRole('button', { name: /Menu du profil/ }), {
      key: 'Enter',
    });
    api.reply('POST /api/auth/logout', 200, { message: 'ok' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    act(() => io.push('disconnect', 'io server disconnect'));
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0);
  });

  it('stays signed in and reconnects when the login lives on (a cut for flooding)', async () => {
    renderAt('/contact');
    expect(await screen.findByRole('button', { name: /Menu du profil/ })).toBeVisible();
    api.reply('POST /api/auth/refresh', 200, { access_token: accessToken(3600, 'sig2') });
    act(() => io.push('disconnect', 'io client disconnect'));
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    act(() => io.push('disconnect', 'io server disconnect'));
    await screen.findByRole('button', { name: /Menu du profil/ });
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });
});

describe('a session ended by the server', () => {
  it('leaves nothing of the member to the next one here, but an organiser’s unsent ticks', async () => {
    api.reply('GET /api/messages/unread-count', 200, { count: 4 });
    const ticks = JSON.stringify([{ tripId: 7, userId: 23, patch: { paye: true } }]);
    localStorage.setItem('munegu-pointages', ticks);
    const router = renderAt('/contact');
    expect(await screen.findByRole('link', { name: 'Messages, 4 non lus' })).toBeVisible();
    api.reply('POST /api/auth/refresh', 401, { message: 'Session expirée, reconnecte-toi.' });
    act(() => io.push('disconnect', 'io server disconnect'));
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    // The organiser did not choose to leave: signing in again sends what the roll call left.
    expect(localStorage.getItem('munegu-pointages')).toBe(ticks);

    // Another member signs in in this tab; their own count is still on its way.
    api.reply('POST /api/auth/login', 200, { access_token: accessToken(3600, 'marc') });
    api.reply('GET /api/users/me', 200, { id: 8, username: 'Marc06' });
    api.handle('GET /api/messages/unread-count', () => new Promise(() => {}));
    await act(() => router.navigate('/login'));
    await submitLogin('marc@example.fr', 'Secret12!');
    expect(await screen.findByRole('button', { name: /Menu du profil de Marc06/ })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /non lus/ })).toBeNull();
  });
});

describe('a server restart (a deploy)', () => {
  beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => void vi.useRealTimers());

  it('keeps the page signed in and reconnects its socket once the server answers again', async () => {
    renderAt('/contact');
    expect(await screen.findByRole('button', { name: /Menu du profil/ })).toBeVisible();
    const token = localStorage.getItem('access_token');
    const connect = vi.spyOn(io.socket, 'connect');
    // The stopping API cuts the sockets; its proxy answers the refresh while it is away.
    api.reply('POST /api/auth/refresh', 502, { message: 'Bad Gateway' });
    act(() => io.push('disconnect', 'io server disconnect'));
    await waitFor(() => expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1));
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(screen.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
    expect(connect).not.toHaveBeenCalled();

    api.reply('POST /api/auth/refresh', 200, { access_token: accessToken(3600, 'sig2') });
    await act(async () => void vi.advanceTimersByTime(LIMITS.refreshCheckIntervalMs));
    await waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });

  it('signs in a page opened while the server restarts once it answers again', async () => {
    localStorage.setItem('access_token', accessToken(10));
    api.reply('POST /api/auth/refresh', 503, {
      message: 'Service momentanément indisponible, réessaie dans quelques instants.',
      code: 'UNAVAILABLE',
    });
    renderAt('/contact');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(localStorage.getItem('access_token')).not.toBeNull();

    api.reply('POST /api/auth/refresh', 200, { access_token: accessToken(3600, 'sig2') });
    await act(async () => void vi.advanceTimersByTime(LIMITS.refreshCheckIntervalMs));
    expect(await screen.findByRole('button', { name: /Menu du profil/ })).toBeVisible();
  });
});
