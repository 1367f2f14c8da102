import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createUser } from '../helpers/factories.js';

/** Per-address budgets hang on the matched route, whatever the spelling of its path. */
describe('request limits decided by route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '30' } });
  });
  afterAll(() => t.close());

  const spellings = [
    '/api/matchs/next',
    '/%61pi/matchs/next',
    '/%61%70%69/matchs/next',
    '/api/%6datchs/next',
    '/api/matchs/%6Eext',
  ];

  it('gives several percent-encoded spellings of one route one shared budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        url: spellings[i % spellings.length]!,
        remoteAddress: '10.40.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });

  it('gives the same route one budget whatever the spelling for a route of its own budget', async () => {
    // POST /users (registration): 10 per hour and address.
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const url = i % 2 ? '/%61pi/users' : '/api/%75sers';
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: {},
        remoteAddress: '10.40.0.2',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('answers a percent-encoded unknown API path with the JSON 404', async () => {
    const res = await t.app.inject({ url: '/%61pi/nothing/here', remoteAddress: '10.40.0.3' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Ressource introuvable.', code: 'NOT_FOUND' });
  });

  it('marks every API answer no-store, the signed-in member’s profile first', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      url: '/api/users/me',
      headers: await bearer(t.app, user, t.clock),
      remoteAddress: '10.40.0.4',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the API’s refusals no-store too: 401, 404, 429, and the health probe', async () => {
    const refused = await t.app.inject({ url: '/api/users/me', remoteAddress: '10.40.0.5' });
    expect(refused.statusCode).toBe(401);
    const missing = await t.app.inject({ url: '/api/nothing/here', remoteAddress: '10.40.0.5' });
    expect(missing.statusCode).toBe(404);
    const health = await t.app.inject({ url: '/api/health', remoteAddress: '10.40.0.5' });
    expect(health.statusCode).toBe(200);
    let limited;
    for (let i = 0; i < 31; i++)
      limited = await t.app.inject({ url: '/api/transport', remoteAddress: '10.40.0.6' });
    expect(limited?.statusCode).toBe(429);
    for (const res of [refused, missing, health, limited!])
      expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '20', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('takes the address the one trusted proxy saw, not what the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.app.inject({
        url: '/api/transport',
        // The proxy (10.0.0.2) appends the real client (203.0.113.7) to a forged list.
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // Another real client behind the same proxy keeps its own budget.
    const other = await t.app.inject({
      url: '/api/transport',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses TRUST_PROXY=true, which would trust the client’s own header', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('source maps of the web app', () => {
  function webBuild(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'munegu-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Munegu</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1);');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js.map'), '{"sources":["secret.tsx"]}');
    return dir;
  }

  it('are not served in production unless the operator asks for them', async () => {
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgresql://u@127.0.0.1:5432/db',
      WEB_DIST: webBuild(),
    };
    const prod = await createTestApp({ env });
    try {
      const map = await prod.app.inject({ url: '/assets/index-abc.js.map' });
      expect(map.body).not.toContain('secret.tsx');
      expect((await prod.app.inject({ url: '/assets/index-abc.js' })).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
    const asked = await createTestApp({ env: { ...env, SERVE_SOURCE_MAPS: 'true' } });
    try {
      const map = await asked.app.inject({ url: '/assets/index-abc.js.map' });
      expect(map.body).toContain('secret.tsx');
    } finally {
      await asked.close();
    }
  });
});
