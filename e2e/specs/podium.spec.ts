import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken, DEMO, signIn } from '../fixtures/accounts';

/**
 * The prediction game's TOP 3 on a phone and a computer: every pseudo shows whole (it wraps in a
 * narrow step rather than ending in '…'). Screenshots are kept under test-results/podium-screens.
 */
const SCREENS = path.resolve(import.meta.dirname, '../test-results/podium-screens');

type Row = { username: string; profile_picture: string | null };

for (const width of [390, 1280]) {
  test(`the podium shows the three pseudos whole at ${width} px`, async ({ page, request }) => {
    const token = await apiToken(request, DEMO.supporter);
    const res = await request.get('/api/users/classement-pronos?limit=3', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    const top = ((await res.json()) as { rows: Row[] }).rows.slice(0, 3);
    expect(top).toHaveLength(3);

    await page.setViewportSize({ width, height: 844 });
    await signIn(page, DEMO.supporter);
    await page.goto('/jeu_prono');
    const podium = page.getByRole('list', { name: 'Top 3' });
    await expect(podium.getByRole('listitem')).toHaveCount(3);

    for (const row of top) {
      const name = podium.getByText(row.username, { exact: true });
      await expect(name).toBeVisible();
      // Nothing hidden: no ellipsis, no clipped overflow, and inside its step.
      const fit = await name.evaluate((el) => {
        const step = el.closest('li')?.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return {
          scroll: el.scrollWidth - el.clientWidth,
          text: el.textContent,
          inside: !!step && box.left >= step.left - 0.5 && box.right <= step.right + 0.5,
        };
      });
      expect(fit.scroll).toBeLessThanOrEqual(0);
      expect(fit.text).toBe(row.username);
      expect(fit.inside).toBe(true);
    }
    // The page itself does not scroll sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await podium.scrollIntoViewIfNeeded();
    await podium.screenshot({ path: path.join(SCREENS, `podium-${width}.png`) });
  });
}
