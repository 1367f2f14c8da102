import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSocketFactory } from '../lib/socket';
import { fakeApi, renderAt, signIn, type FakeApi } from '../test/harness';
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
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    api.reply('POST /api/auth/refresh', 200, {
      access_token: `${b64({ alg: 'HS256' })}.${b64({ exp: Date.now() / 1000 + 3600 })}.sig2`,
    });
    act(() => io.push('disconnect', 'io client disconnect'));
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    act(() => io.push('disconnect', 'io server disconnect'));
    await screen.findByRole('button', { name: /Menu du profil/ });
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });
});
