import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

/** The operators' matches screen through the real routes; only the network is fake. */
let api: FakeApi;

const club = (id: number, nom: string) => ({ id, nom, logo: `/clubs/${id}.svg` });
const match = (id: number, extra: object) => ({
  id,
  season: '2026-2027',
  journee: id,
  date: '2026-09-12T19:00:00.000Z',
  kickoff: '2026-09-12T21:00',
  hashtag: null,
  ticket_url: null,
  club_dom: club(1, 'AS Monaco'),
  club_ext: club(2, 'RC Lens'),
  is_finish: false,
  edit_pronostic: true,
  buts_dom: null,
  buts_ext: null,
  nb_pronostics: 0,
  annonce_horaire: null,
  ...extra,
});
const played = match(3, {
  date: '2026-08-29T19:00:00.000Z',
  kickoff: '2026-08-29T21:00',
  is_finish: true,
  edit_pronostic: false,
  buts_dom: 2,
  buts_ext: 1,
  nb_pronostics: 16,
});
const upcoming = match(4, { nb_pronostics: 16 });

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 1, username: 'Chef', role: { libelle: 'MODERATEUR' } } as never);
  api.reply('GET /api/admin/matchs', 200, [played, upcoming]);
  api.reply('GET /api/admin/clubs', 200, [
    { ...club(1, 'AS Monaco'), nomStade: 'Louis II', ville: 'Monaco', departement_club: 'MC' },
    { ...club(2, 'RC Lens'), nomStade: 'Bollaert', ville: 'Lens', departement_club: '62' },
  ]);
});

describe('operators’ matches', () => {
  it('names each cell’s column, for the rows stacked on a phone', async () => {
    renderAt('/admin/matchs');
    const row = (
      await screen.findByRole('button', { name: 'Score du match de la journée 3' })
    ).closest('tr')!;
    const labelled = [...row.querySelectorAll('td[data-label]')].map((td) => [
      td.getAttribute('data-label'),
      td.textContent,
    ]);
    expect(labelled).toContainEqual(['Score', '2 – 1']);
    expect(labelled).toContainEqual(['Pronostics', '16']);
  });

  it('offers no score before kickoff and says from when, also to a tap or a key', async () => {
    const why = 'Le score ne peut être saisi qu’après le coup d’envoi (12/09/2026 à 21:00).';
    renderAt('/admin/matchs');
    const score = await screen.findByRole('button', { name: 'Score du match de la journée 4' });
    expect(score).toHaveAttribute('aria-disabled', 'true');
    expect(score).toHaveAccessibleDescription(why);
    // Still in the Tab order (a disabled button is not), and pressing it gives the reason.
    score.focus();
    expect(score).toHaveFocus();
    fireEvent.click(score);
    const toasts = await screen.findByRole('region', { name: /Alertes/ });
    expect(await within(toasts).findByText(why)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const played = screen.getByRole('button', { name: 'Score du match de la journée 3' });
    expect(played).toBeEnabled();
    expect(played).not.toHaveAttribute('aria-disabled');
  });

  it('says how many predictions a deletion loses and asks a second time', async () => {
    api.reply('DELETE /api/admin/matchs/3', 200, {
      message: 'Match supprimé. 16 pronostics effacés.',
    });
    renderAt('/admin/matchs');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Supprimer le match de la journée 3' }),
    );
    const first = await screen.findByRole('alertdialog', { name: 'Supprimer ce match ?' });
    expect(first).toHaveTextContent('16 pronostics seront perdus.');
    fireEvent.click(within(first).getByRole('button', { name: 'Continuer' }));
    // Nothing is deleted before the second answer.
    const again = await screen.findByRole('alertdialog', {
      name: 'Supprimer aussi les pronostics ?',
    });
    expect(api.callsTo('DELETE /api/admin/matchs/3')).toHaveLength(0);
    fireEvent.click(
      within(again).getByRole('button', { name: 'Supprimer le match et 16 pronostics' }),
    );
    expect(await screen.findByText('Match supprimé. 16 pronostics effacés.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/matchs/3?pronostics=16')).toHaveLength(1);
  });

  it('stops at the first answer when cancelled, and deletes a match without predictions at once', async () => {
    api.reply('GET /api/admin/matchs', 200, [{ ...played, nb_pronostics: 0 }, upcoming]);
    api.reply('DELETE /api/admin/matchs/4', 200, { message: 'Match supprimé.' });
    renderAt('/admin/matchs');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Supprimer le match de la journée 4' }),
    );
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Annuler' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le match de la journée 3' }));
    const only = await screen.findByRole('alertdialog', { name: 'Supprimer ce match ?' });
    expect(only).not.toHaveTextContent('pronostic');
    api.reply('DELETE /api/admin/matchs/3', 200, { message: 'Match supprimé.' });
    fireEvent.click(within(only).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Match supprimé.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/matchs/3?pronostics=0')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/admin/matchs/4')).toHaveLength(0);
  });

  it('says, while a kickoff moves, who on the match’s coaches will be told and which coaches no longer fit', async () => {
    const coach = (id: number, nom: string, statut: string) => ({
      id,
      antenne: { id, nom },
      match_id: 4,
      depart_lieu: 'Gare',
      // 10:00 in Paris, back at 03:00 the next night.
      depart_heure: '2026-09-12T08:00:00.000Z',
      retour_heure: '2026-09-13T01:00:00.000Z',
      places_total: 50,
      places_restantes: 10,
      nb_attente: 0,
      places_attente: 0,
      prix: null,
      statut,
      clos: false,
      date_limite: null,
      notes: null,
      inscription: null,
      gerable: true,
      groupe_id: null,
    });
    api.reply('GET /api/deplacements', 200, [
      coach(7, 'Nice', 'OUVERT'),
      coach(8, 'Menton', 'ANNULE'),
    ]);
    renderAt('/admin/matchs');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Modifier le match de la journée 4' }),
    );
    const form = await screen.findByRole('dialog', { name: 'Modifier le match' });
    const kickoff = within(form).getByLabelText('Coup d’envoi (heure de Paris)');
    // Unmoved: nothing to say, nothing read.
    expect(within(form).queryByRole('status')).toBeNull();
    expect(api.callsTo('GET /api/deplacements?match_id=4')).toHaveLength(0);

    fireEvent.change(kickoff, { target: { value: '2026-09-12T22:00' } });
    expect(
      await within(form).findByText(
        'Ce match a un car : ses inscrits et ses organisateurs seront prévenus du nouvel horaire.',
      ),
    ).toBeVisible();
    expect(within(form).queryByText(/partent après le match/)).toBeNull();

    // Before the coach leaves: that coach is named with its times.
    fireEvent.change(kickoff, { target: { value: '2026-09-12T09:30' } });
    expect(await within(form).findByText(/ces cars partent après le match/)).toBeVisible();
    expect(
      within(form).getByText(
        'Car de Nice : départ le 12/09/2026 à 10:00, retour le 13/09/2026 à 03:00',
      ),
    ).toBeVisible();
    expect(within(form).queryByText(/Menton/)).toBeNull();
  });

  it('says when a moved kickoff will reach the match’s travellers, on saving and on the list', async () => {
    // Held until 12:12 in Paris, ten minutes after the operator's last move.
    const held = {
      ...upcoming,
      kickoff: '2026-09-12T22:00',
      annonce_horaire: '2026-09-01T10:12:00.000Z',
    };
    api.reply('PUT /api/admin/matchs/4', 200, held);
    renderAt('/admin/matchs');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Modifier le match de la journée 4' }),
    );
    const form = await screen.findByRole('dialog', { name: 'Modifier le match' });
    fireEvent.change(within(form).getByLabelText('Coup d’envoi (heure de Paris)'), {
      target: { value: '2026-09-12T22:00' },
    });
    api.reply('GET /api/admin/matchs', 200, [played, held]);
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const notice =
      'Nouvel horaire annoncé aux covoitureurs et aux inscrits des cars à 12:12, s’il ne change plus d’ici là.';
    expect(await screen.findByText(`Match modifié. ${notice}`)).toBeVisible();
    const row = (
      await screen.findByRole('button', { name: 'Modifier le match de la journée 4' })
    ).closest('tr')!;
    expect(await within(row).findByText(notice)).toBeVisible();
    // Nothing pending: nothing said.
    const other = screen
      .getByRole('button', { name: 'Modifier le match de la journée 3' })
      .closest('tr')!;
    expect(within(other).queryByText(/Nouvel horaire/)).toBeNull();
  });

  it('says which club to choose when none was', async () => {
    renderAt('/admin/matchs');
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau match' }));
    const form = await screen.findByRole('dialog', { name: 'Nouveau match' });
    fireEvent.change(within(form).getByLabelText('Journée'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Coup d’envoi (heure de Paris)'), {
      target: { value: '2026-09-19T21:00' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Choisis le club à domicile.')).toBeVisible();
    expect(within(form).getByText('Choisis le club à l’extérieur.')).toBeVisible();
    expect(within(form).queryByText('Club introuvable.')).toBeNull();
    expect(api.callsTo('POST /api/admin/matchs')).toHaveLength(0);
  });

  it('asks for the kickoff when its field is empty, in words rather than a format', async () => {
    renderAt('/admin/matchs');
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau match' }));
    const form = await screen.findByRole('dialog', { name: 'Nouveau match' });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText('Choisis la date et l’heure du coup d’envoi.'),
    ).toBeVisible();
    expect(within(form).queryByText(/format attendu/)).toBeNull();
    expect(within(form).getByLabelText('Coup d’envoi (heure de Paris)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('operators’ league table', () => {
  it('refuses a blank figure instead of saving it as 0', async () => {
    api.reply('GET /api/classement-ligue1', 200, [
      { position: 1, club: club(1, 'AS Monaco'), matchs_joues: 11, points: 25, diff_buts: 12 },
    ]);
    renderAt('/admin/classement');
    const points = await screen.findByLabelText('Points, ligne 1');
    await waitFor(() => expect(points).toHaveValue(25));
    fireEvent.change(points, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le classement' }));
    expect(
      await screen.findByText('Ligne 1 : Points : un nombre entier de 0 à 300.'),
    ).toBeVisible();
    expect(api.callsTo('PUT /api/admin/classement')).toHaveLength(0);

    api.reply('PUT /api/admin/classement', 200, { message: 'ok' });
    fireEvent.change(points, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le classement' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/classement')).toHaveLength(1));
    expect(api.callsTo('PUT /api/admin/classement')[0]!.body).toMatchObject({
      rows: [{ position: 1, club_id: 1, matchs_joues: 11, points: 0, diff_buts: 12 }],
    });
  });
});
