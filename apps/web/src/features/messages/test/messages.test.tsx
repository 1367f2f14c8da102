import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { silencedMessage } from '@munegu/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { renderAt, signIn, type FakeApi } from '../../../test/harness';
import type { FakeSocket } from './fakeSocket';
import { BOB, ME, messagingWorld, meta, reportQuoted } from './world';

/** The messaging page through the real routes; only fetch and the socket object are fake. */
let api: FakeApi;
let io: FakeSocket;

let seq = 100;
const msg = (over: object = {}) => ({
  id: ++seq,
  fromId: BOB.id,
  toId: ME.id,
  content: `Message ${seq}`,
  createdAt: new Date().toISOString(),
  fromMe: false,
  readAt: null,
  ...over,
});
const conversationReply = (messages: object[], m: object = {}) =>
  api.reply(`GET /api/messages/conversation/${BOB.id}`, 200, { messages, meta: meta(m) });

beforeEach(() => {
  ({ api, io } = messagingWorld());
  api.reply('PATCH /api/messages/conversation/10/mark-read', 200, { message: 'ok' });
});
afterEach(() => setSocketFactory(null));

/** `confirmed`: reached from the app, so the chat opens without asking first. */
function openChat(path = '/messages/Bob_06', confirmed = true) {
  return renderAt({ pathname: path, state: confirmed ? { confirmed: true } : null });
}
const input = () => screen.findByRole('textbox', { name: 'Votre message' });

describe('conversation rules (spec section 4)', () => {
  it('tells the waiting sender the request is not accepted and blocks a second message', async () => {
    conversationReply([msg({ fromId: ME.id, toId: BOB.id, fromMe: true })], {
      accepted: false,
      newConversation: true,
      hadReplied: false,
    });
    openChat();
    expect(
      await screen.findByText("Bob_06 n'a pas encore accepté votre demande de message."),
    ).toBeVisible();
    expect(await input()).toBeDisabled();
  });

  it('lets the recipient accept the request, then write', async () => {
    conversationReply([msg()], { accepted: false, newConversation: true, position: 'user2' });
    api.handle('POST /api/messages/accept/10', () => {
      conversationReply([msg()], { position: 'user2' });
      return { status: 200, body: { message: 'Demande de message acceptée.' } };
    });
    openChat();
    expect(await input()).toBeDisabled();
    fireEvent.click(await screen.findByRole('button', { name: "J'accepte la demande de message" }));
    await waitFor(async () => expect(await input()).toBeEnabled());
    // The button pressed is gone: the focus is where the member now means to type.
    await waitFor(async () => expect(await input()).toHaveFocus());
    expect(api.callsTo('POST /api/messages/accept/10')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /J'accepte/ })).toBeNull();
  });

  it('shows the accept error of section 8', async () => {
    conversationReply([msg()], { accepted: false, newConversation: true, position: 'user2' });
    api.reply('POST /api/messages/accept/10', 500, { message: 'boom' });
    openChat();
    fireEvent.click(await screen.findByRole('button', { name: "J'accepte la demande de message" }));
    expect(await screen.findByText("Erreur lors de l'acceptation de la demande")).toBeVisible();
  });

  it('offers the blocker to unblock, and says so when done', async () => {
    conversationReply([msg()], { blockedByUserId: ME.id });
    api.handle('PATCH /api/messages/conversation/10/unblock', () => {
      conversationReply([msg()]);
      return { status: 200, body: { message: 'Conversation débloquée' } };
    });
    openChat();
    expect(await input()).toBeDisabled();
    fireEvent.click(await screen.findByRole('button', { name: 'Débloquer la conversation' }));
    expect(await screen.findByText('Conversation débloquée')).toBeVisible();
    await waitFor(async () => expect(await input()).toBeEnabled());
    await waitFor(async () => expect(await input()).toHaveFocus());
  });

  it('tells the other side the conversation was blocked, without an unblock button', async () => {
    conversationReply([msg()], { blockedByUserId: BOB.id });
    openChat();
    expect(await screen.findByText('Bob_06 a bloqué cette conversation.')).toBeVisible();
    expect(await input()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Débloquer la conversation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bloquer Bob_06' })).toBeNull();
  });

  it('blocks after a confirmation, then deselects the chat with a toast', async () => {
    conversationReply([msg()]);
    api.reply('PATCH /api/messages/conversation/10/block', 200, { message: 'ok' });
    const router = openChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Bloquer Bob_06' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(api.callsTo('PATCH /api/messages/conversation/10/block')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquer' }));
    expect(await screen.findByText('Vous avez bloqué Bob_06')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(
      await screen.findByText('Sélectionnez une discussion dans le menu de gauche'),
    ).toBeVisible();
  });

  it('shows the blocking error of section 8', async () => {
    conversationReply([msg()]);
    api.reply('PATCH /api/messages/conversation/10/block', 500, {});
    openChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Bloquer Bob_06' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bloquer' }),
    );
    expect(await screen.findByText('Une erreur est survenue lors du blocage.')).toBeVisible();
  });

  it('shows the conversation loading error', async () => {
    api.reply(`GET /api/messages/conversation/${BOB.id}`, 500, {});
    openChat();
    expect(await screen.findByText('Erreur lors du chargement de la conversation')).toBeVisible();
  });
});

describe('a silenced member', () => {
  it('reads the silence, end and reason, before typing anything, and cannot send', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    signIn(api, { ...ME, silence: { until, reason: 'Insultes répétées' } } as typeof ME);
    conversationReply([msg({ content: 'Tu viens samedi ?' })]);
    openChat();
    expect(await screen.findByText('Tu viens samedi ?')).toBeVisible();
    expect(await input()).toBeDisabled();
    expect(screen.getByText(silencedMessage(new Date(until), 'Insultes répétées'))).toBeVisible();
    // Reading and reporting stay open to them.
    expect(screen.getByRole('button', { name: 'Signaler ce message de Bob_06' })).toBeEnabled();
  });

  it('loses the field as soon as a moderator silences them, and gets it back at the lift', async () => {
    conversationReply([msg({ content: 'Tu viens samedi ?' })]);
    openChat();
    const field = await input();
    await waitFor(() => expect(field).toBeEnabled());
    // The navbar's listeners come after the first page: wait until the event has one.
    await waitFor(() => expect(io.listeners('accountChanged')).toBe(1));
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    api.reply('GET /api/users/me', 200, { ...ME, silence: { until, reason: 'Insultes répétées' } });
    act(() => io.push('accountChanged'));
    expect(
      await screen.findByText(silencedMessage(new Date(until), 'Insultes répétées')),
    ).toBeVisible();
    expect(await input()).toBeDisabled();

    api.reply('GET /api/users/me', 200, { ...ME, silence: null });
    act(() => io.push('accountChanged'));
    await waitFor(() => expect(screen.queryByText(/Tu ne peux plus écrire/)).toBeNull());
    expect(await input()).toBeEnabled();
  });

  it('writes again once the silence has ended', async () => {
    const ended = new Date(Date.now() - 1000).toISOString();
    signIn(api, { ...ME, silence: { until: ended, reason: null } } as typeof ME);
    conversationReply([msg()]);
    openChat();
    const field = await input();
    await waitFor(() => expect(field).toBeEnabled());
    expect(screen.queryByText(/Tu ne peux plus écrire/)).toBeNull();
  });
});

describe('reporting a message', () => {
  it("reports one of the other member's messages, quoted, after a confirmation", async () => {
    const mine = msg({ fromId: ME.id, toId: BOB.id, fromMe: true, content: 'Tu viens ?' });
    const theirs = msg({ content: 'Tu vas le regretter demain.' });
    conversationReply([mine, theirs]);
    api.reply('GET /api/motifs-signalement/message', 200, [
      { id: 31, label: 'Harcèlement' },
      { id: 32, label: 'Autre' },
    ]);
    api.reply('POST /api/user-signalement', 200, { message: 'Signalement envoyé avec succès.' });
    openChat();
    // Only the other member's message can be reported.
    const flags = await screen.findAllByRole('button', { name: 'Signaler ce message de Bob_06' });
    expect(flags).toHaveLength(1);
    expect(within(screen.getByText('Tu viens ?').closest('li')!).queryByRole('button')).toBeNull();

    fireEvent.click(flags[0]!);
    expect(
      await screen.findByRole('dialog', { name: 'Signaler un message de Bob_06' }),
    ).toBeVisible();
    await reportQuoted('Tu vas le regretter demain.', 'Harcèlement');

    expect(await screen.findByText('Signalement envoyé avec succès.')).toBeVisible();
    expect(api.callsTo('POST /api/user-signalement')[0]?.body).toEqual({
      to: BOB.id,
      motifId: 31,
      section: 'message',
      messageId: theirs.id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the form with the server’s refusal', async () => {
    conversationReply([msg({ content: 'Encore toi.' })]);
    api.reply('GET /api/motifs-signalement/message', 200, [{ id: 31, label: 'Harcèlement' }]);
    api.reply('POST /api/user-signalement', 404, { message: 'Message introuvable.' });
    openChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler ce message de Bob_06' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('radio', { name: 'Harcèlement' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Signaler' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmer' }));
    expect(await dialog.findByText('Message introuvable.')).toBeVisible();
    expect(dialog.getByRole('radio', { name: 'Harcèlement' })).toBeChecked();
  });
});

describe('a member who deleted their account', () => {
  it('keeps the history readable from the list, without a way to write', async () => {
    api.reply('GET /api/messages/conversations', 200, [
      {
        id: 12,
        userId: 31,
        username: 'Utilisateur introuvable',
        deleted: true,
        avatar: null,
        hasUnread: true,
      },
      {
        id: 13,
        userId: 32,
        username: 'Utilisateur introuvable',
        deleted: true,
        avatar: null,
        hasUnread: false,
      },
    ]);
    api.reply('GET /api/messages/conversation/31', 200, {
      messages: [msg({ fromId: 31, content: 'Rendez-vous au parking du stade' })],
      meta: meta({ conversationId: 12 }),
    });
    api.reply('PATCH /api/messages/conversation/12/mark-read', 200, { message: 'ok' });
    openChat('/messages');
    const sidebar = await screen.findByRole('complementary', { name: 'Discussions' });
    // Two deleted accounts share the name: each link opens its own conversation.
    const links = await within(sidebar).findAllByRole('link', { name: /Utilisateur introuvable/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/messages/compte-supprime/31',
      '/messages/compte-supprime/32',
    ]);
    // A neutral silhouette, not the initials of 'Utilisateur introuvable'.
    for (const link of links) {
      expect(within(link).getByTestId('avatar-gone')).toBeInTheDocument();
      expect(link.textContent).not.toMatch(/^UI/);
    }
    fireEvent.click(links[0]!);

    expect(await screen.findByText('Rendez-vous au parking du stade')).toBeVisible();
    expect(
      screen.getByText(
        'Ce membre a supprimé son compte : la discussion reste lisible, mais tu ne peux plus lui écrire.',
      ),
    ).toBeVisible();
    expect(await input()).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Bloquer/ })).toBeNull();
    // Nobody left to report: the account is gone.
    expect(screen.queryByRole('button', { name: /Signaler/ })).toBeNull();
    // No profile to link to, and the list marks only this conversation as open.
    const chat = screen.getByRole('region', { name: 'Discussion avec Utilisateur introuvable' });
    expect(within(chat).queryByRole('link')).toBeNull();
    expect(within(chat).getByTestId('avatar-gone')).toBeInTheDocument();
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).not.toHaveAttribute('aria-current');
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/messages/conversation/12/mark-read')).toHaveLength(1),
    );
  });

  it('answers 404 for an address that names no deleted member of the list', async () => {
    openChat('/messages/compte-supprime/5');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });
});

describe('writing', () => {
  it('sends on Enter, not on Shift+Enter', async () => {
    conversationReply([]);
    api.handle('POST /api/messages/send', (body) => ({
      status: 201,
      body: {
        conversationId: 10,
        message: msg({
          fromId: ME.id,
          toId: BOB.id,
          fromMe: true,
          content: (body as { content: string }).content,
        }),
      },
    }));
    openChat();
    const field = await input();
    await waitFor(() => expect(field).toBeEnabled());
    fireEvent.change(field, { target: { value: 'Forza\nMunegu' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('POST /api/messages/send')).toHaveLength(1));
    expect(api.callsTo('POST /api/messages/send')[0]?.body).toEqual({
      toUserId: BOB.id,
      content: 'Forza\nMunegu',
      clientId: expect.any(String),
    });
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('shows a sent message once from the answer and only refreshes the list', async () => {
    conversationReply([msg()]);
    const sent = msg({ fromId: ME.id, toId: BOB.id, fromMe: true, content: 'Daghe Munegu' });
    api.reply('POST /api/messages/send', 200, { conversationId: 10, message: sent });
    openChat();
    const field = await input();
    await waitFor(() => expect(field).toBeEnabled());
    const conversationGets = () => api.callsTo(`GET /api/messages/conversation/${BOB.id}`).length;
    const listGets = () => api.callsTo('GET /api/messages/conversations').length;
    await waitFor(() => expect(listGets()).toBeGreaterThan(0));
    const [conversationBefore, listBefore] = [conversationGets(), listGets()];

    fireEvent.change(field, { target: { value: 'Daghe Munegu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('message').at(-1)).toHaveTextContent('Daghe Munegu'),
    );
    expect(screen.queryByTestId('pending-message')).toBeNull();
    await waitFor(() => expect(listGets()).toBe(listBefore + 1));
    // The socket echo of this tab's own message changes nothing more.
    act(() =>
      io.push('newMessage', {
        senderId: ME.id,
        receiverId: BOB.id,
        message: { ...sent, conversationId: 10 },
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Daghe Munegu')).toHaveLength(1);
    expect(conversationGets()).toBe(conversationBefore);
    expect(listGets()).toBe(listBefore + 1);
  });

  it.each([
    ['too long', 'a'.repeat(1001)],
    ['forbidden', 'voir <script>alert(1)</script>'],
  ])('refuses a %s message with the spec text and sends nothing', async (_, text) => {
    conversationReply([]);
    openChat();
    const field = await input();
    await waitFor(() => expect(field).toBeEnabled());
    fireEvent.change(field, { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(
      await screen.findByText(
        'Le message contient des caractères interdits ou dépasse 1000 caractères.',
      ),
    ).toBeInTheDocument();
    // The text stays in the field, to be corrected.
    expect(field).toHaveValue(text);
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
  });

  it('renders message text as text and times per section 9', async () => {
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();
    conversationReply([
      msg({ content: '<b>pas du html</b>', createdAt: '2024-02-03T10:05:00Z' }),
      msg({ content: 'hier', createdAt: yesterday }),
      msg({ content: 'maintenant', fromMe: true, fromId: ME.id }),
    ]);
    openChat();
    expect(await screen.findByText('<b>pas du html</b>')).toBeVisible();
    const times = screen
      .getAllByRole('listitem')
      .flatMap((li) => Array.from(li.querySelectorAll('time')).map((t) => t.textContent));
    expect(times[0]).toBe('03/02 11:05');
    expect(times[1]).toMatch(/^Hier \d{2}:\d{2}$/);
    expect(times[2]).toMatch(/^\d{2}:\d{2}$/);
  });
});
