import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, pageAs } from '../fixtures/accounts';

/**
 * Issue 30: the demo supporter's confirmed carpool for the next match has its group thread
 * (seeded): it is listed under 'Groupes' on /messages, opens with each sender's name, and a
 * message sent there shows at once, on a phone and on a desktop screen.
 */
const SCREENS = path.resolve(import.meta.dirname, '../test-results/group-screens');
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const viewport of SIZES) {
  test(`the car's group thread at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await pageAs(browser, DEMO.supporter, viewport);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/messages');
    const groups = page.getByRole('list', { name: 'Groupes' });
    const link = groups.getByRole('link', {
      name: /^Covoiturage · AS Monaco – .+ du \d\d\/\d\d/,
    });
    await expect(link).toBeVisible();
    await page.screenshot({ path: path.join(SCREENS, `${viewport.width}-list.png`) });

    await link.click();
    await expect(page).toHaveURL(/\/messages\/groupes\/\d+$/);
    const panel = page.getByRole('region', { name: /^Covoiturage · / });
    await expect(
      panel.getByText('Bienvenue dans la voiture ! Départ place Garibaldi.'),
    ).toBeVisible();
    // Others' bubbles carry their sender's name.
    const theirs = panel.getByTestId('group-message').filter({ hasText: 'Je serai là' });
    await expect(theirs.locator('span').first()).not.toBeEmpty();

    const text = `On se retrouve à 7 h (${viewport.width} px)`;
    const field = panel.getByRole('textbox', { name: 'Votre message' });
    await field.fill(text);
    await field.press('Enter');
    await expect(panel.getByText(text)).toBeVisible();
    await expect(field).toHaveValue('');
    await page.screenshot({ path: path.join(SCREENS, `${viewport.width}-thread.png`) });

    // Still there after a reload: it was stored.
    await page.reload();
    await expect(
      page.getByRole('region', { name: /^Covoiturage · / }).getByText(text),
    ).toBeVisible();
    await page.context().close();
  });
}

test('the organiser reaches the coach’s thread from Mes déplacements, the supporter the car’s from their carpool', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const organiser = await pageAs(browser, DEMO.redacteur, { width: 390, height: 844 });
  await organiser.goto('/mes-deplacements');
  await organiser.getByRole('link', { name: 'Fil du car' }).first().click();
  await expect(organiser).toHaveURL(/\/messages\/groupes\/\d+$/);
  await expect(
    organiser
      .getByRole('region', { name: /^Car de / })
      .getByText(/Rendez-vous 5 h 45 place Garibaldi/),
  ).toBeVisible();
  await organiser.context().close();

  const supporter = await pageAs(browser, DEMO.supporter, { width: 1280, height: 800 });
  await supporter.getByRole('button', { name: 'Modifier ma présence' }).first().click();
  await supporter.getByRole('button', { name: 'Voir mon covoiturage' }).click();
  await supporter
    .getByRole('dialog', { name: 'Membres du covoiturage' })
    .getByRole('link', { name: 'Fil du covoiturage' })
    .click();
  await expect(
    supporter
      .getByRole('region', { name: /^Covoiturage · / })
      .getByText('Bienvenue dans la voiture ! Départ place Garibaldi.'),
  ).toBeVisible();
  await supporter.context().close();
});
