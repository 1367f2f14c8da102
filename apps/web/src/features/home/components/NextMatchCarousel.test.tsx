import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testMatch, testSiteInfo } from '../../../test/fixtures';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import { NextMatchCarousel } from './NextMatchCarousel';

vi.mock('../../../lib/auth', () => ({
  useAuth: () => ({ status: 'anonymous', isAuthenticated: false, user: null }),
}));

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.reply('GET /api/site', 200, testSiteInfo());
});

describe('the next match at its kickoff', () => {
  it('turns into MATCH EN COURS with its live link without a reload', async () => {
    // A kickoff a moment away: the server still offers predictions until then.
    const kickoff = new Date(Date.now() + 1200);
    const date = kickoff.toISOString();
    api.reply('GET /api/matchs/next', 200, [testMatch({ id: 8, date })]);
    renderWithProviders(<NextMatchCarousel />);
    expect(await screen.findByRole('heading', { name: 'PROCHAIN MATCH' })).toBeVisible();
    expect(api.callsTo('GET /api/matchs/next')).toHaveLength(1);

    // Past the kickoff the server says the match is on: the page asks again by itself.
    api.reply('GET /api/matchs/next', 200, [testMatch({ id: 8, date, edit_pronostic: false })]);
    expect(
      await screen.findByRole('heading', { name: 'MATCH EN COURS' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /SUIVRE LE MATCH EN DIRECT/ })).toBeVisible();
    expect(api.callsTo('GET /api/matchs/next')).toHaveLength(2);
  });
});

describe('the slides', () => {
  it('names each match "N sur M" and leaves the ones off screen out of reach', async () => {
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    api.reply('GET /api/matchs/next', 200, [
      testMatch({ id: 8, date: later(3) }),
      testMatch({ id: 9, date: later(10) }),
    ]);
    renderWithProviders(<NextMatchCarousel />);
    const first = await screen.findByRole('group', { name: '1 sur 2' });
    // The later ones join once the first page has settled (useFirstPageSettled).
    const second = await screen.findByRole('group', { name: '2 sur 2' });
    expect(first).toHaveAttribute('aria-roledescription', 'diapositive');
    // inert: out of the Tab order and of what a screen reader reads (the arrows reach it).
    expect(first).not.toHaveAttribute('inert');
    expect(second).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Match suivant' })).toBeVisible();
  });
});
