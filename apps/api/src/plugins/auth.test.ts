import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, bearerSession } from '../../test/helpers/auth.js';
import { createTestApp, type TestApp } from '../../test/helpers/app.js';
import { createUser } from '../../test/helpers/factories.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../lib/tokens.js';
import { callerOf } from './auth.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      app.get('/api/_test/me', { preHandler: app.authenticate }, async (req) => callerOf(req));
      app.get('/api/_test/maybe', { preHandler: app.optionalAuth }, async (req) => ({
        caller: req.caller,
      }));
      app.get('/api/_test/editor', { preHandler: app.requireRole('REDACTEUR') }, async () => ({
        ok: true,
      }));
    },
  });
});
afterAll(() => t.close());

describe('auth plugin', () => {
  it('answers 401 in French without a token, with a forged one, or after expiry', async () => {
    const user = await createUser(t.db);
    const headers = await bearer(t.app, user, t.clock);
    for (const authorization of [undefined, 'Bearer nope', `${headers.authorization}x`]) {
      const res = await t.app.inject({
        url: '/api/_test/me',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Tu dois être connecté(e).' });
    }
    const ok = await t.app.inject({ url: '/api/_test/me', headers });
    expect(ok.json()).toMatchObject({ id: user.id, role: 'UTILISATEUR' });

    t.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const expired = await t.app.inject({ url: '/api/_test/me', headers });
    expect(expired.statusCode).toBe(401);
  });

  it('shuts out suspended and deleted accounts at once, token or not', async () => {
    const user = await createUser(t.db);
    const headers = await bearer(t.app, user, t.clock);
    await t.db.user.update({ where: { id: user.id }, data: { status: 'SUSPENDED' } });
    expect((await t.app.inject({ url: '/api/_test/me', headers })).statusCode).toBe(401);
  });

  it('takes the role from the database and enforces the minimum', async () => {
    const member = await createUser(t.db);
    const editor = await createUser(t.db, { role: 'REDACTEUR' });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const asMember = await bearer(t.app, member, t.clock);
    expect((await t.app.inject({ url: '/api/_test/editor', headers: asMember })).statusCode).toBe(
      403,
    );
    for (const user of [editor, admin]) {
      const res = await t.app.inject({
        url: '/api/_test/editor',
        headers: await bearer(t.app, user, t.clock),
      });
      expect(res.statusCode).toBe(200);
    }
    // A token minted while the member was an editor stops granting editor rights once demoted.
    const stale = await bearer(t.app, editor, t.clock);
    await t.db.user.update({ where: { id: editor.id }, data: { role: 'UTILISATEUR' } });
    expect((await t.app.inject({ url: '/api/_test/editor', headers: stale })).statusCode).toBe(403);
  });

  it('stops honouring access tokens of a revoked login at once', async () => {
    const user = await createUser(t.db);
    const { token, familyId } = await bearerSession(t.app, user, t.clock);
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/_test/me', headers })).statusCode).toBe(200);
    await t.db.session.updateMany({ where: { familyId }, data: { revokedAt: new Date() } });
    expect((await t.app.inject({ url: '/api/_test/me', headers })).statusCode).toBe(401);
  });

  it('refuses a well-signed token without expiry or naming no known login', async () => {
    const user = await createUser(t.db);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const base = () =>
      new SignJWT({ role: user.role, sid: randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('munegu')
        .setAudience('munegu-web')
        .setIssuedAt();
    const noExpiry = await base().sign(key);
    const unknownLogin = await base().setExpirationTime('10m').sign(key);
    for (const token of [noExpiry, unknownLogin]) {
      const res = await t.app.inject({
        url: '/api/_test/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 401, never 500, for a well-signed token naming an impossible member or login', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const { familyId: othersLogin } = await bearerSession(t.app, other, t.clock);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const signed = (sub: string, sid: string) =>
      new SignJWT({ role: 'ADMIN', sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('munegu')
        .setAudience('munegu-web')
        .setIssuedAt(t.clock.now())
        .setExpirationTime(new Date(t.clock.now().getTime() + 600_000))
        .sign(key);
    const { familyId } = await bearerSession(t.app, user, t.clock);
    for (const token of [
      // Beyond PostgreSQL's integer range: names nobody.
      await signed('9999999999', familyId),
      await signed(String(user.id), 'pas-un-uuid'),
      // Another member's live login does not open this member's account.
      await signed(String(user.id), othersLogin),
    ]) {
      const res = await t.app.inject({
        url: '/api/_test/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Tu dois être connecté(e).' });
    }
    // The same construction with the member's own login passes: the refusals above are real.
    const own = await t.app.inject({
      url: '/api/_test/me',
      headers: { authorization: `Bearer ${await signed(String(user.id), familyId)}` },
    });
    expect(own.json()).toMatchObject({ id: user.id, role: 'UTILISATEUR' });
  });

  it('lets anonymous callers through optional routes', async () => {
    const res = await t.app.inject({ url: '/api/_test/maybe' });
    expect(res.json()).toEqual({ caller: null });
  });
});
