import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MiniLeagueDetail, MiniLeagueSummary } from '@munegu/shared';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import { MiniLeaguesPanel } from './MiniLeaguesPanel';

vi.mock('../../../lib/auth', () => ({
  useAuth: () => ({ user: { id: 5, username: 'moi' }, isAuthenticated: true }),
}));

const league = (id: number, name: string, members = 2): MiniLeagueSummary => ({
  id,
  name,
  invite_code: '3Q7PKPT2',
  owner_id: 9,
  members_count: members,
});

let api: FakeApi;
let mine: MiniLeagueSummary[];
beforeEach(() => {
  api = fakeApi();
  mine = [league(1, 'Les potes')];
  api.handle('GET /api/mini-leagues', () => ({ status: 200, body: mine }));
  const detail: MiniLeagueDetail = { ...league(1, 'Les potes'), members: [] };
  api.reply('GET /api/mini-leagues/1', 200, detail);
});

describe('MiniLeaguesPanel', () => {
  it('shows the members a league has now once it is opened, not those of the page’s load', async () => {
    mine = [league(1, 'Les potes', 1)];
    const member = (id: number, username: string, rank: number) => ({
      id,
      username,
      profile_picture: null,
      pts_prono: 0,
      rank,
      classement_prono: null,
    });
    api.reply('GET /api/mini-leagues/1', 200, {
      ...league(1, 'Les potes', 2),
      members: [member(5, 'moi', 1), member(7, 'ami', 1)],
    });
    renderWithProviders(<MiniLeaguesPanel />);
    const toggle = await screen.findByRole('button', { name: /Les potes/ });
    expect(toggle).toHaveTextContent('(1 membre)');
    fireEvent.click(toggle);
    expect(await screen.findByText('ami')).toBeVisible();
    expect(toggle).toHaveTextContent('(2 membres)');
    // Leaving now warns of what is true: someone else is still in it.
    fireEvent.click(screen.getByRole('button', { name: 'Quitter' }));
    expect(
      await screen.findByText('Tu pourras la rejoindre à nouveau avec son code.'),
    ).toBeVisible();
  });

  it('reads the list again when the member comes back to the tab', async () => {
    mine = [league(1, 'Les potes', 1)];
    renderWithProviders(<MiniLeaguesPanel />);
    const toggle = await screen.findByRole('button', { name: /Les potes/ });
    expect(toggle).toHaveTextContent('(1 membre)');
    // A friend joined with the code the creator sent from another app.
    mine = [league(1, 'Les potes', 2)];
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(toggle).toHaveTextContent('(2 membres)'));
    focusManager.setFocused(undefined);
  });

  it('says the league opens, and whether it is open', async () => {
    renderWithProviders(<MiniLeaguesPanel />);
    const toggle = await screen.findByRole('button', { name: /Les potes/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Les potes (2 membres)');
    expect(toggle).toHaveAccessibleDescription('Afficher le classement');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleDescription('Masquer le classement');
  });

  it('leaves a league after a confirmation, and it leaves the list', async () => {
    api.handle('DELETE /api/mini-leagues/1/members/me', () => {
      mine = [];
      return { status: 200, body: { message: 'Tu as quitté la mini-ligue.' } };
    });
    renderWithProviders(<MiniLeaguesPanel />);
    const leave = await screen.findByRole('button', { name: 'Quitter' });
    leave.focus();
    fireEvent.click(leave);
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Quitter « Les potes » ?')).toBeVisible();
    expect(dialog.getByText('Tu pourras la rejoindre à nouveau avec son code.')).toBeVisible();
    expect(api.callsTo('DELETE /api/mini-leagues/1/members/me')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Quitter' }));
    expect(await screen.findByText('Tu ne fais partie d’aucune mini-ligue.')).toBeVisible();
    expect(api.callsTo('DELETE /api/mini-leagues/1/members/me')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // « Quitter » is gone with its league: the focus goes to the section, not the page's start.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Mini-ligues' })).toHaveFocus());
  });

  it('warns the last member that leaving deletes the league', async () => {
    mine = [league(1, 'Solo', 1)];
    renderWithProviders(<MiniLeaguesPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Quitter' }));
    expect(
      await screen.findByText('Tu en es le dernier membre : la mini-ligue sera supprimée.'),
    ).toBeVisible();
  });

  it('creates one league on a double click', async () => {
    api.reply('POST /api/mini-leagues', 201, league(2, 'Tribune Nord', 1));
    renderWithProviders(<MiniLeaguesPanel />);
    fireEvent.change(await screen.findByLabelText('Nom de la mini-ligue'), {
      target: { value: 'Tribune Nord' },
    });
    const create = screen.getByRole('button', { name: 'Créer' });
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(api.callsTo('POST /api/mini-leagues')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST /api/mini-leagues')).toHaveLength(1);
  });

  it('counts the name’s characters under its field, up to the 40 it may hold', async () => {
    renderWithProviders(<MiniLeaguesPanel />);
    const field = await screen.findByLabelText('Nom de la mini-ligue');
    expect(field).toHaveAttribute('maxlength', '40');
    expect(field).toHaveAccessibleDescription('0 / 40 caractères');
    fireEvent.change(field, { target: { value: 'Tribune Nord' } });
    expect(screen.getByText('12 / 40 caractères')).toBeVisible();
    expect(field).toHaveAccessibleDescription('12 / 40 caractères');
    // The invite code has its own fixed length: no counter there.
    expect(screen.getByLabelText('Code d’invitation')).not.toHaveAccessibleDescription();
    expect(screen.getAllByText(/ caractères$/)).toHaveLength(1);
  });

  it('keeps the whole code when it is pasted with a space, in capitals', async () => {
    api.reply('POST /api/mini-leagues/join', 200, league(3, 'Les Rouge & Blanc'));
    renderWithProviders(<MiniLeaguesPanel />);
    const field = await screen.findByLabelText('Code d’invitation');
    fireEvent.change(field, { target: { value: ' 3q7pkpt2 ' } });
    expect(field).toHaveValue('3Q7PKPT2');
    fireEvent.click(screen.getByRole('button', { name: 'Rejoindre' }));
    await waitFor(() => expect(api.callsTo('POST /api/mini-leagues/join')).toHaveLength(1));
    expect(api.callsTo('POST /api/mini-leagues/join')[0]?.body).toEqual({ code: '3Q7PKPT2' });
  });

  it('keeps the code alone when the card’s whole line « Code : … » is pasted', async () => {
    renderWithProviders(<MiniLeaguesPanel />);
    const field = await screen.findByLabelText('Code d’invitation');
    fireEvent.change(field, { target: { value: 'Code\u00a0: H4WY7JYW' } });
    expect(field).toHaveValue('H4WY7JYW');
  });
});
