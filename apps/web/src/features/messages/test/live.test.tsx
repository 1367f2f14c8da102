import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { renderAt, type FakeApi } from '../../../test/harness';
import type { FakeSocket } from './fakeSocket';
import { BOB, ME, messagingWorld, meta } from './world';

/** Live updates, the sidebar, search and the arrival popup; only fetch and the socket are fake. */
let api: FakeApi;
let io: FakeSocket;
let seq = 500;

const msg = (over: object = {}) => ({
  id: ++seq,
  fromId: BOB.id,
  toId: ME.id,
  content: `Message ${seq}`,
  createdAt: new Date(Date.now() - 1000 * (1000 - seq)).toISOString(),
  fromMe: false,
  readAt: null,
  ...over,
});
const live = (from: number, to: number, content: string, conversationId = 10) => ({
  senderId: from,
  receiverId: to,
  message: {
    id: ++seq,
    conversationId,
    fromId: from,
    toId: to,
    content,
    createdAt: new Date().toISOString(),
    readAt: null,
  },
});

beforeEach(() => {
  ({ api, io } = messagingWorld());
  api.reply(`GET /api/messages/conversation/${BOB.id}`, 200, {
    messages: [msg({ content: 'Bonjour' })],
    meta: meta(),
  });
  api.reply('PATCH /api/messages/conversation/10/mark-read', 200, { message: 'ok' });
});
afterEach(() => setSocketFactory(null));

/** `confirmed`: reached from the app, so the chat opens without asking first. */
function openAt(path: string, confirmed = true) {
  return renderAt({ pathname: path, state: confirmed ? { confirmed: true } : null });
}
const sidebar = () => screen.getByRole('complementary', { name: 'Discussions' });

describe('live messages', () => {
  it('joins its room, appends a message in the open chat and marks it read', async () => {
    openAt('/messages/Bob_06');
    expect(await screen.findByText('Bonjour')).toBeVisible();
    act(() => io.push('connect'));
    expect(io.emitted).toContainEqual({ event: 'joinRoom', args: [ME.id] });
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/messages/conversation/10/mark-read')).toHaveLength(1),
    );
    act(() => io.push('newMessage', live(BOB.id, ME.id, 'Allez Monaco !')));
    expect(await screen.findByText('Allez Monaco !')).toBeVisible();
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/messages/conversation/10/mark-read')).toHaveLength(2),
    );
    expect(within(sidebar()).queryByText('Non lu')).toBeNull();
  });

  it('lights the dot of another sender and refreshes the badge', async () => {
    openAt('/messages/Bob_06');
    await screen.findByText('Bonjour');
    // The navbar's member actions (the badge and its socket listener) are a lazy chunk; when
    // it mounts the badge fetches the count itself, so this pushes after it to test the live path.
    // The link can be in the page before its effects have run: wait for its listener too (the
    // open chat's is the other one).
    await screen.findByRole('link', { name: /^Messages/ });
    await waitFor(() => expect(io.listeners('newMessage')).toBe(2));
    api.reply('GET /api/messages/unread-count', 200, { count: 1 });
    act(() => io.push('newMessage', live(9, ME.id, 'Coucou', 11)));
    const zoe = await within(sidebar()).findByRole('link', { name: /Zoe_98/ });
    await waitFor(() => expect(within(zoe).getByText('Non lu')).toBeInTheDocument());
    expect(screen.queryByText('Coucou')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Messages, 1 non lu' })).toBeVisible();
  });

  it('puts out the dot and the badge when another tab of mine reads the conversation', async () => {
    api.reply('GET /api/messages/conversations', 200, [
      { id: 11, userId: 9, username: 'Zoe_98', deleted: false, avatar: null, hasUnread: true },
    ]);
    api.reply('GET /api/messages/unread-count', 200, { count: 1 });
    renderAt('/messages');
    const list = await screen.findByRole('complementary', { name: 'Discussions' });
    const zoe = await within(list).findByRole('link', { name: /Zoe_98/ });
    expect(within(zoe).getByText('Non lu')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Messages, 1 non lu' })).toBeVisible();
    // The navbar's listeners come after the first page: push once they are there.
    await waitFor(() => expect(io.listeners('newMessage')).toBe(1));
    api.reply('GET /api/messages/unread-count', 200, { count: 0 });
    act(() =>
      io.push('messagesRead', {
        conversationId: 11,
        readerId: ME.id,
        readAt: new Date().toISOString(),
      }),
    );
    await waitFor(() => expect(within(zoe).queryByText('Non lu')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeVisible();
    // The dot goes out in the cache: the list is not read again for it.
    expect(api.callsTo('GET /api/messages/conversations')).toHaveLength(1);
  });

  it('keeps what was typed in a conversation while another one is open', async () => {
    api.reply('GET /api/users/by-username/Zoe_98', 200, { ...BOB, id: 9, username: 'Zoe_98' });
    api.reply('GET /api/messages/conversation/9', 200, {
      messages: [msg({ fromId: 9, content: 'Salut de Zoé', conversationId: 11 })],
      meta: meta({ conversationId: 11 }),
    });
    api.reply('PATCH /api/messages/conversation/11/mark-read', 200, { message: 'ok' });
    openAt('/messages/Bob_06');
    await screen.findByText('Bonjour');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'brouillon pour Bob' } });
    fireEvent.click(await within(sidebar()).findByRole('link', { name: /Zoe_98/ }));
    expect(await screen.findByText('Salut de Zoé')).toBeVisible();
    expect(screen.getByRole('textbox')).toHaveValue('');
    fireEvent.click(within(sidebar()).getByRole('link', { name: /Bob_06/ }));
    expect(await screen.findByText('Bonjour')).toBeVisible();
    expect(screen.getByRole('textbox')).toHaveValue('brouillon pour Bob');
  });

  it('adds a conversation started by someone new to the sidebar', async () => {
    openAt('/messages');
    await within(await screen.findByRole('complementary', { name: 'Discussions' })).findByText(
      'Zoe_98',
    );
    api.reply('GET /api/messages/conversations', 200, [
      { id: 12, userId: 3, username: 'Nouveau_1', deleted: false, avatar: null, hasUnread: true },
    ]);
    // The navbar's messages link brings the conversations up to date (useMessagesRealtime).
    await waitFor(() => expect(io.listeners('newMessage')).toBeGreaterThan(0));
    act(() => io.push('newMessage', live(3, ME.id, 'Salut', 12)));
    expect(await within(sidebar()).findByText('Nouveau_1')).toBeVisible();
  });

  it('shows the typing indicator and the read receipt', async () => {
    api.reply(`GET /api/messages/conversation/${BOB.id}`, 200, {
      messages: [msg({ content: 'Dernier', fromMe: true, fromId: ME.id, toId: BOB.id })],
      meta: meta(),
    });
    openAt('/messages/Bob_06');
    await screen.findByText('Dernier');
    expect(screen.queryByText(/Vu/)).toBeNull();
    act(() => io.push('typing', { conversationId: 10, userId: BOB.id }));
    expect(await screen.findByText('Bob_06 écrit…')).toBeVisible();
    act(() =>
      io.push('messagesRead', {
        conversationId: 10,
        readerId: BOB.id,
        readAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText(/Vu/)).toBeVisible();
  });

  it('closes the composer the moment the other member blocks, and reopens it on unblock', async () => {
    openAt('/messages/Bob_06');
    await screen.findByText('Bonjour');
    const input = screen.getByRole('textbox');
    expect(input).toBeEnabled();
    const listFetches = api.callsTo('GET /api/messages/conversations').length;
    act(() => io.push('typing', { conversationId: 10, userId: BOB.id }));
    expect(await screen.findByText('Bob_06 écrit…')).toBeVisible();

    // Another conversation's block changes nothing here.
    act(() => io.push('conversationBlocked', { conversationId: 11, blockedByUserId: 9 }));
    expect(screen.getByRole('textbox')).toBeEnabled();

    act(() => io.push('conversationBlocked', { conversationId: 10, blockedByUserId: BOB.id }));
    expect(await screen.findByText('Bob_06 a bloqué cette conversation.')).toBeVisible();
    expect(screen.getByRole('textbox')).toBeDisabled();
    expect(screen.queryByText('Bob_06 écrit…')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bloquer Bob_06' })).toBeNull();
    // Without any refetch of the conversation: the event itself updated the page.
    expect(api.callsTo(`GET /api/messages/conversation/${BOB.id}`)).toHaveLength(1);
    await waitFor(() =>
      expect(api.callsTo('GET /api/messages/conversations').length).toBeGreaterThan(listFetches),
    );

    act(() => io.push('conversationBlocked', { conversationId: 10, blockedByUserId: null }));
    await waitFor(() => expect(screen.getByRole('textbox')).toBeEnabled());
    expect(screen.queryByText('Bob_06 a bloqué cette conversation.')).toBeNull();
  });

  it('gives the requester the composer back as soon as the request is accepted', async () => {
    api.reply(`GET /api/messages/conversation/${BOB.id}`, 200, {
      messages: [msg({ content: 'Salut Bob', fromId: ME.id, toId: BOB.id, fromMe: true })],
      meta: meta({ accepted: false, hadReplied: false, position: 'user1' }),
    });
    openAt('/messages/Bob_06');
    expect(
      await screen.findByText("Bob_06 n'a pas encore accepté votre demande de message."),
    ).toBeVisible();
    expect(screen.getByRole('textbox')).toBeDisabled();
    // Another conversation's acceptance changes nothing here.
    act(() => io.push('conversationAccepted', { conversationId: 11 }));
    expect(screen.getByRole('textbox')).toBeDisabled();
    act(() => io.push('conversationAccepted', { conversationId: 10 }));
    await waitFor(() => expect(screen.getByRole('textbox')).toBeEnabled());
    expect(screen.queryByText(/n'a pas encore accepté/)).toBeNull();
    // The event itself updated the page, without a refetch of the conversation.
    expect(api.callsTo(`GET /api/messages/conversation/${BOB.id}`)).toHaveLength(1);
  });

  it('shows my own block made in another tab, with the unblock button', async () => {
    openAt('/messages/Bob_06');
    await screen.findByText('Bonjour');
    act(() => io.push('conversationBlocked', { conversationId: 10, blockedByUserId: ME.id }));
    expect(await screen.findByText('Tu as bloqué cette conversation.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Débloquer la conversation' })).toBeEnabled();
    expect(screen.getByRole('textbox')).toBeDisabled();
  });

  it('refetches the open conversation and the list after a reconnect', async () => {
    openAt('/messages/Bob_06');
    await screen.findByText('Bonjour');
    // The refetch after a reconnect is the navbar's (useMessagesRealtime), mounted after the
    // first page: its listeners are there once it also listens to new messages, beside the chat.
    await waitFor(() => expect(io.listeners('newMessage')).toBe(2));
    act(() => io.push('connect'));
    api.reply(`GET /api/messages/conversation/${BOB.id}`, 200, {
      messages: [msg({ content: 'Bonjour' }), msg({ content: 'Manqué pendant la coupure' })],
      meta: meta(),
    });
    act(() => io.push('connect'));
    expect(await screen.findByText('Manqué pendant la coupure')).toBeVisible();
  });
});

describe('sidebar and new discussion', () => {
  it('asks before opening a conversation reached from elsewhere', async () => {
    const router = openAt('/messages/Bob_06', false);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Ouvrir la discussion avec Bob_06 ?')).toBeVisible();
    expect(screen.queryByText('Bonjour')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Bonjour')).toBeVisible();
    expect(router.state.location.pathname).toBe('/messages/Bob_06');
  });

  it('searches from 2 characters and previews existing or new discussions', async () => {
    api.reply('GET /api/users/search', 200, [
      { id: BOB.id, username: 'Bob_06', profile_picture: null },
      { id: 3, username: 'Bobby', profile_picture: null },
    ]);
    const router = openAt('/messages');
    fireEvent.click(await screen.findByRole('button', { name: /Nouvelle discussion/ }));
    const search = await screen.findByRole('searchbox', { name: 'Pseudo' });
    // Typed at once: the search takes the focus, not the dialog's ×.
    await waitFor(() => expect(search).toHaveFocus());
    fireEvent.change(search, { target: { value: 'B' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(api.callsTo('GET /api/users/search')).toHaveLength(0);
    fireEvent.change(search, { target: { value: 'Bo' } });
    fireEvent.click(await screen.findByRole('button', { name: /Bob_06/ }));
    expect(screen.getByText('Ouvrir discussion existante')).toBeVisible();
    expect(api.calls.find((c) => c.path.startsWith('/api/users/search'))?.path).toBe(
      '/api/users/search?q=Bo',
    );
    fireEvent.change(search, { target: { value: 'Bob' } });
    fireEvent.click(await screen.findByRole('button', { name: /Bobby/ }));
    expect(screen.getByText('Créer nouvelle discussion')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Démarrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/Bobby'));
  });

  it('opens the chat chosen in « Nouvelle discussion » with its field focused', async () => {
    api.reply('GET /api/users/search', 200, [
      { id: BOB.id, username: 'Bob_06', profile_picture: null },
    ]);
    openAt('/messages');
    fireEvent.click(await screen.findByRole('button', { name: /Nouvelle discussion/ }));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Pseudo' }), {
      target: { value: 'Bob' },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Bob_06/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Bonjour')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Votre message' })).toHaveFocus(),
    );
  });

  it('focuses the field of the chat already open when « Nouvelle discussion » picks it again', async () => {
    api.reply('GET /api/users/search', 200, [
      { id: BOB.id, username: 'Bob_06', profile_picture: null },
    ]);
    openAt('/messages/Bob_06');
    expect(await screen.findByText('Bonjour')).toBeVisible();
    const start = await screen.findByRole('button', { name: /Nouvelle discussion/ });
    start.focus();
    fireEvent.click(start);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Pseudo' }), {
      target: { value: 'Bob' },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Bob_06/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    // Past the dialog's own return of the focus (a task after it has gone).
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('textbox', { name: 'Votre message' })).toHaveFocus();
  });

  it('says when nobody has the pseudo searched, once the search has answered', async () => {
    api.reply('GET /api/users/search', 200, []);
    openAt('/messages');
    fireEvent.click(await screen.findByRole('button', { name: /Nouvelle discussion/ }));
    const search = await screen.findByRole('searchbox', { name: 'Pseudo' });
    fireEvent.change(search, { target: { value: 'zzzz' } });
    expect(await screen.findByText('Aucun membre trouvé pour « zzzz ».')).toBeVisible();
    // Typing more: nothing said about the new text before its own answer.
    fireEvent.change(search, { target: { value: 'zzzzz' } });
    expect(screen.queryByText(/Aucun membre trouvé/)).toBeNull();
    expect(await screen.findByText('Aucun membre trouvé pour « zzzzz ».')).toBeVisible();
  });

  it('shows the search error', async () => {
    api.reply('GET /api/users/search', 500, {});
    openAt('/messages');
    fireEvent.click(await screen.findByRole('button', { name: /Nouvelle discussion/ }));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Pseudo' }), {
      target: { value: 'Bo' },
    });
    expect(await screen.findByText('Une erreur est survenue.')).toBeVisible();
  });

  it('shows the list error of section 8', async () => {
    api.reply('GET /api/messages/conversations', 500, {});
    openAt('/messages');
    expect(await screen.findByText('Erreur lors du chargement des messages.')).toBeVisible();
  });

  it('loads 20 older messages when scrolled to the top, then stops after a short page', async () => {
    const page = (n: number) => Array.from({ length: n }, () => msg());
    api.reply(`GET /api/messages/conversation/${BOB.id}`, 200, {
      messages: page(20),
      meta: meta(),
    });
    api.reply('GET /api/messages/conversation/10/load-more', 200, [
      msg({ content: 'Le plus ancien', createdAt: '2020-01-01T10:00:00Z' }),
    ]);
    openAt('/messages/Bob_06');
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(20));
    const list = screen.getAllByTestId('message')[0]!.parentElement!;
    list.scrollTop = 0;
    fireEvent.scroll(list);
    expect(await screen.findByText('Le plus ancien')).toBeVisible();
    expect(screen.getAllByTestId('message')[0]).toHaveTextContent('Le plus ancien');
    expect(api.callsTo('GET /api/messages/conversation/10/load-more')[0]?.path).toMatch(
      /offset=20$/,
    );
    fireEvent.scroll(list);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('GET /api/messages/conversation/10/load-more')).toHaveLength(1);
  });
});
