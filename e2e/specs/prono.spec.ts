import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiToken, signIn, type Account } from '../fixtures/accounts';
import {
  kickedOff,
  nextMatches,
  parisLocal,
  seasonOfKickoff,
  type NextMatch,
} from '../fixtures/matches';

/**
 * The prediction game end to end: a member predicts from the home page, an operator enters the
 * score in the operators' screens, the member's points and rank appear on /jeu_prono and on
 * the profile; then the match block's titles and countdown under a controlled browser clock.
 * The tests of this file share the server's state and run in order.
 */
test.describe.configure({ mode: 'serial' });

const MEMBER = DEMO.supporter;
const ADMIN = DEMO.admin;

/** Signs in through the /login page, as a member would; it lands on home. */
async function login(page: Page, who: Account) {
  await signIn(page, who);
  await expect(page).toHaveURL(/\/$/);
}

const isMonaco = (c: { id: number; nom: string }) =>
  c.id === 1 || c.nom.toLowerCase().includes('monaco');
const opponentOf = (m: NextMatch) => (isMonaco(m.club_dom) ? m.club_ext.nom : m.club_dom.nom);

let scored: NextMatch;
let memberName: string;

test('a member predicts the next match from the home page', async ({ page, request }) => {
  [scored] = (await nextMatches(request)) as [NextMatch];
  expect(scored).toBeTruthy();
  await login(page, MEMBER);
  memberName = (await page
    .getByRole('button', { name: /Menu du profil/ })
    .getAttribute('aria-label'))!.replace('Menu du profil de ', '');

  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  await carousel.getByRole('button', { name: 'JEU DU PRONO' }).first().click();
  const popup = page.getByRole('dialog', { name: 'JEU DU PRONO' });
  await expect(popup.getByText('VOTRE PRONO SERA CONFIRMÉ EN DÉBUT DE MATCH')).toBeVisible();
  const save = popup.getByRole('button', { name: 'Enregistrer' });
  await expect(save).toBeDisabled();

  const home = popup.getByLabel(`Buts ${scored.club_dom.nom}`);
  const away = popup.getByLabel(`Buts ${scored.club_ext.nom}`);
  await home.fill('');
  await home.pressSequentially('2a');
  await expect(home).toHaveValue('2'); // digits only
  await away.fill('');
  await away.pressSequentially('99');
  await expect(away).toHaveValue('50'); // never above 50
  await away.fill('1');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Pronostic enregistré avec succès !')).toBeVisible();

  // Reopened, the popup shows the saved prediction and nothing to save.
  await carousel.getByRole('button', { name: 'JEU DU PRONO' }).first().click();
  await expect(popup.getByLabel(`Buts ${scored.club_dom.nom}`)).toHaveValue('2');
  await expect(popup.getByLabel(`Buts ${scored.club_ext.nom}`)).toHaveValue('1');
  await expect(popup.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
});

test('a signed-out visitor who clicks JEU DU PRONO goes to /login', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'JEU DU PRONO' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('members and signed-out visitors cannot open the operators’ screens', async ({ page }) => {
  await page.goto('/admin/matchs');
  await expect(page).toHaveURL(/\/404$/);
  await login(page, MEMBER);
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Espace opérateurs' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/matchs');
  await expect(page).toHaveURL(/\/404$/);
});

test('an operator enters the final score in the operators’ screens', async ({ page, request }) => {
  // The API takes a score only from kickoff on: the match is played (its kickoff moved back).
  await kickedOff(request, await apiToken(request, ADMIN), scored.id);
  await login(page, ADMIN);
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: /Espace opérateurs/ }).click();
  // Operators land on the moderation queue (issue 29); the matches are the next tab but one.
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  await page.getByRole('link', { name: 'Matchs', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/matchs$/);

  await page
    .getByRole('button', { name: `Score du match de la journée ${scored.journee}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Score final' });
  await dialog.getByLabel(scored.club_dom.nom).fill('2');
  await dialog.getByLabel(scored.club_ext.nom).fill('1');
  await dialog.getByRole('button', { name: 'Enregistrer le score' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmer le score final' });
  await expect(confirm).toContainText(`${scored.club_dom.nom} 2 – 1 ${scored.club_ext.nom}`);
  await confirm.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Score enregistré, points recalculés.')).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ hasText: scored.club_ext.nom })
    .filter({
      has: page.getByRole('button', { name: `Score du match de la journée ${scored.journee}` }),
    });
  await expect(row).toContainText('2 – 1');
});

test('the member sees the result, points and rank on /jeu_prono', async ({ page }) => {
  await login(page, MEMBER);
  await page.getByRole('link', { name: 'Pronos' }).first().click();
  await expect(page).toHaveURL(/\/jeu_prono$/);

  const select = page.getByLabel('Match précédent');
  await expect(select).toContainText(`J${scored.journee} - ${opponentOf(scored)}`);
  await select.selectOption({ label: `J${scored.journee} - ${opponentOf(scored)}` });
  await expect(page.getByTestId('past-match-score')).toHaveText('2 – 1');
  const exact = page.locator('[data-stat="exact"]').getByTestId('stat-value');
  expect(Number(await exact.textContent())).toBeGreaterThanOrEqual(1);

  await expect(page.getByText(/^Classement : \d+ᵉ \/ \d+$/)).toBeVisible();
  // The member appears with their 5 points, on the podium or in the full ranking.
  await page.getByPlaceholder('Rechercher un pseudo...').fill(memberName);
  const mine = page.locator('li[aria-current="true"]');
  await expect(mine).toContainText(memberName);
  await expect(mine).toContainText('pts');
});

test('the member’s profile shows the prediction card with +5 points', async ({ page }) => {
  await login(page, MEMBER);
  await page.goto(`/profil/${encodeURIComponent(memberName)}`);
  const section = page.getByRole('region', { name: 'Mes pronos' });
  await expect(section.getByText(/^Classement : \d+ᵉ \/ \d+$/)).toBeVisible();
  await expect(section.getByText('+5 points')).toBeVisible();
  await expect(section.getByText('2 - 1').first()).toBeVisible();
});

test('the countdown runs on a controlled clock, two digits each', async ({ page, request }) => {
  // A match scored within the last day leads the list (ordre 0); the countdown is the next one's.
  const list = await nextMatches(request);
  const first = list.find((m) => m.ordre === 1);
  const kickoff = new Date(first!.date).getTime();
  // 1 day 2 h 3 min 4 s before kickoff, then the clock only moves when the test says so.
  const target = kickoff - ((26 * 60 + 3) * 60 + 4) * 1000;
  await page.clock.install({ time: target - 5 * 60_000 });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  const timer = carousel.getByRole('timer').first();
  // Pause only once the data is shown: the query library itself schedules with timers.
  await expect(timer).toBeVisible();
  await page.clock.pauseAt(target);
  const digits = async () => (await timer.textContent())!.match(/\d{2}/g)!.join(':');
  await expect.poll(digits).toBe('01:02:03:04');
  await page.clock.runFor(1000);
  await expect.poll(digits).toBe('01:02:03:03');
  await page.clock.runFor(61_000);
  await expect.poll(digits).toBe('01:02:02:02');
  const leadTitle = list[0]!.ordre === 0 ? 'MATCH TERMINÉ' : 'PROCHAIN MATCH';
  await expect(carousel.getByRole('heading', { name: leadTitle })).toBeVisible();
  await expect(carousel.getByText('MATCH À VENIR').first()).toBeAttached();
});

test('the first slide reads MATCH EN COURS once kicked off, MATCH TERMINÉ once over', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ADMIN);
  const auth = { Authorization: `Bearer ${token}` };
  // A match that kicked off ten minutes ago (server time) and is not finished.
  const kickoff = parisLocal(new Date(Date.now() - 10 * 60_000));
  const created = await request.post('/api/admin/matchs', {
    headers: auth,
    data: {
      season: seasonOfKickoff(kickoff),
      journee: 97,
      kickoff,
      hashtag: '#E2ELIVE',
      club_dom_id: 1,
      club_ext_id: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const live = (await created.json()) as { id: number };
  try {
    await login(page, MEMBER);
    const carousel = page.getByRole('region', { name: /prochains matchs/i });
    await expect(carousel.getByRole('heading', { name: 'MATCH EN COURS' })).toBeVisible();
    await expect(carousel.getByText('#E2ELIVE')).toBeVisible();
    // The second button links to the club's live feed; predictions are locked.
    await expect(carousel.getByRole('link', { name: /EN DIRECT/ })).toBeVisible();
    await carousel.getByRole('button', { name: 'JEU DU PRONO' }).first().click();
    const popup = page.getByRole('dialog', { name: 'JEU DU PRONO' });
    await expect(popup.getByText(/MATCH EN COURS/)).toBeVisible();
    await expect(popup.getByText("TU N'AS PAS FAIT DE PRONOSTIC POUR CE MATCH")).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Once the operator enters the final score, the match stays first for a day, finished.
    const scoredLive = await request.put(`/api/admin/matchs/${live.id}/score`, {
      headers: auth,
      data: { buts_dom: 3, buts_ext: 0 },
    });
    expect(scoredLive.status(), await scoredLive.text()).toBe(200);
    await page.reload();
    await expect(carousel.getByRole('heading', { name: 'MATCH TERMINÉ' })).toBeVisible();
    await expect(carousel.getByText('3 – 0')).toBeVisible();
  } finally {
    await request.delete(`/api/admin/matchs/${live.id}`, { headers: auth });
  }
});
