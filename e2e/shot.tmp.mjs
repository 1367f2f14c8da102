import { chromium } from '@playwright/test';
const [,, url, out, width, email, password] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
const base = new URL(url).origin;
if (email) {
  await page.goto(base + '/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForTimeout(2000);
}
await page.goto(url);
await page.waitForTimeout(3000);
await page.screenshot({ path: out });
await browser.close();
