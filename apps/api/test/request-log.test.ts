import { randomBytes } from 'node:crypto';
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

  it('never writes the one-time tokens of e-mailed links, in the path or the query', async () => {
    // Tokens as lib/tokens.ts makes them (32 random bytes, base64url), one per request.
    const token = () => randomBytes(32).toString('base64url');
    const sent: string[] = [];
    const cases: [method: 'GET' | 'POST', url: (t: string) => string, logged: string][] = [
      // Token routes of the API: the matched route's token parameter is replaced.
      ['GET', (t) => `/api/users/confirm-delete/${t}`, '/api/users/confirm-delete/[redacted]'],
      [
        'GET',
        (t) => `/api/users/check-reset-token/${t}`,
        '/api/users/check-reset-token/[redacted]',
      ],
      ['GET', (t) => `/api/users/confirm-email/${t}`, '/api/users/confirm-email/[redacted]'],
      // Query values under a secret-looking key; the other parameters stay.
      [
        'GET',
        (t) => `/api/users/check-token?token=${t}&type=delete`,
        '/api/users/check-token?token=[redacted]&type=delete',
      ],
      [
        'GET',
        (t) => `/api/user-transport/me?match_id=12&access_token=${t}`,
        '/api/user-transport/me?match_id=12&access_token=[redacted]',
      ],
      // The web app's pages the mails link to (email-tokens.service.ts), no route of their own.
      ['GET', (t) => `/new-password/${t}`, '/new-password/[redacted]'],
      ['GET', (t) => `/deletion-confirmed/${t}`, '/deletion-confirmed/[redacted]'],
      ['GET', (t) => `/email-confirmed/${t}?from=mail`, '/email-confirmed/[redacted]?from=mail'],
      ['GET', (t) => `/stop-notif/${t}`, '/stop-notif/[redacted]'],
      // Unknown routes (404): no route pattern to go by.
      ['POST', (t) => `/api/users/confirm-delete/${t}`, '/api/users/confirm-delete/[redacted]'],
      [
        'GET',
        (t) => `/api/inconnu/${t}?code=${t.slice(0, 8)}&page=2`,
        '/api/inconnu/[redacted]?code=[redacted]&page=2',
      ],
    ];
    for (const [method, url, logged] of cases) {
      const secret = token();
      sent.push(secret, secret.slice(0, 8));
      const before = completed().length;
      await t.app.inject({ method, url: url(secret), remoteAddress: '10.50.0.4' });
      const mine = completed().slice(before);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ req: { method, url: logged } });
    }
    for (const secret of sent) expect(text).not.toContain(secret);
    // Other parameters of a matched route are kept as sent.
    await t.app.inject({ url: '/api/matchs/424242', remoteAddress: '10.50.0.4' });
    expect(completed().at(-1)).toMatchObject({ req: { url: '/api/matchs/424242' } });
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
