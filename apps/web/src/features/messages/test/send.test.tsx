import { LIMITS, MESSAGING_TEXTS as M } from '@munegu/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, type FakeApi } from '../../../test/harness';
import type { FakeSocket } from './fakeSocket';
import { BOB, ME, eachTestInEmptyChat } from './world';

/**
 * Sending over the page's socket (issue 12): with the socket connected, a message goes as
 * 'sendMessage' with an acknowledgement and never also over HTTP; without it, POST
 * /messages/send. Only fetch and the socket object are fake.
 */
let api: FakeApi;
let io: FakeSocket;
let seq = 900;

const mine = (content: string) => ({
  id: ++seq,
  fromId: ME.id,
  toId: BOB.id,
  content,
  createdAt: new Date().toISOString(),
  fromMe: true,
  readAt: null,
});

eachTestInEmptyChat((world) => ({ api, io } = world));

async function write(text: string, connected: boolean) {
  renderAt({ pathname: '/messages/Bob_06', state: { confirmed: true } });
  const field = await screen.findByRole('textbox', { name: 'Votre message' });
  await waitFor(() => expect(field).toBeEnabled());
  if (connected) act(() => io.push('connect'));
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
  return field;
}
const sends = () => io.emitted.filter((e) => e.event === 'sendMessage');

describe('sending over the socket', () => {
  it('emits sendMessage with an acknowledgement and shows the answer, no HTTP call', async () => {
    const field = await write('Daghe Munegu', true);
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    expect(io.awaiting[0]).toMatchObject({
      event: 'sendMessage',
      args: [{ toUserId: BOB.id, content: 'Daghe Munegu' }],
      timeoutMs: LIMITS.messageAckTimeoutMs,
    });
    // The field was emptied as the message left, before any answer.
    expect(field).toHaveValue('');
    expect(screen.getByTestId('pending-message')).toHaveTextContent('Daghe MuneguEnvoi…');
    act(() => io.answer({ conversationId: 10, message: mine('Daghe Munegu') }));
    await waitFor(() => expect(screen.getByTestId('message')).toHaveTextContent('Daghe Munegu'));
    expect(screen.queryByTestId('pending-message')).toBeNull();
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
    expect(sends()).toHaveLength(1);
  });

  it('shows the server’s French refusal and keeps the text, no HTTP retry', async () => {
    const field = await write('Encore moi', true);
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() => io.answer({ status: 403, message: M.notAccepted, code: 'FORBIDDEN' }));
    expect(await screen.findByText(M.notAccepted)).toBeInTheDocument();
    expect(field).toHaveValue('Encore moi');
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
  });

  it('keeps a message whose answer was lost and sends it again, with its key, once back online', async () => {
    const field = await write('Perdu ?', true);
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    const [{ clientId }] = io.awaiting[0]!.args as [{ clientId: string }];
    expect(clientId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    act(() => io.lose());
    expect(await screen.findByText(M.sendOffline)).toBeInTheDocument();
    expect(screen.getByTestId('pending-message')).toHaveTextContent(
      'Perdu ?En attente de connexion…',
    );
    expect(field).toHaveValue('');
    expect(sends()).toHaveLength(1);

    // The network comes back, the socket with it: the same message goes again, same key.
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(sends()).toHaveLength(2));
    expect(sends()[1]!.args[0]).toEqual({ toUserId: BOB.id, content: 'Perdu ?', clientId });
    act(() => io.answer({ conversationId: 10, message: mine('Perdu ?') }));
    await waitFor(() => expect(screen.getByTestId('message')).toHaveTextContent('Perdu ?'));
    expect(screen.queryByTestId('pending-message')).toBeNull();
    expect(screen.queryByText(M.sendOffline)).toBeNull();
    expect(field).toHaveValue('');
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
  });

  it('shows a message stored before its answer was lost once, not beside its pending bubble', async () => {
    await write('Déjà parti', true);
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() => io.lose());
    await screen.findByText(M.sendOffline);
    // The server had stored it: its push reaches this tab while the message waits to go again.
    const stored = { conversationId: 10, message: mine('Déjà parti') };
    act(() =>
      io.push('newMessage', {
        senderId: ME.id,
        receiverId: BOB.id,
        message: { ...stored.message, conversationId: 10, fromMe: undefined },
      }),
    );
    // The push lands in a render after this act: let it happen before looking.
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryAllByTestId('message')).toHaveLength(0);
    expect(screen.getAllByTestId('pending-message')).toHaveLength(1);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(sends()).toHaveLength(2));
    act(() => io.answer(stored));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(1));
    expect(screen.queryByTestId('pending-message')).toBeNull();
  });

  it('sends a message lost over the socket again over HTTP when the socket is gone', async () => {
    api.reply('POST /api/messages/send', 200, { conversationId: 10, message: mine('Relais') });
    await write('Relais', true);
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    const [{ clientId }] = io.awaiting[0]!.args as [{ clientId: string }];
    act(() => io.push('disconnect', 'transport close'));
    act(() => io.lose());
    await screen.findByText(M.sendOffline);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.callsTo('POST /api/messages/send')).toHaveLength(1));
    expect(api.callsTo('POST /api/messages/send')[0]?.body).toEqual({
      toUserId: BOB.id,
      content: 'Relais',
      clientId,
    });
    await waitFor(() => expect(screen.getByTestId('message')).toHaveTextContent('Relais'));
    expect(sends()).toHaveLength(1);
  });

  it('falls back to POST /messages/send while the socket is not connected', async () => {
    api.reply('POST /api/messages/send', 200, { conversationId: 10, message: mine('Hors ligne') });
    const field = await write('Hors ligne', false);
    await waitFor(() => expect(api.callsTo('POST /api/messages/send')).toHaveLength(1));
    expect(api.callsTo('POST /api/messages/send')[0]?.body).toEqual({
      toUserId: BOB.id,
      content: 'Hors ligne',
      clientId: expect.any(String),
    });
    expect(await screen.findByText('Hors ligne')).toBeVisible();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(sends()).toHaveLength(0);
  });

  it('uses HTTP again after a disconnection', async () => {
    api.reply('POST /api/messages/send', 200, { conversationId: 10, message: mine('Coupé') });
    await write('Coupé', true);
    // write() pressed Enter after the connection: that one goes over the socket.
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() => io.answer({ conversationId: 10, message: mine('Coupé') }));
    act(() => io.push('disconnect', 'transport close'));
    const field = screen.getByRole('textbox', { name: 'Votre message' });
    await waitFor(() => expect(field).toHaveValue(''));
    fireEvent.change(field, { target: { value: 'Après la coupure' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('POST /api/messages/send')).toHaveLength(1));
    expect(sends()).toHaveLength(1);
  });
});

describe('a session ended with a message still to go', () => {
  it('never sends it later, under whoever signs in next in this tab', async () => {
    await write('Perdu ?', true);
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() => io.lose());
    await screen.findByText(M.sendOffline);
    api.reply('POST /api/auth/refresh', 401, { message: 'Session expirée, reconnecte-toi.' });
    act(() => io.push('disconnect', 'io server disconnect'));
    expect((await screen.findAllByRole('link', { name: 'Se connecter' }))[0]).toBeVisible();
    // The network comes back: nothing of the member who left goes out.
    act(() => window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 100));
    expect(sends()).toHaveLength(1);
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
  });
});

describe('a long message', () => {
  it('says its length once it nears the limit, and when it is over', async () => {
    renderAt({ pathname: '/messages/Bob_06', state: { confirmed: true } });
    const field = await screen.findByRole('textbox', { name: 'Votre message' });
    await waitFor(() => expect(field).toBeEnabled());
    fireEvent.change(field, { target: { value: 'a'.repeat(120) } });
    expect(screen.queryByText(/caractères$/)).toBeNull();
    fireEvent.change(field, { target: { value: 'a'.repeat(950) } });
    expect(field).toHaveAccessibleDescription(`950 / ${LIMITS.messageMax} caractères`);
    fireEvent.change(field, { target: { value: 'a'.repeat(LIMITS.messageMax + 1) } });
    expect(screen.getByText(`1001 / ${LIMITS.messageMax} caractères`)).toBeVisible();
  });
});
