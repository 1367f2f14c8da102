import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, DEMO, newConfirmedMember, pageAs, type Account } from '../fixtures/accounts';
import { parisLocal } from '../fixtures/matches';

/**
 * Editors see only what they may do, at 390 px and 1280 px, on the demo data:
 * - a second REDACTEUR sees no Éditer / Supprimer on the demo articles (redacteur_demo's), and
 *   the API refuses their edit and deletion; redacteur_demo sees them on their own and saves
 *   'Déplacement à Paris : les inscriptions sont ouvertes' ('inscriptions' holds "script");
 * - the word script is refused with a sentence that says so, the title's limit is a counter;
 * - contests: listed on /actualites, created, updated and deleted with their toasts, an end in
 *   the past refused by the form and by the API; the home carousel's contest card keeps its
 *   Éditer button inside it.
 * Screenshots of each screen are saved under test-results/news-editors-screens.
 */
test.describe.configure({ mode: 'serial' });

const SCREENS = path.resolve(import.meta.dirname, '../test-results/news-editors-screens');
const DEMO_TITLE = 'Déplacement à Paris : les inscriptions sont ouvertes';
const DEMO_CONTEST = 'Gagne le maillot domicile dédicacé !';
const WIDTHS = [390, 1280] as const;
const viewport = (width: number) => ({ width, height: width === 390 ? 844 : 800 });
const manage = (page: Page, title: string) =>
  page.getByRole('group', { name: `Gérer « ${title} »` });

let second: Account;

test.beforeAll(async ({ request }) => {
  // A second editor, promoted by the demo admin through the API.
  const member = await newConfirmedMember(request, 'redac');
  second = { email: member.email, password: member.password };
  const token = await apiToken(request, second);
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  const { id } = (await me.json()) as { id: number };
  const admin = await apiToken(request, DEMO.admin);
  const promoted = await request.put(`/api/administration/membres/${id}/role`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { role: 'REDACTEUR' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
});

async function newsOf(browser: Browser, who: Account, width: number) {
  const page = await pageAs(browser, who, viewport(width));
  await page.goto('/actualites');
  await expect(page.getByRole('heading', { name: DEMO_TITLE })).toBeVisible();
  return page;
}

for (const width of WIDTHS) {
  test(`a REDACTEUR sees Éditer only on their own articles (${width} px)`, async ({ browser }) => {
    const other = await newsOf(browser, second, width);
    // The tools to add are there (they are an editor), but no menu on another's articles.
    await expect(other.getByRole('button', { name: 'Ajouter un article' })).toBeVisible();
    await expect(manage(other, DEMO_TITLE)).toHaveCount(0);
    await expect(other.getByRole('main').getByRole('button', { name: 'Éditer' })).toHaveCount(1);
    // …the one Éditer left is the contest's, which every editor manages.
    const contests = other.getByRole('region', { name: 'Concours en cours' });
    await expect(contests.getByRole('button', { name: 'Éditer' })).toBeVisible();
    await other.screenshot({ path: path.join(SCREENS, `other-editor-news-${width}.png`) });
    await other.context().close();

    const author = await newsOf(browser, DEMO.redacteur, width);
    await expect(manage(author, DEMO_TITLE).getByRole('button', { name: 'Éditer' })).toBeVisible();
    await author.screenshot({
      path: path.join(SCREENS, `author-news-${width}.png`),
      fullPage: true,
    });
    await author.context().close();
  });
}

test('the API refuses another editor’s edit and deletion', async ({ request }) => {
  const token = await apiToken(request, second);
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/actualite')).json()) as {
    id: number;
    titre: string;
    contenu: string;
    categorie: { id: number };
    imageObjectPosY: number;
  }[];
  const item = list.find((n) => n.titre === DEMO_TITLE)!;
  const edit = await request.put(`/api/actualite/${item.id}`, {
    headers,
    data: {
      titre: 'Détourné',
      contenu: item.contenu,
      categorieId: item.categorie.id,
      imageObjectPosY: item.imageObjectPosY,
    },
  });
  const del = await request.delete(`/api/actualite/${item.id}`, { headers });
  for (const res of [edit, del]) {
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Vous n'êtes pas autorisé à effectuer cette action.",
    );
  }
  const after = (await (await request.get('/api/actualite')).json()) as { id: number }[];
  expect(after.map((n) => n.id)).toContain(item.id);
});

for (const width of WIDTHS) {
  test(`the demo article saves; the word script is refused with its reason (${width} px)`, async ({
    browser,
  }) => {
    const page = await newsOf(browser, DEMO.redacteur, width);
    await manage(page, DEMO_TITLE).getByRole('button', { name: 'Éditer' }).click();
    const editor = page.getByRole('dialog', { name: 'ÉDITION ACTU' });
    const title = editor.getByLabel('Titre');
    const publish = editor.getByRole('button', { name: 'Publier' });
    await expect(title).toHaveValue(DEMO_TITLE);
    await expect(editor.getByText('52 / 200 caractères')).toBeVisible();
    await expect(publish).toBeEnabled();

    await title.fill('Le script du match');
    await expect(editor.getByText('Le titre ne peut pas contenir « script ».')).toBeVisible();
    await expect(publish).toBeDisabled();
    await editor.getByText('Le titre ne peut pas contenir « script ».').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `title-refused-${width}.png`) });

    const long = `${DEMO_TITLE} `.repeat(5);
    await title.fill(long);
    await expect(title).toHaveValue(long); // whole, not cut at 200
    await expect(editor.getByText('Le titre ne peut pas dépasser 200 caractères.')).toBeVisible();
    await expect(publish).toBeDisabled();

    await title.fill(DEMO_TITLE);
    await expect(publish).toBeEnabled();
    await publish.click();
    await expect(page.getByText('Actualité mise à jour avec succès !')).toBeVisible();
    await expect(editor).toBeHidden();
    await page.context().close();
  });
}

/** A 800×450 PNG drawn by the page itself (the server re-encodes whatever it receives). */
async function pngFrom(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 450;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e2001a';
    g.fillRect(0, 0, 800, 225);
    g.fillStyle = '#ffffff';
    g.fillRect(0, 225, 800, 225);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** 'YYYY-MM-DDTHH:mm' in the page's time zone (Europe/Paris), `days` from now. */
const localInput = (days: number) => parisLocal(new Date(Date.now() + days * 86_400_000));

for (const width of WIDTHS) {
  test(`an editor creates, updates and deletes a contest, told each time (${width} px)`, async ({
    browser,
  }) => {
    const name = `Le ballon du centenaire ${width}`;
    const renamedName = `Le ballon signé ${width}`;
    const page = await pageAs(browser, DEMO.redacteur, viewport(width));
    await page.goto('/actualites');
    await page.getByRole('button', { name: 'Ajouter un concours' }).click();
    const form = page.getByRole('dialog', { name: 'ÉDITION CONCOURS' });
    const save = form.getByRole('button', { name: 'Enregistrer' });
    await form.getByLabel('Image').setInputFiles({
      name: 'visuel.png',
      mimeType: 'image/png',
      buffer: await pngFrom(page),
    });
    await expect(form.locator('img')).toHaveAttribute('src', /^\/uploads\/contests\//);
    await form.getByLabel('Titre').fill(name);
    await form.getByLabel('Fin du concours').fill(localInput(-1));
    await expect(form.getByText('La date de fin doit être dans le futur.')).toBeVisible();
    await expect(save).toBeDisabled();
    await form.getByLabel('Lien X (facultatif)').fill('https://example.com/AS_Monaco');
    await expect(form.getByText('Lien X invalide.')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENS, `contest-refusals-${width}.png`) });

    await form.getByLabel('Fin du concours').fill(localInput(7));
    await form.getByLabel('Lien X (facultatif)').fill('https://x.com/AS_Monaco');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Concours créé avec succès !')).toBeVisible();
    await expect(form).toBeHidden();

    const section = page.getByRole('region', { name: 'Concours en cours' });
    const card = section.getByRole('article', { name });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Éditer' }).click();
    await form.getByLabel('Titre').fill(renamedName);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Concours mis à jour avec succès !')).toBeVisible();
    const renamed = section.getByRole('article', { name: renamedName });
    await expect(renamed).toBeVisible();
    await renamed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `contests-section-${width}.png`) });

    await renamed.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Es-tu sûr de vouloir supprimer ce concours ?');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Concours supprimé avec succès !')).toBeVisible();
    await expect(renamed).toHaveCount(0);
    await page.context().close();
  });
}

test('the API refuses a contest ending in the past', async ({ request }) => {
  const token = await apiToken(request, DEMO.redacteur);
  const contests = (await (await request.get('/api/concours')).json()) as {
    id: number;
    titre: string;
  }[];
  const res = await request.post('/api/concours', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      titre: 'Déjà fini',
      dateFin: new Date(Date.now() - 3_600_000).toISOString(),
      image: '/uploads/contests/00000000-0000-0000-0000-000000000000.webp',
    },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({
    message: 'La date de fin doit être dans le futur.',
    errors: [{ path: 'dateFin', message: 'La date de fin doit être dans le futur.' }],
  });
  const after = (await (await request.get('/api/concours')).json()) as { id: number }[];
  expect(after).toHaveLength(contests.length);
});

for (const width of WIDTHS) {
  test(`the home carousel's contest card keeps Éditer inside it (${width} px)`, async ({
    browser,
  }) => {
    const page = await pageAs(browser, DEMO.redacteur, viewport(width));
    await page.goto('/');
    // The news carousel: the region whose tabs switch between the news and the contests.
    const carousel = page.getByRole('region', { name: /Actualités|Concours/ }).filter({
      has: page.getByRole('button', { name: 'Concours', exact: true }),
    });
    await carousel.getByRole('button', { name: 'Concours', exact: true }).click();
    const card = carousel.getByRole('article', { name: DEMO_CONTEST });
    const edit = card.getByRole('button', { name: 'Éditer' });
    await expect(edit).toBeVisible();
    await expect(edit).toHaveText('Éditer');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeInViewport();
    const cardBox = (await card.boundingBox())!;
    for (const button of [edit, card.getByRole('button', { name: 'Supprimer' })]) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
      expect(box.y + box.height).toBeLessThanOrEqual(cardBox.y + cardBox.height + 0.5);
      // Its label is whole: nothing of it is clipped.
      expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    }
    await carousel.screenshot({ path: path.join(SCREENS, `home-contest-card-${width}.png`) });
    await page.context().close();
  });
}
