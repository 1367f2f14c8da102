import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newConfirmedMember } from '../fixtures/accounts';
import { countMailLinks, waitForMailLink } from '../fixtures/mail';

/**
 * The mailed deletion link deletes nothing when it is merely opened (mail scanners open links,
 * and some run their scripts): the page asks, and the account is deleted only on the click.
 */

const SCREENS =
  process.env.ACCOUNT_SCREENS ??
  path.resolve(import.meta.dirname, '../test-results/account-deletion-screens');
const CONFIRM_DELETE = /\/api\/users\/confirm-delete\//;

async function logInStatus(request: APIRequestContext, m: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', {
    data: { email: m.email, password: m.password },
  });
  return { status: res.status(), body: (await res.json()) as { access_token?: string } };
}

async function screens(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the deletion link deletes nothing when opened, only on the click', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const m = await newConfirmedMember(request, 'del');

  // The member asks for the deletion (the settings page's request), which mails the link.
  const login = await logInStatus(request, m);
  expect(login.status).toBe(200);
  const before = countMailLinks(m.email, /\/deletion-confirmed\//);
  const asked = await request.patch('/api/users/me/request-delete', {
    headers: { Authorization: `Bearer ${login.body.access_token}` },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const link = await waitForMailLink(m.email, /\/deletion-confirmed\//, { after: before });

  // A mail scanner: a fresh browser opens the link, runs its scripts and waits.
  const scanner = await browser.newContext();
  const scannerPage = await scanner.newPage();
  const scannerCalls: string[] = [];
  scannerPage.on('request', (r) => {
    if (CONFIRM_DELETE.test(r.url())) scannerCalls.push(r.url());
  });
  await scannerPage.goto(link);
  await expect(scannerPage.getByRole('button', { name: 'Supprimer mon compte' })).toBeVisible();
  await scannerPage.waitForTimeout(2000);
  await scanner.close();
  expect(scannerCalls).toEqual([]);
  expect((await logInStatus(request, m)).status).toBe(200);

  // The owner opens the same link: the page asks first, and still calls nothing.
  const calls: string[] = [];
  page.on('request', (r) => {
    if (CONFIRM_DELETE.test(r.url())) calls.push(r.url());
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Supprimer ton compte\u00a0?' })).toBeVisible();
  await expect(
    page.getByText(
      'Ton compte sera supprimé et tes données personnelles anonymisées. Cette action est définitive.',
    ),
  ).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Supprimer mon compte' });
  await expect(confirm).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Garder mon compte' })).toBeVisible();
  await screens(page, 'deletion-question');
  await page.waitForTimeout(1000);
  expect(calls).toEqual([]);
  expect((await logInStatus(request, m)).status).toBe(200);

  // The click deletes the account: one request, the success text, and login is refused.
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Compte supprimé' })).toBeVisible();
  await expect(
    page.getByText(
      'Ton compte a bien été supprimé et tes données personnelles ont été anonymisées. Merci d’avoir fait partie de la communauté !',
    ),
  ).toBeVisible();
  await screens(page, 'deletion-done');
  expect(calls).toHaveLength(1);
  expect((await logInStatus(request, m)).status).toBe(401);

  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(m.email);
  await page.getByLabel('Mot de passe').fill(m.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email ou mot de passe incorrect.')).toBeVisible();

  // The used link is now unknown: checked first, it leads to the 404 page without asking.
  await page.goto(link);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('button', { name: 'Supprimer mon compte' })).toHaveCount(0);
});
