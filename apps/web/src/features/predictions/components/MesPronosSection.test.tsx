import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MesPronosResponse, PronoEntry } from '@munegu/shared';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import { pointsTone } from '../api';
import { MesPronosSection } from './MesPronosSection';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
const answer = (reply: MesPronosResponse) =>
  api.reply('POST /api/user-pronostic-match/mes-pronos', 200, reply);

const entry = (points: number, journee: number): PronoEntry => ({
  match_id: journee,
  journee,
  date: `2026-0${journee}-10T19:00:00.000Z`,
  domicile: journee % 2 === 0,
  logo_club_adverse: '/clubs/nice.svg',
  nom_club_adverse: 'OGC Nice',
  score_reel: { buts_dom: 2, buts_ext: 1 },
  pronostic: { score_dom: 2, score_ext: 1, points },
});

function mount() {
  renderWithProviders(<MesPronosSection username="lea_asm" displayName="Léa" />);
}

describe('pointsTone', () => {
  it('is green for 5, yellow for 3, orange for 1 and red otherwise', () => {
    expect(pointsTone(5)).toBe('green');
    expect(pointsTone(3)).toBe('yellow');
    expect(pointsTone(1)).toBe('orange');
    expect(pointsTone(0)).toBe('red');
    expect(pointsTone(null)).toBe('red');
  });
});

describe('MesPronosSection', () => {
  it('lists the predictions with coloured points and the ranking line', async () => {
    answer({
      pronos: [entry(5, 4), entry(3, 3), entry(1, 2), entry(0, 1)],
      pts_prono: 9,
      classement_prono: 3,
      totalUsers: 27,
    });
    mount();
    expect(await screen.findByText('Classement : 3ᵉ / 27')).toBeVisible();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/user-pronostic-match/mes-pronos',
        body: { publicId: 'lea_asm' },
      },
    ]);
    expect(screen.getByText('+5 points')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByText('+3 points')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText('+1 point')).toHaveAttribute('data-tone', 'orange');
    expect(screen.getByText('+0 point')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('10/04/2026')).toBeVisible(); // dd/mm/yyyy, Paris time
    expect(screen.getAllByRole('img', { name: 'À domicile' })).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: 'À l’extérieur' })).toHaveLength(2);
  });

  it('says so when the member made no prediction this season', async () => {
    answer({ pronos: [], pts_prono: 0, classement_prono: null, totalUsers: 27 });
    mount();
    expect(await screen.findByText("Léa n'a réalisé aucun pronostic cette saison.")).toBeVisible();
    expect(screen.queryByText(/Classement :/)).toBeNull();
  });
});
