import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiToken, newConfirmedMember, pageAs } from '../fixtures/accounts';
import { nextMatches } from '../fixtures/matches';

/**
 * Issue 30, the organiser's morning: the demo REDACTEUR, organiser of an antenna, opens Mes
 * déplacements, the next away match's coach list, ticks a payment, switches to check-in mode,
 * loses the network, ticks two members present (shown pending), gets the network back (synced:
 * still ticked after a reload, from the server), downloads the CSV (BOM, ';'); an ADMIN edits
 * an antenna's organisers. On a phone and on a desktop screen; screenshots of the list,
 * check-in and the print view at 390 px.
 */
const SCREENS = path.resolve(import.meta.dirname, '../test-results/trips-organiser');
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

type Json = Record<string, unknown>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function json<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await request.get(url, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

type Organisation = {
  antennes: { id: number; nom: string }[];
  deplacements: { id: number; match_id: number; antenne: { id: number; nom: string } }[];
};

/**
 * The coach of the redacteur's antenna for the next away match: the demo data's when it has
 * one, else named and created here through the API (the organiser's own rights).
 */
async function theCoach(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin);
  const redacteur = await apiToken(request, DEMO.redacteur);
  const me = await json<{ id: number; antennes_organisees: { id: number; nom: string }[] }>(
    request,
    '/api/users/me',
    redacteur,
  );
  let antenna = me.antennes_organisees[0];
  if (!antenna) {
    const all = await json<{ id: number; nom: string }[]>(
      request,
      '/api/administration/antennes',
      admin,
    );
    antenna = all[0]!;
    const now = await json<{ organisateurs: { id: number }[] }>(
      request,
      `/api/administration/antennes/${antenna.id}/organisateurs`,
      admin,
    );
    const put = await request.put(`/api/administration/antennes/${antenna.id}/organisateurs`, {
      headers: bearer(admin),
      data: { userIds: [...now.organisateurs.map((o) => o.id), me.id] },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const matches = await nextMatches(request, bearer(redacteur));
  const toCome = matches.filter((m) => !m.is_finish && m.edit_pronostic);
  const away = toCome.find((m) => /monaco/i.test(m.club_ext.nom)) ?? toCome[0]!;
  // A coach of this run's own beside the demo data's (whose waiting list would queue the new
  // registrants), so the members it registers are confirmed.
  {
    const kickoff = Date.parse(away.date);
    const departure = Math.max(Date.now() + 60 * 60_000, kickoff - 8 * 60 * 60_000);
    const created = await request.post('/api/deplacements', {
      headers: bearer(redacteur),
      data: {
        match_id: away.id,
        antenne_id: antenna.id,
        depart_lieu: 'Parking du stade Louis-II',
        depart_heure: new Date(departure).toISOString(),
        places_total: 40,
        prix: 25,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const trip = (await created.json()) as Organisation['deplacements'][number];
    return { trip, antenna, admin };
  }
}

/** A new member registered on the coach (confirmed: the coach has seats). */
async function registered(request: APIRequestContext, tripId: number, prefix: string) {
  const member = await newConfirmedMember(request, prefix);
  const token = await apiToken(request, member);
  const res = await request.post(`/api/deplacements/${tripId}/inscriptions`, {
    headers: bearer(token),
    data: { nb_places: 1, telephone: '06 12 34 56 78' },
  });
  expect(res.status(), await res.text()).toBe(201);
  expect(((await res.json()) as Json)['statut']).toBe('CONFIRME');
  return member;
}

for (const viewport of SIZES) {
  test(`the organiser's morning at ${viewport.width} px`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const { trip } = await theCoach(request);
    const anna = await registered(request, trip.id, 'anna');
    const bruno = await registered(request, trip.id, 'bruno');
    const screens = viewport.width === 390;

    const page = await pageAs(browser, DEMO.redacteur, viewport);
    await page.getByRole('button', { name: /Menu du profil/ }).click();
    await page.getByRole('menuitem', { name: 'Mes déplacements' }).click();
    await expect(page.getByRole('heading', { name: 'Mes déplacements', level: 1 })).toBeVisible();
    const card = page.getByRole('listitem', { name: `Car de ${trip.antenne.nom}` }).first();
    await expect(card).toContainText('places confirmées');
    await page.locator(`a[href="/mes-deplacements/${trip.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/mes-deplacements/${trip.id}$`));

    const paid = page.getByRole('button', { name: `Payé : ${anna.pseudo}` });
    await paid.click();
    await expect(paid).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/en attente de synchronisation/)).toHaveCount(0);
    if (screens)
      await page.screenshot({ path: path.join(SCREENS, '390-list.png'), fullPage: true });

    await page.getByRole('button', { name: 'Mode embarquement' }).click();
    const checkin = page.getByRole('region', { name: 'Mode embarquement' });
    await expect(checkin.getByText(/^Présents : \d+ \/ \d+ places$/)).toBeVisible();
    const search = checkin.getByLabel('Rechercher un nom');
    await search.fill(anna.pseudo);
    const annaPresent = checkin.getByRole('button', { name: `Présent : ${anna.pseudo}` });
    const box = await annaPresent.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(48);

    // 6 a.m. at the car park: no network.
    await page.context().setOffline(true);
    await expect(
      page.getByText('Hors ligne : les pointages seront envoyés au retour du réseau'),
    ).toBeVisible();
    await annaPresent.click();
    await search.fill(bruno.pseudo);
    await checkin.getByRole('button', { name: `Présent : ${bruno.pseudo}` }).click();
    await search.fill('');
    await expect(page.getByText('2 pointages en attente de synchronisation')).toBeVisible();
    await expect(checkin.getByRole('listitem', { name: bruno.pseudo })).toContainText(
      'en attente de synchronisation',
    );
    if (screens) await page.screenshot({ path: path.join(SCREENS, '390-checkin-offline.png') });

    // The network comes back: the queue is sent.
    await page.context().setOffline(false);
    await expect(page.getByText(/en attente de synchronisation/)).toHaveCount(0);
    if (screens) await page.screenshot({ path: path.join(SCREENS, '390-checkin.png') });

    // Stored by the server: a reload (the list fetched again) shows them ticked.
    await page.evaluate(() =>
      localStorage.removeItem(`munegu-inscrits-${location.pathname.split('/').pop()}`),
    );
    await page.reload();
    for (const who of [anna.pseudo, bruno.pseudo])
      await expect(page.getByRole('button', { name: `Présent : ${who}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    await expect(page.getByRole('button', { name: `Payé : ${anna.pseudo}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter CSV' }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv.split(/\r?\n/)[0]).toContain(';');
    expect(csv).toContain(anna.pseudo);

    // A word to everyone on the coach: in the thread, and in each registrant's bell.
    const words = `Départ décalé à 6h30, parking P2 #${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Annonce aux inscrits' }).fill(words);
    await page.getByRole('button', { name: 'Envoyer l’annonce' }).click();
    await expect(page.getByText('Annonce envoyée aux inscrits.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Annonce aux inscrits' })).toHaveValue('');
    await page.screenshot({ path: path.join(SCREENS, `${viewport.width}-announced.png`) });
    const annaToken = await apiToken(request, anna);
    type Rung = { deplacement: { id: number; evenement: string } | null };
    const bell = await json<Rung[]>(request, '/api/user-notification/me', annaToken);
    expect(bell.map((n) => n.deplacement)).toContainEqual(
      expect.objectContaining({ id: trip.id, evenement: 'ANNONCE' }),
    );

    if (screens) {
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('printable-list')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Imprimer' })).toBeHidden();
      await page.screenshot({ path: path.join(SCREENS, '390-print.png'), fullPage: true });
      await page.emulateMedia({ media: 'screen' });
    }
    await page.context().close();

    // An ADMIN names a member organiser of the antenna.
    const admin = await pageAs(browser, DEMO.admin, viewport);
    await admin.goto('/admin/referentiels');
    await admin.getByRole('button', { name: `Organisateurs de ${trip.antenne.nom}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Organisateurs · ${trip.antenne.nom}` });
    await expect(dialog.getByRole('list', { name: 'Organisateurs' })).toContainText(
      DEMO.redacteur.username,
    );
    await dialog.getByLabel('Ajouter par pseudo').fill(anna.pseudo);
    await dialog.getByRole('button', { name: `Ajouter ${anna.pseudo}` }).click();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(admin.getByText('Organisateurs enregistrés.')).toBeVisible();
    await admin.getByRole('button', { name: `Organisateurs de ${trip.antenne.nom}` }).click();
    await expect(dialog.getByRole('list', { name: 'Organisateurs' })).toContainText(anna.pseudo);
    await admin.context().close();
  });
}
