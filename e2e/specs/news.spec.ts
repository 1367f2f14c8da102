import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * An editor's news journey against the fake X provider (fixtures/fake-x-provider.mjs, started
 * by playwright.config.ts): a pasted post link becomes a news item with the post's text and
 * photo, shown first on /actualites, under its category and on the home carousel; it is edited,
 * refused a second time, and deleted. The server fetches the post through its SSRF guard
 * (https, NEWS_FETCH_HOSTS=localhost, which NEWS_FETCH_PRIVATE_HOSTS lets resolve to loopback).
 */
test.describe.configure({ mode: 'serial' });

const EDITOR = { email: 'redacteur@demo.munegu.local', password: 'Redacteur#Demo26' };
/** The app's CLUB_X_ACCOUNT (apps/api/src/config/env.ts); the provider posts as it too. */
const ACCOUNT = process.env.CLUB_X_ACCOUNT || 'AS_Monaco';
/** The one post the fake provider serves, and its text without the trailing t.co link. */
const LINK = `https://x.com/${ACCOUNT}/status/1893456789012345678`;
const TEXT =
  'Victoire 2-0 au Stade Louis-II ! Merci aux supporters venus en nombre, ' +
  'rendez-vous samedi pour le prochain déplacement.';
const TITLE = 'Victoire au Louis-II, cap sur le déplacement';
const NEW_TITLE = 'Après la victoire, tous en route pour samedi';
const CATEGORY = 'DÉPLACEMENTS';

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(EDITOR.email);
  await page.getByLabel('Mot de passe').fill(EDITOR.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
});

test.afterAll(async () => {
  await page?.context().close();
});

/** The news tiles of /actualites (each a NewsCard <article>), newest first. */
const newsTiles = (p: Page): Locator => p.getByRole('main').getByRole('article');
const homeNews = (p: Page): Locator =>
  p.getByRole('group', { name: 'Actualités', exact: true }).getByRole('article');

async function pasteLink(p: Page) {
  await p.getByRole('button', { name: 'Ajouter un article' }).click();
  const dialog = p.getByRole('dialog', { name: 'Ajouter un article' });
  await dialog.getByLabel('Lien du post').fill(LINK);
  await dialog.getByRole('button', { name: 'Récupérer le post' }).click();
  return dialog;
}

test('an editor publishes a news item from a pasted X link', async () => {
  await page.goto('/actualites');
  await expect(page.getByRole('heading', { name: 'ACTUALITÉS' })).toBeVisible();
  await pasteLink(page);

  // 'ÉDITION ACTU', prefilled with the post's text and its photo, stored on our server.
  const editor = page.getByRole('dialog', { name: 'ÉDITION ACTU' });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Tweet récupéré avec succès !')).toBeVisible();
  await expect(editor.getByLabel('Contenu')).toHaveValue(TEXT);
  const image = editor.locator('img');
  await expect(image).toHaveAttribute('src', /^\/uploads\/news\/.+/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const publish = editor.getByRole('button', { name: 'Publier' });
  await expect(publish).toBeDisabled(); // no title yet
  await editor.getByLabel('Titre').fill(TITLE);
  await editor.getByLabel('Catégorie').selectOption({ label: CATEGORY });
  await publish.click();
  await expect(page.getByText('Actualité publiée avec succès !')).toBeVisible();
  await expect(editor).toBeHidden();
});

test('the item shows first on /actualites, under its category, and on the home', async () => {
  await page.goto('/actualites');
  const first = newsTiles(page).first();
  await expect(first.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(first).toContainText(CATEGORY);
  await expect(first).toContainText('Victoire 2-0 au Stade Louis-II');
  await expect(first.locator('img')).toHaveAttribute('src', /^\/uploads\/news\//);

  const filters = page.getByRole('group', { name: 'Filtrer par catégorie' });
  await filters.getByRole('button', { name: CATEGORY, exact: true }).click();
  await expect(newsTiles(page).first().getByRole('heading', { name: TITLE })).toBeVisible();
  const other = filters.getByRole('button', { name: 'MATCH', exact: true });
  await other.click();
  await expect(other).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: TITLE })).toHaveCount(0);

  await page.goto('/');
  await expect(homeNews(page).first().getByRole('heading', { name: TITLE })).toBeVisible();
});

test('the same link cannot be published twice', async () => {
  await page.goto('/actualites');
  const dialog = await pasteLink(page);
  await expect(dialog.getByText('Ce tweet a déjà été publié sur le site.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'ÉDITION ACTU' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
});

test('the editor changes its title', async () => {
  await page.goto('/actualites');
  await page
    .getByRole('group', { name: `Gérer « ${TITLE} »` })
    .getByRole('button', { name: 'Éditer' })
    .click();
  const editor = page.getByRole('dialog', { name: 'ÉDITION ACTU' });
  await expect(editor.getByLabel('Titre')).toHaveValue(TITLE);
  await expect(editor.getByLabel('Catégorie').locator('option:checked')).toHaveText(CATEGORY);
  await editor.getByLabel('Titre').fill(NEW_TITLE);
  await editor.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Actualité mise à jour avec succès !')).toBeVisible();
  await expect(newsTiles(page).first().getByRole('heading', { name: NEW_TITLE })).toBeVisible();
  await expect(page.getByRole('heading', { name: TITLE, exact: true })).toHaveCount(0);

  await page.goto('/');
  await expect(homeNews(page).first().getByRole('heading', { name: NEW_TITLE })).toBeVisible();
});

test('the editor deletes it, from /actualites and from the home', async () => {
  await page.goto('/actualites');
  // From the keyboard: the focus must not fall to the document's start once the card is gone.
  await page
    .getByRole('group', { name: `Gérer « ${NEW_TITLE} »` })
    .getByRole('button', { name: 'Supprimer' })
    .press('Enter');
  const confirm = page.getByRole('alertdialog', { name: `Supprimer « ${NEW_TITLE} »` });
  await expect(confirm).toContainText('Es-tu sûr de vouloir supprimer cette actualité ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).press('Enter');
  await expect(page.getByText('Actualité supprimée avec succès !')).toBeVisible();
  await expect(page.getByRole('heading', { name: NEW_TITLE })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'ACTUALITÉS' })).toBeFocused();
  await expect(newsTiles(page).first()).toBeVisible(); // the demo news are still there

  await page.goto('/');
  await expect(homeNews(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: NEW_TITLE })).toHaveCount(0);
});
