import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARPOOL_TEXTS } from '@munegu/shared';
import {
  testCarpoolDriver,
  testCarpoolPassenger,
  testConfirmedCarpool,
  testMatch,
  testMatchInfo,
} from '../../../test/fixtures';
import {
  fakeApi,
  renderAt,
  renderWithProviders,
  signIn,
  type FakeApi,
} from '../../../test/harness';
import { RatingDialog } from '..';

const finished = testMatch({
  id: 42,
  is_finish: true,
  edit_pronostic: false,
  buts_dom: 2,
  buts_ext: 0,
});
/** Pilote06 drives Lea (relation 55) and Marc (relation 56). */
const carpool = (isDriver: boolean) =>
  testConfirmedCarpool({
    relationId: 55,
    vehicule: testCarpoolDriver(9, 'Pilote06'),
    passagers: [testCarpoolPassenger(7, 'Lea', 55), testCarpoolPassenger(8, 'Marc', 56)],
    isDriver,
  });

const CARPOOL = 'GET /api/user-to-user-match/mon-covoiturage-confirme?match_id=42';
const BULK = 'POST /api/user-notation-covoiturage/bulk';
let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 7, username: 'Lea' });
});

function open() {
  const onClose = vi.fn();
  renderWithProviders(<RatingDialog match={finished} onClose={onClose} />);
  return onClose;
}
const rate = (username: string, note: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: `Note de ${username}` }), {
    target: { value: note },
  });
const validate = () => screen.getByRole('button', { name: 'Valider' });

describe('NOTE TON COVOITURAGE', () => {
  it('a passenger rates the driver on the carpool relation', async () => {
    api.reply(CARPOOL, 200, carpool(false));
    api.reply(BULK, 200, { message: 'ok' });
    open();
    expect(await screen.findByText('Pilote06')).toBeVisible();
    expect(screen.queryByText('Marc')).toBeNull();
    expect(validate()).toBeDisabled();
    const select = screen.getByRole('combobox', { name: 'Note de Pilote06' });
    // Half steps from 0,5 to 5.
    const values = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(values).toEqual(['0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5']);
    rate('Pilote06', '4.5');
    fireEvent.click(validate());
    await waitFor(() => expect(api.callsTo(BULK)).toHaveLength(1));
    expect(api.callsTo(BULK)[0]?.body).toEqual([{ note: 4.5, userId: 9, userToUserMatchId: 55 }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Note enregistrée avec succès');
  });

  it('sends a double click once, so the answer is the success, not « déjà noté »', async () => {
    api.reply(CARPOOL, 200, carpool(false));
    api.handle(BULK, () =>
      api.callsTo(BULK).length > 1
        ? { status: 400, body: { message: CARPOOL_TEXTS.ratingAlreadyDone } }
        : { status: 200, body: { message: 'ok' } },
    );
    open();
    await screen.findByText('Pilote06');
    rate('Pilote06', '4');
    fireEvent.click(validate());
    fireEvent.click(validate());
    expect(await screen.findByRole('status')).toHaveTextContent('Note enregistrée avec succès');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo(BULK)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the driver rates each passenger on their own relation, all required', async () => {
    api.reply(CARPOOL, 200, carpool(true));
    api.reply(BULK, 200, { message: 'ok' });
    open();
    await screen.findByText('Marc');
    rate('Lea', '5');
    expect(validate()).toBeDisabled(); // Marc has no note yet
    rate('Marc', '0.5');
    fireEvent.click(validate());
    await waitFor(() => expect(api.callsTo(BULK)).toHaveLength(1));
    expect(api.callsTo(BULK)[0]?.body).toEqual([
      { note: 5, userId: 7, userToUserMatchId: 55 },
      { note: 0.5, userId: 8, userToUserMatchId: 56 },
    ]);
  });

  it('says the carpool was already rated', async () => {
    api.reply(CARPOOL, 200, carpool(false));
    api.reply(BULK, 400, { message: CARPOOL_TEXTS.ratingAlreadyDone });
    open();
    await screen.findByText('Pilote06');
    rate('Pilote06', '3');
    fireEvent.click(validate());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vous avez déjà noté ce covoiturage.',
    );
  });

  it('reports any other failure, keeping the notes picked for another try', async () => {
    api.reply(CARPOOL, 200, carpool(true));
    api.reply(BULK, 'network');
    open();
    await screen.findByText('Marc');
    rate('Lea', '5');
    rate('Marc', '2');
    fireEvent.click(validate());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Erreur lors de l'enregistrement de la note",
    );
    expect(screen.getByRole('combobox', { name: 'Note de Lea' })).toHaveValue('5');
    expect(screen.getByRole('combobox', { name: 'Note de Marc' })).toHaveValue('2');
    // The server said no more for now (429): its reason, and the notes are still there.
    const tooMany = 'Tu as donné beaucoup de notes. Réessaie dans 12 minutes.';
    api.reply(BULK, 429, { message: tooMany, ttl: 720 });
    fireEvent.click(validate());
    expect(await screen.findByText(tooMany)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Note de Marc' })).toHaveValue('2');
    // A server failure: the spec's words, not the API's generic ones.
    api.reply(BULK, 500, { message: 'Une erreur est survenue.' });
    fireEvent.click(validate());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "Erreur lors de l'enregistrement de la note",
      ),
    );
    api.reply(BULK, 200, { message: 'ok' });
    fireEvent.click(validate());
    expect(await screen.findByRole('status')).toHaveTextContent('Note enregistrée avec succès');
    expect(api.callsTo(BULK)).toHaveLength(4);
  });

  it('says when there is no confirmed carpool', async () => {
    api.reply(CARPOOL, 200, null);
    open();
    expect(await screen.findByText(CARPOOL_TEXTS.relationNotFound)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
  });
});

describe('from the home page', () => {
  it('NOTE TON COVOITURAGE on the finished match opens the rating', async () => {
    api.reply('GET /api/matchs/next', 200, [finished]);
    api.reply(
      'GET /api/users/infos-utilisateur',
      200,
      testMatchInfo({ has_relation: true, has_confirmed: true }),
    );
    api.reply(CARPOOL, 200, carpool(false));
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'NOTE TON COVOITURAGE' }));
    const dialog = await screen.findByRole('dialog', { name: 'NOTE TON COVOITURAGE' });
    expect(await within(dialog).findByText('Pilote06')).toBeVisible();
  });
});
