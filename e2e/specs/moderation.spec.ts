import { expect, test } from '@playwright/test';
import { DEMO, apiToken, pageAs } from '../fixtures/accounts';

/**
 * Community safety end to end: a member reports another one, a moderator works the report
 * through to a suspension in the operators' space, and the suspended member's open page says
 * why without a reload; logging in again says until when. Runs last among the specs
 * that use the demo member it suspends (its file name sorts after them), and lifts the
 * suspension at the end.
 */
test.describe.configure({ mode: 'serial' });

const MODERATOR = DEMO.moderateur;
const REPORTER = DEMO.redacteur;
/** A demo community member (apps/api/src/seed/community): shared demo password. */
const MEMBER = { email: 'karim13@demo.munegu.local', password: 'Membre#Demo26' };

test('a moderator suspends a reported member, whose open page says why', async ({
  browser,
  request,
}) => {
  const member = await pageAs(browser, MEMBER);
  const memberId = (await (
    await request.get('/api/users/me', {
      headers: { authorization: `Bearer ${await apiToken(request, MEMBER)}` },
    })
  ).json()) as { id: number; username: string };

  // Another member reports them from their profile's reasons.
  const reporter = await apiToken(request, REPORTER);
  const reasons = (await (await request.get('/api/motifs-signalement/profil')).json()) as {
    id: number;
    label: string;
  }[];
  const reason = reasons.find((r) => r.label.toLowerCase() !== 'autre')!;
  const reported = await request.post('/api/user-signalement', {
    headers: { authorization: `Bearer ${reporter}` },
    data: { to: memberId.id, motifId: reason.id, section: 'profil' },
  });
  expect(reported.status(), await reported.text()).toBe(200);

  const moderator = await pageAs(browser, MODERATOR);
  await moderator.goto('/admin/moderation');
  const card = moderator
    .getByRole('article', { name: `Signalement de ${memberId.username}` })
    .first();
  await expect(card.getByText(reason.label)).toBeVisible();
  await card.getByRole('button', { name: 'Suspendre' }).click();
  const dialog = moderator.getByRole('dialog', { name: `Suspendre ${memberId.username}` });
  await dialog.getByLabel('Durée (jours)').fill('7');
  await dialog.getByLabel('Raison').fill('Propos injurieux répétés dans les messages.');
  await dialog.getByRole('button', { name: 'Suspendre' }).click();
  await expect(moderator.getByText('Membre suspendu.')).toBeVisible();

  // The member's page, open all along, signs out by itself and says why.
  await expect(member.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  const why = member.getByRole('region', { name: 'Ton compte est suspendu' });
  await expect(why.getByText('Propos injurieux répétés dans les messages.')).toBeVisible();
  await member.goto('/login');
  await member.getByLabel('Adresse e-mail').fill(MEMBER.email);
  await member.getByLabel('Mot de passe').fill(MEMBER.password);
  await member.getByRole('button', { name: 'Se connecter' }).click();
  await expect(
    member.getByText(/Ton compte est suspendu jusqu’au .* : Propos injurieux répétés/),
  ).toBeVisible();

  // The journal keeps the decision; then the moderator lifts it for the specs that follow.
  await moderator.goto('/admin/journal');
  await expect(
    moderator.getByText('Propos injurieux répétés dans les messages.').first(),
  ).toBeVisible();
  await moderator.goto('/admin/moderation');
  await moderator
    .getByRole('listitem')
    .filter({ hasText: memberId.username })
    .getByRole('button', { name: 'Lever la suspension' })
    .click();
  await expect(moderator.getByRole('listitem').filter({ hasText: memberId.username })).toHaveCount(
    0,
  );
});

/**
 * The moderators' workspace at a phone's and a desktop's width: the moderator lands on the
 * queue from the profile menu, the open-report count shows on the avatar, the menu entry and
 * the tab, the demo's most reported member has one card with their three reports, and the
 * search leads to a member page with a past sanction (the demo's seeded warning).
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a moderator lands on the queue, the open-report count in the navigation (${viewport.width} px)`, async ({
    browser,
    request,
  }) => {
    const token = await apiToken(request, MODERATOR);
    const count = await request.get('/api/moderation/reports/count', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { open } = (await count.json()) as { open: number };
    expect(open, 'the demo seeds open reports').toBeGreaterThan(0);
    const waiting = `${open} signalement${open > 1 ? 's' : ''} à traiter`;

    const page = await pageAs(browser, MODERATOR, viewport);
    const avatar = page.getByRole('button', {
      name: `Menu du profil de ${MODERATOR.username}, ${waiting}`,
    });
    await expect(avatar).toBeVisible();
    await expect(avatar).toContainText(String(open));
    await avatar.click();
    const entry = page.getByRole('menuitem', { name: /Espace opérateurs/ });
    await expect(entry).toContainText(String(open));
    await entry.click();

    await expect(page).toHaveURL(/\/admin\/moderation$/);
    // The tab's name: its label, then the count as a sentence (Chromium puts a space before
    // the comma, at the pill's edge).
    await expect(
      page.getByRole('link', { name: new RegExp(`^Modération ?, ${waiting}$`) }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: `Signalements à traiter (${open})` }),
    ).toBeVisible();
    const enzo = page.getByRole('article', { name: 'Signalements visant demo_enzo' });
    await expect(enzo.getByText('3 signalements ouverts')).toBeVisible();
    await expect(enzo.getByRole('article', { name: 'Signalement de demo_enzo' })).toHaveCount(3);

    await page.getByLabel('Début du pseudo ou de l’adresse e-mail').fill('ENZO@demo');
    await page
      .getByRole('list', { name: 'Membres trouvés' })
      .getByRole('link', { name: /demo_enzo/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/moderation\/membres\/\d+$/);
    await expect(page.getByRole('heading', { name: 'demo_enzo', level: 2 })).toBeVisible();
    // The demo's warning: what, who and when, why (other runs may have added lines above it).
    const warning = page
      .locator('section', { has: page.getByRole('heading', { name: 'Historique des sanctions' }) })
      .getByRole('listitem')
      .filter({ hasText: 'Messages agressifs envers un autre supporter après le match.' });
    await expect(warning.getByText('Avertissement', { exact: true })).toBeVisible();
    await expect(
      warning.getByText(/^par moderateur_demo \(Modérateur\) le \d\d\/\d\d\/\d{4} à \d\d:\d\d$/),
    ).toBeVisible();
    // A sanction without a report, from the member page, then its lifting.
    const actions = page.getByRole('group', { name: 'Sanctions' });
    await actions.getByRole('button', { name: 'Réduire au silence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réduire demo_enzo au silence' });
    await dialog.getByLabel('Durée (jours)').fill('2');
    await dialog
      .getByLabel('Raison (envoyée au membre par e-mail)')
      .fill('Messages répétés malgré l’avertissement.');
    await dialog.getByRole('button', { name: 'Réduire au silence' }).click();
    await expect(page.getByText('Membre réduit au silence.')).toBeVisible();
    const inForce = page.getByRole('list', { name: 'Sanctions en cours' });
    await expect(inForce.getByText(/^Réduit au silence jusqu’au /)).toBeVisible();
    await expect(inForce.getByText('« Messages répétés malgré l’avertissement. »')).toBeVisible();
    // The badge beside the name, date included, stays within the page at this width.
    await expect(page.getByText(/^Réduit au silence jusqu’au \d\d\/\d\d\/\d{4}$/)).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await actions.getByRole('button', { name: 'Lever le silence' }).click();
    await page
      .getByRole('dialog', { name: 'Lever le silence de demo_enzo' })
      .getByRole('button', { name: 'Lever le silence' })
      .click();
    await expect(page.getByText('Silence levé.')).toBeVisible();
    await expect(page.getByText('Aucune sanction en cours.')).toBeVisible();
    // Nothing sticks out sideways at this width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
}
