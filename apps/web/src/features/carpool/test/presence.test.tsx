import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARPOOL_TEXTS, TRIP_TEXTS, type MatchInfo } from '@munegu/shared';
import { AuthProvider } from '../../../lib/auth';
import {
  testCarpoolDriver,
  testCarpoolPassenger,
  testConfirmedCarpool,
  testMatch,
  testMatchInfo,
  testTransportInfo,
} from '../../../test/fixtures';
import {
  fakeApi,
  renderAt,
  renderWithProviders,
  signIn,
  type FakeApi,
  type Reply,
} from '../../../test/harness';
import { PlacesEditor, PresenceDialog } from '..';

/** The member as GET /users/me describes them: home department 06, one antenna. */
const me = {
  id: 7,
  username: 'lea',
  departement: '06',
  antennes: [{ id: 3, nom: 'Ultras 2000', categorie: 'Antenne', lien: null }],
};

const match = testMatch({ id: 42 });
/** The member's answer: by car from 13, offering 3 seats. */
const info = (o: Partial<MatchInfo> = {}) =>
  testTransportInfo({ transport: 'VOITURE', places_dispo: 3, departement_depart: '13', ...o });

const INFO = 'GET /api/users/infos-utilisateur';
let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn(api, me);
  api.reply(INFO, 200, null);
  api.reply('GET /api/departements', 200, [
    { code: '06', name: 'Alpes-Maritimes' },
    { code: 'MC', name: 'Monaco' },
    { code: '13', name: 'Bouches-du-Rhône' },
  ]);
  api.reply('GET /api/transport', 200, [
    { id: 1, libelle: 'voiture' },
    { id: 2, libelle: 'bus' },
    { id: 3, libelle: 'train' },
    { id: 4, libelle: 'avion' },
    { id: 5, libelle: 'a pied' },
    { id: 6, libelle: 'en recherche' },
  ]);
  api.reply('POST /api/user-transport', 200, { message: 'ok' });
  api.reply('POST /api/user-recherche', 200, { message: 'ok' });
});

function open() {
  const onClose = vi.fn();
  const onOpenMap = vi.fn();
  renderWithProviders(
    <AuthProvider>
      <PresenceDialog match={match} onClose={onClose} onOpenMap={onOpenMap} />
    </AuthProvider>,
  );
  return { onClose, onOpenMap };
}
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const dialog = () => screen.getByRole('dialog', { name: 'Direction le stade !' });

/** Step 1 with the member's department (06) by default, then the transport step. */
async function toTransport() {
  const select = (await screen.findByLabelText('D’où pars-tu ?')) as HTMLSelectElement;
  await waitFor(() => expect(select.value).toBe('06'));
  click('Suivant');
  await screen.findByRole('button', { name: 'En voiture' });
}
const presenceBody = (o: object) => ({
  transport_id: 1,
  antenne_id: null,
  match_id: 42,
  covoiturage: false,
  places_dispo: 0,
  departement_depart: '06',
  actif: true,
  ...o,
});
const sent = async (key: string) => {
  await waitFor(() => expect(api.callsTo(key)).toHaveLength(1));
  return api.callsTo(key)[0]?.body;
};

describe('presence form', () => {
  it('car offering seats: asks the places (1 to 15) then sends them', async () => {
    open();
    await toTransport();
    click('En voiture');
    expect(screen.getByText('Proposes-tu du covoiturage ?')).toBeVisible();
    click('Oui');
    const minus = screen.getByRole('button', { name: 'Diminuer : Nombre de places' });
    expect(minus).toBeDisabled(); // starts at 1
    click('Augmenter : Nombre de places');
    click('Augmenter : Nombre de places');
    click('Valider');
    expect(await sent('POST /api/user-transport')).toEqual(
      presenceBody({ covoiturage: true, places_dispo: 3 }),
    );
    expect(await screen.findByText(CARPOOL_TEXTS.presenceSaved)).toBeVisible();
  });

  it('car without carpooling sends at once, with another department chosen', async () => {
    open();
    await toTransport();
    click('Retour');
    fireEvent.change(screen.getByLabelText('D’où pars-tu ?'), { target: { value: '13' } });
    click('Suivant');
    fireEvent.click(await screen.findByRole('button', { name: 'En voiture' }));
    click('Non');
    expect(await sent('POST /api/user-transport')).toEqual(
      presenceBody({ departement_depart: '13' }),
    );
  });

  it('offers Monaco as a departure, beside the 06', async () => {
    open();
    await toTransport();
    click('Retour');
    const select = screen.getByLabelText('D’où pars-tu ?');
    expect(within(select).getByRole('option', { name: 'MC – Monaco' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'MC' } });
    click('Suivant');
    fireEvent.click(await screen.findByRole('button', { name: 'En voiture' }));
    click('Non');
    expect(await sent('POST /api/user-transport')).toEqual(
      presenceBody({ departement_depart: 'MC' }),
    );
  });

  it("bus: one of the member's antennas, or the public bus", async () => {
    open();
    await toTransport();
    click('En bus');
    expect(screen.getByText('Quel bus prends-tu ?')).toBeVisible();
    click('Bus Ultras 2000');
    expect(await sent('POST /api/user-transport')).toEqual(
      presenceBody({ transport_id: 2, antenne_id: 3 }),
    );
  });

  it('bus public sends no antenna', async () => {
    open();
    await toTransport();
    click('En bus');
    click('Bus public');
    expect(await sent('POST /api/user-transport')).toEqual(presenceBody({ transport_id: 2 }));
  });

  it('train sends straight away', async () => {
    open();
    await toTransport();
    click('En train');
    expect(await sent('POST /api/user-transport')).toEqual(presenceBody({ transport_id: 3 }));
  });

  it('searching asks the number of people and posts a search', async () => {
    open();
    await toTransport();
    click('En recherche');
    click('Augmenter : Nombre de personnes');
    click('Valider');
    expect(await sent('POST /api/user-recherche')).toEqual({
      nb_pers: 2,
      departement_depart: '06',
      match_id: 42,
      actif: true,
    });
    expect(api.callsTo('POST /api/user-transport')).toHaveLength(0);
  });

  it('success offers the map or closing', async () => {
    const { onClose, onOpenMap } = open();
    await toTransport();
    click('En avion');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Vos réponses ont été enregistrées avec succès !');
    click('Afficher MuneguMap');
    expect(onOpenMap).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
    expect(onClose).toHaveBeenCalled();
  });

  it('failure shows the generic text and only Fermer', async () => {
    api.reply('POST /api/user-transport', 500, { message: 'Internal' });
    const { onClose } = open();
    await toTransport();
    click('À pied');
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      "Erreur lors de l'enregistrement de vos réponses. Veuillez réessayer.",
    );
    expect(screen.queryByRole('button', { name: 'Afficher MuneguMap' })).toBeNull();
    fireEvent.click(screen.getByText('Fermer')); // the footer's, not the corner ×
    expect(onClose).toHaveBeenCalled();
  });

  it.each([
    ['a confirmed carpool', CARPOOL_TEXTS.alreadyConfirmed],
    ['a seat on a coach', TRIP_TEXTS.onCoachNoCarpool('Ultras 2000')],
  ])("shows the server's refusal for %s, which no retry would change", async (_why, message) => {
    api.reply('POST /api/user-transport', 409, { message });
    open();
    await toTransport();
    click('En train');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('is unavailable once a carpool is confirmed', async () => {
    api.reply(INFO, 200, info({ covoiturage: false, has_confirmed: true, has_relation: true }));
    open();
    expect(await screen.findByText(CARPOOL_TEXTS.deleteWithConfirmed)).toBeVisible();
    expect(screen.queryByLabelText('D’où pars-tu ?')).toBeNull();
    // The carpool itself (members, places, cancel) opens from here.
    api.reply('GET /api/user-to-user-match/mon-covoiturage-confirme', 200, null);
    click('Voir mon covoiturage');
    expect(await screen.findByRole('dialog', { name: 'Membres du covoiturage' })).toBeVisible();
  });

  it('shows the way out of a confirmed carpool: cancel it, then the answer is free again', async () => {
    let confirmed = true;
    api.handle(INFO, () => ({
      status: 200,
      body: testMatchInfo({ nb_pers: 1, has_relation: confirmed, has_confirmed: confirmed }),
    }));
    api.reply(
      'GET /api/user-to-user-match/mon-covoiturage-confirme',
      200,
      testConfirmedCarpool({
        vehicule: testCarpoolDriver(5, 'Bob_06'),
        passagers: [testCarpoolPassenger(me.id, me.username, 901)],
      }),
    );
    api.reply('GET /api/motifs-annulation', 200, [{ id: 2, label: 'Imprévu' }]);
    api.handle('POST /api/user-to-user-match/annuler-covoiturage', () => {
      confirmed = false;
      return { status: 200, body: { message: 'ok' } };
    });
    open();
    expect(await screen.findByText(CARPOOL_TEXTS.deleteWithConfirmed)).toBeVisible();
    expect(screen.getByText(/en recherche de covoiturage pour 1 personne/)).toBeVisible();
    click('Annuler mon covoiturage');
    const cancel = within(
      await screen.findByRole('dialog', { name: 'Annuler le covoiturage avec Bob_06' }),
    );
    fireEvent.click(await cancel.findByRole('radio', { name: 'Imprévu' }));
    fireEvent.click(cancel.getByRole('button', { name: "Confirmer l'annulation" }));
    expect(await screen.findByText(CARPOOL_TEXTS.actionDone)).toBeVisible();
    // Back in the presence popup: the answer can be modified or withdrawn.
    expect(await screen.findByRole('button', { name: 'Modifier' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Annuler ma présence' })).toBeVisible();
    expect(screen.queryByText(CARPOOL_TEXTS.deleteWithConfirmed)).toBeNull();
  });
});

describe('a match that has kicked off', () => {
  it('offers no change: no form, no places, no cancel', async () => {
    api.reply(INFO, 200, info());
    const started = testMatch({ id: 42, edit_pronostic: false });
    renderWithProviders(
      <AuthProvider>
        <PresenceDialog match={started} onClose={vi.fn()} />
      </AuthProvider>,
    );
    expect(await screen.findByText(CARPOOL_TEXTS.matchLocked)).toBeVisible();
    expect(screen.getByText(/en voiture, 3 places proposées/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Annuler/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Places disponibles' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Voir mon covoiturage' })).toBeNull();
  });

  it('a finished match with a carpool only shows it', async () => {
    api.reply(INFO, 200, info({ has_confirmed: true, has_relation: true }));
    api.reply(
      'GET /api/user-to-user-match/mon-covoiturage-confirme',
      200,
      testConfirmedCarpool({ isModifiable: false, isFinished: true, isDriver: true }),
    );
    renderWithProviders(
      <AuthProvider>
        <PresenceDialog match={testMatch({ id: 42, is_finish: true })} onClose={vi.fn()} />
      </AuthProvider>,
    );
    expect(await screen.findByText(CARPOOL_TEXTS.matchFinished)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Annuler/ })).toBeNull();
    click('Voir mon covoiturage');
    const members = within(await screen.findByRole('dialog', { name: 'Membres du covoiturage' }));
    expect(await members.findByText(/fait désormais partie de ton historique/)).toBeVisible();
    expect(members.queryByRole('button', { name: /Annuler/ })).toBeNull();
  });
});

describe('modify or cancel an answer', () => {
  it('Modifier reopens the form prefilled with the answer', async () => {
    api.reply(INFO, 200, info());
    open();
    expect(await screen.findByText(/en voiture, 3 places proposées, départ du 13/)).toBeVisible();
    // A driver offering seats edits them here too.
    expect(screen.getByRole('group', { name: 'Places disponibles' })).toBeVisible();
    click('Modifier');
    expect((screen.getByLabelText('D’où pars-tu ?') as HTMLSelectElement).value).toBe('13');
    click('Suivant');
    const car = await screen.findByRole('button', { name: 'En voiture' });
    expect(car).toHaveAttribute('aria-pressed', 'true');
    click('En voiture');
    expect(screen.getByRole('button', { name: 'Oui' })).toHaveAttribute('aria-pressed', 'true');
    click('Oui');
    expect(screen.getByRole('status', { name: 'Nombre de places' })).toHaveTextContent('3');
    click('Valider');
    expect(await sent('POST /api/user-transport')).toEqual(
      presenceBody({ covoiturage: true, places_dispo: 3, departement_depart: '13' }),
    );
  });

  it('Annuler ma présence asks first, then deletes the presence', async () => {
    api.reply(INFO, 200, info({ type: 'recherche', transport: null, nb_pers: 2 }));
    api.reply('DELETE /api/users/delete-presence-match', 200, {
      message: CARPOOL_TEXTS.presenceDeleted,
    });
    const { onClose } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler ma présence' }));
    expect(screen.queryByRole('group', { name: 'Places disponibles' })).toBeNull();
    const confirm = await screen.findByRole('alertdialog', { name: 'Annuler ma présence' });
    expect(api.callsTo('DELETE /api/users/delete-presence-match')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Oui, annuler' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('DELETE /api/users/delete-presence-match?match_id=42')).toHaveLength(1);
    expect(await screen.findByText(CARPOOL_TEXTS.presenceDeleted)).toBeVisible();
  });

  it('a refused cancellation shows the server message or the fallback', async () => {
    api.reply(INFO, 200, info({ transport: 'TRAIN', covoiturage: false, places_dispo: 0 }));
    api.reply('DELETE /api/users/delete-presence-match', 500, 'oops');
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler ma présence' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARPOOL_TEXTS.presenceDeleteFailed);

    api.reply('DELETE /api/users/delete-presence-match', 409, {
      message: CARPOOL_TEXTS.deleteWithConfirmed,
    });
    click('Annuler ma présence');
    fireEvent.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText(CARPOOL_TEXTS.deleteWithConfirmed)).toBeVisible();
  });
});

describe('places editor', () => {
  it('runs from 0 to 15 and saves the change', async () => {
    api.reply('POST /api/user-transport/modifier-places-dispo', 200, {
      message: 'Nombre de places mis à jour.',
    });
    renderWithProviders(<PlacesEditor matchId={42} places={1} />);
    const save = screen.getByRole('button', { name: 'Enregistrer les places' });
    expect(save).toBeDisabled(); // unchanged
    click('Diminuer : Places disponibles');
    expect(screen.getByRole('button', { name: 'Diminuer : Places disponibles' })).toBeDisabled();
    for (let i = 0; i < 20; i++) {
      const plus = screen.getByRole('button', { name: 'Augmenter : Places disponibles' });
      if ((plus as HTMLButtonElement).disabled) break;
      fireEvent.click(plus);
    }
    expect(screen.getByRole('status', { name: 'Places disponibles' })).toHaveTextContent('15');
    expect(screen.getByRole('button', { name: 'Augmenter : Places disponibles' })).toBeDisabled();
    fireEvent.click(save);
    expect(await sent('POST /api/user-transport/modifier-places-dispo')).toEqual({
      match_id: 42,
      places_dispo: 15,
    });
    expect(await screen.findByText('Nombre de places mis à jour.')).toBeVisible();
    await waitFor(() => expect(save).toBeDisabled());
  });
});

describe('from the home page', () => {
  it('JE VAIS AU MATCH ! → the form → Afficher MuneguMap; the slide then offers the map', async () => {
    let answered: MatchInfo | null = null;
    api.reply('GET /api/matchs/next', 200, [match]);
    api.handle(INFO, () => ({ status: 200, body: answered }));
    api.handle('POST /api/user-transport', () => {
      answered = info({ transport: 'TRAIN', covoiturage: false, places_dispo: 0 });
      return { status: 200, body: { message: 'ok' } };
    });
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'JE VAIS AU MATCH !' }));
    expect(await screen.findByRole('dialog', { name: 'Direction le stade !' })).toBeVisible();
    await toTransport();
    click('En train');
    fireEvent.click(await screen.findByRole('button', { name: 'Afficher MuneguMap' }));
    expect(await screen.findByRole('dialog', { name: 'MuneguMap' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Direction le stade !' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'MUNEGU MAP', hidden: true })).toBeTruthy();
  });
  it('a member who clicks JE VAIS AU MATCH ! before their session is checked gets the form', async () => {
    // The home page's matches are prefetched with its code, so the button can be on screen
    // while GET /users/me is still on its way: hold that answer back until after the click.
    let answerMe: (reply: Reply) => void = () => {};
    api.handle('GET /api/users/me', () => new Promise<Reply>((resolve) => (answerMe = resolve)));
    api.reply('GET /api/matchs/next', 200, [match]);
    const router = renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'JE VAIS AU MATCH !' }));
    answerMe({ status: 200, body: me });
    expect(await screen.findByRole('dialog', { name: 'Direction le stade !' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});
