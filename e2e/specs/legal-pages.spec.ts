import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The legal pages and the footer as visitors read them at 390 px and 1280 px: the operator's
 * content (here the demo's, apps/api/src/seed/demo-site.ts), never a placeholder such as
 * '(nom à configurer)' or a link to an example domain.
 */
const SCREENS =
  process.env.LEGAL_SCREENS ?? path.resolve(import.meta.dirname, '../test-results/legal-screens');
const PLACEHOLDER = /à configurer|[\w-]\.example\b|\bexample\.(?:com|org|net)\b/i;

for (const width of [390, 1280]) {
  test(`legal notice, privacy page and footer at ${width} px: no placeholder`, async ({ page }) => {
    mkdirSync(SCREENS, { recursive: true });
    await page.setViewportSize({ width, height: 900 });

    await page.goto('/mentions-legales');
    const notice = page.getByRole('article');
    await expect(notice.getByText('Association Munegu – Supporters de l’AS Monaco')).toBeVisible();
    await expect(notice.getByText('OVH SAS')).toBeVisible();
    await expect(notice.getByText(/Directeur ou directrice de la publication/)).toBeVisible();
    expect(await page.content()).not.toMatch(PLACEHOLDER);
    const social = page.getByRole('list', { name: 'Réseaux sociaux' }).last();
    await expect(social.getByRole('link')).toHaveCount(3);
    await page.screenshot({
      path: path.join(SCREENS, `mentions-legales-${width}.png`),
      fullPage: true,
    });

    await page.goto('/traitement-donnees');
    await expect(page.getByText(/Association Munegu – Supporters de l’AS Monaco/)).toBeVisible();
    expect(await page.content()).not.toMatch(PLACEHOLDER);
    await page.screenshot({
      path: path.join(SCREENS, `traitement-donnees-${width}.png`),
      fullPage: true,
    });

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Voir la boutique partenaire' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.asmonaco\.com\//,
    );
    expect(await page.content()).not.toMatch(PLACEHOLDER);
  });
}
