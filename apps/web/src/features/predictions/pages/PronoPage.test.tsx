import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeaderboardResponse, PastMatch } from '@munegu/shared';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import PronoPage from './PronoPage';

let me: { id: number; username: string } | null = null;
vi.mock('../../../lib/auth', () => ({
  useAuth: () => ({ user: me, isAuthenticated: me !== null }),
}));

let api: FakeApi;
beforeEach(() => {
  me = null;
  api = fakeApi();
});

const row = (id: number, username: string, pts: number, rank: number) => ({
  id,
  username,
  profile_picture: null,
  pts_prono: pts,
  classement_prono: rank,
});

const past: PastMatch = {
  id: 9,
  journee: 12,
  date: '2026-11-08T16:00:00.000Z',
  club_dom: { id: 4, nom: 'OGC Nice', logo: '/clubs/nice.svg' },
  club_ext: { id: 1, nom: 'AS Monaco', logo: '/clubs/monaco.svg' },
  buts_dom: 1,
  buts_ext: 2,
  prono_scores_exacts: 4,
  prono_bons_resultats_diff: 3,
  prono_bons_resultats: 2,
  prono_mauvais_resultats: 7,
};

function mount() {
  renderWithProviders(<PronoPage />);
}

describe('PronoPage', () => {
  it('fills missing podium places with Inconnu and 0 pts', async () => {
    api.reply('GET /api/users/classement-pronos', 200, {
      total: 1,
      matching: 1,
      rows: [row(1, 'lea_asm', 12, 1)],
      me: null,
    });
    api.reply('GET /api/matchs/anciens', 200, []);
    mount();
    const podium = await screen.findByRole('list', { name: 'Top 3' });
    expect(await within(podium).findByText('lea_asm')).toBeVisible();
    expect(within(podium).getByText('12 pts')).toBeVisible();
    expect(within(podium).getAllByText('Inconnu')).toHaveLength(2);
    expect(within(podium).getAllByText('0 pts')).toHaveLength(2);
  });

  it('shows the past match banner, its stats, the rank line and highlights me from rank 4', async () => {
    me = { id: 5, username: 'moi' };
    const rows = [
      row(1, 'a_one', 20, 1),
      row(2, 'b_two', 18, 2),
      row(3, 'c_three', 18, 2),
      row(4, 'd_four', 10, 4),
      row(5, 'moi', 10, 4),
    ];
    const board: LeaderboardResponse = { total: 5, matching: 5, rows, me: rows[4]! };
    api.reply('GET /api/users/classement-pronos', 200, board);
    api.reply('GET /api/matchs/anciens', 200, [past]);
    api.reply('GET /api/mini-leagues', 200, []);
    mount();
    expect(await screen.findByRole('option', { name: 'J12 - OGC Nice' })).toBeInTheDocument();
    expect(screen.getByText('08/11/26')).toBeVisible();
    expect(screen.getByText('1 – 2')).toBeVisible();
    expect(screen.getByText('Scores exacts').previousSibling).toHaveTextContent('4');
    expect(screen.getByText('Mauvais résultats').previousSibling).toHaveTextContent('7');
    expect(await screen.findByText('Classement : 4ᵉ / 5')).toBeVisible();
    const mine = screen.getByText('moi').closest('li')!;
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('d_four').closest('li')).not.toHaveAttribute('aria-current');
    expect(within(mine).getByText('4')).toBeVisible(); // shared rank
  });

  it('reports a leaderboard or matches failure in French', async () => {
    api.reply('GET /api/users/classement-pronos', 500, {});
    api.reply('GET /api/matchs/anciens', 500, {});
    mount();
    expect(
      await screen.findByText(
        'Erreur lors de la récupération du classement.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(
      await screen.findByText('Erreur lors de la récupération des matchs.', {}, { timeout: 5000 }),
    ).toBeVisible();
  });
});
