import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, apiToken, pageAs } from '../fixtures/accounts';
import { parisLocal, seasonOfKickoff } from '../fixtures/matches';

/**
 * The operators' guards, as the demo admin, at 390 px and 1280 px: a match's score is not
 * offered before kickoff, deleting a match with predictions says how many are lost and asks
 * twice, stacked table rows name their columns, and transport modes are edited like the other
 * reference lists. Screenshots land in test-results/operators-screens (OPERATORS_SCREENS).
 */
test.describe.configure({ mode: 'serial' });

const SCREENS =
  process.env.OPERATORS_SCREENS ??
  path.resolve(import.meta.dirname, '../test-results/operators-screens');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PREDICTORS = [DEMO.supporter, DEMO.redacteur, DEMO.moderateur];

type AdminMatch = { id: number; season: string; journee: number };

/** An upcoming match (three weeks ahead) with a prediction from each of PREDICTORS. */
async function predictedMatch(request: APIRequestContext): Promise<AdminMatch> {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const all = (await (await request.get('/api/admin/matchs', { headers })).json()) as AdminMatch[];
  const kickoff = parisLocal(new Date(Date.now() + 21 * 86_400_000));
  const season = seasonOfKickoff(kickoff);
  const used = new Set(all.filter((m) => m.season === season).map((m) => m.journee));
  const journee = [...Array(60).keys()].map((i) => 99 - i).find((j) => !used.has(j))!;
  const created = await request.post('/api/admin/matchs', {
    headers,
    data: {
      season,
      journee,
      kickoff,
      hashtag: '#E2EOPS',
      club_dom_id: 1,
      club_ext_id: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const match = (await created.json()) as AdminMatch;
  for (const who of PREDICTORS) {
    const auth = { authorization: `Bearer ${await apiToken(request, who)}` };
    const me = (await (await request.get('/api/users/me', { headers: auth })).json()) as {
      id: number;
    };
    const predicted = await request.post('/api/user-pronostic-match', {
      headers: auth,
      data: { userId: me.id, match_id: match.id, score_club_dom: 2, score_club_ext: 1 },
    });
    expect(predicted.status(), await predicted.text()).toBe(200);
  }
  return match;
}

async function shoot(target: Page | Locator, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await target.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/** The column name a stacked cell shows above its value (its ::before). */
const shownLabel = (cell: Locator) =>
  cell.evaluate((td) => getComputedStyle(td, '::before').content.replace(/^"|"$/g, ''));

for (const [size, viewport] of [
  ['390', PHONE],
  ['1280', DESKTOP],
] as const) {
  test(`at ${size} px a predicted match offers no score yet and its deletion asks twice`, async ({
    browser,
    request,
  }) => {
    const match = await predictedMatch(request);
    const page = await pageAs(browser, DEMO.admin, viewport);
    try {
      await page.goto('/admin/matchs');
      const row = page.getByRole('row').filter({
        has: page.getByRole('button', {
          name: `Supprimer le match de la journée ${match.journee}`,
        }),
      });
      await expect(row).toContainText('À venir');
      const score = row.getByRole('button', {
        name: `Score du match de la journée ${match.journee}`,
      });
      await expect(score).toBeDisabled(); // aria-disabled: it keeps its place in the Tab order
      // Reached from the keyboard (a tap alike), it says from when a score may be entered.
      await score.focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('region', { name: /Alertes/ }).getByText(/qu’après le coup d’envoi/),
      ).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const predictions = row.locator('td[data-label="Pronostics"]');
      await expect(predictions).toHaveText('3');
      // Stacked on a phone, each cell names its column; side by side, the header does.
      if (size === '390') {
        expect(await shownLabel(predictions)).toBe('Pronostics');
        expect(await shownLabel(row.locator('td[data-label="Score"]'))).toBe('Score');
      } else {
        await expect(page.getByRole('columnheader', { name: 'Pronos' })).toBeVisible();
        expect(await shownLabel(predictions)).toBe('none');
      }
      await row.scrollIntoViewIfNeeded();
      await shoot(page, `matches-${size}`);

      await row
        .getByRole('button', { name: `Supprimer le match de la journée ${match.journee}` })
        .click();
      const first = page.getByRole('alertdialog', { name: 'Supprimer ce match ?' });
      await expect(first).toContainText('3 pronostics seront perdus.');
      await shoot(page, `delete-ask-${size}`);
      await first.getByRole('button', { name: 'Continuer' }).click();
      const again = page.getByRole('alertdialog', { name: 'Supprimer aussi les pronostics ?' });
      await expect(again).toBeVisible();
      await shoot(page, `delete-again-${size}`);
      if (size === '1280') {
        // Cancelled at the second question: nothing is deleted.
        await again.getByRole('button', { name: 'Annuler' }).click();
        await expect(again).toBeHidden();
        await expect(predictions).toHaveText('3');
        await row
          .getByRole('button', { name: `Supprimer le match de la journée ${match.journee}` })
          .click();
        await first.getByRole('button', { name: 'Continuer' }).click();
      }
      await again.getByRole('button', { name: 'Supprimer le match et 3 pronostics' }).click();
      await expect(page.getByText('Match supprimé. 3 pronostics effacés.')).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await page.context().close();
    }
  });
}

test('the league table’s stacked rows name their columns', async ({ browser }) => {
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    const page = await pageAs(browser, DEMO.admin, viewport);
    try {
      await page.goto('/admin/classement');
      const points = page.getByRole('spinbutton', { name: 'Points, ligne 1', exact: true });
      await expect(points).toBeVisible();
      const cell = page.locator('td[data-label="Points"]').first();
      expect(await shownLabel(cell)).toBe(size === '390' ? 'Points' : 'none');
      await shoot(page, `league-${size}`);
    } finally {
      await page.context().close();
    }
  }
});

test('transport modes are added, renamed and deleted on the reference lists', async ({
  browser,
}) => {
  const name = `Trottinette ${Date.now().toString(36).slice(-5)}`;
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    const page = await pageAs(browser, DEMO.admin, viewport);
    try {
      await page.goto('/admin/referentiels');
      const section = page.getByRole('region', { name: 'Modes de transport' });
      await expect(section.getByText('voiture', { exact: true })).toBeVisible();
      // The spec's modes are fixed: no button on them.
      await expect(section.getByRole('button', { name: 'Supprimer voiture' })).toHaveCount(0);
      const label = `${name} ${size}`;
      await section.getByLabel('Mode de transport').fill(label);
      await section.getByRole('button', { name: 'Ajouter' }).click();
      await expect(section.getByText(label, { exact: true })).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await shoot(section, `transports-${size}`);

      await section.getByRole('button', { name: `Renommer ${label}` }).click();
      await section.getByLabel('Mode de transport').nth(1).fill(`${label}!`);
      await section.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(section.getByText(`${label}!`, { exact: true })).toBeVisible();
      await section.getByRole('button', { name: `Supprimer ${label}!` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
      await expect(section.getByText(`${label}!`, { exact: true })).toHaveCount(0);
    } finally {
      await page.context().close();
    }
  }
});
