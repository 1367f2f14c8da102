import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiToken, pageAs } from '../fixtures/accounts';
import { kickedOff } from '../fixtures/matches';

/**
 * Going to the match together, with two members in two browsers: a driver declares a car with
 * seats, a searcher asks for one from the MuneguMap, the driver's bell lights up without a
 * reload, the driver accepts, both see the carpool; an operator finishes the match, both rate
 * each other and the driver's profile shows the average. Then a cancellation with a reason
 * that the other side reads. The tests share the server's state and run in order.
 */
test.describe.configure({ mode: 'serial' });

const DRIVER = DEMO.redacteur;
const SEARCHER = DEMO.moderateur;
const ADMIN = DEMO.admin;
type NextMatch = { id: number; ordre: number };

/** The home carousel's slide of `matchId`, brought into view with its dot. */
async function slide(page: Page, matchId: number, position: number) {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  await carousel.getByRole('button', { name: `Aller au match ${position}` }).click();
  return carousel.locator(`article:has(#match-${matchId}-title)`);
}

let match: NextMatch;
let position: number;
let driver: Page;
let searcher: Page;

test.beforeAll(async ({ request, browser }) => {
  const list = (await (await request.get('/api/matchs/next')).json()) as NextMatch[];
  // The second upcoming match: the demo's own carpools are on the first one.
  position = list.findIndex((m) => m.ordre === 2) + 1;
  match = list[position - 1]!;
  expect(match).toBeTruthy();
  driver = await pageAs(browser, DRIVER);
  searcher = await pageAs(browser, SEARCHER);
});

test.afterAll(async () => {
  await driver?.context().close();
  await searcher?.context().close();
});

test('a driver declares a car with three seats', async () => {
  const block = await slide(driver, match.id, position);
  await block.getByRole('button', { name: 'JE VAIS AU MATCH !' }).click();
  const form = driver.getByRole('dialog', { name: 'Direction le stade !' });
  await form.getByLabel('D’où pars-tu ?').selectOption('06');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await form.getByRole('button', { name: 'En voiture' }).click();
  await form.getByRole('button', { name: 'Oui' }).click();
  const plus = form.getByRole('button', { name: /^Augmenter/ });
  await plus.click();
  await plus.click();
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(form.getByText('Vos réponses ont été enregistrées avec succès !')).toBeVisible();
  await form.getByText('Fermer', { exact: true }).click();
  await expect(block.getByRole('button', { name: 'MUNEGU MAP' })).toBeVisible();
});

test('a searcher asks for a seat from the MuneguMap and the driver’s bell lights up live', async () => {
  await expect(driver.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  const block = await slide(searcher, match.id, position);
  await block.getByRole('button', { name: 'JE VAIS AU MATCH !' }).click();
  const form = searcher.getByRole('dialog', { name: 'Direction le stade !' });
  await form.getByLabel('D’où pars-tu ?').selectOption('06');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await form.getByRole('button', { name: 'En recherche' }).click();
  await form.getByRole('button', { name: 'Valider' }).click();
  await form.getByRole('button', { name: 'Afficher MuneguMap' }).click();

  const map = searcher.getByRole('dialog', { name: 'MuneguMap' });
  await map.getByRole('tab', { name: /Avec transport/ }).click();
  const row = map.getByRole('listitem').filter({ hasText: DRIVER.username });
  await row.getByRole('button', { name: 'Demander' }).click();
  const ask = searcher.getByRole('dialog', { name: 'Demande de covoiturage' });
  await ask.getByLabel(/Description/).fill('Départ de Nice Est, je peux partager l’essence.');
  await ask.getByRole('button', { name: 'Envoyer' }).click();
  await expect(
    searcher.getByText(
      `Votre demande de covoiturage a bien été envoyée. Elle est en attente de confirmation de ${DRIVER.username}.`,
    ),
  ).toBeVisible();

  // No reload on the driver's side: the socket brings the notification.
  await expect(driver.getByRole('button', { name: 'Notifications, 1 non lue' })).toBeVisible();
});

test('the driver accepts from the bell and both see the carpool', async () => {
  await driver.getByRole('button', { name: 'Notifications, 1 non lue' }).click();
  await driver.getByRole('menuitem', { name: /vous a demandé un covoiturage/ }).click();
  const popup = driver.getByRole('dialog', { name: 'Demande de covoiturage' });
  await expect(popup.getByText('Départ de Nice Est, je peux partager l’essence.')).toBeVisible();
  await popup.getByRole('button', { name: "J'accepte" }).click();
  await expect(
    driver.getByText('Covoiturage confirmé avec succès ! Bravo et merci à vous ! Bonne route 🤝'),
  ).toBeVisible();

  for (const [page, other] of [
    [driver, SEARCHER.username],
    [searcher, DRIVER.username],
  ] as const) {
    const block = await slide(page, match.id, position);
    await block.getByRole('button', { name: 'MUNEGU MAP' }).click();
    const map = page.getByRole('dialog', { name: 'MuneguMap' });
    await map.getByRole('tab', { name: /En covoiturage/ }).click();
    await expect(map.getByRole('link', { name: other })).toBeVisible();
    await page.keyboard.press('Escape');
  }
});

test('after the final whistle both rate each other and the profile shows the average', async ({
  request,
}) => {
  const admin = await apiToken(request, ADMIN);
  // The API takes a score only from kickoff on: the match is played (its kickoff moved back).
  const restoreKickoff = await kickedOff(request, admin, match.id);
  const scored = await request.put(`/api/admin/matchs/${match.id}/score`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { buts_dom: 2, buts_ext: 0 },
  });
  expect(scored.status(), await scored.text()).toBe(200);

  for (const [page, other, note] of [
    [searcher, DRIVER.username, '4.5'],
    [driver, SEARCHER.username, '5'],
  ] as const) {
    await page.goto('/');
    const block = page.locator(`article:has(#match-${match.id}-title)`);
    await block.getByRole('button', { name: 'NOTE TON COVOITURAGE' }).click();
    const dialog = page.getByRole('dialog', { name: 'NOTE TON COVOITURAGE' });
    await dialog.getByLabel(`Note de ${other}`).selectOption(note);
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Note enregistrée avec succès')).toBeVisible();
  }
  await driver.goto(`/profil/${DRIVER.username}`);
  await expect(driver.getByText(/Covoiturage : 4[.,]5\/5/)).toBeVisible();

  // Put the match back as it was for the specs that follow.
  const cleared = await request.delete(`/api/admin/matchs/${match.id}/score`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(cleared.status()).toBe(200);
  await restoreKickoff();
});

test('a passenger cancels with a reason and the driver reads it', async ({ request }) => {
  const list = (await (await request.get('/api/matchs/next')).json()) as NextMatch[];
  const later = list.find((m) => m.ordre === 3)!;
  const laterPosition = list.indexOf(later) + 1;
  const [d, s] = [await apiToken(request, DRIVER), await apiToken(request, SEARCHER)];
  const as = (t: string) => ({ authorization: `Bearer ${t}` });
  const departement_depart = '06';
  await request.post('/api/user-transport', {
    headers: as(d),
    data: {
      transport_id: 1,
      covoiturage: true,
      places_dispo: 2,
      match_id: later.id,
      departement_depart,
    },
  });
  await request.post('/api/user-recherche', {
    headers: as(s),
    data: { nb_pers: 1, match_id: later.id, departement_depart },
  });
  const driverId = (
    (await (await request.get('/api/users/me', { headers: as(d) })).json()) as {
      id: number;
    }
  ).id;
  const searcherId = (
    (await (await request.get('/api/users/me', { headers: as(s) })).json()) as {
      id: number;
    }
  ).id;
  const asked = await request.post('/api/user-to-user-match', {
    headers: as(s),
    data: { user2_id: driverId, statut_id: 2, departement_depart, match_id: later.id },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const accepted = await request.post('/api/user-to-user-match/confirm-covoiturage', {
    headers: as(d),
    data: { user1_id: searcherId, user2_id: driverId, match_id: later.id },
  });
  expect(accepted.status()).toBe(200);

  const block = await slide(searcher, later.id, laterPosition);
  await block.getByRole('button', { name: 'Modifier ma présence' }).click();
  // The confirmed carpool freezes the answer: the popup says to cancel it first, and how.
  const presence = searcher.getByRole('dialog', { name: 'Direction le stade !' });
  await expect(presence.getByText(/annule-le d’abord/)).toBeVisible();
  await presence.getByRole('button', { name: 'Annuler mon covoiturage' }).click();
  const cancel = searcher.getByRole('dialog', { name: /Annuler le covoiturage/ });
  await cancel.getByLabel('Problème avec le véhicule').check();
  await cancel.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(searcher.getByText('Action effectuée avec succès.')).toBeVisible();
  // Then the answer is free again: modify it or withdraw it.
  await expect(presence.getByRole('button', { name: 'Modifier', exact: true })).toBeVisible();

  await driver.goto('/');
  await driver.getByRole('button', { name: /Notifications, \d+ non lue/ }).click();
  await driver
    .getByRole('menuitem', { name: /a annulé le covoiturage/ })
    .first()
    .click();
  const info = driver.getByRole('dialog', { name: 'Covoiturage annulé' });
  await expect(info.getByText('Motif : Problème avec le véhicule')).toBeVisible();
});
