import { expect, test } from '@playwright/test';
import { DEMO, apiToken, newConfirmedMember, pageAs } from '../fixtures/accounts';

/**
 * A member reports a message they received, from the flag beside it, on a phone; a moderator
 * reads it quoted on the reported member's file. Two new members, so the demo's queue and its
 * counts stay as the other specs expect them.
 */
test('a received message is reported from the chat and quoted for the moderators', async ({
  browser,
  request,
}) => {
  // Two registrations confirmed by mail and two sign-ins: 27 s alone on these machines.
  test.setTimeout(90_000);
  const writer = await newConfirmedMember(request, 'ecrit');
  const reader = await newConfirmedMember(request, 'lit');
  const text = 'Reste chez toi samedi, on ne veut pas de toi au virage.';
  const token = await apiToken(request, writer);
  const readerId = (
    (await (
      await request.get(`/api/users/by-username/${reader.pseudo}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { id: number }
  ).id;
  const sent = await request.post('/api/messages/send', {
    headers: { Authorization: `Bearer ${token}` },
    data: { toUserId: readerId, content: text },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const page = await pageAs(browser, reader, { width: 390, height: 844 });
  await page.goto(`/messages/${writer.pseudo}`, { waitUntil: 'commit' });
  // Reached by its address, the chat asks first (spec section 4).
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('button', { name: `Signaler ce message de ${writer.pseudo}` }).click();

  const dialog = page.getByRole('dialog', { name: `Signaler un message de ${writer.pseudo}` });
  await expect(dialog.getByText(text)).toBeVisible();
  await dialog.getByRole('radio', { name: 'Harcèlement' }).check();
  await dialog.getByRole('button', { name: 'Signaler' }).click();
  await expect(dialog.getByText('Confirmer le signalement de ce message ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Signalement envoyé avec succès.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The flag that opened the dialog has the focus back, to go on reading.
  await expect(
    page.getByRole('button', { name: `Signaler ce message de ${writer.pseudo}` }),
  ).toBeFocused();

  const moderator = await pageAs(browser, DEMO.moderateur);
  await moderator.goto('/admin/moderation');
  const group = moderator.getByRole('article', { name: `Signalements visant ${writer.pseudo}` });
  await expect(group.getByText('Message privé')).toBeVisible();
  await expect(group.getByRole('blockquote')).toHaveText(text);
  await expect(group.getByText('Harcèlement').first()).toBeVisible();
});
