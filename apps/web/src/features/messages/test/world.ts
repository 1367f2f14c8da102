import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { fakeApi, signIn, type FakeApi } from '../../../test/harness';
import { fakeSocket, type FakeSocket } from './fakeSocket';

/** The people and the server state both messaging test files start from. */
export const ME = { id: 7, username: 'Louis2' };
export const BOB = { id: 5, username: 'Bob_06', profile_picture: null };

export const meta = (over: object = {}) => ({
  conversationId: 10,
  blockedByUserId: null,
  newConversation: false,
  accepted: true,
  hadReplied: true,
  position: 'user1',
  otherReadAt: null,
  ...over,
});

/** ME signed in, BOB's profile, two conversations, a fake socket; tests add their replies. */
export function messagingWorld(): { api: FakeApi; io: FakeSocket } {
  const api = fakeApi();
  const io = fakeSocket();
  setSocketFactory(() => io.socket);
  signIn(api, ME);
  api.reply('GET /api/users/by-username/Bob_06', 200, BOB);
  api.reply('GET /api/messages/unread-count', 200, { count: 0 });
  api.reply('GET /api/messages/conversations', 200, [
    {
      id: 10,
      userId: BOB.id,
      username: BOB.username,
      deleted: false,
      avatar: null,
      hasUnread: false,
    },
    { id: 11, userId: 9, username: 'Zoe_98', deleted: false, avatar: null, hasUnread: false },
  ]);
  return { api, io };
}

/**
 * The set-up of the files that write to BOB: before each test, messagingWorld with BOB's chat
 * empty (handed to `use`); after it, the real socket factory back.
 */
export function eachTestInEmptyChat(use: (world: { api: FakeApi; io: FakeSocket }) => void) {
  beforeEach(() => {
    const world = messagingWorld();
    world.api.reply(`GET /api/messages/conversation/${BOB.id}`, 200, {
      messages: [],
      meta: meta(),
    });
    world.api.reply('PATCH /api/messages/conversation/10/mark-read', 200, { message: 'ok' });
    use(world);
  });
  afterEach(() => setSocketFactory(null));
}

/**
 * In an open report dialog about a message: checks the message is quoted, picks `motif`, goes
 * to the confirmation and confirms. The dialog, for more checks.
 */
export async function reportQuoted(quoted: string, motif: string) {
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText(quoted)).toBeVisible();
  fireEvent.click(await dialog.findByRole('radio', { name: motif }));
  fireEvent.click(dialog.getByRole('button', { name: 'Signaler' }));
  expect(dialog.getByText('Confirmer le signalement de ce message ?')).toBeVisible();
  fireEvent.click(dialog.getByRole('button', { name: 'Confirmer' }));
  return dialog;
}
