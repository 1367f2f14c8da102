import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../src/app.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { bearer } from './helpers/auth.js';
import { createUser } from './helpers/factories.js';

/**
 * The log as operators read it: one JSON line per answered request (plugins/request-log.ts),
 * written without the credential redaction because it cannot hold a credential, and every
 * other line still redacted (LOG_REDACT, as the production logger is built in app.ts).
 */
describe('request log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  let text = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp({
      logger: { level: 'info', redact: LOG_REDACT, stream },
      routes: (app) =>
        app.get('/api/essai-journal', (request) => {
          request.log.warn({ account: { password: 'hunter2', token: 'jeton-secret' } }, 'essai');
          return { ok: true };
        }),
    });
  });
  afterAll(() => t.close());
  const completed = () => lines.filter((l) => l.msg === 'request completed');

  it('writes one line per answered request: id, method, URL, host, address, status, time', async () => {
    const before = completed().length;
    const res = await t.app.inject({ url: '/api/health', remoteAddress: '10.50.0.1' });
    expect(res.statusCode).toBe(200);
    const mine = completed().slice(before);
    expect(mine).toHaveLength(1);
    const line = mine[0]!;
    expect(Object.keys(line)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(line).toMatchObject({
      level: 30,
      reqId: expect.stringMatching(/^req-/),
      req: { method: 'GET', url: '/api/health', host: 'localhost:80', remoteAddress: '10.50.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    const missing = await t.app.inject({ url: '/api/nothing', remoteAddress: '10.50.0.1' });
    expect(missing.statusCode).toBe(404);
    expect(completed().at(-1)).toMatchObject({
      req: { url: '/api/nothing' },
      res: { statusCode: 404 },
    });
    expect(completed().at(-1)!.reqId).not.toBe(line.reqId);
  });

  it('never writes the access token or the cookies a member sends', async () => {
    const user = await createUser(t.db);
    const auth = await bearer(t.app, user, t.clock);
    const token = auth.authorization.slice('Bearer '.length);
    const res = await t.app.inject({
      url: '/api/users/me',
      headers: { ...auth, cookie: 'munegu_refresh=cookie-tres-secret' },
      remoteAddress: '10.50.0.2',
    });
    expect(res.statusCode).toBe(200);
    expect(completed().at(-1)).toMatchObject({
      req: { url: '/api/users/me' },
      res: { statusCode: 200 },
    });
    expect(text).not.toContain(token);
    expect(text).not.toContain('cookie-tres-secret');
  });

  it('still redacts credentials in the lines a route logs', async () => {
    const res = await t.app.inject({ url: '/api/essai-journal', remoteAddress: '10.50.0.3' });
    expect(res.statusCode).toBe(200);
    const logged = lines.find((l) => l.msg === 'essai');
    expect(logged).toMatchObject({
      reqId: expect.stringMatching(/^req-/),
      account: { password: '[Redacted]', token: '[Redacted]' },
    });
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('jeton-secret');
  });
});
