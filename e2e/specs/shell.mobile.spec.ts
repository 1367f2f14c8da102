import { expect, test } from '@playwright/test';

test('on a phone the navbar folds into a burger menu', async ({ page }) => {
  await page.goto('/');
  const burger = page.getByRole('button', { name: /menu/i });
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('link', { name: 'Pronos' }).click();
  await expect(page).toHaveURL(/\/jeu_prono$/);
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
});

test('the home page fits a 320 px screen without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await expect(page.getByText(/^(PROCHAIN MATCH|MATCH TERMINÉ)$/).first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
