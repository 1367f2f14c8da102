import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeaderboardRow } from '@munegu/shared';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import { GeneralRanking } from './GeneralRanking';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

const row = (rank: number): LeaderboardRow => ({
  id: rank,
  username: `joueur_${rank}`,
  profile_picture: null,
  pts_prono: 1000 - rank,
  classement_prono: rank,
});

/** 150 ranked members, served by limit/offset (and `q` on the pseudo) as the API does. */
const board = Array.from({ length: 150 }, (_, i) => row(i + 1));
function serveBoard(meId: number) {
  api.handle('GET /api/users/classement-pronos', (_body, url) => {
    const params = new URL(url, 'http://test').searchParams;
    const limit = Number(params.get('limit') ?? 100);
    const offset = Number(params.get('offset') ?? 0);
    const q = params.get('q');
    const matching = q ? board.filter((r) => r.username.includes(q)) : board;
    return {
      status: 200,
      body: {
        total: board.length,
        matching: matching.length,
        rows: matching.slice(offset, offset + limit),
        me: board.find((r) => r.id === meId) ?? null,
      },
    };
  });
}

describe('GeneralRanking', () => {
  it('loads the rows after the first 100 with « Voir plus » and highlights mine there', async () => {
    serveBoard(150);
    renderWithProviders(<GeneralRanking meId={150} />);
    expect(await screen.findByText('joueur_100')).toBeVisible();
    expect(screen.queryByText('joueur_101')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.path).not.toContain('offset');

    fireEvent.click(screen.getByRole('button', { name: 'Voir plus' }));

    expect(await screen.findByText('joueur_101')).toBeVisible();
    expect(api.callsTo('GET /api/users/classement-pronos?limit=100&offset=100')).toHaveLength(1);
    const mine = screen.getByText('joueur_150').closest('li')!;
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(within(mine).getByText('150')).toBeVisible();
    // Everything is shown: no more « Voir plus ».
    expect(screen.queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();
  });

  it('pages a pseudo search with the same filter', async () => {
    serveBoard(1);
    renderWithProviders(<GeneralRanking meId={1} />);
    await screen.findByText('joueur_100');
    fireEvent.change(screen.getByPlaceholderText('Rechercher un pseudo...'), {
      target: { value: 'joueur' },
    });
    // The button is back once the search's own first page has arrived.
    await waitFor(
      () => {
        expect(api.calls.some((c) => c.path.includes('q=joueur'))).toBe(true);
        expect(screen.getByRole('button', { name: 'Voir plus' })).toBeEnabled();
      },
      { timeout: 2000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
    expect(await screen.findByText('joueur_101')).toBeVisible();
    const more = api.calls.filter((c) => c.path.includes('offset=100'));
    expect(more.map((c) => new URL(c.path, 'http://test').searchParams.get('q'))).toEqual([
      'joueur',
    ]);
  });
});
