import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, DEMO, signIn } from '../fixtures/accounts';

/**
 * The MuneguMap shows the whole of metropolitan France, Corsica included, and Monaco as a
 * point beside the Alpes-Maritimes, at a phone's width and a laptop's. A member leaving from
 * Monaco makes its point a named button. Screenshots are kept under test-results.
 */
type NextMatch = { id: number; ordre: number };

let match: NextMatch;
let position: number;

test.beforeAll(async ({ request }) => {
  const list = (await (await request.get('/api/matchs/next')).json()) as NextMatch[];
  // The third upcoming match: the demo's carpools and the carpool journey use the first two.
  position = list.findIndex((m) => m.ordre === 3) + 1;
  match = list[position - 1]!;
  expect(match).toBeTruthy();
  const token = await apiToken(request, DEMO.admin);
  const res = await request.post('/api/user-transport', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      transport_id: 1,
      match_id: match.id,
      covoiturage: true,
      places_dispo: 2,
      departement_depart: 'MC',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
});

async function openMap(page: Page): Promise<Locator> {
  await signIn(page, DEMO.admin);
  await page.goto('/');
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  await carousel.getByRole('button', { name: `Aller au match ${position}` }).click();
  await carousel
    .locator(`article:has(#match-${match.id}-title)`)
    .getByRole('button', { name: 'MUNEGU MAP' })
    .click();
  const map = page
    .getByRole('dialog', { name: 'MuneguMap' })
    .getByRole('group', { name: 'Carte des départements' });
  await expect(map).toBeVisible();
  return map;
}

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box | null, outer: Box | null) =>
  inner !== null &&
  outer !== null &&
  inner.width > 0 &&
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`at ${width} px the map shows Corsica and Monaco in full`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const map = await openMap(page);
    const monaco = map.getByRole('button', { name: 'Monaco (moins de 3 supporters)' });
    await expect(monaco).toBeVisible();
    await map.scrollIntoViewIfNeeded();

    const svg = await map.boundingBox();
    const viewport = { x: 0, y: 0, width, height };
    // The map itself fits the window's width, and so does everything drawn in it.
    expect(inside({ ...svg!, y: 0, height: 1 }, { ...viewport, y: 0, height: 1 })).toBe(true);
    for (const shape of [
      monaco,
      map.locator('path[data-code="2A"]'),
      map.locator('path[data-code="2B"]'),
      map.locator('path[data-code="06"]'),
      map.locator('path[data-code="29"]'), // Finistère, the west end
    ]) {
      const box = await shape.boundingBox();
      expect(inside(box, svg), `${await shape.getAttribute('data-code')} in the map`).toBe(true);
    }
    // Monaco sits on the 06 coast, east of its centre.
    const mc = (await monaco.boundingBox())!;
    const am = (await map.locator('path[data-code="06"]').boundingBox())!;
    expect(mc.x + mc.width / 2).toBeGreaterThan(am.x + am.width / 2);
    expect(inside({ ...mc, width: 1, height: 1, x: mc.x + mc.width / 2, y: mc.y }, am)).toBe(true);

    // Every tab of the lists is in view, the first one included.
    const dialog = page.getByRole('dialog', { name: 'MuneguMap' });
    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveCount(3);
    const dialogBox = (await dialog.boundingBox())!;
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      // Side by side within the dialog's width (the dialog may scroll vertically).
      expect(inside({ ...box, y: dialogBox.y, height: 1 }, dialogBox)).toBe(true);
    }

    await map.screenshot({ path: test.info().outputPath(`munegu-map-${width}.png`) });
    await page.screenshot({ path: test.info().outputPath(`munegu-map-dialog-${width}.png`) });

    // Choosing Monaco lists who leaves from there.
    await monaco.click();
    await expect(monaco).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('link', { name: DEMO.admin.username })).toBeVisible();
  });
}
