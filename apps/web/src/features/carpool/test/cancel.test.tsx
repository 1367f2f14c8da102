import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import { CancelCarpoolDialog, ExcludePassengerDialog } from '..';

/** Cancel / exclude reason popups (spec sections 2, 5 and 8); only the network is fake. */
let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.reply('GET /api/motifs-annulation', 200, [
    { id: 1, label: 'Autre' },
    { id: 2, label: 'Imprévu personnel' },
  ]);
  api.reply('GET /api/motifs-exclusion', 200, [
    { id: 3, label: 'Comportement' },
    { id: 4, label: 'Autre' },
  ]);
  api.reply('GET /api/motifs-signalement/covoiturage', 200, [
    { id: 12, label: 'Autre' },
    { id: 11, label: 'Retard important' },
  ]);
});

const cancelAs = (asDriver: boolean) => {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <CancelCarpoolDialog
      matchId={42}
      relationId={asDriver ? undefined : 900}
      asDriver={asDriver}
      otherMember={asDriver ? undefined : { username: 'Bob_06' }}
      open
      onOpenChange={onOpenChange}
    />,
  );
  return onOpenChange;
};
/**
 * A toast announced. (Toasts live in sonner's global store, so earlier tests' toasts may still
 * hold the visible slots: presence in the document is what is checked.)
 */
const toastShown = async (text: string) =>
  expect(await screen.findByText(text)).toBeInTheDocument();
const confirm = (dialog: ReturnType<typeof within>) =>
  fireEvent.click(dialog.getByRole('button', { name: "Confirmer l'annulation" }));

describe('cancelling a carpool', () => {
  it("checks the reason, 'Autre' last with 5 to 80 characters, and the report", async () => {
    api.reply('POST /api/user-to-user-match/annuler-covoiturage', 200, { message: 'ok' });
    const onOpenChange = cancelAs(false);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Annuler le covoiturage avec Bob_06' }),
    );
    await dialog.findByRole('radio', { name: 'Autre' });
    const reasons = within(dialog.getByRole('group', { name: "Motif de l'annulation" }));
    expect(reasons.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'Imprévu personnel',
      'Autre',
    ]);
    confirm(dialog);
    expect(dialog.getByText('Veuillez sélectionner un motif valide.')).toBeVisible();

    fireEvent.click(reasons.getByRole('radio', { name: 'Autre' }));
    expect(dialog.queryByText('Veuillez sélectionner un motif valide.')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Précise le motif'), { target: { value: '  abc   ' } });
    confirm(dialog);
    expect(dialog.getByText('Le motif doit contenir entre 5 et 80 caractères.')).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Précise le motif'), {
      target: { value: '  Ma voiture est en panne  ' },
    });

    fireEvent.click(dialog.getByRole('checkbox', { name: 'Signaler ce membre' }));
    const report = within(dialog.getByRole('group', { name: 'Motif du signalement' }));
    await report.findByRole('radio', { name: 'Retard important' });
    confirm(dialog);
    expect(
      dialog.getByText('Veuillez sélectionner un motif valide pour le signalement.'),
    ).toBeVisible();
    fireEvent.click(report.getByRole('radio', { name: 'Autre' }));
    fireEvent.change(dialog.getByLabelText('Précise le motif du signalement'), {
      target: { value: 'Ne répond plus du tout' },
    });
    expect(api.callsTo('POST /api/user-to-user-match/annuler-covoiturage')).toHaveLength(0);
    confirm(dialog);

    await toastShown('Action avec signalement effectués avec succès.');
    expect(api.callsTo('POST /api/user-to-user-match/annuler-covoiturage')[0]?.body).toEqual({
      matchId: 42,
      userToUserMatchId: 900,
      motifId: 1,
      customReason: 'Ma voiture est en panne',
      avecSignalement: true,
      signalementMotifId: 12,
      signalementCustomReason: 'Ne répond plus du tout',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers no report to a driver and cancels the whole carpool', async () => {
    api.reply('POST /api/user-to-user-match/annuler-covoiturage', 200, { message: 'ok' });
    cancelAs(true);
    const dialog = within(await screen.findByRole('dialog', { name: 'Annuler le covoiturage' }));
    fireEvent.click(await dialog.findByRole('radio', { name: 'Imprévu personnel' }));
    expect(dialog.queryByRole('checkbox', { name: 'Signaler ce membre' })).toBeNull();
    confirm(dialog);
    await toastShown('Action effectuée avec succès.');
    expect(api.callsTo('POST /api/user-to-user-match/annuler-covoiturage')[0]?.body).toEqual({
      matchId: 42,
      motifId: 2,
      customReason: null,
      avecSignalement: false,
      signalementCustomReason: null,
    });
    expect(api.callsTo('GET /api/motifs-signalement/covoiturage')).toHaveLength(0);
  });

  it("shows the server's refusal, or the generic failure", async () => {
    api.reply('POST /api/user-to-user-match/annuler-covoiturage', 409, {
      message: "Ce covoiturage n'est pas confirmé.",
    });
    const onOpenChange = cancelAs(false);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('radio', { name: 'Imprévu personnel' }));
    confirm(dialog);
    await toastShown("Ce covoiturage n'est pas confirmé.");
    api.reply('POST /api/user-to-user-match/annuler-covoiturage', 'network');
    confirm(dialog);
    await toastShown("Une erreur est survenue pendant l'opération.");
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('excluding a passenger', () => {
  it('needs a reason, then excludes with it', async () => {
    api.reply('POST /api/user-to-user-match/exclure-covoiturage', 200, { message: 'ok' });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <ExcludePassengerDialog
        matchId={42}
        passenger={{ id: 5, username: 'Bob_06' }}
        open
        onOpenChange={onOpenChange}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Exclure Bob_06' }));
    await dialog.findByRole('radio', { name: 'Comportement' });
    fireEvent.click(dialog.getByRole('button', { name: 'Exclure' }));
    expect(dialog.getByText('Veuillez sélectionner un motif valide.')).toBeVisible();
    fireEvent.click(dialog.getByRole('radio', { name: 'Comportement' }));
    // The message was about the missing pick: picking one takes it away.
    expect(dialog.queryByText('Veuillez sélectionner un motif valide.')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Exclure' }));
    await toastShown('Action effectuée avec succès.');
    expect(api.callsTo('POST /api/user-to-user-match/exclure-covoiturage')[0]?.body).toEqual({
      matchId: 42,
      passagerId: 5,
      motifId: 3,
      customReason: null,
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
