import { screen, fireEvent } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Match, MatchInfo } from '@munegu/shared';
import { testClub, testMatch, testSiteInfo, testTransportInfo } from '../../../test/fixtures';
import { fakeApi, renderWithProviders, signIn, type FakeApi } from '../../../test/harness';
import { markFirstPageRendered, resetFirstPageSettled } from '../../../lib/boot';
import { setSocketFactory } from '../../../lib/socket';
import { fakeSocket } from '../../messages/test/fakeSocket';
import { testTrip } from '../../trips/test/fixtures';
import { MatchSlide } from './MatchSlide';

let authenticated = false;
vi.mock('../../../lib/auth', () => ({
  useAuth: () => ({
    status: authenticated ? 'authenticated' : 'anonymous',
    isAuthenticated: authenticated,
    user: authenticated ? { id: 1 } : null,
  }),
}));

/** Match 8, J15 #ASMOL: AS Monaco (stadium and city unknown) - OL. */
const match = (o: Partial<Match> = {}) =>
  testMatch({
    id: 8,
    journee: 15,
    hashtag: 'ASMOL',
    club_dom: testClub(1, 'AS Monaco', { nomStade: null, ville: null }),
    club_ext: testClub(5, 'OL', { nomStade: 'Groupama Stadium', ville: 'Lyon' }),
    ...o,
  });

type Handlers = Partial<Record<'onPrediction' | 'onPresence' | 'onOpenMap' | 'onRate', () => void>>;

function mount(m: Match, index = 0, onPrediction = vi.fn(), handlers: Handlers = {}) {
  renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={<MatchSlide match={m} index={index} onPrediction={onPrediction} {...handlers} />}
      />
      <Route path="/login" element={<p>page de connexion</p>} />
    </Routes>,
  );
  return onPrediction;
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.reply('GET /api/users/infos-utilisateur', 200, null);
});

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
    mount(match({ id: 9 }), 0, never);
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

  it('uses the match ticket link and AS Monaco live feed, else the site defaults', () => {
    authenticated = true;
    const monaco = testClub(1, 'AS Monaco', { live_feed_url: 'https://x.com/asm_live' });
    mount(
      match({
        edit_pronostic: false,
        club_dom: testClub(5, 'OL', { live_feed_url: 'https://x.com/ol' }),
        club_ext: monaco,
        ticket_url: 'https://billetterie.example/j15',
      }),
    );
    expect(screen.getByRole('link', { name: /EN DIRECT/ })).toHaveAttribute(
      'href',
      'https://x.com/asm_live',
    );
    // Under way: neither the ticket office nor the calendar has anything left to offer.
    expect(screen.queryByRole('link', { name: /Billetterie/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ajouter au calendrier' })).toBeNull();
  });

  it('links the match’s own ticket office before kickoff, not once it is over', () => {
    const ticketed = { ticket_url: 'https://billetterie.example/j15' };
    mount(match(ticketed));
    expect(screen.getByRole('link', { name: /Billetterie/ })).toHaveAttribute(
      'href',
      'https://billetterie.example/j15',
    );
    mount(
      match({
        ...ticketed,
        id: 9,
        is_finish: true,
        edit_pronostic: false,
        buts_dom: 3,
        buts_ext: 1,
      }),
    );
    expect(screen.getAllByRole('link', { name: /Billetterie/ })).toHaveLength(1);
  });

  it('falls back to the operator’s links when the match has none', async () => {
    authenticated = true;
    api.reply(
      'GET /api/site',
      200,
      testSiteInfo({
        ticket_office_url: 'https://tickets.asm.mc/',
        club_live_url: 'https://x.com/ASM',
      }),
    );
    const live = match({
      edit_pronostic: false,
      ticket_url: null,
      club_dom: testClub(1, 'AS Monaco', { live_feed_url: null }),
    });
    mount(live);
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: /EN DIRECT/ })).toHaveAttribute(
        'href',
        'https://x.com/ASM',
      ),
    );
    mount(match({ id: 9, ticket_url: null }));
    expect(await screen.findByRole('link', { name: /Billetterie/ })).toHaveAttribute(
      'href',
      'https://tickets.asm.mc/',
    );
  });

  it('shows no ticket link while neither the match nor the operator has one', async () => {
    authenticated = true;
    api.reply('GET /api/site', 200, testSiteInfo());
    mount(match({ ticket_url: null }));
    await vi.waitFor(() => expect(api.callsTo('GET /api/site')).toHaveLength(1));
    await screen.findByText('Journée 15');
    expect(screen.queryByRole('link', { name: /Billetterie/ })).toBeNull();
  });

  it('titles a later slide MATCH À VENIR', () => {
    authenticated = true;
    mount(match({ ordre: 2 }), 1);
    expect(screen.getByRole('heading', { name: 'MATCH À VENIR' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'JE VAIS AU MATCH !' })).toBeVisible();
  });
});

/** An answer: coming by train. */
const info = (o: Partial<MatchInfo> = {}) =>
  testTransportInfo({ transport: 'TRAIN', places_dispo: 0, covoiturage: false, ...o });
const finished = { is_finish: true, edit_pronostic: false, buts_dom: 1, buts_ext: 0 };

/** The second button (spec section 2): from the member's answer for the match. */
describe('MatchSlide second button', () => {
  const member = (answer: MatchInfo | null) => {
    authenticated = true;
    signIn(api, { id: 1, username: 'lea' });
    api.reply('GET /api/users/infos-utilisateur?match_id=8', 200, answer);
  };
  const handlers = () => ({ onPresence: vi.fn(), onOpenMap: vi.fn(), onRate: vi.fn() });

  it('JE VAIS AU MATCH ! opens the form before any answer, /login when signed out', async () => {
    member(null);
    const h = handlers();
    mount(match(), 0, vi.fn(), h);
    fireEvent.click(await screen.findByRole('button', { name: 'JE VAIS AU MATCH !' }));
    expect(h.onPresence).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }));
    expect(screen.queryByRole('button', { name: 'MUNEGU MAP' })).toBeNull();
  });

  it('signed out: the presence button leads to /login, no request for the answer', () => {
    authenticated = false;
    const h = handlers();
    mount(match(), 0, vi.fn(), h);
    fireEvent.click(screen.getByRole('button', { name: 'JE VAIS AU MATCH !' }));
    expect(screen.getByText('page de connexion')).toBeVisible();
    expect(h.onPresence).not.toHaveBeenCalled();
    expect(api.callsTo('GET /api/users/infos-utilisateur')).toHaveLength(0);
  });

  it('MUNEGU MAP once answered, with a way to modify the answer', async () => {
    member(info());
    const h = handlers();
    mount(match(), 0, vi.fn(), h);
    fireEvent.click(await screen.findByRole('button', { name: 'MUNEGU MAP' }));
    expect(h.onOpenMap).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }));
    expect(screen.queryByRole('button', { name: 'JE VAIS AU MATCH !' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier ma présence' }));
    expect(h.onPresence).toHaveBeenCalled();
  });

  it('no way to modify the answer once the match has kicked off', async () => {
    member(info());
    mount(match({ edit_pronostic: false }), 1, vi.fn(), handlers());
    expect(await screen.findByRole('button', { name: 'MUNEGU MAP' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Modifier ma présence' })).toBeNull();
  });

  it('NOTE TON COVOITURAGE after the match while the carpool is not rated', async () => {
    member(info({ has_relation: true, has_confirmed: true }));
    const h = handlers();
    mount(match(finished), 0, vi.fn(), h);
    fireEvent.click(await screen.findByRole('button', { name: 'NOTE TON COVOITURAGE' }));
    expect(h.onRate).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }));
  });

  it('nothing to rate once rated', async () => {
    member(info({ has_relation: true, has_confirmed: true, note_submitted: true }));
    mount(match(finished));
    expect(await screen.findByText('Vous avez déjà noté vos covoitureurs.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'NOTE TON COVOITURAGE' })).toBeNull();
  });

  it('nothing after the match without a carpool', async () => {
    member(info());
    mount(match(finished));
    await vi.waitFor(() => expect(api.callsTo('GET /api/users/infos-utilisateur')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'JEU DU PRONO' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /JE VAIS|MUNEGU|NOTE TON/ })).toBeNull();
  });
});

/**
 * The antennas' coaches (issue 30): a member's extra, whose code and read come once the first
 * page has painted, and which takes no room before its trips are there.
 */
describe('MatchSlide coach cards', () => {
  const LIST = 'GET /api/deplacements?match_id=8';
  const later = () => match();
  beforeEach(() => {
    resetFirstPageSettled();
    markFirstPageRendered();
    setSocketFactory(() => fakeSocket().socket);
  });
  afterEach(() => setSocketFactory(null));

  it('a member sees a Car de {antenne} card once the page has painted', async () => {
    authenticated = true;
    api.reply(LIST, 200, [testTrip({ match_id: 8 })]);
    mount(later());
    expect(await screen.findByRole('article', { name: 'Car de Ultras 2000' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Je m’inscris' })).toBeVisible();
  });

  /** Long enough for the page to settle and a loaded component to ask for its trips. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('visitors never ask for trips', async () => {
    authenticated = false;
    api.reply(LIST, 200, [testTrip({ match_id: 8 })]);
    mount(later());
    await settle();
    expect(api.callsTo('GET /api/deplacements')).toHaveLength(0);
    expect(screen.queryByRole('article', { name: /Car de/ })).toBeNull();
  });

  it('nor do members for a match that has kicked off', async () => {
    authenticated = true;
    api.reply(LIST, 200, [testTrip({ match_id: 8 })]);
    mount(match({ edit_pronostic: false }), 1);
    await settle();
    expect(api.callsTo('GET /api/deplacements')).toHaveLength(0);
  });
});
