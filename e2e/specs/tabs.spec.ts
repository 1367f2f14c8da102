import { expect, test } from '@playwright/test';
import { newConfirmedMember, pageAs, signIn } from '../fixtures/accounts';

/**
 * Two tabs of one browser share the session (its cookie, the token in localStorage): signing
 * out in one signs the other out at once, and signing in again shows the member in both.
 */
test('signing out in one tab signs the other out; signing in shows the member in both', async ({
  browser,
  request,
}) => {
  const m = await newConfirmedMember(request, 'tabs');
  const settings = await pageAs(browser, m);
  const other = await settings.context().newPage();
  await settings.goto('/parametres');
  await expect(settings.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();
  await other.goto('/actualites');
  const menu = (page: typeof other) =>
    page.getByRole('button', { name: `Menu du profil de ${m.pseudo}` });
  await expect(menu(other)).toBeVisible();

  await menu(other).click();
  await other.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(other.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible();
  // The settings tab leaves its member page for home, signed out, without a reload.
  await expect(settings).toHaveURL(/\/$/);
  await expect(
    settings.getByRole('banner').getByRole('link', { name: 'Se connecter' }),
  ).toBeVisible();
  await expect(settings.getByRole('heading', { name: 'Page introuvable' })).toHaveCount(0);

  await signIn(other, m);
  await expect(menu(settings)).toBeVisible();
  await settings.context().close();
});
