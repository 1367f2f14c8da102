import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

describe('the app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      routes: (app) => {
        app.get('/api/__boom', () => {
          throw new Error('connect ECONNREFUSED 10.1.2.3:5432 secret-internal-detail');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('reports health with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ message: 'Ressource introuvable.' });
  });

  it('hides the internals of an unexpected error behind a generic 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ message: 'Une erreur est survenue.' });
    expect(res.body).not.toMatch(/ECONNREFUSED|secret|stack|at /);
  });

  it('sends a Content-Security-Policy fit for the built web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(csp).toMatch(/connect-src 'self' ws: wss:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes an OpenAPI document listing the routes, and its UI at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/contact',
        '/api/matchs/next',
        '/api/motifs-signalement/{section}',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger-ui/i);
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(script.statusCode).toBe(200);
  });

  it('answers non-API pages with 503 while the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/profil/someone' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/pnpm build/);
  });
});

describe('the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'munegu-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('serves client routes with the app shell, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/profil/quelqu_un' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves fingerprinted assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Ressource introuvable.', code: 'NOT_FOUND' });
  });
});

describe('health with the database down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Prisma pointed at a port where nothing listens; the database itself is untouched.
    t = await createTestApp({ prismaUrl: 'postgresql://postgres@127.0.0.1:1/none' });
  });
  afterAll(() => t.close());

  it('answers 503 degraded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'down' });
  });

  it('answers the pages that need the database with a French 503, not a 500', async () => {
    // Public reads, and a member's read (the session check itself needs the database).
    const token = await t.app.tokens.sign(
      { sub: 1, role: 'UTILISATEUR', sid: randomUUID() },
      t.clock.now(),
    );
    for (const [url, headers] of [
      ['/api/matchs/next', {}],
      ['/api/messages/unread-count', { authorization: `Bearer ${token}` }],
      ['/api/classement-ligue1', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        message: 'Service momentanément indisponible, réessaie dans quelques instants.',
        code: 'UNAVAILABLE',
      });
      expect(res.body).not.toMatch(/127\.0\.0\.1|P1001|prisma|stack/i);
    }
  });
});

describe('a database that accepts connections but never answers', () => {
  let t: TestApp;
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    t = await createTestApp({
      prismaUrl: `postgresql://postgres@127.0.0.1:${port}/none`,
      env: { DB_CONNECT_TIMEOUT_MS: '300' },
    });
  });
  afterAll(async () => {
    await t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up after DB_CONNECT_TIMEOUT_MS with a 503 instead of holding the request', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/matchs/next' });
    const waited = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(waited).toBeGreaterThanOrEqual(250);
    // Without the timeout pg waits forever; the bound is loose for a busy machine.
    expect(waited).toBeLessThan(5_000);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
  });
});
