import { MESSAGING_TEXTS as M } from '@munegu/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, type FakeApi } from '../../../test/harness';
import type { FakeSocket } from './fakeSocket';
import { BOB, ME, eachTestInEmptyChat } from './world';

/**
 * Messages typed in a burst (issue 27): the field empties as each one leaves, they go one at a
 * time in the order typed, each once; a refusal brings the text back with its reason; a 429
 * waits the server's ttl. Only fetch and the socket object are fake.
 */
let api: FakeApi;
let io: FakeSocket;
let seq = 2000;

const stored = (content: string) => ({
  conversationId: 10,
  message: {
    id: ++seq,
    fromId: ME.id,
    toId: BOB.id,
    content,
    createdAt: new Date(Date.now() + seq).toISOString(),
    fromMe: true,
    readAt: null,
  },
});

eachTestInEmptyChat((world) => ({ api, io } = world));

async function openChat() {
  renderAt({ pathname: '/messages/Bob_06', state: { confirmed: true } });
  const field = await screen.findByRole('textbox', { name: 'Votre message' });
  await waitFor(() => expect(field).toBeEnabled());
  act(() => io.push('connect'));
  return field;
}
function type(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
}
function enter(field: HTMLElement, text: string) {
  type(field, text);
  fireEvent.keyDown(field, { key: 'Enter' });
}
const sentContents = () =>
  io.emitted
    .filter((e) => e.event === 'sendMessage')
    .map((e) => (e.args[0] as { content: string }).content);
const bubbles = () =>
  screen.queryAllByTestId('message').map((b) => b.querySelector('p')!.textContent);
const pendingBubbles = () =>
  screen.queryAllByTestId('pending-message').map((b) => b.querySelector('p')!.textContent);

describe('a burst of messages', () => {
  it('empties the field as each leaves and sends them in order, one at a time, each once', async () => {
    const field = await openChat();
    enter(field, 'Course 1a');
    expect(field).toHaveValue('');
    enter(field, 'Course 1b');
    expect(field).toHaveValue('');
    enter(field, 'Course 1c');
    // The next message is being typed while the first is unanswered.
    type(field, 'Cou');

    // One in flight at a time: the others wait their turn, shown as leaving.
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    expect(sentContents()).toEqual(['Course 1a']);
    expect(pendingBubbles()).toEqual(['Course 1a', 'Course 1b', 'Course 1c']);

    act(() => io.answer(stored('Course 1a')));
    await waitFor(() => expect(sentContents()).toEqual(['Course 1a', 'Course 1b']));
    act(() => io.answer(stored('Course 1b')));
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() => io.answer(stored('Course 1c')));

    await waitFor(() => expect(bubbles()).toEqual(['Course 1a', 'Course 1b', 'Course 1c']));
    expect(pendingBubbles()).toEqual([]);
    expect(sentContents()).toEqual(['Course 1a', 'Course 1b', 'Course 1c']);
    // What was typed meanwhile was never wiped nor glued to a sent message.
    expect(field).toHaveValue('Cou');
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
  });

  it('brings a refused message and those after it back to the field, with the reason', async () => {
    const field = await openChat();
    enter(field, 'Premier');
    enter(field, 'Deuxième');
    enter(field, 'Troisième');
    type(field, 'En cours');
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() => io.answer(stored('Premier')));
    await waitFor(() => expect(sentContents()).toHaveLength(2));
    act(() => io.answer({ status: 403, message: M.blocked, code: 'FORBIDDEN' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(M.blocked);
    expect(field).toHaveValue('Deuxième\nTroisième\nEn cours');
    expect(field).toHaveAccessibleDescription(M.blocked);
    expect(bubbles()).toEqual(['Premier']);
    expect(pendingBubbles()).toEqual([]);
    // 'Troisième' was never sent: it would have come before the refused one is resent.
    expect(sentContents()).toEqual(['Premier', 'Deuxième']);

    // Sending again clears the reason.
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(field).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('holds the burst behind a lost answer, then sends the rest in order once it is stored', async () => {
    const field = await openChat();
    enter(field, 'Perdu ?');
    enter(field, 'Et moi');
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() => io.lose());
    expect(await screen.findByText(M.sendOffline)).toBeInTheDocument();
    expect(pendingBubbles()).toEqual(['Perdu ?', 'Et moi']);
    expect(screen.getAllByTestId('pending-message')[1]).toHaveTextContent('Et moiEn attente…');
    expect(field).toHaveValue('');
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(sentContents()).toEqual(['Perdu ?', 'Perdu ?']));
    const keys = io.emitted
      .filter((e) => e.event === 'sendMessage')
      .map((e) => (e.args[0] as { clientId: string }).clientId);
    expect(keys[1]).toBe(keys[0]);
    act(() => io.answer(stored('Perdu ?')));
    await waitFor(() => expect(sentContents()).toEqual(['Perdu ?', 'Perdu ?', 'Et moi']));
    act(() => io.answer(stored('Et moi')));
    await waitFor(() => expect(bubbles()).toEqual(['Perdu ?', 'Et moi']));
    expect(pendingBubbles()).toEqual([]);
  });

  it('waits the ttl of a 429, saying so, then sends the same message again before the next', async () => {
    const field = await openChat();
    enter(field, 'Vingt et un');
    enter(field, 'Vingt-deux');
    await waitFor(() => expect(io.awaiting).toHaveLength(1));
    act(() =>
      io.answer({ status: 429, message: 'Trop de requêtes', code: 'RATE_LIMITED', ttl: 1 }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(M.burstWait(1));
    const [waiting, held] = screen.getAllByTestId('pending-message');
    expect(waiting).toHaveTextContent('Vingt et unEn attente · envoi dans 1 s');
    expect(held).toHaveTextContent('Vingt-deuxEn attente…');
    expect(field).toHaveValue('');
    expect(sentContents()).toEqual(['Vingt et un']);

    await waitFor(() => expect(io.awaiting).toHaveLength(1), { timeout: 3000 });
    expect(sentContents()).toEqual(['Vingt et un', 'Vingt et un']);
    act(() => io.answer(stored('Vingt et un')));
    await waitFor(() =>
      expect(sentContents()).toEqual(['Vingt et un', 'Vingt et un', 'Vingt-deux']),
    );
    act(() => io.answer(stored('Vingt-deux')));
    await waitFor(() => expect(bubbles()).toEqual(['Vingt et un', 'Vingt-deux']));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
