import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GROUP_TEXTS as G } from '@munegu/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { renderAt, type FakeApi, type Reply } from '../../../test/harness';
import type { FakeSocket } from './fakeSocket';
import { BOB, ME, messagingWorld, reportQuoted } from './world';

/** Group threads of carpool cars (issue 30) on the messaging page. */
let api: FakeApi;
let io: FakeSocket;

const GROUP = {
  id: 3,
  kind: 'covoiturage',
  match: { id: 40, domicile: 'AS Monaco', exterieur: 'FC Nantes', date: '2026-11-29T19:00:00Z' },
  members: [
    { id: ME.id, username: ME.username, avatar: null, driver: true },
    { id: BOB.id, username: BOB.username, avatar: null, driver: false },
  ],
  unread: 1,
  lastMessageAt: '2026-11-27T10:00:00Z',
};
const LABEL = 'Covoiturage · AS Monaco – FC Nantes du 29/11';
let seq = 500;
const gm = (over: object = {}) => ({
  id: ++seq,
  groupId: GROUP.id,
  senderId: BOB.id,
  senderName: BOB.username,
  content: `Message ${seq}`,
  createdAt: new Date().toISOString(),
  fromMe: false,
  annonce: false,
  ...over,
});

beforeEach(() => {
  ({ api, io } = messagingWorld());
  api.reply('GET /api/messages/groupes', 200, [GROUP]);
  api.reply('PATCH /api/messages/groupes/3/mark-read', 200, { message: G.markedRead });
});
afterEach(() => setSocketFactory(null));

/** The empty group opened, each send held until the test answers it (`answers`, in order). */
async function openWithAnswersHeld() {
  api.reply('GET /api/messages/groupes/3', 200, []);
  const answers: ((reply: Reply) => void)[] = [];
  api.handle('POST /api/messages/groupes/3', () => new Promise<Reply>((r) => answers.push(r)));
  renderAt('/messages/groupes/3');
  const panel = await screen.findByRole('region', { name: LABEL });
  const field = within(panel).getByRole('textbox', { name: 'Votre message' });
  return { answers, panel, field };
}

describe('group threads', () => {
  it('names a car’s few members in its header', async () => {
    api.reply('GET /api/messages/groupes/3', 200, []);
    renderAt('/messages/groupes/3');
    const car = await screen.findByRole('region', { name: LABEL });
    expect(within(car).getByText(`${ME.username}, ${BOB.username}`)).toBeVisible();
  });

  it('folds a full coach’s members behind their count', async () => {
    const coach = {
      ...GROUP,
      id: 4,
      kind: 'deplacement',
      members: Array.from({ length: 25 }, (_, i) => ({
        id: 900 + i,
        username: `voyageur_${i}`,
        avatar: null,
        driver: false,
      })),
    };
    api.reply('GET /api/messages/groupes', 200, [GROUP, coach]);
    api.reply('GET /api/messages/groupes/4', 200, []);
    api.reply('PATCH /api/messages/groupes/4/mark-read', 200, { message: G.markedRead });
    renderAt('/messages/groupes/4');
    const summary = await screen.findByText('25 membres', { selector: 'summary' });
    // The names stay one tap away, not six lines above the messages on a phone.
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    fireEvent.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText(/voyageur_0, voyageur_1/)).toBeInTheDocument();
  });

  it('lists the car’s group under Groupes with its match and unread dot', async () => {
    renderAt('/messages');
    const section = await screen.findByRole('list', { name: G.section });
    const link = within(section).getByRole('link', { name: new RegExp(LABEL) });
    expect(link).toHaveAttribute('href', '/messages/groupes/3');
    expect(within(link).getByText('Non lu')).toBeInTheDocument();
  });

  it('shows each sender’s name, text only, and sends a message', async () => {
    api.reply('GET /api/messages/groupes/3', 200, [
      gm({ content: '<img src=x onerror=alert(1)>' }),
    ]);
    api.handle('POST /api/messages/groupes/3', (body) => ({
      status: 201,
      body: gm({
        senderId: ME.id,
        senderName: ME.username,
        content: (body as { content: string }).content,
        fromMe: true,
      }),
    }));
    renderAt('/messages/groupes/3');
    const panel = await screen.findByRole('region', { name: LABEL });
    const bubble = (await within(panel).findAllByTestId('group-message'))[0]!;
    expect(within(bubble).getByText(BOB.username)).toBeVisible();
    // User text is never HTML.
    expect(within(bubble).getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    expect(bubble.querySelector('img')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/messages/groupes/3/mark-read')).toHaveLength(1),
    );

    const field = within(panel).getByRole('textbox', { name: 'Votre message' });
    fireEvent.change(field, { target: { value: 'On part à 7h' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() =>
      expect(within(panel).getAllByTestId('group-message').at(-1)).toHaveTextContent(
        'On part à 7h',
      ),
    );
    expect(within(panel).queryAllByTestId('pending-message')).toHaveLength(0);
    expect(api.callsTo('POST /api/messages/groupes/3')[0]!.body).toEqual({
      content: 'On part à 7h',
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('keeps the text typed when the group budget is spent, and says why in French', async () => {
    const refusal = 'Tu as écrit beaucoup de messages dans les groupes. Réessaie dans 4 minutes.';
    api.reply('GET /api/messages/groupes/3', 200, []);
    api.reply('POST /api/messages/groupes/3', 429, { message: refusal, ttl: 240 });
    renderAt('/messages/groupes/3');
    const panel = await screen.findByRole('region', { name: LABEL });
    const field = within(panel).getByRole('textbox', { name: 'Votre message' });
    fireEvent.change(field, { target: { value: 'On part à 7h' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await within(panel).findByText(refusal)).toBeVisible();
    expect(field).toHaveValue('On part à 7h');
    expect(within(panel).queryAllByTestId('group-message')).toHaveLength(0);
  });

  it('keeps what was typed while a refused message was on its way, after the refused one', async () => {
    api.reply('GET /api/messages/groupes/3', 200, []);
    let refuse: (reply: Reply) => void = () => {};
    api.handle('POST /api/messages/groupes/3', () => new Promise<Reply>((r) => (refuse = r)));
    renderAt('/messages/groupes/3');
    const panel = await screen.findByRole('region', { name: LABEL });
    const field = within(panel).getByRole('textbox', { name: 'Votre message' });
    fireEvent.change(field, { target: { value: 'On part à 7h' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('POST /api/messages/groupes/3')).toHaveLength(1));
    expect(field).toHaveValue('');
    // The next text is being typed while the first is unanswered.
    fireEvent.change(field, { target: { value: 'Je prends les drapeaux' } });
    act(() => refuse({ status: 403, body: { message: G.notMember, code: 'FORBIDDEN' } }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent(G.notMember);
    // As in a 1:1 chat: the refused text first, then what was typed since, nothing lost.
    expect(field).toHaveValue('On part à 7h\nJe prends les drapeaux');
  });

  it('stores a burst in the order typed: one message at a time, each shown as leaving', async () => {
    const { answers, panel, field } = await openWithAnswersHeld();
    for (const text of ['On part à 7h', 'Devant le stade', 'Prenez les écharpes']) {
      fireEvent.change(field, { target: { value: text } });
      fireEvent.keyDown(field, { key: 'Enter' });
      expect(field).toHaveValue('');
    }
    const pending = () =>
      within(panel)
        .queryAllByTestId('pending-message')
        .map((b) => b.querySelector('p')!.textContent);
    expect(pending()).toEqual(['On part à 7h', 'Devant le stade', 'Prenez les écharpes']);
    expect(within(panel).queryByText(G.empty)).toBeNull();
    // Only the first is on its way: the next leaves once the server has stored it.
    await waitFor(() => expect(answers).toHaveLength(1));
    const sent = () =>
      api
        .callsTo('POST /api/messages/groupes/3')
        .map((c) => (c.body as { content: string }).content);
    for (let i = 0; i < 3; i += 1) {
      const content = sent()[i]!;
      act(() =>
        answers[i]!({
          status: 201,
          body: gm({ senderId: ME.id, senderName: ME.username, content, fromMe: true }),
        }),
      );
      if (i < 2) await waitFor(() => expect(answers).toHaveLength(i + 2));
    }
    expect(sent()).toEqual(['On part à 7h', 'Devant le stade', 'Prenez les écharpes']);
    await waitFor(() => expect(pending()).toEqual([]));
    expect(
      within(panel)
        .getAllByTestId('group-message')
        .map((b) => b.querySelector('p')!.textContent),
    ).toEqual(['On part à 7h', 'Devant le stade', 'Prenez les écharpes']);
  });

  it('brings a refused message back with every one queued after it, in order, none sent', async () => {
    const { answers, panel, field } = await openWithAnswersHeld();
    fireEvent.change(field, { target: { value: 'On part à 7h' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.change(field, { target: { value: 'Devant le stade' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => answers[0]!({ status: 403, body: { message: G.notMember, code: 'FORBIDDEN' } }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent(G.notMember);
    expect(field).toHaveValue('On part à 7h\nDevant le stade');
    expect(api.callsTo('POST /api/messages/groupes/3')).toHaveLength(1);
    expect(within(panel).queryAllByTestId('pending-message')).toHaveLength(0);
  });

  it('adds a live message of the open group and marks it read', async () => {
    api.reply('GET /api/messages/groupes/3', 200, []);
    renderAt('/messages/groupes/3');
    const panel = await screen.findByRole('region', { name: LABEL });
    expect(await within(panel).findByText(G.empty)).toBeVisible();
    await waitFor(() => expect(io.listeners('groupMessage')).toBeGreaterThan(0));
    act(() => io.push('groupMessage', gm({ content: 'J’arrive !' })));
    expect(await within(panel).findByText('J’arrive !')).toBeVisible();
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/messages/groupes/3/mark-read')).toHaveLength(2),
    );
  });

  it('reports another member’s group message, quoted, not one’s own', async () => {
    const theirs = gm({ content: 'Personne ne monte avec moi.' });
    api.reply('GET /api/messages/groupes/3', 200, [
      gm({ senderId: ME.id, senderName: ME.username, fromMe: true, content: 'On part à 18h.' }),
      theirs,
      gm({ senderId: 99, senderName: 'Supprime_99', content: 'Ancien message.' }),
    ]);
    api.reply('GET /api/motifs-signalement/message', 200, [{ id: 31, label: 'Harcèlement' }]);
    api.reply('POST /api/user-signalement', 200, { message: 'Signalement envoyé avec succès.' });
    renderAt('/messages/groupes/3');
    const panel = await screen.findByRole('region', { name: LABEL });
    // One flag: not on my own message, nor on a deleted account's.
    const flags = await within(panel).findAllByRole('button', { name: /^Signaler ce message/ });
    expect(flags.map((f) => f.getAttribute('aria-label'))).toEqual([
      'Signaler ce message de Bob_06',
    ]);
    fireEvent.click(flags[0]!);
    await reportQuoted('Personne ne monte avec moi.', 'Harcèlement');
    expect(await screen.findByText('Signalement envoyé avec succès.')).toBeVisible();
    expect(api.callsTo('POST /api/user-signalement')[0]?.body).toEqual({
      to: BOB.id,
      motifId: 31,
      section: 'message',
      groupMessageId: theirs.id,
    });
  });

  it('tells a member who left the car, and offers no field to write', async () => {
    api.reply('GET /api/messages/groupes/3', 403, { message: G.notMember, code: 'FORBIDDEN' });
    renderAt('/messages/groupes/3');
    expect(await screen.findByText(G.notMember)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Votre message' })).toBeDisabled();
  });
});

describe('group threads of coach trips', () => {
  const TRIP_GROUP = {
    ...GROUP,
    id: 8,
    kind: 'deplacement',
    members: [...GROUP.members, { id: 90, username: 'Orga_Nice', avatar: null, driver: false }],
    deplacement: { id: 12, antenne: 'Nice' },
  };
  const TRIP_LABEL = 'Car de Nice · AS Monaco – FC Nantes du 29/11';

  beforeEach(() => {
    api.reply('GET /api/messages/groupes', 200, [GROUP, TRIP_GROUP]);
    api.reply('PATCH /api/messages/groupes/8/mark-read', 200, { message: G.markedRead });
  });

  it('titles the trip’s thread “Car de {antenne}” beside the car’s', async () => {
    renderAt('/messages');
    const section = await screen.findByRole('list', { name: G.section });
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining(LABEL),
      expect.stringContaining(TRIP_LABEL),
    ]);
    expect(links[1]).toHaveAttribute('href', '/messages/groupes/8');
  });

  it('sets an announcement apart under its label, as text only', async () => {
    api.reply('GET /api/messages/groupes/8', 200, [
      gm({ groupId: 8, content: 'Qui a des places ?' }),
      gm({
        groupId: 8,
        senderId: 90,
        senderName: 'Orga_Nice',
        content: 'Départ 6h <b>pile</b>',
        annonce: true,
      }),
    ]);
    renderAt('/messages/groupes/8');
    const panel = await screen.findByRole('region', { name: TRIP_LABEL });
    const [talk, announcement] = await within(panel).findAllByTestId('group-message');
    expect(within(announcement!).getByText(G.announcement)).toBeVisible();
    expect(within(announcement!).getByText('Départ 6h <b>pile</b>')).toBeVisible();
    expect(announcement!.querySelector('b')).toBeNull();
    expect(announcement!.className).toMatch(/bubble--announcement/);
    expect(within(talk!).queryByText(G.announcement)).toBeNull();
    expect(talk!.className).not.toMatch(/bubble--announcement/);
  });
});
