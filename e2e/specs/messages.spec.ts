import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, pageAs, type Account } from '../fixtures/accounts';

/**
 * Two members chat in two browser contexts against the real product — the single request
 * message, acceptance, a live reply, blocking and unblocking seen live on the other side —
 * because the live pushes only
 * show between two signed-in browsers, never within one page.
 */
const A = DEMO.supporter;
const B = DEMO.redacteur;
const SCREENS = path.resolve(import.meta.dirname, '../test-results/messages-screens');

/** A signed-in member's page, in a browser context of its own; signing in lands on home. */
async function member(browser: Browser, who: Account): Promise<Page> {
  const page = await pageAs(browser, who);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

const field = (page: Page) => page.getByRole('textbox', { name: 'Votre message' });

/**
 * What a page sends its messages through: the 'sendMessage' frames on its socket.io websocket
 * (and whether that socket is connected, a '40' packet received), and its POSTs to the route.
 */
function sendsOf(page: Page) {
  const seen = { connected: false, socketSends: [] as string[], posts: 0 };
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('40')) seen.connected = true;
    });
    ws.on('framesent', ({ payload }) => {
      if (String(payload).includes('"sendMessage"')) seen.socketSends.push(String(payload));
    });
    ws.on('close', () => (seen.connected = false));
  });
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/messages/send')) seen.posts += 1;
  });
  return seen;
}
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Discussions' });

test('two members chat live: request, acceptance, reply, block and unblock', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await member(browser, A);
  const b = await member(browser, B);
  const [aSends, bSends] = [sendsOf(a), sendsOf(b)];
  await b.goto('/messages');
  await expect(b.getByText('Sélectionnez une discussion dans le menu de gauche')).toBeVisible();

  // A starts a new discussion with B through the pseudo search.
  await a.goto('/messages');
  await a.getByRole('button', { name: /Nouvelle discussion/ }).click();
  await a.getByRole('searchbox', { name: 'Pseudo' }).fill('redacteur_d');
  await a.getByRole('button', { name: B.username }).click();
  await expect(a.getByText('Créer nouvelle discussion')).toBeVisible();
  await a.getByRole('button', { name: 'Démarrer' }).click();
  await expect(a).toHaveURL(/\/messages\/redacteur_demo$/);
  // With its socket connected, the page sends over it (issue 12), not through the route.
  await expect.poll(() => aSends.connected).toBe(true);
  await field(a).fill('Bonjour, tu vas au stade samedi ?');
  await field(a).press('Enter');
  // The bubble, not the field: the live echo can show the message before the field is cleared.
  await expect(
    a.getByTestId('message').getByText('Bonjour, tu vas au stade samedi ?'),
  ).toBeVisible();
  await expect(
    a.getByText(`${B.username} n'a pas encore accepté votre demande de message.`),
  ).toBeVisible();
  await expect(field(a)).toBeDisabled();

  // B sees it live: the conversation appears with its dot, without a reload.
  const conv = sidebar(b).getByRole('link', { name: new RegExp(A.username) });
  await expect(conv).toBeVisible();
  await expect(conv.getByText('Non lu')).toBeAttached();
  await conv.click();
  await expect(b.getByText('Bonjour, tu vas au stade samedi ?')).toBeVisible();
  await expect(conv.getByText('Non lu')).toHaveCount(0);
  await expect(field(b)).toBeDisabled();
  await b.getByRole('button', { name: "J'accepte la demande de message" }).click();
  await expect(field(b)).toBeEnabled();
  await field(b).fill('Oui, avec le bus de l’antenne !');
  await field(b).press('Enter');

  // A sees the reply live and may write again.
  await expect(a.getByText('Oui, avec le bus de l’antenne !')).toBeVisible();
  await expect(field(a)).toBeEnabled();
  expect(aSends.socketSends).toEqual([expect.stringContaining('Bonjour, tu vas au stade')]);
  expect(bSends.socketSends).toEqual([expect.stringContaining('Oui, avec le bus')]);
  expect(aSends.posts + bSends.posts).toBe(0);

  for (const [width, height] of [
    [1366, 800],
    [375, 740],
  ] as const) {
    await a.setViewportSize({ width, height });
    await a.screenshot({ path: path.join(SCREENS, `messages-chat-${width}.png`) });
  }
  await a.goto('/messages');
  await expect(sidebar(a).getByRole('link', { name: new RegExp(B.username) })).toBeVisible();
  await a.screenshot({ path: path.join(SCREENS, 'messages-list-375.png') });
  await a.setViewportSize({ width: 1366, height: 800 });
  await sidebar(a)
    .getByRole('link', { name: new RegExp(B.username) })
    .click();

  // B blocks after a confirmation: the chat is deselected. A's open chat shows it live,
  // without a reload (the block is pushed over the socket): A can no longer send.
  await expect(field(a)).toBeEnabled();
  await b.getByRole('button', { name: `Bloquer ${A.username}` }).click();
  await b.getByRole('alertdialog').getByRole('button', { name: 'Bloquer' }).click();
  await expect(b.getByText(`Vous avez bloqué ${A.username}`)).toBeVisible();
  await expect(b).toHaveURL(/\/messages$/);
  await expect(a.getByText(`${B.username} a bloqué cette conversation.`)).toBeVisible();
  await expect(field(a)).toBeDisabled();
  await expect(a.getByRole('button', { name: `Bloquer ${B.username}` })).toHaveCount(0);
  // The server refuses too, whatever the page shows.
  const refused = await a.evaluate(async (pseudo) => {
    const auth = { Authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const profile = await fetch(`/api/users/by-username/${pseudo}`, { headers: auth });
    const { id } = (await profile.json()) as { id: number };
    const res = await fetch('/api/messages/send', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ toUserId: id, content: 'Encore moi' }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }, B.username);
  expect(refused).toEqual({
    status: 403,
    body: expect.objectContaining({
      message: 'Cette conversation est bloquée : aucun message ne peut être envoyé.',
    }),
  });

  // B unblocks.
  await sidebar(b)
    .getByRole('link', { name: new RegExp(A.username) })
    .click();
  await b.getByRole('button', { name: 'Débloquer la conversation' }).click();
  await expect(b.getByText('Conversation débloquée')).toBeVisible();
  await expect(field(b)).toBeEnabled();
  // Live again on A's side: the composer reopens without a reload.
  await expect(field(a)).toBeEnabled();
  await expect(a.getByText(`${B.username} a bloqué cette conversation.`)).toHaveCount(0);
  await b.screenshot({ path: path.join(SCREENS, 'messages-b-1366.png') });
});
