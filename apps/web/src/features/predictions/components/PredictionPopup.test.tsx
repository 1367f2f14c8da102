import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Match } from '@munegu/shared';
import { testMatch } from '../../../test/fixtures';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import { sanitizeScore } from '../../../components/ui/scoreInput';
import { PredictionPopup } from './PredictionPopup';

vi.mock('../../../lib/auth', () => ({
  useAuth: () => ({ user: { id: 7, username: 'lea' }, isAuthenticated: true }),
}));

/** Match 42 (in the URLs below): AS Monaco - OGC Nice (the fixture's, in the score labels). */
const match = (o: Partial<Match> = {}) => testMatch({ id: 42, ...o });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
/** The bodies of every POST sent, in order. */
const posted = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.body);

function open(m: Match) {
  const onClose = vi.fn();
  renderWithProviders(<PredictionPopup match={m} onClose={onClose} />);
  return { onClose, dom: () => screen.getByLabelText('Buts AS Monaco') as HTMLInputElement };
}

const ext = () => screen.getByLabelText('Buts OGC Nice') as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Enregistrer' });

describe('sanitizeScore', () => {
  it('keeps digits only, two at most, capped at 50', () => {
    expect(sanitizeScore('3')).toBe('3');
    expect(sanitizeScore('a1b')).toBe('1');
    expect(sanitizeScore('123')).toBe('12');
    expect(sanitizeScore('77')).toBe('50');
    expect(sanitizeScore('-2')).toBe('2');
    expect(sanitizeScore('')).toBe('');
    expect(sanitizeScore('2.5')).toBe('25');
  });
});

describe('PredictionPopup', () => {
  it('accepts digits only, caps at 50 and keeps Save disabled until both scores are set', async () => {
    const { dom } = open(match());
    expect(await screen.findByText('VOTRE PRONO SERA CONFIRMÉ EN DÉBUT DE MATCH')).toBeVisible();
    expect(saveButton()).toBeDisabled();

    fireEvent.change(dom(), { target: { value: '2x' } });
    expect(dom().value).toBe('2');
    expect(saveButton()).toBeDisabled(); // the other score is still empty

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    fireEvent.change(ext(), { target: { value: '99' } });
    expect(ext().value).toBe('50');
    // Brought down to 50, and the member is told why.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Pas plus de 50 buts : le score a été ramené à 50.',
    );
    expect(saveButton()).toBeEnabled();
    // Still said while the other score changes: this one still shows 50 instead of 99.
    fireEvent.change(dom(), { target: { value: '3' } });
    expect(screen.getByRole('status')).toHaveTextContent('ramené à 50');
    fireEvent.change(ext(), { target: { value: '4' } });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    fireEvent.change(dom(), { target: { value: '' } });
    expect(saveButton()).toBeDisabled();
  });

  it('names the match as its slide does: the nearest one « PROCHAIN MATCH », a later one « MATCH À VENIR »', async () => {
    open(match({ ordre: 1, journee: 13 }));
    expect(await screen.findByText('PROCHAIN MATCH · Journée 13')).toBeVisible();
    cleanup();
    open(match({ ordre: 3, journee: 15 }));
    expect(await screen.findByText('MATCH À VENIR · Journée 15')).toBeVisible();
  });

  it('reads an empty answer (no prediction yet) as empty fields, not an error', async () => {
    api.reply('GET /api/user-pronostic-match/7/42', 200, null);
    const { dom } = open(match());
    await waitFor(() => expect(api.callsTo('GET /api/user-pronostic-match/7/42')).toHaveLength(1));
    expect(await screen.findByText('VOTRE PRONO SERA CONFIRMÉ EN DÉBUT DE MATCH')).toBeVisible();
    expect(dom().value).toBe('');
    expect(ext().value).toBe('');
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pre-fills the saved prediction, disables Save while unchanged and saves a change', async () => {
    api.reply('GET /api/user-pronostic-match/7/42', 200, { score_club_dom: 2, score_club_ext: 1 });
    api.reply('POST /api/user-pronostic-match', 200, {
      message: 'Pronostic enregistré avec succès !',
    });
    const { dom, onClose } = open(match());
    await waitFor(() => expect(dom().value).toBe('2'));
    expect(ext().value).toBe('1');
    expect(saveButton()).toBeDisabled();

    fireEvent.change(ext(), { target: { value: '0' } });
    expect(saveButton()).toBeEnabled();
    fireEvent.click(saveButton());

    expect(await screen.findByText('Pronostic enregistré avec succès !')).toBeVisible();
    expect(posted()).toEqual([{ userId: 7, match_id: 42, score_club_dom: 2, score_club_ext: 0 }]);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message when the save is refused, or the fallback", async () => {
    api.reply('POST /api/user-pronostic-match', 400, {
      message: 'Les pronostics sont fermés pour ce match.',
    });
    const { dom } = open(match());
    fireEvent.change(dom(), { target: { value: '1' } });
    fireEvent.change(ext(), { target: { value: '1' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Les pronostics sont fermés pour ce match.')).toBeVisible();

    api.reply('POST /api/user-pronostic-match', 500, 'oops');
    fireEvent.change(ext(), { target: { value: '2' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Erreur lors de la sauvegarde')).toBeVisible();
  });

  it('locks the inputs once the match has started', async () => {
    api.reply('GET /api/user-pronostic-match/7/42', 200, { score_club_dom: 3, score_club_ext: 0 });
    const { dom } = open(match({ edit_pronostic: false }));
    await waitFor(() => expect(dom().value).toBe('3'));
    expect(dom()).toBeDisabled();
    expect(ext()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.getByText(/MATCH EN COURS/)).toBeVisible();
    expect(screen.queryByText('VOTRE PRONO SERA CONFIRMÉ EN DÉBUT DE MATCH')).toBeNull();
  });

  it('locks itself at kickoff while open, back to the saved prediction', async () => {
    api.reply('GET /api/user-pronostic-match/7/42', 200, { score_club_dom: 2, score_club_ext: 1 });
    const kickoff = new Date(Date.now() + 1200).toISOString();
    const { dom } = open(match({ date: kickoff }));
    await waitFor(() => expect(dom().value).toBe('2'));
    fireEvent.change(dom(), { target: { value: '4' } });
    expect(saveButton()).toBeEnabled();

    expect(await screen.findByText(/MATCH EN COURS/, {}, { timeout: 3000 })).toBeVisible();
    expect(dom()).toBeDisabled();
    await waitFor(() => expect(dom().value).toBe('2'));
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByText('VOTRE PRONO SERA CONFIRMÉ EN DÉBUT DE MATCH')).toBeNull();
  });

  it('says so when the member made no prediction for a locked match', async () => {
    api.reply('GET /api/user-pronostic-match/7/42', 200, null);
    open(match({ edit_pronostic: false }));
    expect(await screen.findByText("TU N'AS PAS FAIT DE PRONOSTIC POUR CE MATCH")).toBeVisible();
  });

  it('shows the points of a finished match, or that they are being computed', async () => {
    api.reply('GET /api/user-pronostic-match/7/42', 200, { score_club_dom: 2, score_club_ext: 1 });
    api.reply('GET /api/user-pronostic-match/points/prochain?match_id=42', 200, {
      match_id: 42,
      is_finish: true,
      has_pronostic: true,
      points: 3,
    });
    open(match({ is_finish: true, edit_pronostic: false, buts_dom: 3, buts_ext: 2 }));
    expect(await screen.findByText('+3 points')).toBeVisible();
    expect(screen.getByText(/MATCH TERMINÉ/)).toBeVisible();
  });

  it('says the points are being computed', async () => {
    api.reply('GET /api/user-pronostic-match/7/42', 200, { score_club_dom: 2, score_club_ext: 1 });
    api.reply('GET /api/user-pronostic-match/points/prochain?match_id=42', 200, {
      match_id: 42,
      is_finish: true,
      has_pronostic: true,
      points: null,
    });
    open(match({ is_finish: true, edit_pronostic: false }));
    expect(await screen.findByText('POINTS EN COURS DE CALCUL...')).toBeVisible();
  });

  it('reports a failure to load the points', async () => {
    api.reply('GET /api/user-pronostic-match/7/42', 200, { score_club_dom: 2, score_club_ext: 1 });
    api.reply('GET /api/user-pronostic-match/points/prochain?match_id=42', 500, {});
    open(match({ is_finish: true, edit_pronostic: false }));
    expect(await screen.findByText('Erreur lors de la récupération des points')).toBeVisible();
  });
});
