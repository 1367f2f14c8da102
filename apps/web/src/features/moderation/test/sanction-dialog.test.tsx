import { silencedMessage } from '@munegu/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { fakeApi, renderWithProviders, signIn, type FakeApi } from '../../../test/harness';
import { SanctionDialog } from '../components/SanctionDialog';

/** The dialog the member page reuses: `userId` and `kind`, and it calls the API itself. */
let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

const REASON = 'Messages insultants à plusieurs membres.';

/** A moderator an admin silenced for three days, signed in; gives what the silence says. */
function signInSilencedModerator(): string {
  const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const silence = { until, reason: 'Abus de sanctions' };
  signIn(api, { id: 5, username: 'modo', role: { libelle: 'MODERATEUR' }, silence } as never);
  return silencedMessage(new Date(until), 'Abus de sanctions');
}

function open(kind: 'warn' | 'silence' | 'suspend' | 'ban' | 'lift', onClose = vi.fn()) {
  renderWithProviders(
    <AuthProvider>
      <SanctionDialog userId={42} pseudo="Bob_06" kind={kind} onClose={onClose} />
    </AuthProvider>,
  );
  return onClose;
}

describe('SanctionDialog on a member', () => {
  it('silences for the days given, with the reason, and says so', async () => {
    api.reply('POST /api/moderation/users/42/silence', 200, {
      message: 'Membre réduit au silence.',
      silencedUntil: '2031-07-14T08:30:00.000Z',
    });
    const onClose = open('silence');
    const dialog = within(await screen.findByRole('dialog', { name: 'Réduire Bob_06 au silence' }));
    expect(dialog.getByText(/continue de tout lire/)).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Durée (jours)'), { target: { value: '366' } });
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: REASON },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Réduire au silence' }));
    expect(
      await dialog.findByText('La durée doit être comprise entre 1 et 365 jours.'),
    ).toBeVisible();
    expect(api.callsTo('POST /api/moderation/users/42/silence')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText('Durée (jours)'), { target: { value: '4' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Réduire au silence' }));
    expect(await screen.findByText('Membre réduit au silence.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/moderation/users/42/silence')[0]!.body).toEqual({
      reason: REASON,
      days: 4,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('warns without a report', async () => {
    api.reply('POST /api/moderation/users/42/warn', 200, {
      message: 'Avertissement envoyé au membre.',
    });
    open('warn');
    const dialog = within(await screen.findByRole('dialog', { name: 'Avertir Bob_06' }));
    expect(dialog.queryByLabelText('Durée (jours)')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: REASON },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Envoyer l’avertissement' }));
    expect(await screen.findByText('Avertissement envoyé au membre.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/moderation/users/42/warn')[0]!.body).toEqual({ reason: REASON });
  });

  it('shows the server’s refusal in the dialog', async () => {
    const higher =
      'Cette sanction a été prononcée par un membre de rang supérieur au tien : tu ne peux ni la lever ni la modifier.';
    api.reply('POST /api/moderation/users/42/ban', 403, { message: higher, code: 'FORBIDDEN' });
    const onClose = open('ban');
    const dialog = within(await screen.findByRole('dialog', { name: 'Bannir Bob_06' }));
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: REASON },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Bannir' }));
    expect(await dialog.findByText(higher)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells a moderator silenced by an admin why they cannot sanction, before they type', async () => {
    const told = signInSilencedModerator();
    open('warn');
    const dialog = within(await screen.findByRole('dialog', { name: 'Avertir Bob_06' }));
    expect(await dialog.findByText(told)).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Raison (envoyée au membre par e-mail)'), {
      target: { value: REASON },
    });
    const send = dialog.getByRole('button', { name: 'Envoyer l’avertissement' });
    expect(send).toBeDisabled();
    fireEvent.click(send);
    expect(api.callsTo('POST /api/moderation/users/42/warn')).toHaveLength(0);
  });

  it('lets a silenced moderator lift a sanction: that mails nothing', async () => {
    const told = signInSilencedModerator();
    api.reply('POST /api/moderation/users/42/lift', 200, { message: 'Suspension levée.' });
    open('lift');
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Lever la suspension de Bob_06' }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Lever la suspension' }));
    await waitFor(() => expect(api.callsTo('POST /api/moderation/users/42/lift')).toHaveLength(1));
    expect(screen.queryByText(told)).toBeNull();
  });
});
