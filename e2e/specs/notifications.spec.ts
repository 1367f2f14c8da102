import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newConfirmedMember, pageAs } from '../fixtures/accounts';
import { countMailLinks, waitForMailLink } from '../fixtures/mail';

/**
 * The bell names the match of each notification, and a member who deleted their account since
 * reads 'Un ancien membre' (never their anonymised 'Supprime_<id>' pseudo). Screenshots of the
 * open bell at 390 px and 1280 px are saved under test-results/notifications-screens.
 */

const SCREENS =
  process.env.NOTIFICATION_SCREENS ??
  path.resolve(import.meta.dirname, '../test-results/notifications-screens');

type Member = { pseudo: string; email: string; password: string; token: string; id: number };

/** A confirmed member created through the API, signed in (its access token and id). */
async function newMember(request: APIRequestContext, prefix: string): Promise<Member> {
  const m = await newConfirmedMember(request, prefix);
  const login = await request.post('/api/auth/login', {
    data: { email: m.email, password: m.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const access = ((await login.json()) as { access_token: string }).access_token;
  const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${access}` } });
  return { ...m, token: access, id: ((await me.json()) as { id: number }).id };
}

async function call(request: APIRequestContext, who: Member, url: string, data: object) {
  const res = await request.post(url, { data, headers: { Authorization: `Bearer ${who.token}` } });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
}

test('the bell names the match, and a deleted member reads "Un ancien membre"', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const list = (await (await request.get('/api/matchs/next')).json()) as {
    id: number;
    date: string;
    club_dom: { nom: string };
    club_ext: { nom: string };
  }[];
  const match = list.at(-1)!;
  expect(match).toBeTruthy();

  // A driver proposes a seat to a searcher, who refuses, then deletes their account.
  const driver = await newMember(request, 'bell');
  const leaver = await newMember(request, 'gone');
  await call(request, driver, '/api/user-transport', {
    transport_id: 1,
    match_id: match.id,
    covoiturage: true,
    places_dispo: 3,
    departement_depart: '06',
  });
  await call(request, leaver, '/api/user-recherche', {
    nb_pers: 1,
    match_id: match.id,
    departement_depart: '06',
  });
  await call(request, driver, '/api/user-to-user-match', {
    user2_id: leaver.id,
    statut_id: 1,
    departement_depart: '06',
    match_id: match.id,
  });
  await call(request, leaver, '/api/user-to-user-match/refus-covoiturage', {
    user1_id: driver.id,
    user2_id: leaver.id,
    match_id: match.id,
  });
  const before = countMailLinks(leaver.email, /\/deletion-confirmed\//);
  const asked = await request.patch('/api/users/me/request-delete', {
    headers: { Authorization: `Bearer ${leaver.token}` },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const link = await waitForMailLink(leaver.email, /\/deletion-confirmed\//, { after: before });
  const deletion = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
  expect(
    (await request.get(`/api/users/confirm-delete/${encodeURIComponent(deletion)}`)).status(),
  ).toBe(200);

  const page = await pageAs(browser, driver);
  mkdirSync(SCREENS, { recursive: true });
  const [day, month] = new Date(match.date)
    .toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })
    .split('/');
  const about = `pour le match ${match.club_dom.nom} – ${match.club_ext.nom} du ${day}/${month}`;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Notifications, 1 non lue' }).click();
    const menu = page.getByRole('menu');
    const line = menu.getByRole('menuitem', { name: /a refusé le covoiturage/ });
    await expect(line).toBeVisible();
    await expect(line.getByText('Un ancien membre', { exact: true })).toBeVisible();
    await expect(line.getByText(about)).toBeVisible();
    await expect(menu.getByText(/Supprime_/)).toHaveCount(0);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SCREENS, `bell-deleted-member-${width}.png`) });
    await page.keyboard.press('Escape');
  }
  await page.context().close();
});
