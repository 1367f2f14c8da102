import { expect, test, type APIRequestContext } from '@playwright/test';

const OFFLINE = 'Tu es hors ligne : les données affichées peuvent ne pas être à jour.';

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

async function fetchIcon(request: APIRequestContext, src: string) {
  const res = await request.get(src);
  expect(res.status(), src).toBe(200);
  expect(res.headers()['content-type'], src).toBe('image/png');
  return pngSize(await res.body());
}

test('the manifest is served and valid, its icons reachable at their sizes', async ({
  request,
  page,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    short_name: 'Munegu',
    lang: 'fr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#e2001a',
    background_color: '#ffffff',
  });
  expect(manifest.name).toContain('AS Monaco');
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  for (const purpose of ['any', 'maskable'])
    for (const sizes of ['192x192', '512x512'])
      expect(icons, `${purpose} ${sizes}`).toContainEqual(
        expect.objectContaining({ sizes, purpose, type: 'image/png' }),
      );
  for (const icon of icons) expect(await fetchIcon(request, icon.src), icon.src).toBe(icon.sizes);
  expect(await fetchIcon(request, '/apple-touch-icon.png')).toBe('180x180');

  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toBe('image/vnd.microsoft.icon');
  expect((await ico.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

  // The page links them.
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#e2001a');
});

test('offline, the app shell still opens from the service worker, with the offline banner', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready; // installed: shell precached
    return registration.active?.scriptURL ?? null;
  });
  expect(worker).toMatch(/\/sw\.js$/);
  await expect(page.getByText(OFFLINE)).toBeHidden();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  // Another page of the app opens offline too (navigation fallback to the shell).
  await page.goto('/contact');
  await expect(page.getByText(OFFLINE)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toBeHidden();
});

test('the worker keeps no personal data: API and uploads never come from it nor its caches', async ({
  page,
}) => {
  const fromWorker: string[] = [];
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (/^\/(api|uploads)\//.test(pathname) && res.fromServiceWorker()) fromWorker.push(pathname);
  });
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.getByLabel('Adresse e-mail').fill('utilisateur@demo.munegu.local');
  await page.getByLabel('Mot de passe').fill('Supporter#Demo26');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
  await page.goto('/parametres');
  const push = page.getByRole('region', { name: 'Notifications sur cet appareil' });
  await expect(push.getByRole('switch', { name: /Recevoir les notifications ici/ })).toBeVisible();
  // This device is not subscribed: the kinds wait for it, off and disabled (the member's saved
  // choices come back once it is on).
  await expect(push.getByRole('switch', { name: /Rappels de pronostics/ })).toBeDisabled();
  await page.goto('/messages');
  await page.goto('/profil/supporter_demo');
  await expect(page.getByRole('heading', { name: /supporter_demo/ }).first()).toBeVisible();

  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys())
        paths.push(new URL(req.url).pathname);
    return paths;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((p) => /^\/(api|uploads)\//.test(p))).toEqual([]);
  expect(fromWorker).toEqual([]);
});
