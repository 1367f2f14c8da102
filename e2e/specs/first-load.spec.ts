import { expect, test } from '@playwright/test';
import { DEMO, pageAs } from '../fixtures/accounts';
import { watchBoot } from '../fixtures/boot-probes';

/**
 * A member's page opened by a full load (a typed address, a reload): the reads that need the
 * member's token are asked by the small early script as soon as it arrives (lib/boot/early.ts),
 * and the app takes those answers instead of asking again.
 */
test('a member reloading /jeu_prono: each of their first reads is asked once, and shown', async ({
  browser,
}) => {
  const page = await pageAs(browser, DEMO.supporter);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      asked.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.goto('/jeu_prono');
  // The member's own state, from those reads: their rank line, the profile menu, the form of
  // the mini-leagues (members only) once their list is read.
  await expect(page.getByText(/^Classement : \d+ᵉ \/ \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
  await expect(page.getByLabel('Nom de la mini-ligue')).toBeVisible();
  const count = (key: string) => asked.filter((a) => a === key).length;
  await expect.poll(() => count('GET /api/mini-leagues')).toBe(1);
  // Nothing asked a second time a moment later either.
  await page.waitForTimeout(1_000);
  expect(count('GET /api/users/me')).toBe(1);
  expect(count('GET /api/users/classement-pronos?limit=100')).toBe(1);
  expect(count('GET /api/mini-leagues')).toBe(1);
  await page.context().close();
});

/**
 * The footer's social links (GET /site) are not what a member came for: on a page that did not
 * ask for them, they are asked once the page has painted, so the read does not share a phone's
 * few connections with the page's own (it used to end just before the page's first paint).
 */
test('a member on /jeu_prono: the footer asks for the site’s links after the page has painted', async ({
  browser,
}) => {
  const page = await pageAs(browser, DEMO.supporter);
  await page.goto('/jeu_prono');
  await expect(page.getByRole('heading', { name: 'Jeu du prono' })).toBeVisible();
  const timing = () =>
    page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      site:
        performance
          .getEntriesByType('resource')
          .find((e) => new URL(e.name).pathname === '/api/site')?.startTime ?? null,
    }));
  await expect.poll(async () => (await timing()).site).not.toBeNull();
  const { paint, site } = await timing();
  expect(paint).not.toBeNull();
  expect(site!).toBeGreaterThan(paint!);
  await page.context().close();
});

/**
 * docs/PERFORMANCE.md's "No Intl at boot" and "zod loads only with a page that parses", held
 * on a signed-in page once the member's navbar (bell, messages, menu) is there: a formatter
 * with a time zone starts ICU (tens of milliseconds of a phone's main thread), and the schemas'
 * module builds every zod schema it holds. Both once came back through the bell's imports.
 */
test('a member on /jeu_prono: no Intl formatter and no zod before they interact', async ({
  browser,
}) => {
  const page = await pageAs(browser, DEMO.supporter);
  const boot = await watchBoot(page);
  await page.goto('/jeu_prono');
  await expect(page.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Messages/ })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(await boot.intlMade()).toEqual([]);
  expect(boot.zodScripts()).toEqual([]);
  await page.context().close();
});
