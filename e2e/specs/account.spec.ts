import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { uniqueMember } from '../fixtures/accounts';
import { countMailLinks, waitForMailLink } from '../fixtures/mail';

/** Journeys of the "Accounts and identity" issue, against the real product (spec section 8). */

const SCREENS =
  process.env.ACCOUNT_SCREENS ??
  path.resolve(import.meta.dirname, '../test-results/account-screens');
const BIRTH = '01/05/1990';

/** A small valid PNG (a blue square, visible on the red navbar), built here so the test needs no fixture file. */
function bluePng(size = 16): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([20, 60, 160]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function register(page: Page, m: ReturnType<typeof uniqueMember>) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Inscription' }).click();
  await page.getByLabel('Prénom').fill('jean-marc');
  await page.getByLabel('Nom', { exact: true }).fill('Rouge');
  await page.getByLabel('Pseudo').fill(m.pseudo);
  await expect(page.getByText('Pseudo disponible')).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(m.email);
  await page.getByLabel('Mot de passe').fill(m.password);
  await page.getByLabel('Date de naissance (JJ/MM/AAAA)').fill(BIRTH);
  const option = page.locator('#register-departement option', { hasText: 'Alpes-Maritimes' });
  await page.getByLabel('Département').selectOption((await option.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(
    page.getByText(
      "Création réussie ! Si l'adresse e-mail est valide, un lien de confirmation vous a été envoyé.",
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Fermer' }).click();

  const link = await waitForMailLink(m.email, /\/email-confirmed\//);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Adresse mail confirmée !' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function screens(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('register, confirm, edit the profile, settings, log out, reset the password', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const m = uniqueMember('e2e');
  await page.goto('/login');
  await screens(page, 'login');
  await register(page, m);

  // Log in: the navbar changes at once and we land home.
  await logIn(page, m.email, m.password);
  await expect(page).toHaveURL(/\/$/);
  const menu = page.getByRole('button', { name: `Menu du profil de ${m.pseudo}` });
  await expect(menu).toBeVisible();

  // Own profile: edit the description and the X handle.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Mon profil' }).click();
  await expect(page.getByRole('heading', { name: m.pseudo, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Modifier mon profil' }).click();
  await page.getByLabel('Pseudo X').fill('a');
  await expect(page.getByText("Le pseudo X n'est pas valide.")).toBeVisible();
  await page.getByLabel('Pseudo X').fill('asmonaco_fan');
  await page.getByLabel('Description').fill('Abonné tribune Nord depuis 2010 <b>pas de HTML</b>');
  await expect(
    page.getByText('Votre description contient des caractères interdits.'),
  ).toBeVisible();
  await page.getByLabel('Description').fill('Abonné tribune Nord depuis 2010.');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Modifications enregistrées !')).toBeVisible();
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByText('Abonné tribune Nord depuis 2010.')).toBeVisible();
  await expect(page.getByRole('link', { name: /@asmonaco_fan/ })).toHaveAttribute(
    'href',
    'https://x.com/asmonaco_fan',
  );

  // Avatar: a wrong format is refused in the browser, a PNG is uploaded and shown.
  const file = page.locator('#avatar-file');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(
    page.getByText('Format de fichier non autorisé. Formats acceptés : PNG, JPG, JPEG, WEBP.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Fermer' }).click();
  await file.setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: bluePng() });
  await expect(page.getByText('Photo de profil mise à jour avec succès !')).toBeVisible();
  await page.getByRole('button', { name: 'Fermer' }).click();
  const avatar = page.getByRole('complementary').getByAltText(`Avatar de ${m.pseudo}`);
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await screens(page, 'profil');

  // Settings: read-only fields, then the notification switches.
  await page.goto('/parametres');
  await expect(page.getByText('06 - Alpes-Maritimes')).toBeVisible();
  await expect(page.getByText(BIRTH)).toBeVisible();
  await expect(page.getByText('ROUGE')).toBeVisible();
  const promos = page.getByRole('switch', { name: /Promos/ });
  await expect(promos).not.toBeChecked();
  await promos.check({ force: true });
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Préférences de notifications mises à jour.')).toBeVisible();
  await screens(page, 'parametres');
  await page.reload();
  await expect(page.getByRole('switch', { name: /Promos/ })).toBeChecked();

  // Log out: back home, signed out.
  await page.getByRole('button', { name: `Menu du profil de ${m.pseudo}` }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible();

  // Forgot password → mailed link → new password → log in with it.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await page.getByLabel('Adresse e-mail').fill(m.email);
  await page.getByLabel('Date de naissance (JJ/MM/AAAA)').fill(BIRTH);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Si un compte existe, un mail a été envoyé.')).toBeVisible();
  const resetLink = await waitForMailLink(m.email, /\/new-password\//);
  await page.goto(resetLink);
  await page.getByLabel('Nouveau mot de passe').fill('Nouveau34?');
  await page.getByLabel('Confirmer le mot de passe').fill('Nouveau34?');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByRole('heading', { name: 'Mot de passe modifié avec succès !' }),
  ).toBeVisible();
  // A used link is no longer valid.
  await page.goto(resetLink);
  await expect(page).toHaveURL(/\/404$/);

  await page.goto('/login');
  await logIn(page, m.email, 'Nouveau34?');
  await expect(page.getByRole('button', { name: `Menu du profil de ${m.pseudo}` })).toBeVisible();
});

test('delete the account: hold, confirm, mailed link, a click, profile gone, login refused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const m = uniqueMember('bye');
  await register(page, m);
  await logIn(page, m.email, m.password);
  await expect(page.getByRole('button', { name: `Menu du profil de ${m.pseudo}` })).toBeVisible();

  await page.goto('/parametres');
  const hold = page.getByRole('button', { name: 'Maintenir pour supprimer mon compte' });
  // A short press does nothing; 900 ms held opens the confirmation.
  await hold.hover();
  await page.mouse.down();
  await page.waitForTimeout(300);
  await page.mouse.up();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.mouse.down();
  await expect(page.getByRole('alertdialog')).toBeVisible({ timeout: 3000 });
  await page.mouse.up();
  const before = countMailLinks(m.email, /\/deletion-confirmed\//);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Un lien de confirmation vous a été envoyé par mail.')).toBeVisible();
  await page.getByRole('button', { name: 'Fermer' }).click();

  const link = await waitForMailLink(m.email, /\/deletion-confirmed\//, { after: before });
  // Opening the link (as a mail scanner does, scripts included) deletes nothing.
  await page.goto(link);
  const confirm = page.getByRole('button', { name: 'Supprimer mon compte' });
  await expect(confirm).toBeVisible();
  await page.waitForTimeout(1000);
  const stillThere = await request.post('/api/auth/login', {
    data: { email: m.email, password: m.password },
  });
  expect(stillThere.status()).toBe(200);
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Compte supprimé' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible();

  await page.goto(`/profil/${m.pseudo}`);
  await expect(page).toHaveURL(/\/404$/);

  await page.goto('/login');
  await logIn(page, m.email, m.password);
  await expect(page.getByText('Email ou mot de passe incorrect.')).toBeVisible();
});
