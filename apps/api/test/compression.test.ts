import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { Readable, Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * The web app's assets go out pre-compressed by the build (scripts/precompress.mjs), JSON
 * answers above 1 kB compressed on the fly; both say so in Content-Encoding and Vary.
 */
const root = path.resolve(import.meta.dirname, '../../..');
let t: TestApp;
let web: string;
const script = `console.log(${JSON.stringify('Allez Monaco ! '.repeat(400))});`;

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'munegu-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Munegu</title>');
  writeFileSync(path.join(web, 'assets', 'index-abc.js'), script);
  execFileSync(process.execPath, [path.join(root, 'scripts', 'precompress.mjs'), web]);
  t = await createTestApp({ env: { WEB_DIST: web } });
});
afterAll(() => t.close());

describe('compression', () => {
  it('serves the build’s brotli file to a client that accepts brotli', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(readFileSync(path.join(web, 'assets', 'index-abc.js.br')))).toBe(
      true,
    );
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('serves the plain file to a client that accepts nothing', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': '' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('gzips a JSON answer above 1 kB, and leaves a small one alone', async () => {
    const big = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(big.rawPayload).toString('utf8'))).toHaveProperty('paths');
    const small = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('a client that leaves mid-answer', () => {
  it('is not logged as a server error: it is the client going away', async () => {
    const lines: { level: number; msg?: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as { level: number; msg?: string });
        done();
      },
    });
    const app = await createTestApp({
      logger: { level: 'info', stream },
      routes: (api) =>
        api.get('/api/essai-long', (_request, reply) => {
          // A long answer, written a piece at a time, as a slow network sends it.
          let sent = 0;
          const body = new Readable({
            read() {
              if (sent++ < 200) setTimeout(() => this.push(`"${'x'.repeat(4096)}",`), 5);
              else this.push(null);
            },
          });
          return reply.type('application/json').send(body);
        }),
    });
    try {
      const url = await app.app.listen({ port: 0, host: '127.0.0.1' });
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`${url}/api/essai-long`, { headers: { 'accept-encoding': 'gzip' } });
        req.on('response', (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          // The reader closes the tab after the first bytes.
          res.once('data', () => {
            req.destroy();
            setTimeout(resolve, 300);
          });
        });
        req.on('error', (error) => {
          if (!req.destroyed) reject(error);
        });
      });
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
