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
