import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The security headers every answer carries, whatever served it: the web app's shell, an
 * API answer, an upload, an API error, a 500. HSTS is sent when the public URL is https or
 * when the one trusted proxy says the request came over https. No answer ever grants a
 * foreign Origin access with credentials (the API has no CORS: same origin only).
 */
const EVIL = 'https://evil.example';

let plain: TestApp;
let https: TestApp;
let proxied: TestApp;

async function webDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'munegu-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Munegu</title>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), 'p{color:red}');
  writeFileSync(
    path.join(dir, 'assets', 'crest-abc123.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  return dir;
}

beforeAll(async () => {
  const routes = (app: TestApp['app']) =>
    app.get('/api/_test/boom', async () => {
      throw new Error('panne simulée');
    });
  plain = await createTestApp({ env: { WEB_DIST: await webDist() }, routes });
  https = await createTestApp({
    database: plain.database,
    env: { WEB_DIST: await webDist(), PUBLIC_URL: 'https://munegu.example' },
  });
  proxied = await createTestApp({
    database: plain.database,
    env: { WEB_DIST: await webDist(), TRUST_PROXY: '1' },
  });
  const avatars = path.join(plain.config.dataDir, 'uploads', 'avatar');
  mkdirSync(avatars, { recursive: true });
  writeFileSync(path.join(avatars, 'x.webp'), Buffer.from('RIFF0000WEBP'));
});
afterAll(async () => {
  await https?.close();
  await proxied?.close();
  await plain?.close();
});

/** The CSP directives as a map: name → its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectHardened(res: LightMyRequestResponse, what: string) {
  const policy = csp(res);
  expect(policy.size, `${what}: CSP`).toBeGreaterThan(0);
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  // The installable app: its service worker and manifest come from the app's own origin.
  expect(policy.get('worker-src'), what).toEqual(["'self'"]);
  expect(policy.get('manifest-src'), what).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
  expect(res.headers['access-control-allow-origin'], what).toBeUndefined();
  expect(res.headers['access-control-allow-credentials'], what).toBeUndefined();
}

const ANSWERS = [
  { what: 'the web app shell', url: '/', status: 200 },
  { what: 'a client-side route', url: '/profil/quelqu-un', status: 200 },
  { what: 'an API answer', url: '/api/health', status: 200 },
  {
    what: 'an image of the build (an SVG opens as a document)',
    url: '/assets/crest-abc123.svg',
    status: 200,
  },
  { what: 'an upload', url: '/uploads/avatar/x.webp', status: 200 },
  { what: 'an unknown upload', url: '/uploads/avatar/absent.webp', status: 404 },
  { what: 'an API 404', url: '/api/nulle-part', status: 404 },
  { what: 'an API 401', url: '/api/users/me', status: 401 },
  { what: 'a 500', url: '/api/_test/boom', status: 500 },
] as const;

describe('security headers', () => {
  it.each(ANSWERS)('are on $what', async ({ what, url, status }) => {
    const res = await plain.app.inject({ url, headers: { origin: EVIL } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(status);
    expectHardened(res, what);
    // Served over plain http to a plain-http deployment: no HSTS.
    expect(res.headers['strict-transport-security'], what).toBeUndefined();
    if (status >= 400) expect(res.json().message).toMatch(/[a-zé]/);
  });

  it.each(['/assets/index-abc123.js', '/assets/index-abc123.css'])(
    'on built code (%s): what applies to a script or a stylesheet, without the document policies',
    async (url) => {
      const res = await plain.app.inject({ url, headers: { origin: EVIL } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const https_ = await https.app.inject({ url });
      expect(https_.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    },
  );

  it('are on a JSON parse error and on a preflight from a foreign origin', async () => {
    const bad = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', origin: EVIL },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expectHardened(bad, 'JSON parse error');
    const preflight = await plain.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('send HSTS on every answer when the public URL is https', async () => {
    for (const { what, url } of ANSWERS.filter((a) => a.url !== '/api/_test/boom')) {
      const res = await https.app.inject({ url });
      expectHardened(res, what);
      expect(res.headers['strict-transport-security'], what).toMatch(
        /^max-age=31536000; includeSubDomains$/,
      );
    }
  });

  it('send HSTS behind the trusted proxy when it forwarded an https request, not otherwise', async () => {
    const overHttps = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.0.0.2',
    });
    expect(overHttps.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    const overHttp = await proxied.app.inject({
      url: '/',
      headers: { 'x-forwarded-proto': 'http' },
      remoteAddress: '10.0.0.2',
    });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the client's own X-Forwarded-Proto is not believed.
    const spoofed = await plain.app.inject({
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
