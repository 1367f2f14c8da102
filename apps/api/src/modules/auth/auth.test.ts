import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  freshIp,
  login,
  PASSWORD,
  refresh,
  sessionCookie,
  signIn,
} from '../../../test/helpers/accounts.js';
import { createTestApp, type TestApp, useTestApp } from '../../../test/helpers/app.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';
import { hashToken } from '../../lib/tokens.js';
import { authRepository } from './auth.repository.js';
import { authService } from './auth.service.js';

const t = useTestApp();

const me = (token: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/me/notifications',
    headers: { authorization: `Bearer ${token}` },
    payload: { notif_mail_appli: true, notif_mail_promo: false },
  });

describe('POST /api/auth/login', () => {
  it('returns an access token and a session cookie, and records the session', async () => {
    const user = await createMember(t.db);
    const res = await login(t, user.email);
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token;
    expect((await me(token)).statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/session_id=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const sessions = await t.db.session.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).toBe(hashToken(sessionCookie(res)!));
    expect(sessions[0]!.userAgent).toBe('vitest');
  });

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const user = await createMember(t.db);
    const wrongPassword = await login(t, user.email, 'Mauvais1!');
    const unknown = await login(t, uniqueEmail('nobody'), PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(unknown.json().message).toBe('Email ou mot de passe incorrect.');
    expect(sessionCookie(unknown)).toBeNull();
  });

  it('answers INACTIVE_ACCOUNT to a pending account with the right password only', async () => {
    const user = await createMember(t.db, { status: 'PENDING' });
    const res = await login(t, user.email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'INACTIVE_ACCOUNT', code: 'INACTIVE_ACCOUNT' });
    expect((await login(t, user.email, 'Mauvais1!')).statusCode).toBe(401);
  });

  it('refuses deleted accounts like wrong credentials', async () => {
    const user = await createMember(t.db, { status: 'DELETED' });
    const res = await login(t, user.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Email ou mot de passe incorrect.');
  });

  it('tells a suspended member until when, and a banned one, with the right password only', async () => {
    const banned = await createMember(t.db, { status: 'SUSPENDED' });
    const res = await login(t, banned.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Ton compte est banni.');
    expect(sessionCookie(res)).toBeNull();
    expect((await login(t, banned.email, 'Mauvais1!')).json().message).toBe(
      'Email ou mot de passe incorrect.',
    );
    const suspended = await createMember(t.db, { status: 'SUSPENDED' });
    await t.db.user.update({
      where: { id: suspended.id },
      data: { suspendedUntil: new Date('2031-07-14T08:30:00Z') },
    });
    expect((await login(t, suspended.email)).json().message).toBe(
      'Ton compte est suspendu jusqu’au 14 juillet 2031 à 10:30.',
    );
  });

  it('validates the body with the French messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'pas un email', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Caractères spéciaux interdits. Seuls autorisés : @ . _ -');
  });

  it('locks an account after 5 failures, with a ttl, seen by another instance', async () => {
    t.clock.set('2026-11-21T12:00:00Z');
    const user = await createMember(t.db);
    for (let i = 0; i < 5; i++) {
      expect((await login(t, user.email, 'Mauvais1!')).statusCode).toBe(401);
    }
    const locked = await login(t, user.email); // right password, still refused
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Trop de tentatives : 60s',
      code: 'RATE_LIMITED',
      ttl: 60,
    });
    const row = await t.db.authThrottle.findUnique({ where: { key: `account:${user.email}` } });
    expect(row?.lockedUntil?.toISOString()).toBe('2026-11-21T12:01:00.000Z');

    const other = await createTestApp({ database: t.database });
    try {
      other.clock.set('2026-11-21T12:00:30Z');
      const seen = await login(other, user.email);
      expect(seen.statusCode).toBe(429);
      expect(seen.json().ttl).toBe(30);
    } finally {
      await other.close();
    }

    t.clock.set('2026-11-21T12:01:01Z');
    expect((await login(t, user.email)).statusCode).toBe(200);
    t.clock.reset();
  });

  it('doubles the wait on a repeated lock', async () => {
    t.clock.set('2026-11-21T13:00:00Z');
    const user = await createMember(t.db);
    for (let i = 0; i < 5; i++) await login(t, user.email, 'Mauvais1!');
    t.clock.advance(61_000);
    for (let i = 0; i < 5; i++) await login(t, user.email, 'Mauvais1!');
    const res = await login(t, user.email);
    expect(res.statusCode).toBe(429);
    expect(res.json().ttl).toBe(120);
    t.clock.reset();
  });

  it('locks an address trying many accounts', async () => {
    t.clock.set('2026-11-21T14:00:00Z');
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await login(t, uniqueEmail('spray'), 'Mauvais1!', ip);
    const user = await createMember(t.db);
    const res = await login(t, user.email, PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect((await login(t, user.email, PASSWORD, freshIp())).statusCode).toBe(200);
    t.clock.reset();
  });

  it('resets the inactivity markers', async () => {
    const user = await createMember(t.db);
    await t.db.user.update({
      where: { id: user.id },
      data: { lastActivityAt: new Date('2025-01-01'), inactivityWarnedAt: new Date('2025-12-01') },
    });
    await signIn(t, user.email);
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.inactivityWarnedAt).toBeNull();
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('behind TRUST_PROXY=1', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ database: t.database, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => p.close());

  /** A wrong login for an unknown e-mail (no account lock), from `client` through the proxy. */
  const wrongLogin = (client: string) =>
    p.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('v6'), password: 'Mauvais1!' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': client, 'user-agent': 'vitest' },
    });

  it('wrong logins from many addresses of one IPv6 /64 hit the per-address lock as if from one address', async () => {
    const max = p.config.throttle.ipMaxFailures;
    // Every guess from another address of 2001:db8:26:8::/64, in several spellings.
    const spellings = (i: number) =>
      [
        `2001:db8:26:8:${i.toString(16)}::1`,
        `2001:0DB8:0026:0008:0:0:${i.toString(16)}:2`,
        `2001:db8:26:8:ffff::${i}.0.0.3`,
      ][i % 3]!;
    for (let i = 1; i <= max; i++) expect((await wrongLogin(spellings(i))).statusCode).toBe(401);
    const locked = await wrongLogin('2001:db8:26:8:abcd:ef01:2345:6789');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', ttl: 60 });
    // The next /64 is another client, still checked.
    expect((await wrongLogin('2001:db8:26:9::1')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the cookie: the new one works, the old one is then a reuse', async () => {
    const user = await createMember(t.db);
    const first = await signIn(t, user.email);

    const res = await refresh(t, first.cookie);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().access_token)).statusCode).toBe(200);
    const second = sessionCookie(res)!;
    expect(second).not.toBe(first.cookie);

    const third = sessionCookie(await refresh(t, second))!;
    expect(third).toBeTruthy();

    // Replaying the first cookie: reuse → the whole family dies, newest cookie included.
    const replay = await refresh(t, first.cookie);
    expect(replay.statusCode).toBe(401);
    expect(String(replay.headers['set-cookie'])).toMatch(/session_id=;/);
    expect((await refresh(t, third)).statusCode).toBe(401);
    const revoked = await t.db.session.findMany({ where: { userId: user.id } });
    expect(revoked.every((s) => s.revokedReason === 'reuse')).toBe(true);
  });

  it('lets only one of two simultaneous refreshes with the same cookie succeed', async () => {
    const user = await createMember(t.db);
    const { cookie } = await signIn(t, user.email);
    const results = await Promise.all([refresh(t, cookie), refresh(t, cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a missing, unknown or expired cookie', async () => {
    expect((await refresh(t, null)).statusCode).toBe(401);
    expect((await refresh(t, 'inconnu')).statusCode).toBe(401);
    const user = await createMember(t.db);
    const { cookie } = await signIn(t, user.email);
    t.clock.advance(31 * 24 * 3_600_000);
    expect((await refresh(t, cookie)).statusCode).toBe(401);
    t.clock.reset();
  });

  it('refuses a session whose account is no longer active, saying so when suspended', async () => {
    const user = await createMember(t.db);
    const { cookie } = await signIn(t, user.email);
    await t.db.user.update({ where: { id: user.id }, data: { status: 'SUSPENDED' } });
    const res = await refresh(t, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Ton compte est banni.');
    await t.db.user.update({ where: { id: user.id }, data: { status: 'DELETED' } });
    expect((await refresh(t, cookie)).json().message).toBe('Session expirée, reconnecte-toi.');
  });

  it('says why on every refresh of a suspended session, not only the first', async () => {
    const user = await createMember(t.db);
    const { cookie } = await signIn(t, user.email);
    await t.db.user.update({ where: { id: user.id }, data: { status: 'SUSPENDED' } });
    // The browser keeps its cookie (no clearing Set-Cookie), and the next refresh says it again.
    for (let i = 0; i < 2; i++) {
      const res = await refresh(t, cookie);
      expect([res.statusCode, res.json().code]).toEqual([401, 'SUSPENDED_ACCOUNT']);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a foreign Origin or Referer but accepts its own', async () => {
    const user = await createMember(t.db);
    const { cookie } = await signIn(t, user.email);
    const foreign = await refresh(t, cookie, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const referer = await refresh(t, cookie, { referer: 'https://evil.example/page' });
    expect(referer.statusCode).toBe(403);
    const own = await refresh(t, cookie, { origin: 'http://localhost:3000' });
    expect(own.statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const user = await createMember(t.db);
    const { cookie } = await signIn(t, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `session_id=${cookie}` },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/session_id=;.*Path=\/api\/auth/);
    expect((await refresh(t, cookie)).statusCode).toBe(401);
  });

  it('refuses a cross-site logout', async () => {
    const user = await createMember(t.db);
    const { cookie } = await signIn(t, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `session_id=${cookie}`, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await refresh(t, cookie)).statusCode).toBe(200);
  });
});

describe('daily housekeeping', () => {
  it('drops sessions expired for 30 days and idle throttle rows', async () => {
    const user = await createMember(t.db);
    await signIn(t, user.email);
    await login(t, user.email, 'Mauvais1!');
    const auth = authService({ repo: authRepository(t.db), tokens: t.app.tokens, clock: t.clock });
    await auth.purgeExpired();
    expect(await t.db.session.count({ where: { userId: user.id } })).toBe(1);
    expect(await t.db.authThrottle.count({ where: { key: `account:${user.email}` } })).toBe(1);
    t.clock.advance(61 * 86_400_000);
    await auth.purgeExpired();
    t.clock.reset();
    expect(await t.db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.db.authThrottle.count({ where: { key: `account:${user.email}` } })).toBe(0);
  });
});
