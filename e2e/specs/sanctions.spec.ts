import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, apiToken, newConfirmedMember, pageAs, type Account } from '../fixtures/accounts';

/**
 * What a sanctioned member lives through (issue 29), at 390 px and 1280 px: a silence they
 * read about in the chat before typing, and that only staff see on their profile; a suspension
 * that takes their open session to a page saying why instead of '/404 Page introuvable', and
 * a login refusal with the reason and a way to write to the association; a ban whose card reads
 * 'Lever le bannissement'. The sanctions are given through the API as a moderator, as the
 * moderators' screens would.
 */
test.describe.configure({ mode: 'serial' });

const SCREENS =
  process.env.SANCTION_SCREENS ??
  path.resolve(import.meta.dirname, '../test-results/sanctions-screens');
const WIDTHS = [390, 1280] as const;
const viewport = (width: number) => ({ width, height: width === 390 ? 844 : 800 });

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENS, `${name}-${page.viewportSize()?.width}.png`),
    fullPage: true,
  });
}

/** POST /api/moderation/users/:id/<action> as the demo moderator. */
async function sanction(
  request: APIRequestContext,
  id: number,
  action: 'silence' | 'suspend' | 'ban' | 'lift',
  data: object,
) {
  const token = await apiToken(request, DEMO.moderateur);
  const res = await request.post(`/api/moderation/users/${id}/${action}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function idOf(request: APIRequestContext, who: Account): Promise<number> {
  const token = await apiToken(request, who);
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as { id: number }).id;
}

/** Pages signed in as `who`, one per width. */
const pagesAs = (browser: Browser, who: Account | null) =>
  Promise.all(WIDTHS.map((w) => pageAs(browser, who, viewport(w))));

/** The member's chat with the demo supporter, past the redirect popup and the first start. */
async function openChatWithSupporter(page: Page) {
  await page.goto(`/messages/${DEMO.supporter.username}`);
  await page
    .getByRole('alertdialog', { name: 'Messagerie' })
    .getByRole('button', { name: 'Continuer' })
    .click();
  const start = page.getByRole('button', { name: 'Démarrer' });
  await start.waitFor({ timeout: 5000 }).catch(() => {});
  if (await start.isVisible()) await start.click();
}

const SILENCE_REASON = 'Messages agressifs envoyés à plusieurs supporters';
const SUSPENSION_REASON = 'Insultes répétées envers un autre supporter au stade';

test('a silenced member is told in the chat; only staff see the badge; then a suspension', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const m = await newConfirmedMember(request, 'sanc');
  const id = await idOf(request, m);
  await sanction(request, id, 'silence', { reason: SILENCE_REASON, days: 3 });

  // The member opens a chat: told before typing, end date and reason, with no field to write.
  const [memberSmall, memberLarge] = await pagesAs(browser, m);
  for (const page of [memberSmall!, memberLarge!]) {
    await openChatWithSupporter(page);
    await expect(
      page.getByText(/Tu ne peux plus écrire aux autres membres jusqu’au .* : Messages agressifs/),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Votre message' })).toBeDisabled();
    await shot(page, 'silenced-message');
    // Their own profile: no badge for them.
    await page.goto(`/profil/${m.pseudo}`);
    await expect(page.getByRole('heading', { name: m.pseudo })).toBeVisible();
    await expect(page.getByText(/Réduit au silence/)).toHaveCount(0);
  }

  // Staff see it on the profile; another member does not.
  for (const page of await pagesAs(browser, DEMO.moderateur)) {
    await page.goto(`/profil/${m.pseudo}`);
    await expect(
      page.getByText(/^Réduit au silence jusqu’au \d+ \S+ \d{4} à \d\d:\d\d$/),
    ).toBeVisible();
    await shot(page, 'staff-badge');
  }
  const other = await pageAs(browser, DEMO.supporter);
  await other.goto(`/profil/${m.pseudo}`);
  await expect(other.getByRole('heading', { name: m.pseudo })).toBeVisible();
  await expect(other.getByText(/Réduit au silence/)).toHaveCount(0);

  // Suspended while signed in: the open pages say why, not '/404 Page introuvable'.
  for (const page of [memberSmall!, memberLarge!]) await page.goto('/parametres');
  await sanction(request, id, 'suspend', { reason: SUSPENSION_REASON, days: 3 });
  for (const page of [memberSmall!, memberLarge!]) {
    await page.reload();
    await expect(page).toHaveURL(/\/compte-suspendu$/);
    const region = page.getByRole('region', { name: 'Ton compte est suspendu' });
    await expect(region).toBeVisible();
    await expect(region.getByText(/^Jusqu’au \d+ \S+ \d{4} à \d\d:\d\d$/)).toBeVisible();
    await expect(region.getByText(SUSPENSION_REASON)).toBeVisible();
    await expect(region.getByRole('link', { name: 'Écrire à l’association' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(page.getByText('Page introuvable')).toHaveCount(0);
    await shot(page, 'suspended-session');

    // Signing in again: refused with the reason and the end, and the way to write.
    await page.goto('/login');
    await page.getByLabel('Adresse e-mail').fill(m.email);
    await page.getByLabel('Mot de passe').fill(m.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Ton compte est suspendu' });
    await expect(refusal).toContainText(`: ${SUSPENSION_REASON}.`);
    await shot(page, 'login-refused');
    await refusal.getByRole('link', { name: 'Écrire à l’association' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  }
  await sanction(request, id, 'lift', {});
});

test('a silence reaches a chat already open, and so does its lift', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const m = await newConfirmedMember(request, 'live');
  const id = await idOf(request, m);
  const page = await pageAs(browser, m, viewport(390));
  await openChatWithSupporter(page);
  const field = page.getByRole('textbox', { name: 'Votre message' });
  await expect(field).toBeEnabled();

  // No reload: the open chat hears of the silence, then of its lift.
  await sanction(request, id, 'silence', { reason: SILENCE_REASON, days: 3 });
  await expect(
    page.getByText(/Tu ne peux plus écrire aux autres membres jusqu’au .* : Messages agressifs/),
  ).toBeVisible();
  await expect(field).toBeDisabled();
  await shot(page, 'silenced-live');
  await sanction(request, id, 'lift', {});
  await expect(field).toBeEnabled();
  await expect(page.getByText(/Tu ne peux plus écrire/)).toHaveCount(0);
});

test('a banned member’s card reads “Lever le bannissement”', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const m = await newConfirmedMember(request, 'bann');
  await sanction(request, await idOf(request, m), 'ban', { reason: 'Récidive après suspension' });
  const [small, large] = await pagesAs(browser, DEMO.moderateur);
  for (const page of [small!, large!]) {
    await page.goto('/admin/moderation');
    const card = page.getByRole('listitem').filter({ hasText: m.pseudo });
    await expect(card.getByText('Banni', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Lever la suspension' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Lever le bannissement' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'banned-card');
  }
  await large!.getByRole('listitem').filter({ hasText: m.pseudo }).getByRole('button').click();
  const dialog = large!.getByRole('dialog', { name: `Lever le bannissement de ${m.pseudo}` });
  await dialog.getByRole('button', { name: 'Lever le bannissement' }).click();
  await expect(large!.getByText('Bannissement levé.')).toBeVisible();
});
