import { expect, test, type Page } from '@playwright/test';
import { DEMO, pageAs, type Account } from '../fixtures/accounts';

/**
 * A keyboard user must see where the focus is at every Tab stop (WCAG 2.4.7), which axe does
 * not check. Each screen is walked with Tab from its top; at every stop the focused element
 * must draw an outline or a shadow, or, when it is a control kept out of sight (a file input
 * or a switch's checkbox, 1 px), one of its labels or the element drawn beside it must.
 */

const MAX_STOPS = 80;

type Stop = { name: string; shown: boolean; key: string };

/** What has the focus now, and whether something on screen shows it. */
async function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const draws = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      return (
        (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'
      );
    };
    const box = el.getBoundingClientRect();
    const outOfSight = box.width <= 1 && box.height <= 1;
    const labels = el instanceof HTMLInputElement && el.labels ? Array.from(el.labels) : [];
    const shown = outOfSight ? labels.some(draws) || draws(el.nextElementSibling) : draws(el);
    const name =
      el.id ||
      el.getAttribute('aria-label') ||
      (el.textContent ?? '').trim().slice(0, 40) ||
      el.tagName.toLowerCase();
    // Where it stands too: a row of buttons can share tag, id and (no) text.
    const key = `${el.tagName}#${el.id}@${Math.round(box.top + scrollY)},${Math.round(box.left)}:${el.textContent?.slice(0, 20)}`;
    return { name, shown, key };
  });
}

/** Tabs through `page` from where the focus is, until it comes back round or MAX_STOPS. */
async function walk(page: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < MAX_STOPS; i++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    if (!stop) continue;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    stops.push(stop);
  }
  return stops;
}

const SCREENS: Array<{
  title: string;
  who: Account;
  path: string;
  open?: (page: Page) => Promise<void>;
  /** A stop this screen must have, so that the walk is known to have reached it. */
  reaches: string;
}> = [
  {
    title: 'own profile (the avatar picker)',
    who: DEMO.supporter,
    path: `/profil/${DEMO.supporter.username}`,
    reaches: 'avatar-file',
  },
  {
    title: 'settings (the notification switches)',
    who: DEMO.supporter,
    path: '/parametres',
    reaches: 'Changer mon mot de passe',
  },
  {
    title: 'the operators’ import',
    who: DEMO.admin,
    path: '/admin/import',
    reaches: 'import-file',
  },
  {
    title: 'a club’s form (the crest picker)',
    who: DEMO.admin,
    path: '/admin/clubs',
    open: async (page) => {
      await page.getByRole('button', { name: 'Modifier' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
    reaches: 'club-logo',
  },
];

for (const screen of SCREENS) {
  test(`${screen.title}: every Tab stop shows the focus`, async ({ browser }) => {
    const page = await pageAs(browser, screen.who, { width: 1280, height: 900 });
    await page.goto(screen.path);
    await expect(page.locator('h1')).toBeVisible();
    // Opening a dialog takes a click; the walk's Tab presses bring the rings (:focus-visible) back.
    if (screen.open) await screen.open(page);
    const stops = await walk(page);
    expect(stops.map((s) => s.name)).toContain(screen.reaches);
    expect(stops.filter((s) => !s.shown).map((s) => s.name)).toEqual([]);
    await page.context().close();
  });
}

/** A name for what has the focus, to compare two Tab presses' landing places. */
const focusedKey = (page: Page) => focused(page).then((stop) => stop?.key ?? 'body');

// The menu button pattern (WAI-ARIA APG): Tab in an open menu closes it and goes on from its
// button, where Radix's menus kept the focus in (radix-ui/primitives#1934).
test('Tab and Shift+Tab leave the navbar’s open menus from their buttons', async ({ browser }) => {
  const page = await pageAs(browser, DEMO.supporter, { width: 1280, height: 900 });
  await page.goto('/parametres');
  await expect(page.locator('h1')).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const profile = page.getByRole('button', { name: /^Menu du profil/ });
  const menu = page.getByRole('menu');

  // Where a plain Tab from the profile's button lands: an open menu's Tab must land there too.
  await profile.focus();
  await page.keyboard.press('Tab');
  const afterProfile = await focusedKey(page);

  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu).toHaveCount(0);
  await expect(profile).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(menu).toHaveCount(0);
  await expect(bell).toBeFocused();

  await profile.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu).toHaveCount(0);
  await expect.poll(() => focusedKey(page)).toBe(afterProfile);
  expect(afterProfile).not.toBe('body');
  await page.context().close();
});
