import { expect, test } from '@playwright/test';
import { DEMO, pageAs } from '../fixtures/accounts';

test('the home page shows the next demo match with a running countdown', async ({
  page,
  request,
}) => {
  // A demo match scored less than a day ago (a Sunday evening one, on a Monday) leads as
  // 'MATCH TERMINÉ'; otherwise the next match leads as 'PROCHAIN MATCH'.
  const list = (await (await request.get('/api/matchs/next')).json()) as { ordre: number }[];
  await page.goto('/');
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  const lead = list[0]!.ordre === 0 ? 'MATCH TERMINÉ' : 'PROCHAIN MATCH';
  await expect(carousel.getByRole('heading', { name: lead })).toBeVisible();
  // Monaco plays every demo match, home or away.
  await expect(carousel.getByRole('img', { name: /AS Monaco/i }).first()).toBeVisible();
  await expect(carousel.getByText(/Journée \d+/).first()).toBeVisible();

  // days:hours:minutes:seconds, two digits each, refreshed every second
  const countdown = carousel.getByRole('timer').first();
  const digits = async () => (await countdown.textContent())!.match(/\d{2}/g)!.join(':');
  const before = await digits();
  expect(before).toMatch(/^\d{2}:\d{2}:\d{2}:\d{2}$/);
  await expect.poll(digits, { timeout: 3_000 }).not.toBe(before);
  await expect(carousel.getByRole('button', { name: 'JEU DU PRONO' }).first()).toBeVisible();
});

test('the keyboard meets the match shown, then the arrows, not every match', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  const slides = carousel.locator('[aria-roledescription="diapositive"]');
  await expect(slides.nth(1)).toHaveAttribute('inert', '');
  // From the shown match's last link, Tab goes to the arrows (« Match précédent » is disabled
  // on the first), not into the next match.
  await slides.nth(0).getByRole('link', { name: 'Ajouter au calendrier' }).focus();
  await page.keyboard.press('Tab');
  await expect(carousel.getByRole('button', { name: 'Match suivant' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(slides.nth(0)).toHaveAttribute('inert', '');
  await expect(slides.nth(1)).not.toHaveAttribute('inert');
  await expect(slides.nth(1).getByRole('button', { name: 'JEU DU PRONO' })).toBeVisible();
});

test('each slide keeps its tickets and calendar links inside it, on a desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  const slides = carousel.getByRole('group');
  const dot = (n: number) => carousel.getByRole('button', { name: `Aller au match ${n}` });
  const inside = async (index: number, name: string | RegExp) => {
    const slide = (await slides.nth(index).boundingBox())!;
    const link = (await slides.nth(index).getByRole('link', { name }).boundingBox())!;
    return (
      link.x >= slide.x &&
      link.x + link.width <= slide.x + slide.width &&
      link.y >= slide.y &&
      link.y + link.height <= slide.y + slide.height
    );
  };
  let checked = 0;
  for (const index of [0, 1]) {
    await dot(index + 1).click();
    await expect(dot(index + 1)).toHaveAttribute('aria-current', 'true');
    // This slide's own links are on screen in it, not another match's.
    for (const name of [/Billetterie/, 'Ajouter au calendrier']) {
      const link = slides.nth(index).getByRole('link', { name });
      if ((await link.count()) === 0) continue;
      await expect.poll(() => inside(index, name)).toBe(true);
      await expect(link).toBeInViewport({ ratio: 1 });
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(1);
});

test('the league table highlights AS Monaco', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('region', { name: 'Classement Ligue 1' }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(19); // header + 18 clubs
  await expect(table.locator('tr[aria-current="true"]')).toHaveCount(1);
  await expect(table.locator('tr[aria-current="true"]')).toContainText('AS Monaco');
});

test('the news section is as tall as the slide shown; « see all » belongs to the news', async ({
  page,
}) => {
  await page.goto('/');
  // Named by its heading, which follows the slide: « Actualités », then « Concours ».
  const section = page.getByRole('region', { name: /^(Actualités|Concours)$/ }).filter({
    has: page.getByRole('button', { name: 'Concours', exact: true }),
  });
  const slides = section.getByRole('group');
  const viewport = section.locator('div:has(> div > [role="group"])');
  const height = async (box: { boundingBox(): Promise<{ height: number } | null> }) =>
    Math.round((await box.boundingBox())!.height);
  const all = section.getByRole('link', { name: 'Voir toutes les actualités' });
  await expect(all).toBeVisible();
  const newsHeight = await height(slides.nth(0));

  // The demo's single contest is shorter than four news: no empty band under it.
  await section.getByRole('button', { name: 'Concours', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Concours' })).toBeVisible();
  await expect.poll(async () => (await height(viewport)) - (await height(slides.nth(1)))).toBe(0);
  expect(await height(viewport)).toBeLessThan(newsHeight);
  await expect(all).toBeHidden();

  await page.getByRole('button', { name: 'Actualités', exact: true }).click();
  await expect.poll(() => height(viewport)).toBe(newsHeight);
  await expect(all).toBeVisible();
});

test('the API answers its health check', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: 'up' });
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the league table opens behind its toggle, AS Monaco highlighted', async ({ page }) => {
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Classement Ligue 1', includeHidden: true });
    await expect(region).toBeHidden();
    // Closed, its rows are not even rendered (nor their crests fetched).
    await expect(region.locator('tr')).toHaveCount(0);
    await page.getByRole('button', { name: 'Afficher le classement' }).click();
    const table = page.getByRole('region', { name: 'Classement Ligue 1' }).getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(19);
    await expect(table.locator('tr[aria-current="true"]')).toContainText('AS Monaco');
    await page.getByRole('button', { name: 'Masquer le classement' }).click();
    await expect(region).toBeHidden();
  });

  test('the carousel dots and arrows bring each match into view', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: /prochains matchs/i });
    const slides = carousel.getByRole('group');
    const dot = (n: number) => carousel.getByRole('button', { name: `Aller au match ${n}` });
    // Fully on screen horizontally: its left edge inside the carousel's box.
    const shown = async (index: number) => {
      const [slide, box] = [await slides.nth(index).boundingBox(), await carousel.boundingBox()];
      return Math.abs(slide!.x - box!.x) < 2;
    };
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    await dot(2).click();
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => shown(1)).toBe(true);
    await carousel.getByRole('button', { name: 'Match précédent' }).click();
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => shown(0)).toBe(true);
    await carousel.getByRole('button', { name: 'Match suivant' }).click();
    await expect.poll(() => shown(1)).toBe(true);
  });

  test('the carousel is as tall as the slide shown, coach cards included, no taller', async ({
    browser,
  }) => {
    const page = await pageAs(browser, DEMO.supporter, { width: 390, height: 844 });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: /prochains matchs/i });
    const slides = carousel.getByRole('group');
    const viewport = carousel.locator('div:has(> div > [role="group"])');
    const dot = (n: number) => carousel.getByRole('button', { name: `Aller au match ${n}` });
    const heights = async (index: number) => [
      Math.round((await viewport.boundingBox())!.height),
      Math.round((await slides.nth(index).boundingBox())!.height),
    ];
    // The demo's next away match has the antenna's coach: its slide carries the card.
    const coach = slides.filter({ hasText: /Car de / }).first();
    await expect(coach).toBeAttached();
    const index = await coach.evaluate((el) => Array.from(el.parentElement!.children).indexOf(el));
    await dot(index + 1).click();
    await expect(coach.getByText(/Car de /)).toBeInViewport();
    await expect.poll(async () => new Set(await heights(index)).size).toBe(1);
    const tall = (await heights(index))[0]!;
    await dot(1).click();
    await expect.poll(async () => new Set(await heights(0)).size).toBe(1);
    expect((await heights(0))[0]!).toBeLessThan(tall);
    await page.context().close();
  });

  test('a dot tapped while the carousel’s code still downloads is not lost', async ({ page }) => {
    // The carousel library comes after the first paint, in its own chunk: hold it back so the
    // tap surely lands before it, as on a slow phone network.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/embla-carousel[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: /prochains matchs/i });
    const dot = (n: number) => carousel.getByRole('button', { name: `Aller au match ${n}` });
    await dot(3).click();
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    release();
    await expect(dot(3)).toHaveAttribute('aria-current', 'true');
    await expect(carousel.getByRole('group').nth(2)).toBeInViewport({ ratio: 0.9 });
  });
});

test('opening the home page for a given match (as a notification does) shows that match', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/matchs/next')).json()) as { id: number }[];
  expect(list.length).toBeGreaterThan(2);
  await page.goto('/actualites');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What NotificationBell's navigate('/', { state: { matchId } }) leaves in the history entry,
  // replayed as a back/forward move so react-router reads it.
  await page.evaluate((matchId) => {
    window.history.pushState({ usr: { matchId }, key: 'notif', idx: 1 }, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, list[2]!.id);
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  await expect(carousel.getByRole('button', { name: 'Aller au match 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('a page opened by a full load starts at its top, whatever another page was scrolled to', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: /prochains matchs/i })).toBeVisible();
  // As far down as the page goes, up to 600 px (how long it is depends on the day's matches).
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // A typed address or a link from a mail: a full load in the same tab.
  await page.goto('/jeu_prono');
  await expect(page.getByRole('heading', { name: 'Jeu du prono' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Classement des pronostiqueurs' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
