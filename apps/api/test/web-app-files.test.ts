import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createMatch, uniqueSeason } from './helpers/factories.js';

/** The installable app's files, as plugins/web.ts serves a build (apps/web/dist). */
describe('the installable app files', () => {
  let t: TestApp;
  const manifest = { name: 'Munegu', icons: [{ src: '/pwa-192.png', sizes: '192x192' }] };
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'munegu-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify(manifest));
    writeFileSync(path.join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
    writeFileSync(path.join(dist, 'pwa-192.png'), Buffer.from('89504e47', 'hex'));
    writeFileSync(path.join(dist, 'sw.js'), 'importScripts("/workbox-0a1b2c3d.js")');
    writeFileSync(path.join(dist, 'workbox-0a1b2c3d.js'), '/* workbox */');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('serves the manifest as application/manifest+json, revalidated each time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(manifest);
  });

  it('serves the favicon and icons as images cached for a day', async () => {
    const ico = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/vnd.microsoft.icon');
    expect(ico.headers['cache-control']).toBe('public, max-age=86400');
    const png = await t.app.inject({ method: 'GET', url: '/pwa-192.png' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves the service worker revalidated, its hashed workbox runtime for a year', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^application\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const wb = await t.app.inject({ method: 'GET', url: '/workbox-0a1b2c3d.js' });
    expect(wb.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 for files the build lacks, never the app shell', async () => {
    for (const url of ['/apple-touch-icon.png', '/assets/index-gone.js', '/robots.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    // Client routes still load the shell.
    const page = await t.app.inject({ method: 'GET', url: '/parametres' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('names no crest to preload on / while no match is coming', async (ctx) => {
    // Each file has a database of its own on PostgreSQL; the embedded run shares one database
    // between every file, where other files' matches are coming: nothing to check there.
    const coming = await t.db.match.count({
      where: { finishedAt: null, kickoffAt: { gt: t.clock.now() } },
    });
    if (coming > 0) ctx.skip();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('lets the page register its service worker and read its manifest (CSP)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});

/** A build's app shell, plain and precompressed as scripts/precompress.mjs writes it. */
function builtShell(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'munegu-web-'));
  const html = '<!doctype html><div id="root"></div>';
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
  return dist;
}

/** The home page's largest paint is the next match's crests: `/` names them for a preload. */
describe('the home page preloads the next match crests', () => {
  let t: TestApp;
  let crests: string[];
  let nextId: number;
  beforeAll(async () => {
    const dist = builtShell();
    t = await createTestApp({ env: { WEB_DIST: dist } });
    const day = 24 * 3_600_000;
    const season = uniqueSeason();
    const now = t.clock.now().getTime();
    const next = await createMatch(t.db, { kickoffAt: new Date(now + day), season, matchday: 1 });
    await createMatch(t.db, { kickoffAt: new Date(now + 8 * day), season, matchday: 2 });
    const logo = async (id: number) => (await t.db.club.findUniqueOrThrow({ where: { id } })).logo;
    crests = [await logo(next.homeClubId), await logo(next.awayClubId)];
    nextId = next.id;
  });
  afterAll(() => t.close());

  it("names the next match's two crests in a Link preload header of / only", async () => {
    // The first `/` starts computing the header in the background; a later one carries it.
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': i % 2 ? 'br' : 'identity' },
      });
      expect(res.statusCode).toBe(200);
      // Revalidated, compressed or not (a new deployment must reach the home page at once).
      expect(res.headers['cache-control']).toBe('no-cache');
      link = res.headers.link as string | undefined;
      if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The next match is this file's on its own database; on the embedded run's shared one it
    // may be another file's: the home page's next match is the first of GET /api/matchs/next.
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/matchs/next' })).json<
      { id: number; club_dom: { logo: string | null }; club_ext: { logo: string | null } }[]
    >();
    const expected = first!.id === nextId ? crests : [first!.club_dom.logo!, first!.club_ext.logo!];
    expect(expected).toHaveLength(2);
    expect(link).toBe(
      expected.map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`).join(', '),
    );
    // Other pages paint other things first.
    const news = await t.app.inject({ method: 'GET', url: '/actualites' });
    expect(news.statusCode).toBe(200);
    expect(news.headers.link).toBeUndefined();
  });
});

/**
 * The build's table of what each landing page needs (apps/web/route-preloads.ts): the app
 * shell names it in a Link header, the entry first, so the browser fetches a page's code and
 * public data beside the entry script instead of after it has run.
 */
describe('the app shell names its page code and data for a preload', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = builtShell();
    const table = {
      entry: ['/assets/index-1.js', '/assets/index-2.css', '/assets/react-3.js'],
      pages: {
        '/actualites': {
          code: ['/assets/NewsPage-4.js', '/assets/NewsPage-5.css'],
          data: ['/api/actualite'],
        },
        '/contact': { code: ['/assets/ContactPage-6.js'], data: [] },
        // Never a foreign or malformed URL in the header, whatever the file says.
        '/login': {
          code: ['https://evil.example/x.js', '//evil.example/y.js', '/a.js>; rel=x', 42],
          data: ['/api/ok', 'javascript:alert(1)'],
        },
      },
    };
    writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(table));
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  const entry =
    '</assets/index-1.js>; rel=modulepreload, </assets/index-2.css>; rel=preload; as=style; ' +
    'crossorigin, </assets/react-3.js>; rel=modulepreload';

  it("names the entry, then the page's code, then its data, compressed or not", async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/actualites?page=2',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBe(
        `${entry}, </assets/NewsPage-4.js>; rel=modulepreload, ` +
          '</assets/NewsPage-5.css>; rel=preload; as=style; crossorigin, ' +
          '</api/actualite>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
    }
    const contact = await t.app.inject({ method: 'GET', url: '/contact' });
    expect(contact.headers.link).toBe(`${entry}, </assets/ContactPage-6.js>; rel=modulepreload`);
  });

  it('names only the entry for other pages of the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/profil/someone' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers.link).toBe(entry);
  });

  it('keeps foreign and malformed URLs out of the header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers.link).toBe(
      `${entry}, </api/ok>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
  });

  it('does not serve the table itself, nor add the header to API answers', async () => {
    const table = await t.app.inject({ method: 'GET', url: '/route-preloads.json' });
    expect(table.statusCode).toBe(404);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers.link).toBeUndefined();
  });
});
