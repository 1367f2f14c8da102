import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir } from '../playwright.config';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/cette-page-n-existe-pas');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await page
    .getByRole('link', { name: /accueil/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('unknown API paths answer JSON 404', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toHaveProperty('message');
});

test('the footer is hidden on /login and /messages, shown elsewhere', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.goto('/messages');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('settings redirect a signed-out visitor to the 404 page', async ({ page }) => {
  await page.goto('/parametres');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
});

test('the navbar is usable with the keyboard', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: /principale/i });
  await nav.getByRole('link', { name: 'Actualités' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/actualites$/);
  await expect(page.getByRole('heading', { name: 'ACTUALITÉS' })).toBeVisible();
});

test('the contact form refuses bad input in French, then sends a real mail', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Prénom').fill('Jean1');
  await page.getByLabel('Nom', { exact: true }).fill('Dupont');
  await page.getByLabel('Adresse e-mail').fill('jean.dupont@example.fr');
  await page.getByLabel('Objet').selectOption('Renseignement');
  await page.getByLabel('Message').fill('Trop court');
  await page.getByRole('button', { name: /envoyer/i }).click();
  await expect(page.getByText('Prénom invalide.')).toBeVisible();

  await page.getByLabel('Prénom').fill('Jean');
  const unique = `Bonjour, une question sur le déplacement à Nice ${Date.now()}`;
  await page.getByLabel('Message').fill(unique);
  await page.getByRole('button', { name: /envoyer/i }).click();
  await expect(page.getByText('Message envoyé avec succès !')).toBeVisible();

  // Without SMTP_URL the outbox delivers to .eml files under DATA_DIR/mail.
  await expect
    .poll(
      () => {
        const dir = path.join(dataDir, 'mail');
        try {
          return readdirSync(dir).some((f) =>
            readFileSync(path.join(dir, f), 'utf8').includes('jean.dupont@example.fr'),
          );
        } catch {
          return false;
        }
      },
      { timeout: 15_000 },
    )
    .toBe(true);
});
