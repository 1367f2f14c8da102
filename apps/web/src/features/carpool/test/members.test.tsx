import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmedCarpool } from '@munegu/shared';
import { AuthProvider } from '../../../lib/auth';
import { CARPOOL_TEXTS } from '@munegu/shared';
import {
  testCarpoolDriver,
  testCarpoolPassenger,
  testConfirmedCarpool,
  testMatchInfo,
} from '../../../test/fixtures';
import { fakeApi, renderWithProviders, signIn, type FakeApi } from '../../../test/harness';
import { CarpoolMembersDialog } from '..';

/** 'Membres du covoiturage' (spec section 2, Profile): who, and what each member may do. */
let api: FakeApi;
const ME = { id: 7, username: 'Louis2' };
/** Bob_06 drives me (relation 901) and a deleted account of 2 (relation 902). */
const carpool = (over: Partial<ConfirmedCarpool> = {}) =>
  testConfirmedCarpool({
    vehicule: testCarpoolDriver(5, 'Bob_06'),
    passagers: [
      testCarpoolPassenger(ME.id, ME.username, 901),
      testCarpoolPassenger(9, 'utilisateur_Supprime_9', 902, { nbPers: 2 }),
    ],
    ...over,
  });
/** The same carpool seen from my own car: I drive Bob_06 (relation 901). */
const myCar = (over: Partial<ConfirmedCarpool> = {}) =>
  carpool({
    vehicule: testCarpoolDriver(ME.id, ME.username),
    passagers: [testCarpoolPassenger(5, 'Bob_06', 901)],
    isDriver: true,
    ...over,
  });
const URL = 'GET /api/user-to-user-match/mon-covoiturage-confirme';

beforeEach(() => {
  api = fakeApi();
  signIn(api, ME);
  api.reply('GET /api/motifs-annulation', 200, [{ id: 2, label: 'Imprévu' }]);
  api.reply('GET /api/motifs-exclusion', 200, [{ id: 3, label: 'Comportement' }]);
});

function show() {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <AuthProvider>
      <CarpoolMembersDialog matchId={42} open onOpenChange={onOpenChange} />
    </AuthProvider>,
  );
  return onOpenChange;
}
const members = async () =>
  within(await screen.findByRole('dialog', { name: 'Membres du covoiturage' }));

/** The members dialog of `answer`, the carpool as the server gives it. */
async function membersOf(answer: ReturnType<typeof carpool>) {
  api.reply(URL, 200, answer);
  show();
  return members();
}

describe('carpool members', () => {
  it('lists driver and passengers: me in bold, a deleted account unnamed', async () => {
    const dialog = await membersOf(carpool());
    expect(await dialog.findByRole('link', { name: 'Bob_06' })).toHaveAttribute(
      'href',
      '/profil/Bob_06',
    );
    // Bold once the session's user is known (the auth provider's own read).
    await waitFor(() =>
      expect(dialog.getByRole('link', { name: 'Louis2' }).closest('strong')).not.toBeNull(),
    );
    expect(dialog.getByRole('link', { name: 'Bob_06' }).closest('strong')).toBeNull();
    expect(dialog.getByText('Utilisateur introuvable')).toBeVisible();
    expect(dialog.queryByText(/utilisateur_Supprime_9/)).toBeNull();
    expect(api.callsTo(URL)[0]?.path).toBe(`${URL.slice(4)}?match_id=42`);
  });

  it('lets a passenger write to the driver or leave, but not exclude', async () => {
    const dialog = await membersOf(carpool({ groupe_id: 31 }));
    expect(await dialog.findByRole('link', { name: 'Écrire au conducteur' })).toHaveAttribute(
      'href',
      '/messages/Bob_06',
    );
    expect(dialog.getByRole('link', { name: CARPOOL_TEXTS.thread })).toHaveAttribute(
      'href',
      '/messages/groupes/31',
    );
    expect(dialog.queryByRole('button', { name: /^Exclure/ })).toBeNull();
    expect(dialog.queryByRole('group', { name: 'Places disponibles' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Annuler mon covoiturage' }));
    const cancel = within(
      await screen.findByRole('dialog', { name: 'Annuler le covoiturage avec Bob_06' }),
    );
    expect(cancel.getByRole('checkbox', { name: 'Signaler ce membre' })).toBeVisible();
    api.reply('POST /api/user-to-user-match/annuler-covoiturage', 200, { message: 'ok' });
    fireEvent.click(await cancel.findByRole('radio', { name: 'Imprévu' }));
    fireEvent.click(cancel.getByRole('button', { name: "Confirmer l'annulation" }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/user-to-user-match/annuler-covoiturage')[0]?.body).toEqual({
        matchId: 42,
        userToUserMatchId: 901,
        motifId: 2,
        customReason: null,
        avecSignalement: false,
        signalementCustomReason: null,
      }),
    );
  });

  it('lets the driver set the seats, exclude a passenger and cancel everything', async () => {
    api.reply(URL, 200, myCar());
    show();
    const dialog = await members();
    expect(await dialog.findByRole('group', { name: 'Places disponibles' })).toBeVisible();
    expect(dialog.queryByRole('link', { name: 'Écrire au conducteur' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Exclure Bob_06' }));
    expect(await screen.findByRole('dialog', { name: 'Exclure Bob_06' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Annuler le covoiturage' }));
    const cancel = within(await screen.findByRole('dialog', { name: 'Annuler le covoiturage' }));
    expect(cancel.queryByRole('checkbox', { name: 'Signaler ce membre' })).toBeNull();
  });

  it('shows the free seats the server gives back after an exclusion, popup still open', async () => {
    // Me driving, Bob_06 on my last seat: 0 free.
    let seats = 0;
    let passagers = [testCarpoolPassenger(5, 'Bob_06', 901)];
    api.handle(URL, () => ({
      status: 200,
      body: carpool({
        vehicule: testCarpoolDriver(ME.id, ME.username, { places_dispo: seats }),
        passagers,
        isDriver: true,
      }),
    }));
    api.handle('POST /api/user-to-user-match/exclure-covoiturage', () => {
      seats = 1;
      passagers = [];
      return { status: 200, body: { message: CARPOOL_TEXTS.actionDone } };
    });
    show();
    const dialog = await members();
    const freeSeats = () => dialog.getByRole('status', { name: 'Places disponibles' });
    await waitFor(() => expect(freeSeats()).toHaveTextContent('0'));
    fireEvent.click(dialog.getByRole('button', { name: 'Exclure Bob_06' }));
    const exclude = within(await screen.findByRole('dialog', { name: 'Exclure Bob_06' }));
    fireEvent.click(await exclude.findByRole('radio', { name: 'Comportement' }));
    fireEvent.click(exclude.getByRole('button', { name: 'Exclure' }));
    expect(await screen.findByText(CARPOOL_TEXTS.actionDone)).toBeVisible();
    // The popup that stayed open reads the carpool again: 1 free seat, Bob_06 gone.
    await waitFor(() => expect(freeSeats()).toHaveTextContent('1'));
    expect(dialog.getByText('Aucun passager')).toBeVisible();
    // Nothing to save: the value shown is the server's, not an unsaved change.
    expect(dialog.getByRole('button', { name: 'Enregistrer les places' })).toBeDisabled();
  });

  it('once the match has kicked off, the driver can no longer exclude, resize or cancel', async () => {
    api.reply(URL, 200, myCar({ isModifiable: false, groupe_id: 31 }));
    show();
    const dialog = await members();
    expect(await dialog.findByRole('link', { name: 'Bob_06' })).toBeVisible();
    expect(dialog.getByText(CARPOOL_TEXTS.carpoolLocked)).toBeVisible();
    // The car's thread stays open to its members.
    expect(dialog.getByRole('link', { name: CARPOOL_TEXTS.thread })).toHaveAttribute(
      'href',
      '/messages/groupes/31',
    );
    expect(dialog.queryByRole('button', { name: /Exclure/ })).toBeNull();
    expect(dialog.queryByRole('group', { name: 'Places disponibles' })).toBeNull();
    expect(dialog.queryByRole('button', { name: /Annuler/ })).toBeNull();
    // Not finished yet: no rating either.
    expect(dialog.queryByRole('button', { name: 'NOTE TON COVOITURAGE' })).toBeNull();
  });

  /** The members dialog of a played match's carpool, rated by the member or not yet. */
  async function finishedCarpool({ rated }: { rated: boolean }) {
    api.reply(URL, 200, carpool({ isModifiable: false, isFinished: true }));
    api.reply(
      'GET /api/users/infos-utilisateur',
      200,
      testMatchInfo({ has_relation: true, has_confirmed: true, note_submitted: rated }),
    );
    show();
    return members();
  }

  it('a finished match: the carpool is history, to rate, never to cancel', async () => {
    const dialog = await finishedCarpool({ rated: false });
    expect(await dialog.findByText(/fait désormais partie de ton historique/)).toBeVisible();
    // No thread the server would refuse (groupe_id null): no link to it.
    expect(dialog.queryByRole('link', { name: CARPOOL_TEXTS.thread })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Annuler mon covoiturage' })).toBeNull();
    fireEvent.click(await dialog.findByRole('button', { name: 'NOTE TON COVOITURAGE' }));
    expect(await screen.findByRole('dialog', { name: 'NOTE TON COVOITURAGE' })).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Note de Bob_06' })).toBeVisible();
  });

  it('a finished and rated carpool says so', async () => {
    const dialog = await finishedCarpool({ rated: true });
    expect(await dialog.findByText(CARPOOL_TEXTS.alreadyRatedAll)).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'NOTE TON COVOITURAGE' })).toBeNull();
  });

  it("says 'Aucun passager' and offers nothing once the carpool is locked", async () => {
    api.reply(URL, 200, carpool({ passagers: [], isModifiable: false }));
    const onOpenChange = show();
    const dialog = await members();
    expect(await dialog.findByText('Aucun passager')).toBeVisible();
    expect(dialog.queryByRole('button', { name: /Annuler/ })).toBeNull();
    expect(dialog.queryByRole('link', { name: 'Écrire au conducteur' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Fermer' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
