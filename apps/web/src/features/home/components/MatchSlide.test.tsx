import { render, screen, fireEvent } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Match } from '@munegu/shared';
import { MatchSlide } from './MatchSlide';

let authenticated = false;
vi.mock('../../../lib/auth', () => ({
  useAuth: () => ({ isAuthenticated: authenticated, user: authenticated ? { id: 1 } : null }),
}));

const club = (id: number, nom: string, nomStade: string | null, ville: string | null) => ({
  id,
  nom,
  logo: '',
  stade: null,
  nomStade,
  ville,
  departement_club: '06',
});
const match = (o: Partial<Match> = {}): Match => ({
  id: 8,
  date: '2026-12-05T19:45:00.000Z',
  heure: '19:45',
  journee: 15,
  hashtag: 'ASMOL',
  ordre: 1,
  is_finish: false,
  edit_pronostic: true,
  buts_dom: null,
  buts_ext: null,
  club_dom: club(1, 'AS Monaco', null, null),
  club_ext: club(5, 'OL', 'Groupama Stadium', 'Lyon'),
  ...o,
});

function mount(m: Match, index = 0, onPrediction = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={<MatchSlide match={m} index={index} onPrediction={onPrediction} />}
        />
        <Route path="/login" element={<p>page de connexion</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return onPrediction;
}

describe('MatchSlide', () => {
  it('shows the round, the fallbacks for stadium and city, the hashtag and the .ics link', () => {
    authenticated = true;
    mount(match());
    expect(screen.getByRole('heading', { name: 'PROCHAIN MATCH' })).toBeVisible();
    expect(screen.getByText('Journée 15')).toBeVisible();
    expect(screen.getByText(/Stade inconnu · Ville inconnue/)).toBeVisible();
    expect(screen.getByText('#ASMOL')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ajouter au calendrier' })).toHaveAttribute(
      'href',
      '/api/matchs/8/calendar.ics',
    );
  });

  it('opens the prediction popup for members and sends visitors to /login', () => {
    authenticated = true;
    const onPrediction = mount(match());
    fireEvent.click(screen.getByRole('button', { name: 'JEU DU PRONO' }));
    expect(onPrediction).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }));

    authenticated = false;
    const never = vi.fn();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="/"
            element={<MatchSlide match={match({ id: 9 })} index={0} onPrediction={never} />}
          />
          <Route path="/login" element={<p>page de connexion</p>} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'JEU DU PRONO' })[1]!);
    expect(screen.getByText('page de connexion')).toBeVisible();
    expect(never).not.toHaveBeenCalled();
  });

  it('links the live first match to the club feed', () => {
    authenticated = true;
    mount(match({ edit_pronostic: false }));
    expect(screen.getByRole('heading', { name: 'MATCH EN COURS' })).toBeVisible();
    expect(screen.getByRole('link', { name: /EN DIRECT/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'JE VAIS AU MATCH !' })).toBeNull();
  });

  it('titles a later slide MATCH À VENIR', () => {
    authenticated = true;
    mount(match({ ordre: 2 }), 1);
    expect(screen.getByRole('heading', { name: 'MATCH À VENIR' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'JE VAIS AU MATCH !' })).toBeVisible();
  });
});
