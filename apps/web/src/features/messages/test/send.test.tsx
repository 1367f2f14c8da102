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

  it('says the send is unconfirmed when the answer is lost, and does not send again', async () => {
    const field = await write('Perdu ?', true);
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() => io.lose());
    expect(await screen.findByText(M.sendUnconfirmed)).toBeInTheDocument();
    expect(field).toHaveValue('Perdu ?');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
    expect(sends()).toHaveLength(1);
  });

  it('falls back to POST /messages/send while the socket is not connected', async () => {
    api.reply('POST /api/messages/send', 200, { conversationId: 10, message: mine('Hors ligne') });
    const field = await write('Hors ligne', false);
    await waitFor(() => expect(api.callsTo('POST /api/messages/send')).toHaveLength(1));
    expect(api.callsTo('POST /api/messages/send')[0]?.body).toEqual({
      toUserId: BOB.id,
      content: 'Hors ligne',
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
