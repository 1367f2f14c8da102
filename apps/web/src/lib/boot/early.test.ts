import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../test/harness';
import { api as client } from '../api';
import { EARLY_MAX_AGE_MS, EARLY_READS, startEarlyReads, takeEarly } from './early';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const tokenExpiringIn = (seconds: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ exp: Date.now() / 1000 + seconds })}.sig`;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  // What a test started and did not take must not reach the next one.
  for (const path of ['/users/me', ...Object.values(EARLY_READS).flat()])
    takeEarly(`/api${path}`, null);
  localStorage.clear();
});

describe('the early reads (lib/boot/early.ts)', () => {
  it("asks the member and the landing page's reads, with the member's token", () => {
    const token = tokenExpiringIn(3600);
    const fetched = vi.spyOn(globalThis, 'fetch');
    startEarlyReads('/jeu_prono', token);
    expect(api.calls.map((c) => c.path)).toEqual([
      '/api/users/me',
      '/api/users/classement-pronos?limit=100',
      '/api/mini-leagues',
    ]);
    const init = fetched.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ Authorization: `Bearer ${token}` });
    expect(init.credentials).toBe('include');
  });

  it('asks nothing for a visitor, or with a token about to expire (renewed first)', () => {
    startEarlyReads('/jeu_prono', null);
    startEarlyReads('/jeu_prono', tokenExpiringIn(10));
    expect(api.calls).toEqual([]);
  });

  it("is taken by the app's client once: no second request, the next call asks again", async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem('access_token', token);
    api.reply('GET /api/users/me', 200, { id: 7, username: 'Early_06' });
    startEarlyReads('/', token);
    expect(await client.get('/users/me')).toEqual({ id: 7, username: 'Early_06' });
    expect(api.callsTo('GET /api/users/me')).toHaveLength(1);
    await client.get('/users/me');
    expect(api.callsTo('GET /api/users/me')).toHaveLength(2);
  });

  it('is not taken with another token, nor once stale', async () => {
    localStorage.setItem('access_token', tokenExpiringIn(3600));
    api.reply('GET /api/users/me', 200, { id: 7, username: 'Early_06' });
    startEarlyReads('/', tokenExpiringIn(1800));
    await client.get('/users/me');
    expect(api.callsTo('GET /api/users/me')).toHaveLength(2);

    startEarlyReads('/', localStorage.getItem('access_token'));
    // Read after the start: a slow machine may spend a millisecond or more in it.
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + EARLY_MAX_AGE_MS + 1);
    await client.get('/users/me');
    expect(api.callsTo('GET /api/users/me')).toHaveLength(4);
  });

  it('a failed early read is asked again by the client', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem('access_token', token);
    api.reply('GET /api/users/me', 'network');
    startEarlyReads('/', token);
    api.reply('GET /api/users/me', 200, { id: 7, username: 'Early_06' });
    expect(await client.get('/users/me')).toEqual({ id: 7, username: 'Early_06' });
    expect(api.callsTo('GET /api/users/me')).toHaveLength(2);
  });

  it('names, for each landing path, only reads its page asks for signed in', async () => {
    for (const [pathname, reads] of Object.entries(EARLY_READS)) {
      api = fakeApi();
      signIn(api, { id: 7, username: 'Early_06' });
      renderAt(pathname);
      await screen.findByRole('heading', { level: 1 });
      for (const path of reads)
        await vi.waitFor(() => expect(api.callsTo(`GET /api${path}`), path).not.toHaveLength(0));
    }
  });
});
