import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRIP_TEXTS } from '@munegu/shared';
import { renderAt, type FakeApi } from '../../../../test/harness';
import { UNSAVED } from '../../../../components/ui/Dialog';
import { testClub, testMatch } from '../../../../test/fixtures';
import { organizedTrip, organiserApi } from './fixtures';

/** The trip form: the shared schema's messages per field, the server's too, Paris times sent as instants. */
let api: FakeApi;

beforeEach(() => {
  api = organiserApi();
  api.reply('GET /api/matchs/next', 200, [
    testMatch({ id: 11, club_dom: testClub(2, 'OGC Nice'), club_ext: testClub(1, 'AS Monaco') }),
    testMatch({ id: 10, ordre: 0, is_finish: true, edit_pronostic: false }),
  ]);
  api.reply('GET /api/deplacements/organisation', 200, {
    antennes: [{ id: 3, nom: 'Nice' }],
    deplacements: [organizedTrip({ id: 7, notes: 'Prévoir une écharpe' })],
  });
});

async function openForm(button: string) {
  renderAt('/mes-deplacements');
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByLabelText('Match');
  return dialog;
}

const type = (dialog: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('Nouveau déplacement', () => {
  it('shows the shared schema’s message under each wrong field, and sends nothing', async () => {
    const dialog = await openForm('Nouveau déplacement');
    type(dialog, 'Lieu de départ', 'ab');
    type(dialog, 'Retour (facultatif)', '2026-12-05T05:00');
    type(dialog, 'Départ (date et heure)', '2026-12-05T06:00');
    type(dialog, 'Places', '120');
    type(dialog, 'Prix en euros (facultatif)', '12,345');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // The match select left on '— Choisir —' says what to do, under it.
    expect(await within(dialog).findByText('Choisis un match.')).toBeVisible();
    expect(within(dialog).queryByText('Match introuvable.')).toBeNull();
    expect(within(dialog).getByLabelText('Match')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(dialog).getByText('Le lieu de départ doit faire entre 3 et 120 caractères.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Le retour doit être après le départ.')).toBeVisible();
    expect(within(dialog).getByText('Le nombre de places doit être entre 1 et 90.')).toBeVisible();
    expect(
      within(dialog).getByText('Prix invalide (en euros, 2 décimales au plus).'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Lieu de départ')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/deplacements')).toHaveLength(0);
  });

  it('asks before Annuler drops what was typed; Abandonner closes without sending', async () => {
    const dialog = await openForm('Nouveau déplacement');
    type(dialog, 'Lieu de départ', 'Parking du Louis-II');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    const question = await screen.findByRole('alertdialog', { name: UNSAVED.title });
    fireEvent.click(within(question).getByRole('button', { name: UNSAVED.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/deplacements')).toHaveLength(0);
  });

  it('asks to choose an antenna when the organiser runs several and chose none', async () => {
    api.reply('GET /api/deplacements/organisation', 200, {
      antennes: [
        { id: 3, nom: 'Nice' },
        { id: 4, nom: 'Menton' },
      ],
      deplacements: [],
    });
    const dialog = await openForm('Nouveau déplacement');
    fireEvent.change(within(dialog).getByLabelText('Match'), { target: { value: '11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Choisis une antenne.')).toBeVisible();
    // A departure left blank is asked for, not called a wrong time.
    expect(within(dialog).getByText('Choisis la date et l’heure du départ.')).toBeVisible();
    expect(within(dialog).queryByText('Heure de départ invalide.')).toBeNull();
    expect(within(dialog).getByLabelText('Antenne')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Antenne introuvable.')).toBeNull();
    expect(within(dialog).queryByText('Choisis un match.')).toBeNull();
    expect(api.callsTo('POST /api/deplacements')).toHaveLength(0);
  });

  it('offers only matches to come, counts the notes, and sends Paris times as instants', async () => {
    api.reply('POST /api/deplacements', 201, organizedTrip({ id: 20 }));
    const dialog = await openForm('Nouveau déplacement');
    const options = within(within(dialog).getByLabelText('Match')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '— Choisir —',
      expect.stringContaining('OGC Nice – AS Monaco'),
    ]);
    fireEvent.change(within(dialog).getByLabelText('Match'), { target: { value: '11' } });
    expect(within(dialog).getByLabelText('Antenne')).toHaveValue('3');
    type(dialog, 'Lieu de départ', 'Parking du stade');
    type(dialog, 'Départ (date et heure)', '2026-12-05T06:00');
    type(dialog, 'Places', '50');
    type(dialog, 'Prix en euros (facultatif)', '12,50');
    type(dialog, 'Date limite d’inscription (facultatif)', '2026-12-03T20:00');
    type(dialog, 'Notes (facultatif)', 'Rendez-vous 5 h 45');
    expect(within(dialog).getByText(/^18 \/ 1\s000 caractères$/)).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('POST /api/deplacements')).toHaveLength(1));
    expect(api.callsTo('POST /api/deplacements')[0]?.body).toEqual({
      match_id: 11,
      antenne_id: 3,
      depart_lieu: 'Parking du stade',
      depart_heure: '2026-12-05T05:00:00.000Z',
      retour_heure: null,
      places_total: 50,
      prix: 12.5,
      date_limite: '2026-12-03T19:00:00.000Z',
      notes: 'Rendez-vous 5 h 45',
      clos: false,
    });
    expect(await screen.findByText('Déplacement créé.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Modifier', () => {
  it('opens filled from the trip and shows the server’s refusal under its field', async () => {
    api.reply('PUT /api/deplacements/7', 400, {
      message: 'Données invalides',
      code: 'VALIDATION',
      errors: [
        {
          path: 'places_total',
          message: 'Impossible de descendre sous les 48 places déjà confirmées.',
        },
      ],
    });
    const dialog = await openForm('Modifier');
    expect(within(dialog).getByLabelText('Départ (date et heure)')).toHaveValue('2026-12-05T06:00');
    expect(within(dialog).getByLabelText('Notes (facultatif)')).toHaveValue('Prévoir une écharpe');
    type(dialog, 'Places', '40');
    // Closing registrations by hand is a box of the same form.
    const closed = within(dialog).getByRole('checkbox', { name: /Inscriptions closes/ });
    expect(closed).not.toBeChecked();
    fireEvent.click(closed);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText(
        'Impossible de descendre sous les 48 places déjà confirmées.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Places')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /api/deplacements/7')[0]?.body).toMatchObject({
      places_total: 40,
      prix: 25,
      clos: true,
    });
  });
});

describe('Modifier: the match and the antenna', () => {
  it('shows them fixed, and sends the trip’s own', async () => {
    api.reply('PUT /api/deplacements/7', 200, organizedTrip({ id: 7 }));
    const dialog = await openForm('Modifier');
    const match = within(dialog).getByLabelText('Match');
    const antenna = within(dialog).getByLabelText('Antenne');
    // The API refuses to change either: nothing to pick, and the field says why.
    expect(match).toBeDisabled();
    expect(antenna).toBeDisabled();
    expect(
      within(match)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('OGC Nice – AS Monaco')]);
    expect(
      within(antenna)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nice']);
    expect(within(dialog).getAllByText(TRIP_TEXTS.fixedAfterCreation)).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('PUT /api/deplacements/7')).toHaveLength(1));
    expect(api.callsTo('PUT /api/deplacements/7')[0]?.body).toMatchObject({
      match_id: 11,
      antenne_id: 3,
    });
    expect(await screen.findByText(TRIP_TEXTS.updated)).toBeInTheDocument();
  });

  it('shows a fare with cents the French way, and drops a refusal once a field is edited', async () => {
    api.reply('GET /api/deplacements/organisation', 200, {
      antennes: [{ id: 3, nom: 'Nice' }],
      deplacements: [organizedTrip({ id: 7, prix: 12.5 })],
    });
    api.reply('PUT /api/deplacements/7', 409, { message: 'Ce déplacement est annulé.' });
    const dialog = await openForm('Modifier');
    expect(within(dialog).getByLabelText('Prix en euros (facultatif)')).toHaveValue('12,50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Ce déplacement est annulé.')).toBeVisible();
    expect(api.callsTo('PUT /api/deplacements/7')[0]?.body).toMatchObject({ prix: 12.5 });
    type(dialog, 'Places', '51');
    expect(within(dialog).queryByText('Ce déplacement est annulé.')).toBeNull();
  });

  it('says the registrants will hear of a new departure, only while it differs', async () => {
    const dialog = await openForm('Modifier');
    const told = 'Les inscrits seront prévenus du nouveau départ en enregistrant.';
    type(dialog, 'Places', '49');
    expect(within(dialog).queryByText(told)).toBeNull();
    type(dialog, 'Départ (date et heure)', '2026-12-05T07:00');
    expect(within(dialog).getByText(told)).toBeVisible();
    type(dialog, 'Départ (date et heure)', '2026-12-05T06:00');
    expect(within(dialog).queryByText(told)).toBeNull();
    type(dialog, 'Lieu de départ', 'Gare de Menton');
    expect(within(dialog).getByText(told)).toBeVisible();
  });

  it('names the trip’s match even when it is no longer among the matches to come', async () => {
    api.reply('GET /api/matchs/next', 200, []);
    const dialog = await openForm('Modifier');
    const match = within(dialog).getByLabelText('Match');
    expect(match).toBeDisabled();
    expect(match).toHaveDisplayValue(/^OGC Nice – AS Monaco, /);
  });
});

describe('Annuler le déplacement', () => {
  it('asks first, saying the registrants are told, then cancels', async () => {
    api.reply('DELETE /api/deplacements/7', 200, {
      message: 'Déplacement annulé : les inscrits sont prévenus.',
    });
    renderAt('/mes-deplacements');
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler le déplacement' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(
      'Le car de Nice sera annulé : 48 places confirmées, 1 inscription en attente (1 place). Chaque inscrit est prévenu',
    );
    expect(api.callsTo('DELETE /api/deplacements/7')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Annuler le déplacement' }));
    expect(
      await screen.findByText('Déplacement annulé : les inscrits sont prévenus.'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/deplacements/7')).toHaveLength(1);
  });
});
